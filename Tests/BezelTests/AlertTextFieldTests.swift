import Testing
@testable import Bezel
import BezelCairo

/// Issue 33: alerts with text fields (`addTextField`), `clearsOnBeginEditing`, and undo in
/// text fields (the window's `UndoManager`, Ctrl+Z, shake to undo).
@MainActor
@Suite(.serialized, .fontsRegistered) struct AlertTextFieldTests {
    /// A sign-in alert with a name and a secure PIN field over a plain screen.
    func signIn(_ stage: TypingStage, log: Log) -> (ViewController, AlertController) {
        let root = ViewController()
        stage.window.rootViewController = root
        stage.window.layoutIfNeeded()
        let alert = AlertController(title: "Staff sign-in", message: "Enter your name and PIN.", preferredStyle: .alert)
        alert.addTextField { field in
            field.placeholder = "Name"
            field.autocapitalizationType = .none  // the keys' labels stay lowercase for `type`
        }
        alert.addTextField { field in
            field.placeholder = "PIN"
            field.isSecureTextEntry = true
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.add("cancel") })
        let signIn = AlertAction(title: "Sign in", style: .default) { [unowned alert] _ in
            log.add("sign in \(alert.textFields?.map { $0.text ?? "" } ?? [])")
        }
        alert.addAction(signIn)
        alert.preferredAction = signIn
        root.present(alert, animated: true)
        return (root, alert)
    }

    @Test func theFirstFieldIsFocusedTheAlertClearsTheKeyboardAndReturnSignsIn() throws {
        let stage = try TypingStage()
        let log = Log()
        let (root, alert) = signIn(stage, log: log)
        stage.settle()
        stage.settle()  // the alert's zoom, then the keyboard's slide and the alert's lift
        let fields = try #require(alert.textFields)
        #expect(fields.count == 2 && fields[0].isFirstResponder && fields[1].isSecureTextEntry)
        let keyboard = try #require(stage.keyboard)
        let card = alert.view.convert(alert.view.bounds, to: stage.window)
        let keys = keyboard.convert(keyboard.bounds, to: stage.window)
        // 480 pt tall: the 20 pt margins do not fit, 8 pt ones do.
        #expect(card.maxY <= keys.minY - 8 + 0.5 && card.minY >= 8, "above the keyboard: \(card) \(keys)")
        #expect(stage.type("ana"))
        // Tab to the PIN (hardware), type it, Return: the preferred action, with both texts.
        stage.app.handleKey(.tab, isDown: true)
        stage.app.handleKey(.tab, isDown: false)
        #expect(fields[1].isFirstResponder)
        for digit in ["1", "2", "3", "4"] {
            let key = Press.Key(code: 2 + Int(digit)! - 1, characters: digit)
            stage.app.handleKey(key, isDown: true)
            stage.app.handleKey(key, isDown: false)
        }
        stage.app.handleKey(.enter, isDown: true)
        stage.app.handleKey(.enter, isDown: false)
        stage.settle()
        #expect(log.entries == ["sign in [\"ana\", \"1234\"]"] && root.presentedViewController == nil)
        #expect(!fields[1].isFirstResponder && stage.app.firstResponder == nil, "the keyboard goes with the alert")
    }

    @Test func theKeyboardsReturnKeySignsInAndAnActionSheetRefusesFields() throws {
        let stage = try TypingStage()
        let log = Log()
        let (root, alert) = signIn(stage, log: log)
        stage.settle()
        stage.settle()
        #expect(stage.type("bo"))
        #expect(stage.tapKey(Localization.bezelString("return", language: "en")))
        stage.settle()
        #expect(log.entries == ["sign in [\"bo\", \"\"]"] && root.presentedViewController == nil)
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let reports = capturingDiagnostics { sheet.addTextField() }
        #expect(reports.count == 1 && sheet.textFields == nil)
        _ = alert
    }

    @Test func anAlertWithTextFieldsLooks() throws {
        let stage = try TypingStage()
        let (_, alert) = signIn(stage, log: Log())
        stage.settle()
        alert.textFields?[0].text = "Ana"
        stage.settle()
        stage.settle()
        #expect(try Snapshot.check(stage.window, named: "alert-text-fields"))
    }

    @Test func clearsOnBeginEditingEmptiesTheFieldUnlessTheDelegateRefuses() throws {
        final class Refusing: TextFieldDelegate {
            var asked = 0
            func textFieldShouldClear(_ textField: TextField) -> Bool { asked += 1; return false }
        }
        let stage = try TypingStage()
        let field = stage.field()
        field.text = "old search"
        field.clearsOnBeginEditing = true
        #expect(field.becomeFirstResponder() && field.text == "")
        field.resignFirstResponder()
        field.text = "kept"
        let delegate = Refusing()
        field.delegate = delegate
        #expect(field.becomeFirstResponder() && field.text == "kept" && delegate.asked == 1)
    }

    func key(_ stage: TypingStage, _ key: Press.Key, control: Bool = false, shift: Bool = false) {
        if control { stage.app.handleKey(.leftControl, isDown: true) }
        if shift { stage.app.handleKey(.leftShift, isDown: true) }
        stage.app.handleKey(key, isDown: true)
        stage.app.handleKey(key, isDown: false)
        if shift { stage.app.handleKey(.leftShift, isDown: false) }
        if control { stage.app.handleKey(.leftControl, isDown: false) }
    }

    /// Types `text` on the hardware keyboard (letters).
    func typeOnKeys(_ stage: TypingStage, _ text: String) {
        for character in text { if let letter = Press.Key.letter(character) { key(stage, letter) } }
    }

    static let z = Press.Key(code: 44, symbol: 0x7A, characters: "z")

    @Test func typingIsUndoneAsOneStepAndRedoneWithTheKeys() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        let manager = try #require(field.undoManager)
        #expect(manager === stage.window.undoManager)
        #expect(stage.type("latte"))
        key(stage, .backspace)
        #expect(field.text == "latt" && manager.canUndo && manager.undoActionName == "Typing")
        // A caret moved: a new step starts.
        key(stage, .home)
        #expect(stage.type("x"))
        #expect(field.text == "xlatt")
        key(stage, Self.z, control: true)
        #expect(field.text == "latt" && field.selectedRange == 0..<0)
        key(stage, Self.z, control: true)
        #expect(field.text == "" && !manager.canUndo, "the whole run of typing, deletes included, in one step")
        key(stage, Self.z, control: true, shift: true)
        #expect(field.text == "latt")
        key(stage, Self.z, control: true, shift: true)
        #expect(field.text == "xlatt" && !manager.canRedo)
        // A new edit after an undo forgets the redo.
        key(stage, Self.z, control: true)
        #expect(stage.type("y") && field.text == "ylatt" && !manager.canRedo)
        // Editing ends: the field's steps go (UIKit's); set by the app: not undoable.
        field.resignFirstResponder()
        #expect(!manager.canUndo)
        field.becomeFirstResponder()
        stage.settle()
        #expect(stage.type("z"))
        field.text = "set by the app"
        #expect(!manager.canUndo)
    }

    @Test func aSecureFieldKeepsNoUndoAndAShakeOffersUndo() throws {
        let stage = try TypingStage()
        let root = ViewController()
        stage.window.rootViewController = root
        stage.window.layoutIfNeeded()
        let pin = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        pin.isSecureTextEntry = true
        root.view.addSubview(pin)
        pin.becomeFirstResponder()
        stage.settle()
        typeOnKeys(stage, "ab")
        #expect(pin.text == "ab")
        #expect(!(stage.window.undoManager?.canUndo ?? true), "no secret is kept for undo")
        // Nothing to undo: a shake shows nothing.
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0), phase: .ended)
        #expect(root.presentedViewController == nil)
        pin.resignFirstResponder()
        let name = TextField(frame: Rect(x: 20, y: 80, width: 200, height: 40))
        root.view.addSubview(name)
        name.becomeFirstResponder()
        stage.settle()
        typeOnKeys(stage, "ana")
        #expect(name.text == "ana")
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0), phase: .began)
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0), phase: .ended)
        stage.settle()
        let alert = try #require(root.presentedViewController as? AlertController)
        #expect(alert.title == "Undo Typing" && alert.actions.map { $0.title ?? "" } == ["Cancel", "Undo"])
        stage.app.handleKey(.enter, isDown: true)
        stage.app.handleKey(.enter, isDown: false)
        stage.settle()
        #expect(name.text == "" && root.presentedViewController == nil)
        stage.app.applicationSupportsShakeToEdit = false
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0), phase: .ended)
        #expect(root.presentedViewController == nil)
    }
}
