import Testing
@testable import Bezel
import BezelCairo

/// The rough edges a first app hits (issue 16 item 5), each fixed with a test.
@MainActor
@Suite struct RoughEdgeTests {
    @Test func aZeroSizeWindowIsNamedAsSuch() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: .zero, application: app)
        do throws(CairoError) {
            _ = try HeadlessDisplay(window: window)
            Issue.record("a 0x0 window was accepted")
        } catch {
            #expect(error.message == "the window is 0.0x0.0 points: give it a size (Window(frame:), or the runtime sizes it to the panel)")
        }
    }

    @Test func unnamedViewsAreTracedByTypeAndFrame() {
        let button = Button(frame: Rect(x: 16, y: 76, width: 120, height: 80))
        #expect(button.debugName == "Button(16,76 120x80)")
        #expect(View(frame: Rect(x: 0.5, y: 0, width: 10, height: 10)).debugName == "View(0.5,0 10x10)")
        button.name = "start"
        #expect(button.debugName == "start")
        // In a hit-test trace.
        let stage = Stage(trace: .hittest)
        let plain = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        stage.window.addSubview(plain)
        stage.fingers.tap(at: Point(x: 50, y: 50))
        #expect(stage.lines.messages(.hittest).contains { $0.contains("View(10,10 100x100)") }, "\(stage.lines.messages(.hittest))")
    }

    /// A custom control that opts into a button's priority over an ancestor's tap recognizer.
    final class Chip: Control {
        var claimsTap = false
        override var prioritizedDefaultActions: [ControlDefaultAction] { claimsTap ? [.singleTap] : [] }
    }

    @Test func aCustomControlCanOptIntoTheBuiltInControlsPriority() {
        for claims in [false, true] {
            let stage = Stage()
            let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
            stage.window.addSubview(card)
            var log: [String] = []
            card.addGestureRecognizer(TapGestureRecognizer { _ in log.append("card tap") })
            let chip = Chip(frame: Rect(x: 50, y: 50, width: 100, height: 50))
            chip.claimsTap = claims
            chip.addAction(for: .touchUpInside) { _, _ in log.append("chip") }
            card.addSubview(chip)
            stage.fingers.tap(at: Point(x: 100, y: 75))
            stage.fingers.wait(1)
            // Without it, UIKit's rule for custom controls (T15): the ancestor's tap wins.
            #expect(log == (claims ? ["chip"] : ["card tap"]), "claims \(claims): \(log)")
        }
    }

    @Test func theTraceSaysWhyAControlDeclinedATouch() {
        let stage = Stage(trace: .actions)
        let slider = Slider(frame: Rect(x: 20, y: 20, width: 300, height: 30))
        slider.name = "volume"
        slider.value = 0
        stage.window.addSubview(slider)
        let button = Button(frame: Rect(x: 20, y: 100, width: 100, height: 44))
        button.name = "save"
        button.isEnabled = false
        stage.window.addSubview(button)
        stage.fingers.tap(at: Point(x: 250, y: 35))
        stage.fingers.tap(at: Point(x: 70, y: 122))
        let lines = stage.lines.messages(.actions)
        #expect(lines.contains { $0.hasPrefix("volume declined touch") && $0.contains("beginTracking returned false (the touch at x 230 is off the thumb") }, "\(lines)")
        // A disabled control is skipped by hit-testing; the hit-test trace says so.
        #expect(!lines.contains { $0.contains("save") })
    }

    @Test func theDefaultHandlerPrintsARepeatedReportOnceThenEveryThousandth() {
        var filter = Diagnostics.RepeatFilter()
        #expect(filter.line(for: "bezel: apiMisuse: x") == "bezel: apiMisuse: x")
        var printed = 0
        for _ in 2...2_500 where filter.line(for: "bezel: apiMisuse: x") != nil { printed += 1 }
        #expect(printed == 2, "at 1,000 and 2,000")
        #expect(filter.line(for: "bezel: apiMisuse: x") == nil)
        #expect(filter.line(for: "bezel: apiMisuse: y") == "bezel: apiMisuse: y", "another cause is printed")
        // Bounded: a flood of different reports does not grow it without end.
        for i in 0..<5_000 { _ = filter.line(for: "distinct \(i)") }
        #expect(filter.line(for: "distinct 4999") == nil, "still remembered after a reset")
    }
}

/// A whole tap fed through `handleTouchFrame` from inside an action (issue 13 item 5, the
/// case that lost taps): delivered after the current frame, in order; the outer finger ends
/// with its frame and its next tap fires once, with no diagnostic.
@MainActor
@Suite struct ReentrantFrameTests {
    @Test func aTapFedFromAnActionIsDeliveredAfterTheCurrentFrame() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let a = Button(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        let b = Button(frame: Rect(x: 200, y: 10, width: 100, height: 60))
        window.addSubview(a)
        window.addSubview(b)
        window.makeKeyAndVisible()
        var log: [String] = []
        var fed = false
        a.addAction(for: .touchUpInside) { _, _ in
            log.append("a")
            guard !fed else { return }
            fed = true
            app.handleTouchFrame(TouchFrame([.down(2, at: Point(x: 250, y: 40))], timestamp: app.clock.now))
            app.handleTouchFrame(TouchFrame([.up(2)], timestamp: app.clock.now))
            log.append("a returns")
        }
        b.addAction(for: .touchUpInside) { _, _ in log.append("b") }
        let fingers = TouchScript(app)
        let reports = capturingDiagnostics {
            fingers.tap(1, at: Point(x: 60, y: 40))
            fingers.wait(0.5)
            fingers.tap(1, at: Point(x: 60, y: 40))
            fingers.wait(0.5)
        }
        #expect(log == ["a", "a returns", "b", "a"])
        #expect(reports.isEmpty, "\(reports)")
    }

    /// The same from a timer's turn: a single tap that waits for a double tap to fail is
    /// recognized by its timer, and its action feeds a tap. The fed tap waits until the
    /// timer's action returns (UIKit's next run-loop turn), then fires once; the next tap
    /// on the same spot is recognized again.
    @Test func aTapFedFromATimersTurnIsDeliveredAfterTheTimersAction() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let area = View(frame: Rect(x: 0, y: 100, width: 400, height: 200))
        let b = Button(frame: Rect(x: 200, y: 10, width: 100, height: 60))
        window.addSubview(area)
        window.addSubview(b)
        window.makeKeyAndVisible()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        area.addGestureRecognizer(single)
        area.addGestureRecognizer(double)
        var log: [String] = []
        var fed = false
        single.addAction { _ in
            log.append("single in timer: \(app.runLoop.isFiringTimer)")
            guard !fed else { return }
            fed = true
            app.handleTouchFrame(TouchFrame([.down(7, at: Point(x: 250, y: 40))], timestamp: app.clock.now))
            app.handleTouchFrame(TouchFrame([.up(7)], timestamp: app.clock.now))
            log.append("single returns")
        }
        b.addAction(for: .touchUpInside) { _, _ in log.append("b") }
        let fingers = TouchScript(app)
        let reports = capturingDiagnostics {
            fingers.tap(1, at: Point(x: 60, y: 200))
            fingers.wait(1)
            fingers.tap(1, at: Point(x: 60, y: 200))
            fingers.wait(1)
        }
        #expect(log == ["single in timer: true", "single returns", "b", "single in timer: true"])
        #expect(reports.isEmpty, "\(reports)")
        #expect(app.touchSequencer.liveTouchCount == 0 && window.dispatcher.liveTouchCount == 0)
    }
}
