import Testing
@testable import Bezel
import BezelCairo

/// Text fields: editing events, the delegate, caret placement (Latin, Arabic, mixed), the
/// edit menu and the pasteboard, secure entry, first-responder rules, focus with Tab.
@MainActor
@Suite(.serialized) struct TextFieldTests {
    final class Recorder: TextFieldDelegate {
        var log: [String] = []
        var allowDigitsOnly = false
        var maximumLength: Int?
        var shouldEnd = true

        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return true }
        func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool { log.append("shouldEnd"); return shouldEnd }
        func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
        func textFieldShouldReturn(_ textField: TextField) -> Bool { log.append("shouldReturn"); return true }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool {
            log.append("shouldChange \(string)")
            if allowDigitsOnly, !string.allSatisfy(\.isNumber) { return false }
            if let maximumLength {
                var result = textField.text ?? ""
                result.replaceSubrange(range, with: string)
                if result.count > maximumLength { return false }
            }
            return true
        }
    }

    @Test func editingEventsAndDelegateCallsComeInUIKitsOrder() throws {
        let stage = try TypingStage()
        let field = stage.field()
        let recorder = Recorder()
        field.delegate = recorder
        for (events, name) in [(Control.Events.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
                               (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
                               (.primaryActionTriggered, "primaryActionTriggered")] {
            field.addAction(for: events) { _, _ in recorder.log.append(name) }
        }
        stage.fingers.tap(at: Point(100, 40))
        #expect(field.isFirstResponder && field.isEditing)
        stage.settle()
        #expect(stage.tapKey("h") && stage.tapKey("i"))
        #expect(field.text == "hi")
        #expect(stage.tapKey(ReturnKeyType.default.title))
        #expect(recorder.log == ["shouldBegin", "didBegin", "editingDidBegin", "shouldChange h", "editingChanged",
                                 "shouldChange i", "editingChanged", "shouldReturn", "primaryActionTriggered",
                                 "editingDidEndOnExit", "shouldEnd", "didEnd", "editingDidEnd"])
        #expect(!field.isFirstResponder, "something listens to editingDidEndOnExit: return resigns")
    }

    @Test func aDelegateVetoesNonDigitsAndAnotherCapsTheLength() throws {
        let stage = try TypingStage()
        let digits = stage.field()
        let onlyDigits = Recorder()
        onlyDigits.allowDigitsOnly = true
        digits.delegate = onlyDigits
        digits.becomeFirstResponder()
        for text in ["1", "a", "2", "-", "3"] { digits.insertText(text) }
        #expect(digits.text == "123")
        digits.resignFirstResponder()

        let capped = stage.field(Rect(x: 20, y: 80, width: 400, height: 40))
        let maximum = Recorder()
        maximum.maximumLength = 4
        capped.delegate = maximum
        capped.becomeFirstResponder()
        for text in ["a", "b", "c", "d", "e", "f"] { capped.insertText(text) }
        #expect(capped.text == "abcd")
        capped.selectedRange = 1..<3
        capped.insertText("XY")
        #expect(capped.text == "aXYd", "replacing a selection keeps the length")
        capped.insertText("Z")
        #expect(capped.text == "aXYd")
    }

    /// Taps at a character's leading or trailing half, asserted as character offsets.
    @Test func aTapPlacesTheCaretAtTheTappedCharacterInLatinArabicAndMixedText() throws {
        let stage = try TypingStage()
        let field = stage.field()
        let style = field.style
        let measure = { (text: String) in TextMetrics.measurer!.measureText(text, style: style, width: nil).width }
        let left = 20.0 + 7   // the field's x + the rounded border's padding

        field.text = "Hello world"
        stage.fingers.tap(at: Point(x: left + measure("He") + 1, y: 40))
        #expect(field.selectedRange == 2..<2, "Latin: just after 'e'")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + measure("Hello w") - 1, y: 40))
        #expect(field.selectedRange == 7..<7, "the trailing half of 'w' puts the caret after it")
        field.resignFirstResponder()

        // Arabic (right to left): the first character is drawn rightmost.
        let arabic = "مرحبا"
        field.text = arabic
        let width = measure(arabic)
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + width - 1, y: 40))
        #expect(field.selectedRange == 0..<0, "the right end of Arabic text is its start")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + 1, y: 40))
        #expect(field.selectedRange == 5..<5, "its left end is its end")
        field.resignFirstResponder()

        // Mixed: a Latin paragraph with a Hebrew word drawn right to left inside it.
        let mixed = "abc אבג"
        field.text = mixed
        let latin = measure("abc ")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + measure(mixed) - 1, y: 40))
        #expect(field.selectedRange == 4..<4, "the rightmost Hebrew letter is the first: before it")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + latin + 1, y: 40))
        #expect(field.selectedRange == 7..<7, "the leftmost Hebrew letter is the last: after it")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: left + measure("a") + 1, y: 40))
        #expect(field.selectedRange == 1..<1)
    }

    /// Issue 37 item 13: a one-line field takes no line break from any path: a key's or a
    /// compose sequence's output (both reach the editing engine as typed text), the on-screen
    /// keyboard's insertText, or a paste. A text view keeps them.
    @Test func aOneLineFieldTakesNoLineBreakFromAnyPath() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.becomeFirstResponder()
        field.engine.type(KeyOutput(symbol: 0, text: "a\nb"))
        field.insertText("c\r\nd")
        let pasteboard = Pasteboard.general.string
        defer { Pasteboard.general.string = pasteboard }
        Pasteboard.general.string = "e\nf"
        field.engine.paste()
        #expect(field.text == "abcdef")
        field.resignFirstResponder()
    }

    /// Issue 37 item 12: a NUL in a field's text (scanners and serial lines send them) is a
    /// character like any other for the caret: each position after it is further right, and
    /// a tap past the end puts the caret at the end. Every position after it was 0.
    @Test func aNULInTheTextIsACharacterForTheCaret() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.text = "ab\u{0}cd"
        field.becomeFirstResponder()
        let xs = (0...5).map { field.caretRect(at: $0).minX }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 } && xs[5] > xs[2] && xs[4] > xs[3], "\(xs)")
        #expect(xs[3] == xs[2], "the NUL takes no room")
        let measurer = try #require(TextMetrics.measurer)
        #expect(measurer.caretOffset(at: Point(x: 500, y: 10), in: "ab\u{0}cd", style: field.style, width: nil) == 5)
        #expect(measurer.measureText("ab\u{0}cd", style: field.style, width: nil).width
                == measurer.measureText("abcd", style: field.style, width: nil).width)
        field.resignFirstResponder()
    }

    @Test func aDragMovesTheCaretAndTextWiderThanTheFieldScrollsToIt() throws {
        let stage = try TypingStage()
        let field = stage.field(Rect(x: 20, y: 20, width: 120, height: 40))
        field.text = "The quick brown fox jumps over the lazy dog"
        field.becomeFirstResponder()
        #expect(field.horizontalScrollOffset > 0, "the caret at the end is kept in view")
        let caret = field.caretRect(at: field.selectedRange.upperBound)
        #expect(caret.minX <= 120 - 7 && caret.minX >= 7)
        stage.fingers.drag(from: Point(100, 40), to: Point(30, 40), steps: 5)
        #expect(field.selectedRange.isEmpty && field.selectedRange.lowerBound < field.text!.count)
        field.selectedRange = 0..<0
        #expect(field.horizontalScrollOffset == 0)
    }

    @Test func doubleTapSelectsAWordAndTheEditMenuCopiesAndPastes() throws {
        // The general pasteboard is the process's: another test (the text suite) may have
        // left something on it.
        Pasteboard.general.string = nil
        let stage = try TypingStage()
        let field = stage.field()
        let measure = { (text: String) in TextMetrics.measurer!.measureText(text, style: field.style, width: nil).width }
        field.text = "coffee with milk"
        field.becomeFirstResponder()
        let x = 27 + measure("coffee wi")
        stage.fingers.tap(at: Point(x: x, y: 40))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(x: x, y: 40))
        #expect(field.selectedRange == 7..<11, "'with'")
        let menu = try #require(field.editMenu)
        #expect(menu.items.map(\.title) == ["Cut", "Copy", "Select All"], "nothing on the pasteboard yet: no Paste")
        Pasteboard.general.string = nil
        stage.fingers.tap(at: menu.items[1].convert(Point(10, 10), to: stage.window))
        #expect(Pasteboard.general.string == "with")
        #expect(field.editMenu == nil || field.editMenu !== menu)
        // A long press on "milk" selects it with handles; paste over it.
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(x: 27 + measure("coffee with mi"), y: 40), hold: 0.6)
        #expect(field.selectedRange == 12..<16)
        #expect(field.showsSelectionHandles)
        let paste = try #require(field.editMenu?.items.first { $0.title == "Paste" })
        stage.fingers.tap(at: paste.convert(Point(10, 10), to: stage.window))
        #expect(field.text == "coffee with with")
        #expect(field.selectedRange == 16..<16)
        // Select All, then Cut.
        field.window?.application?.sendAction("selectAll:", to: field, from: nil, for: nil)
        #expect(field.selectedRange == 0..<16)
        let cut = try #require(field.editMenu?.items.first { $0.title == "Cut" })
        stage.fingers.tap(at: cut.convert(Point(10, 10), to: stage.window))
        #expect(field.text == "" && Pasteboard.general.string == "coffee with with")
    }

    @Test func secureEntryShowsBulletsAndTheLastCharacterBriefly() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        field.insertText("4")
        field.insertText("2")
        #expect(field.engine.displayText() == "•2")
        stage.fingers.wait(TextEditingEngine.secureRevealDuration + 0.01)
        #expect(field.engine.displayText() == "••")
        field.selectedRange = 0..<2
        #expect(!field.canPerformAction("copy:", withSender: nil), "secure text is never copied")
    }

    @Test func theCaretBlinksOnlyWhileEditing() throws {
        let stage = try TypingStage()
        let field = stage.field()
        #expect(stage.app.runLoop.pendingTimerCount == 0)
        field.becomeFirstResponder()
        stage.settle()
        var toggles = 0
        var visible = field.engine.isCaretVisible
        for _ in 0..<40 {
            stage.fingers.wait(0.05)
            if field.engine.isCaretVisible != visible { toggles += 1; visible = field.engine.isCaretVisible }
        }
        #expect(toggles == 4, "two seconds: hidden and shown twice")
        field.resignFirstResponder()
        stage.settle()
        #expect(stage.app.runLoop.pendingTimerCount == 0, "nothing scheduled once editing ends: zero wake-ups")
    }

    @Test func hiddenOrRemovedFieldsResignAndEndEditingForces() throws {
        let stage = try TypingStage()
        let field = stage.field()
        let recorder = Recorder()
        field.delegate = recorder
        field.becomeFirstResponder()
        field.isHidden = true
        #expect(!field.isFirstResponder && !field.isEditing && recorder.log.last == "didEnd")
        field.isHidden = false
        field.becomeFirstResponder()
        field.removeFromSuperview()
        #expect(!field.isEditing)
        stage.window.addSubview(field)
        field.becomeFirstResponder()
        recorder.shouldEnd = false
        #expect(!stage.window.endEditing(false), "the delegate refuses")
        #expect(field.isFirstResponder)
        #expect(stage.window.endEditing(true))
        #expect(!field.isFirstResponder && !field.isEditing)
        // Tapping outside does not resign (UIKit: the app decides).
        recorder.shouldEnd = true
        field.becomeFirstResponder()
        stage.fingers.tap(at: Point(600, 300))
        #expect(field.isFirstResponder)
    }

    @Test func tabAndShiftTabMoveBetweenFieldsInReadingOrder() throws {
        let stage = try TypingStage()
        let second = stage.field(Rect(x: 20, y: 80, width: 300, height: 40))
        let first = stage.field(Rect(x: 20, y: 20, width: 300, height: 40))
        let third = stage.field(Rect(x: 340, y: 80, width: 300, height: 40))
        first.becomeFirstResponder()
        stage.app.handleKey(.tab, isDown: true)
        stage.app.handleKey(.tab, isDown: false)
        #expect(second.isFirstResponder)
        stage.app.handleKey(.tab, isDown: true)
        stage.app.handleKey(.tab, isDown: false)
        #expect(third.isFirstResponder)
        stage.app.handleKey(.leftShift, isDown: true)
        stage.app.handleKey(.tab, isDown: true)
        stage.app.handleKey(.tab, isDown: false)
        stage.app.handleKey(.leftShift, isDown: false)
        #expect(second.isFirstResponder)
        _ = first
    }

    @Test func hardwareKeysEditMoveAndRepeat() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.becomeFirstResponder()
        for character in "kiosk" {
            let key = Press.Key.letter(character)!
            stage.app.handleKey(key, isDown: true)
            stage.app.handleKey(key, isDown: false)
        }
        #expect(field.text == "kiosk")
        stage.app.handleKey(.home, isDown: true)
        stage.app.handleKey(.home, isDown: false)
        stage.app.handleKey(.delete, isDown: true)
        stage.app.handleKey(.delete, isDown: false)
        #expect(field.text == "iosk" && field.selectedRange == 0..<0)
        stage.app.handleKey(.leftShift, isDown: true)
        stage.app.handleKey(.rightArrow, isDown: true)
        stage.app.handleKey(.rightArrow, isDown: false)
        stage.app.handleKey(.rightArrow, isDown: true)
        stage.app.handleKey(.rightArrow, isDown: false)
        stage.app.handleKey(.leftShift, isDown: false)
        #expect(field.selectedRange == 0..<2)
        stage.app.handleKey(.end, isDown: true)
        stage.app.handleKey(.end, isDown: false)
        // Backspace held 1 s: one at once, then after 0.66 s at 25 per second (8 more by 1 s... bounded by the text).
        field.text = String(repeating: "x", count: 20)
        stage.app.handleKey(.backspace, isDown: true)
        #expect(field.text!.count == 19)
        stage.fingers.wait(0.65)
        #expect(field.text!.count == 19, "no repeat before the delay")
        stage.fingers.wait(0.02)
        #expect(field.text!.count == 18)
        stage.fingers.wait(0.2)
        #expect(field.text!.count == 13, "25 per second")
        stage.app.handleKey(.backspace, isDown: false)
        stage.fingers.wait(1)
        #expect(field.text!.count == 13)
    }
}
