import Testing
@testable import Bezel

/// A button that logs its touches and tracking methods (seed 003's ZZButton).
@MainActor
class LoggingButton: Button {
    let log: Log
    var callsSuper = true

    init(log: Log, frame: Rect) {
        self.log = log
        super.init(frame: frame)
        name = "button"
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("button touchesBegan")
        if callsSuper { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log.add("button touchesMoved")
        if callsSuper { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("button touchesEnded")
        if callsSuper { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("button touchesCancelled")
        if callsSuper { super.touchesCancelled(touches, with: event) }
    }

    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        log.add("beginTracking")
        return super.beginTracking(touch, with: event)
    }

    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        log.add("continueTracking")
        return super.continueTracking(touch, with: event)
    }

    override func endTracking(_ touch: Touch?, with event: Event?) {
        log.add("endTracking")
    }

    override func cancelTracking(with event: Event?) {
        log.add("cancelTracking")
    }
}

/// A custom control (not built in) that logs the same things as LoggingButton.
@MainActor
final class LoggingControl: Control {
    let log: Log

    init(log: Log, frame: Rect) {
        self.log = log
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("control touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("control touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("control touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }

    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        log.add("beginTracking")
        return true
    }

    override func endTracking(_ touch: Touch?, with event: Event?) { log.add("endTracking") }
    override func cancelTracking(with event: Event?) { log.add("cancelTracking") }
}

/// Conformance traces T9-T15 and T24 of spec §7: controls, target-action, the responder chain.
@MainActor
@Suite struct ControlTraceTests {
    @MainActor struct ButtonStage {
        let stage = Stage()
        let log = Log()
        let container = View(name: "container", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button: LoggingButton
        let controller: ActionLogger

        init(callsSuper: Bool = true) {
            button = LoggingButton(log: log, frame: Rect(x: 100, y: 100, width: 120, height: 60))
            button.callsSuper = callsSuper
            controller = ActionLogger(log: log, actions: ["didTouchButton", "didTouchYellowView"])
            stage.window.addSubview(container)
            container.addSubview(button)
            button.addTarget(controller, action: "didTouchButton", for: .touchUpInside)
        }

        func tapButton() { stage.fingers.tap(at: Point(150, 120)) }
    }

    @Test func t9_buttonTracksThroughItsTouchesMethods() {
        let s = ButtonStage()
        s.tapButton()
        #expect(s.log.entries == ["button touchesBegan", "beginTracking", "button touchesEnded", "endTracking", "didTouchButton"])
    }

    @Test func t10_touchesOverridesWithoutSuperGetNoTrackingAndNoAction() {
        let s = ButtonStage(callsSuper: false)
        s.tapButton()
        #expect(s.log.entries == ["button touchesBegan", "button touchesEnded"])
    }

    final class RedirectingButton: LoggingButton {
        var redirectTarget: AnyObject?
        override func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
            super.sendAction("didTouchYellowView", to: redirectTarget, for: event)
        }
    }

    @Test func t11_sendActionOverrideRedirectsTargetAndAction() {
        let stage = Stage()
        let log = Log()
        let button = RedirectingButton(log: log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let original = ActionLogger(log: log, actions: ["didTouchButton"])
        let other = ActionLogger(log: log, actions: ["didTouchYellowView"])
        button.redirectTarget = other
        button.addTarget(original, action: "didTouchButton", for: .touchUpInside)
        stage.window.addSubview(button)
        log.clear()
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries.filter { $0.hasPrefix("didTouch") } == ["didTouchYellowView"])
    }

    final class ActionWindow: Window {
        var log: Log?
        override func actionHandler(for action: Selector) -> ActionHandler? {
            guard action == "responderZZButton" else { return super.actionHandler(for: action) }
            return { [log] _, _ in log?.add("window responderZZButton") }
        }
    }

    @Test func t12_nilTargetActionFoundOnTheWindow() {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let window = ActionWindow(frame: Rect(x: 0, y: 0, width: 400, height: 400), application: app)
        let log = Log()
        window.log = log
        window.makeKeyAndVisible()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(button)
        button.addTarget(nil, action: "responderZZButton", for: .touchUpInside)
        TouchScript(app).tap(at: Point(50, 50))
        #expect(log.entries == ["window responderZZButton"])
    }

    @Test func t13_buttonBeatsAParentsTapRecognizer() {
        let s = ButtonStage()
        let rec = LoggingTap { [log = s.log] _ in log.add("didTouchSomeView") }
        rec.log = s.log
        s.container.addGestureRecognizer(rec)
        s.tapButton()
        #expect(s.log.entries == [
            "rec touchesBegan", "button touchesBegan", "beginTracking", "rec touchesEnded",
            "button touchesEnded", "endTracking", "didTouchButton",
        ])
    }

    @Test func t14_aRecognizerOnTheButtonItselfWins() {
        let s = ButtonStage()
        let rec = LoggingTap { [log = s.log] _ in log.add("tap action") }
        rec.log = s.log
        s.button.addGestureRecognizer(rec)
        s.tapButton()
        #expect(s.log.entries == [
            "rec touchesBegan", "button touchesBegan", "beginTracking", "rec touchesEnded",
            "tap action", "button touchesCancelled", "cancelTracking",
        ])
    }

    @Test func t15_customControlHasNoPriorityOverAParentsTap() {
        let stage = Stage()
        let log = Log()
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let control = LoggingControl(log: log, frame: Rect(x: 100, y: 100, width: 100, height: 100))
        control.addTarget(ActionLogger(log: log, actions: []), action: "didTouchCustomControl", for: .touchUpInside)
        stage.window.addSubview(container)
        container.addSubview(control)
        let rec = LoggingTap { _ in log.add("tap action") }
        rec.log = log
        container.addGestureRecognizer(rec)
        stage.fingers.tap(at: Point(150, 150))
        #expect(log.entries == [
            "rec touchesBegan", "control touchesBegan", "beginTracking", "rec touchesEnded",
            "tap action", "control touchesCancelled", "cancelTracking",
        ])
    }

    final class AppDelegate: Responder, ApplicationDelegate {
        override var debugName: String { "appDelegate" }
    }

    @Test func t24_fullResponderChainFromAButtonInAViewController() {
        let stage = Stage()
        let delegate = AppDelegate()
        stage.app.delegate = delegate
        let controller = ViewController()
        controller.title = "controller"
        controller.view.name = "rootView"
        let panel = View(name: "panel", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let row = View(name: "row", frame: Rect(x: 10, y: 10, width: 200, height: 100))
        let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        button.name = "button"
        controller.view.addSubview(panel)
        panel.addSubview(row)
        row.addSubview(button)
        stage.window.rootViewController = controller

        var chain: [String] = []
        var responder: Responder? = button
        while let r = responder {
            chain.append(r.debugName)
            responder = r.next
        }
        #expect(chain == ["button", "row", "panel", "rootView", "controller", "window", "Application", "appDelegate"])

        // A nil-target action implemented only by the app delegate travels the whole chain.
        let log = Log()
        delegate.handle("openSettings") { _, _ in log.add("delegate openSettings") }
        button.addTarget(nil, action: "openSettings", for: .touchUpInside)
        stage.fingers.tap(at: Point(35, 35))
        #expect(log.entries == ["delegate openSettings"])
    }

    @Test func t24_childControllerSitsBetweenItsViewAndTheParentsView() {
        let stage = Stage()
        let parent = ViewController()
        parent.title = "parent"
        parent.view.name = "parentView"
        let child = ViewController()
        child.title = "child"
        child.view.name = "childView"
        parent.addChild(child)
        parent.view.addSubview(child.view)
        stage.window.rootViewController = parent
        var chain: [String] = []
        var responder: Responder? = child.view
        while let r = responder {
            chain.append(r.debugName)
            responder = r.next
        }
        #expect(chain == ["childView", "child", "parentView", "parent", "window", "Application"])
    }
}
