import Testing
@testable import Bezel
import BezelCairo
import BezelInput

/// The on-screen keyboard: XKB layouts typed by tapping keys, dead keys, pages, rollover,
/// backspace repeat, the slide and its notifications, rotation, and how each page looks.
@MainActor
@Suite(.serialized, .fontsRegistered) struct KeyboardTests {
    /// A stage whose keyboard has `layout`'s letters and the system's compose table.
    func stage(layout: String, size: Size = Size(width: 800, height: 480), rotation: DisplayRotation = .none) throws -> TypingStage {
        let stage = try TypingStage(size: size, rotation: rotation)
        stage.app.keyboardKeyMap = try KeyboardLayout(layout).onScreenKeyMap()
        stage.app.keyComposer = try XKBComposer(locale: "en_US.UTF-8")
        return stage
    }

    @Test func typingGrüßeOnTheGermanLayoutByTappingKeys() throws {
        let stage = try stage(layout: "de")
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        #expect(keyboard.keyMap.rows[0].map { $0.levels[0].text }.joined() == "qwertzuiopü", "XKB's German top row")
        #expect(keyboard.keys.contains { $0.label == "ß" } && keyboard.keys.contains { $0.label == "ä" })
        #expect(stage.tapKey("⇧"))
        #expect(keyboard.shiftState == .on)
        #expect(stage.tapKey("G"), "shifted labels")
        #expect(keyboard.shiftState == .off, "shift lasts one letter")
        #expect(stage.type("rüße"))
        #expect(field.text == "Grüße")
    }

    @Test func aDeadKeyOnTheFrenchLayoutComposes() throws {
        let stage = try stage(layout: "fr")
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        #expect(keyboard.keyMap.rows[0].prefix(6).map { $0.levels[0].text }.joined() == "azerty")
        #expect(stage.tapKey("^"), "the dead circumflex, labelled with its accent")
        #expect(field.text == "", "nothing typed while the sequence is pending")
        #expect(stage.tapKey("e"))
        #expect(field.text == "ê")
        #expect(field.text!.unicodeScalars.count == 1, "composed by the system table into one code point")
        // The same on a hardware keyboard with the French keymap: dead circumflex (AD11) then o.
        let hardware = try KeyboardLayout("fr")
        for code in [26, 24] {
            stage.app.handleKey(hardware.key(code: code, isDown: true), isDown: true)
            stage.app.handleKey(hardware.key(code: code, isDown: false), isDown: false)
        }
        #expect(field.text == "êô")
    }

    @Test func theCoreComposerWorksWithoutTheSystemTables() {
        let composer = DeadKeyComposer()
        #expect(composer.feed(KeyOutput(symbol: 0xFE57, text: "")) == .composing(preview: "¨"))
        #expect(composer.feed(KeyOutput("u")) == .composed("u\u{308}"))
        #expect("u\u{308}" == "ü", "Swift compares canonically: the app sees ü")
        #expect(composer.feed(KeyOutput("x")) == .passThrough)
        #expect(composer.feed(KeyOutput(symbol: 0xFE52, text: "")) == .composing(preview: "^"))
        #expect(composer.feed(KeyOutput(" ")) == .composed("^"))
        #expect(composer.feed(KeyOutput(symbol: 0xFE52, text: "")) == .composing(preview: "^"))
        #expect(composer.feed(KeyOutput("1")) == .cancelled)
    }

    @Test func aNumberPadPINWithSecureEntry() throws {
        let stage = try stage(layout: "us")
        let field = stage.field(Rect(x: 250, y: 40, width: 300, height: 44))
        field.keyboardType = .numberPad
        field.isSecureTextEntry = true
        field.placeholder = "PIN"
        field.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        #expect(keyboard.page == .numberPad)
        #expect(stage.type("4071"))
        #expect(field.text == "4071")
        stage.fingers.wait(TextEditingEngine.secureRevealDuration)
        field.engine.endEditing()   // no caret in the picture
        field.engine.beginEditing()
        field.engine.restartBlink()
        try Snapshot.check(stage.window, named: "keyboard-pin-number-pad")
    }

    /// Issue 33's bug: a secure field edited again appended to the old secret; UIKit's first
    /// key replaces it, and a delete clears it. A plain field keeps its text and appends.
    @Test func aSecureFieldEditedAgainReplacesItsSecretWithTheFirstKey() throws {
        let stage = try stage(layout: "us")
        let pin = stage.field(Rect(x: 250, y: 40, width: 300, height: 44))
        pin.keyboardType = .numberPad
        pin.isSecureTextEntry = true
        pin.becomeFirstResponder()
        stage.settle()
        #expect(stage.type("4071") && pin.text == "4071")
        pin.resignFirstResponder()
        stage.settle()
        pin.becomeFirstResponder()
        stage.settle()
        #expect(stage.type("9"))
        #expect(pin.text == "9", "the first key replaced the secret: \(pin.text ?? "")")
        #expect(stage.type("8") && pin.text == "98", "then it types on")
        pin.resignFirstResponder()
        pin.becomeFirstResponder()
        pin.deleteBackward()
        #expect(pin.text == "", "a delete clears the whole secret")
        pin.resignFirstResponder()
        let name = stage.field(Rect(x: 250, y: 100, width: 300, height: 44))
        name.text = "Ada"
        name.becomeFirstResponder()
        name.insertText("m")
        #expect(name.text == "Adam")
    }

    /// Issue 33's bug: the keyboard shown a second time (the same view, reused while out of
    /// the window) laid its rows out at the 38 pt minimum, leaving a band empty below them.
    @Test func theKeyboardShownAgainHasTheSameRows() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let first = try #require(stage.keyboard).keys.map(\.frame)
        #expect(first.first?.height == KeyboardView.rowHeight(for: Size(width: 800, height: 480)))
        field.resignFirstResponder()
        stage.settle()
        field.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        #expect(keyboard.keys.map(\.frame) == first, "the same rows: \(keyboard.keys.first?.frame as Any) vs \(first.first as Any)")
        let bottom = keyboard.keys.map(\.frame.maxY).max() ?? 0
        #expect(abs(keyboard.bounds.height - KeyboardView.rowGap - bottom) < 1, "the bottom row at the keyboard's bottom")
    }

    @Test func twoThumbsRollOverWithoutLosingOrDoubling() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let a = try #require(stage.keyPoint("a")), s = try #require(stage.keyPoint("s")), d = try #require(stage.keyPoint("d"))
        stage.fingers.down(1, at: a)
        #expect(field.text == "", "a key types when its finger lifts")
        stage.fingers.wait(0.03)
        stage.fingers.down(2, at: s)
        #expect(field.text == "a", "a second finger types the first key at once")
        stage.fingers.wait(0.03)
        stage.fingers.up(1)
        #expect(field.text == "a", "the first finger's lift types nothing more")
        stage.fingers.down(1, at: d)
        #expect(field.text == "as")
        stage.fingers.wait(0.03)
        stage.fingers.up(2)
        stage.fingers.up(1)
        #expect(field.text == "asd")
    }

    @Test func backspaceRepeatsAfterHalfASecond() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        field.text = "abcdefghij"
        field.becomeFirstResponder()
        stage.settle()
        let backspace = try #require(stage.keyPoint("⌫"))
        stage.fingers.down(at: backspace)
        #expect(field.text == "abcdefghi", "one at once")
        stage.fingers.wait(0.45)
        #expect(field.text == "abcdefghi")
        stage.fingers.wait(0.1)
        #expect(field.text == "abcdefgh", "the first repeat at 0.5 s")
        stage.fingers.wait(0.22)
        #expect(field.text == "abcdef", "then every 0.1 s")
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(field.text == "abcdef")
    }

    @Test func shiftDoubleTapLocksCapitalsAndPagesSwitch() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        let shift = try #require(stage.keyPoint("⇧"))
        stage.fingers.tap(at: shift)
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: shift)
        #expect(keyboard.shiftState == .locked)
        #expect(stage.type("OK"))
        #expect(keyboard.shiftState == .locked)
        #expect(stage.tapKey("⇪"))
        #expect(stage.tapKey("123") && keyboard.page == .symbols)
        #expect(stage.type("42"))
        #expect(stage.tapKey("#+=") && keyboard.page == .moreSymbols)
        #expect(stage.tapKey("€"))
        #expect(stage.tapKey("space") && keyboard.page == .letters, "space returns to the letters, as iOS")
        #expect(field.text == "OK42€ ")
        field.autocapitalizationType = .sentences
        #expect(stage.tapKey("123") && stage.type("."))
        #expect(stage.tapKey("space"))
        #expect(keyboard.shiftState == .on, "a new sentence starts with a capital")
    }

    /// Issue 30 item 4: a sheet pinned to the keyboard guide rises with the keyboard, in its
    /// slide, and goes back down with it.
    @Test func aSheetPinnedToTheKeyboardGuideMovesWithTheKeyboard() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        let sheet = View(name: "sheet")
        sheet.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(sheet)
        let keyboardGuide = stage.window.keyboardLayoutGuide
        LayoutConstraint.activate([
            sheet.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor, constant: 100),
            sheet.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor, constant: -100),
            sheet.heightAnchor.constraint(equalToConstant: 120),
            sheet.bottomAnchor.constraint(equalTo: keyboardGuide.topAnchor, constant: -8),
        ])
        stage.window.layoutIfNeeded()
        #expect(sheet.frame == Rect(x: 100, y: 352, width: 600, height: 120))
        #expect(keyboardGuide.layoutFrame == Rect(x: 0, y: 480, width: 800, height: 0))
        let height = KeyboardView.preferredHeight(for: stage.window.bounds.size)
        field.becomeFirstResponder()
        #expect(sheet.frame.maxY == 480 - height - 8, "the model frame is where the slide ends")
        stage.fingers.wait(1.0 / 60)
        let midway = sheet.presentation.frame.maxY
        #expect(midway < 472 && midway > 480 - height - 8, "on its way with the keyboard: \(midway)")
        stage.settle()
        #expect(sheet.presentation.frame.maxY == 480 - height - 8)
        #expect(keyboardGuide.layoutFrame == Rect(x: 0, y: 480 - height, width: 800, height: height))
        field.resignFirstResponder()
        stage.settle()
        #expect(sheet.frame == Rect(x: 100, y: 352, width: 600, height: 120))
        #expect(sheet.presentation.frame == sheet.frame)
    }

    /// Issue 30 item 4: a form sheet takes its controller's preferred size and moves up out of
    /// the keyboard's way, as iPad form sheets do, then back.
    @Test func aFormSheetTakesItsPreferredSizeAndAvoidsTheKeyboard() throws {
        let stage = try stage(layout: "us")
        let root = ViewController()
        stage.window.rootViewController = root
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        sheet.preferredContentSize = Size(width: 400, height: 200)
        let pin = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        sheet.view.addSubview(pin)
        root.present(sheet, animated: false)
        #expect(sheet.view.frame == Rect(x: 200, y: 140, width: 400, height: 200), "centred at its preferred size")
        pin.becomeFirstResponder()
        stage.settle()
        let keyboardTop = 480 - KeyboardView.preferredHeight(for: stage.window.bounds.size)
        #expect(sheet.view.frame == Rect(x: 200, y: keyboardTop - 20 - 200, width: 400, height: 200), "20 points above the keyboard")
        #expect(sheet.view.presentation.frame == sheet.view.frame)
        pin.resignFirstResponder()
        stage.settle()
        #expect(sheet.view.frame.minY == 140, "back in the middle")
        // Too tall to clear the keyboard by 20: 8-point margins, and past those it stops at
        // the top one.
        sheet.preferredContentSize = Size(width: 400, height: keyboardTop - 30)
        sheet.dismiss(animated: false)
        root.present(sheet, animated: false)
        pin.becomeFirstResponder()
        stage.settle()
        #expect(sheet.view.frame.minY == 22 && sheet.view.frame.maxY == keyboardTop - 8)
        sheet.preferredContentSize = Size(width: 400, height: 400)
        sheet.dismiss(animated: false)
        root.present(sheet, animated: false)
        pin.becomeFirstResponder()
        stage.settle()
        #expect(sheet.view.frame.minY == 8)
    }

    @Test func theKeyboardSlidesInAndOutWithNotificationsInOrder() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        var log: [String] = []
        for (name, label) in [(Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidShowNotification, "didShow"),
                              (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardDidHideNotification, "didHide")] {
            stage.app.notificationCenter.addObserver(forName: name) { note in
                let end = note.userInfo[Responder.keyboardFrameEndUserInfoKey] as! Rect
                let duration = note.userInfo[Responder.keyboardAnimationDurationUserInfoKey] as! Double
                log.append("\(label) end.y=\(Int(end.minY)) h=\(Int(end.height)) \(duration)")
            }
        }
        let height = KeyboardView.preferredHeight(for: stage.window.bounds.size)
        #expect(height == 4 * 43 + 5 * 8, "43 pt keys on a 480 pt tall panel")
        field.becomeFirstResponder()
        let host = try #require(stage.window.subviews.last)
        var shown: [Double] = []
        for _ in 0..<20 {
            stage.fingers.wait(1.0 / 60)
            shown.append(host.presentation.frame.minY)
        }
        #expect(shown.first! < 480 && shown.first! > 480 - height, "the first frame is on its way")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 >= $1 }, "it only rises")
        #expect(shown.last == 480 - height)
        #expect(stage.window.keyboardFrame == Rect(x: 0, y: 480 - height, width: 800, height: height))
        let second = stage.field(Rect(x: 20, y: 80, width: 400, height: 40))
        second.becomeFirstResponder()
        field.resignFirstResponder()
        stage.settle()
        second.resignFirstResponder()
        var hiding: [Double] = []
        for _ in 0..<20 {
            stage.fingers.wait(1.0 / 60)
            hiding.append(host.presentation.frame.minY)
        }
        #expect(zip(hiding, hiding.dropFirst()).allSatisfy { $0 <= $1 }, "it only falls")
        #expect(host.superview == nil && stage.window.keyboardFrame == .zero)
        let top = Int(480 - height)
        #expect(log == ["willShow end.y=\(top) h=\(Int(height)) 0.25", "didShow end.y=\(top) h=\(Int(height)) 0.25",
                        "willShow end.y=\(top) h=\(Int(height)) 0.0", "didShow end.y=\(top) h=\(Int(height)) 0.0",
                        "willHide end.y=480 h=\(Int(height)) 0.25", "didHide end.y=480 h=\(Int(height)) 0.25"])
        #expect(stage.app.runLoop.pendingTimerCount == 0, "idle again")
    }

    @Test func anAppCanReplaceAndExtendTheKeyboard() throws {
        let stage = try stage(layout: "us")
        let field = stage.field()
        let pad = View(frame: Rect(x: 0, y: 0, width: 10, height: 120))
        let accessory = View(frame: Rect(x: 0, y: 0, width: 10, height: 44))
        field.inputView = pad
        field.inputAccessoryView = accessory
        field.becomeFirstResponder()
        stage.settle()
        #expect(stage.keyboard == nil)
        #expect(stage.window.keyboardFrame == Rect(x: 0, y: 480 - 164, width: 800, height: 164))
        #expect(accessory.convert(Point(0, 0), to: stage.window) == Point(0, 480 - 164))
        #expect(pad.frame == Rect(x: 0, y: 44, width: 800, height: 120))
    }

    @Test func keysTurnWithTheDisplay() throws {
        // A 7" panel mounted portrait: the panel is 800×480, the UI 480×800 turned 90°.
        let stage = try stage(layout: "us", size: Size(width: 480, height: 800), rotation: .clockwise90)
        let field = stage.field(Rect(x: 20, y: 40, width: 440, height: 40))
        field.text = "Portrait"
        field.becomeFirstResponder()
        stage.settle()
        field.engine.endEditing()
        #expect(stage.window.keyboardFrame.maxY == 800)
        stage.display.renderFrame()
        try Snapshot.check(stage.display.framebuffer, named: "keyboard-rotated-90")
    }

    @Test func everyPageInUSGermanAndRussianMatchesItsGolden() throws {
        for layout in ["us", "de", "ru"] {
            let stage = try stage(layout: layout)
            let field = stage.field()
            field.becomeFirstResponder()
            stage.settle()
            let keyboard = try #require(stage.keyboard)
            field.engine.endEditing()
            try Snapshot.check(stage.window, named: "keyboard-\(layout)-letters")
            if layout == "ru" {
                #expect(keyboard.keyMap.rows[0].map { $0.levels[0].text }.joined() == "йцукенгшщзхъ")
            }
            guard layout == "us" else { continue }
            for (page, name) in [(KeyboardView.Page.symbols, "symbols"), (.moreSymbols, "more-symbols"), (.decimalPad, "decimal-pad"),
                                 (.phonePad, "phone-pad")] {
                keyboard.show(page)
                try Snapshot.check(stage.window, named: "keyboard-us-\(name)")
            }
        }
    }

    @Test func aPortraitHDPanelGetsLargerKeys() {
        #expect(KeyboardView.rowHeight(for: Size(width: 720, height: 1280)) == 56)
        #expect(KeyboardView.rowHeight(for: Size(width: 800, height: 480)) == 43)
        #expect(KeyboardView.rowHeight(for: Size(width: 320, height: 240)) == 38)
    }
}
