import Testing
@testable import Bezel

/// Issue 33's hardware keys: `KeyCommand` along the responder chain (UIKit's `UIKeyCommand`),
/// an alert's Return (preferred action) and Escape (cancel action), and a tap outside an
/// action sheet running its cancel action.
@MainActor
@Suite struct KeyCommandTests {
    /// A controller offering Ctrl+R (by selector) and Escape (by closure), logging presses that
    /// reach it.
    final class ShortcutController: ViewController {
        let log: Log
        var priority = false
        init(log: Log) {
            self.log = log
            super.init()
            title = "shortcuts"
            handle("reload") { [unowned self] sender, _ in self.log.add("reload from \((sender as? KeyCommand)?.title ?? "?")") }
        }
        override var keyCommands: [KeyCommand]? {
            let escape = KeyCommand(title: "Close", input: KeyCommand.inputEscape) { [unowned self] _ in log.add("close") }
            let letter = KeyCommand(title: "Print", input: "p") { [unowned self] _ in log.add("print") }
            letter.wantsPriorityOverSystemBehavior = priority
            return [KeyCommand(title: "Reload", action: "reload", input: "r", modifierFlags: .control), escape, letter]
        }
    }

    /// A view that takes the keys and logs the presses that reach it.
    final class KeyView: View {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        }
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) {
            log.add("pressesBegan \(presses.map(\.key.code).sorted())")
        }
        override func pressesEnded(_ presses: Set<Press>, with event: PressEvent?) {
            log.add("pressesEnded \(presses.map(\.key.code).sorted())")
        }
    }

    func tap(_ app: Application, _ key: Press.Key) {
        app.handleKey(key, isDown: true)
        app.handleKey(key, isDown: false)
    }

    static let r = Press.Key(code: 19, characters: "r"), p = Press.Key(code: 25, characters: "p")

    @Test func aMatchingCommandRunsAndItsPressGoesNoFurther() {
        let log = Log()
        let stage = Stage()
        let controller = ShortcutController(log: log)
        stage.window.rootViewController = controller
        stage.window.layoutIfNeeded()
        // With nothing focused the screen's commands work.
        tap(stage.app, .escape)
        #expect(log.entries == ["close"])
        log.clear()
        // From a focused view inside, up the chain to its controller.
        let keys = KeyView(log: log)
        controller.view.addSubview(keys)
        #expect(keys.becomeFirstResponder())
        // Ctrl+R: the selector, sent to the controller; neither phase of R is delivered.
        stage.app.handleKey(.leftControl, isDown: true)
        tap(stage.app, Self.r)
        stage.app.handleKey(.leftControl, isDown: false)
        #expect(log.entries == ["pressesBegan [29]", "reload from Reload", "pressesEnded [29]"])
        log.clear()
        // R alone matches nothing (the modifiers must be exactly the command's): delivered.
        tap(stage.app, Self.r)
        tap(stage.app, .escape)
        #expect(log.entries == ["pressesBegan [19]", "pressesEnded [19]", "close"])
        #expect(KeyCommand.input(of: .upArrow) == KeyCommand.inputUpArrow && KeyCommand.input(of: .keypadEnter) == "\r")
    }

    @Test func aTextFieldTypesItsKeysUnlessTheCommandWantsPriority() {
        let log = Log()
        let stage = Stage()
        let controller = ShortcutController(log: log)
        stage.window.rootViewController = controller
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        controller.view.addSubview(field)
        stage.window.layoutIfNeeded()
        field.becomeFirstResponder()
        tap(stage.app, Self.p)
        #expect(field.text == "p" && !log.entries.contains("print"), "typing wins over a plain letter command")
        controller.priority = true
        tap(stage.app, Self.p)
        #expect(field.text == "p" && log.entries.contains("print"))
        log.clear()
        stage.app.handleKey(.leftControl, isDown: true)
        tap(stage.app, Self.r)
        stage.app.handleKey(.leftControl, isDown: false)
        #expect(log.entries.contains("reload from Reload") && field.text == "p", "a Control chord is a command even while typing")
    }

    /// A presenter with a focused text field, and an alert over it.
    func alertStage(_ log: Log, preferred: Bool, style: AlertController.Style = .alert) -> (Stage, ViewController, AlertController, TextField) {
        let stage = Stage()
        let root = ViewController()
        stage.window.rootViewController = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        root.view.addSubview(field)
        stage.window.layoutIfNeeded()
        field.becomeFirstResponder()
        let alert = AlertController(title: "Print the ticket?", message: nil, preferredStyle: style)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.add("cancel") })
        let print = AlertAction(title: "Print", style: .default) { _ in log.add("print") }
        alert.addAction(print)
        if preferred { alert.preferredAction = print }
        root.present(alert, animated: false)
        return (stage, root, alert, field)
    }

    @Test func returnRunsTheAlertsPreferredActionAndEscapeItsCancel() {
        let log = Log()
        var (stage, root, _, field) = alertStage(log, preferred: true)
        tap(stage.app, .enter)
        stage.fingers.wait(1)
        #expect(log.entries == ["print"] && root.presentedViewController == nil && field.text == "", "the field behind got nothing")
        log.clear()
        (stage, root, _, field) = alertStage(log, preferred: false)
        tap(stage.app, .enter)
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty && root.presentedViewController != nil, "two actions and none preferred: Return does nothing")
        tap(stage.app, .escape)
        stage.fingers.wait(1)
        #expect(log.entries == ["cancel"] && root.presentedViewController == nil)
    }

    @Test func aTapOutsideAnActionSheetRunsItsCancelActionButNotOutsideAnAlert() {
        let log = Log()
        var (stage, root, _, _) = alertStage(log, preferred: false)
        stage.fingers.tap(at: Point(x: 200, y: 40))
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty && root.presentedViewController != nil, "outside an alert: nothing")
        (stage, root, _, _) = alertStage(log, preferred: false, style: .actionSheet)
        // A drag outside is not a tap.
        stage.fingers.down(at: Point(x: 200, y: 40))
        stage.fingers.wait(0.05)
        stage.fingers.move(to: Point(x: 200, y: 140))
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty && root.presentedViewController != nil)
        stage.fingers.tap(at: Point(x: 200, y: 40))
        stage.fingers.wait(1)
        #expect(log.entries == ["cancel"] && root.presentedViewController == nil)
    }

    @Test func aSheetWithoutACancelActionStaysWhenTappedOutside() {
        let log = Log()
        let stage = Stage()
        let root = ViewController()
        stage.window.rootViewController = root
        stage.window.layoutIfNeeded()
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Print", style: .default) { _ in log.add("print") })
        root.present(sheet, animated: false)
        stage.fingers.tap(at: Point(x: 200, y: 40))
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty && root.presentedViewController === sheet)
        tap(stage.app, .enter)
        stage.fingers.wait(1)
        #expect(log.entries == ["print"], "one action: Return runs it")
    }
}
