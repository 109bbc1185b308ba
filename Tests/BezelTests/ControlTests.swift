import Testing
@testable import Bezel

@MainActor
@Suite struct ControlTests {
    func buttonStage() -> (Stage, Button, Log) {
        let stage = Stage()
        let button = Button(frame: Rect(x: 100, y: 100, width: 100, height: 50))
        button.name = "button"
        stage.window.addSubview(button)
        let log = Log()
        button.addAction(for: .allEvents) { _, _ in }
        for (event, name) in Control.Events.names {
            button.addAction(for: event) { _, _ in log.add(name) }
        }
        return (stage, button, log)
    }

    @Test func dragOutsideTheMarginAndBackSendsExitAndEnter() {
        let (stage, button, log) = buttonStage()
        stage.fingers.down(at: Point(150, 125))
        #expect(button.isTracking && button.isHighlighted && button.isTouchInside)
        stage.fingers.move(to: Point(260, 125))   // 60 pt right of the bounds: inside the 70 pt margin
        #expect(button.isHighlighted)
        stage.fingers.move(to: Point(280, 125))   // 80 pt: outside
        #expect(!button.isHighlighted && !button.isTouchInside)
        stage.fingers.move(to: Point(150, 125))
        stage.fingers.up()
        #expect(log.entries == [
            "touchDown", "touchDragInside", "touchDragOutside", "touchDragExit",
            "touchDragInside", "touchDragEnter", "touchUpInside", "primaryActionTriggered",
        ])
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test func releaseOutsideSendsTouchUpOutside() {
        let (stage, _, log) = buttonStage()
        stage.fingers.drag(from: Point(150, 125), to: Point(150, 300), steps: 1)
        #expect(log.entries == ["touchDown", "touchDragOutside", "touchDragExit", "touchUpOutside"])
    }

    @Test func secondQuickTapSendsTouchDownRepeat() {
        let (stage, _, log) = buttonStage()
        stage.fingers.tap(at: Point(150, 125))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(150, 125))
        #expect(log.entries.filter { $0.hasPrefix("touchDown") } == ["touchDown", "touchDown", "touchDownRepeat"])
    }

    @Test func cancelledTouchSendsTouchCancel() {
        let (stage, button, log) = buttonStage()
        stage.fingers.down(at: Point(150, 125))
        stage.fingers.cancel()
        #expect(log.entries == ["touchDown", "touchCancel"])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test func disabledControlIsNotHitAndTouchesFallThrough() {
        let (stage, button, log) = buttonStage()
        let behindLog = Log()
        let behind = LoggingView("behind", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: behindLog)
        stage.window.insertSubview(behind, at: 0)
        button.isEnabled = false
        stage.fingers.tap(at: Point(150, 125))
        #expect(log.entries.isEmpty)
        #expect(behindLog.entries == ["behind touchesBegan", "behind touchesEnded"])
    }

    @Test func disablingWhileTrackingCancels() {
        let (stage, button, log) = buttonStage()
        stage.fingers.down(at: Point(150, 125))
        button.isEnabled = false
        stage.fingers.up()
        #expect(log.entries == ["touchDown", "touchCancel"])
    }

    @Test func removeTargetAndRemoveAction() {
        let stage = Stage()
        let log = Log()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(button)
        let target = ActionLogger(log: log, actions: ["a", "b"])
        button.addTarget(target, action: "a", for: [.touchDown, .touchUpInside])
        button.addTarget(target, action: "b", for: .touchUpInside)
        let closure = button.addAction(for: .touchUpInside) { _, _ in log.add("closure") }
        #expect(button.allControlEvents == [.touchDown, .touchUpInside])
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["a", "a", "b", "closure"])
        log.clear()
        button.removeTarget(target, action: "a", for: .touchDown)
        button.removeAction(closure, for: .touchUpInside)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["a", "b"])
        log.clear()
        button.removeTarget(nil, action: nil, for: .allEvents)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries.isEmpty && button.allControlEvents.isEmpty)
    }

    @Test func beginTrackingFalseMeansNoEvents() {
        final class Refusing: Control {
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { false }
        }
        let stage = Stage()
        let log = Log()
        let control = Refusing(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        control.addAction(for: .allEvents) { _, _ in log.add("event") }
        stage.window.addSubview(control)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries.isEmpty)
    }

    @Test func continueTrackingFalseStopsTracking() {
        final class Stopping: Control {
            override func continueTracking(_ touch: Touch, with event: Event?) -> Bool { false }
        }
        let stage = Stage()
        let log = Log()
        let control = Stopping(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for (event, name) in Control.Events.names { control.addAction(for: event) { _, _ in log.add(name) } }
        stage.window.addSubview(control)
        stage.fingers.drag(from: Point(50, 50), to: Point(60, 50), steps: 1)
        #expect(log.entries == ["touchDown"])
        #expect(!control.isTracking)
    }

    @Test func valueChangedThroughSendActions() {
        let control = Control()
        var count = 0
        control.addAction(for: .valueChanged) { _, _ in count += 1 }
        control.sendActions(for: .valueChanged)
        #expect(count == 1)
    }

    @Test func targetActionFromAControlOutsideAWindowIsReportedNotSent() {
        let log = Log()
        let button = Button()
        let target = ActionLogger(log: log, actions: ["x"])
        button.addTarget(target, action: "x", for: .touchUpInside)
        let reports = withExtendedLifetime(target) { capturingDiagnostics { button.sendActions(for: .touchUpInside) } }
        #expect(log.entries.isEmpty && reports.count == 1)
    }

    @Test func nilTargetStartsAtTheFirstResponder() {
        final class Field: View {
            override var canBecomeFirstResponder: Bool { true }
        }
        let stage = Stage()
        let log = Log()
        let field = Field(name: "field", frame: Rect(x: 200, y: 0, width: 100, height: 40))
        field.handle("copy") { _, _ in log.add("field copy") }
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        button.handle("copy") { _, _ in log.add("button copy") }
        button.addTarget(nil, action: "copy", for: .touchUpInside)
        stage.window.addSubview(field)
        stage.window.addSubview(button)
        stage.fingers.tap(at: Point(50, 20))
        #expect(log.entries == ["button copy"], "no first responder: the walk starts at the sender")
        #expect(field.becomeFirstResponder() && field.isFirstResponder)
        stage.fingers.tap(at: Point(50, 20))
        #expect(log.entries == ["button copy", "field copy"])
        #expect(stage.app.sendAction("nobodyHasThis", to: nil, from: button, for: nil) == false)
        field.removeFromSuperview()
        #expect(stage.app.firstResponder == nil, "a first responder leaving the window resigns")
    }
}

@MainActor
@Suite struct PressTests {
    final class KeyView: View {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(frame: .zero)
            name = "keyView"
        }
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) {
            log.add("keyView pressesBegan \(presses.map(\.key.code))")
            super.pressesBegan(presses, with: event)
        }
    }

    final class KeyWindow: Window {
        var log: Log?
        override func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) { log?.add("window pressesBegan") }
        override func pressesEnded(_ presses: Set<Press>, with event: PressEvent?) { log?.add("window pressesEnded") }
    }

    @Test func pressesGoToTheFirstResponderAndUpTheChain() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = KeyWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        let log = Log()
        window.log = log
        window.makeKeyAndVisible()
        let view = KeyView(log: log)
        window.addSubview(view)
        app.handleKey(Press.Key(code: 28), isDown: true)
        #expect(log.entries == ["window pressesBegan"], "no first responder: the key window")
        app.handleKey(Press.Key(code: 28), isDown: false)
        #expect(view.becomeFirstResponder())
        log.clear()
        app.handleKey(Press.Key(code: 103), isDown: true)
        app.handleKey(Press.Key(code: 103), isDown: true)   // auto-repeat: ignored
        app.handleKey(Press.Key(code: 103), isDown: false)
        #expect(log.entries == ["keyView pressesBegan [103]", "window pressesBegan", "window pressesEnded"])
        let reports = capturingDiagnostics { app.handleKey(Press.Key(code: 1), isDown: false) }
        #expect(reports.map(\.kind) == [.malformedInput])
    }
}
