import Testing
@testable import Bezel

/// Bad use of the API, handled without a crash (issue 2 §7).
@MainActor
@Suite struct MisuseTests {
    @Test func recognizerAddedToASecondViewMoves() {
        let stage = Stage()
        let log = Log()
        let a = View(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = View(name: "b", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        stage.window.addSubview(a)
        stage.window.addSubview(b)
        let tap = TapGestureRecognizer { r in log.add("tap on \(r.view!.debugName)") }
        a.addGestureRecognizer(tap)
        b.addGestureRecognizer(tap)
        #expect(a.gestureRecognizers.isEmpty && b.gestureRecognizers.count == 1 && tap.view === b)
        stage.fingers.tap(at: Point(50, 50))
        stage.fingers.tap(at: Point(250, 50))
        #expect(log.entries == ["tap on b"])
        b.addGestureRecognizer(tap)
        #expect(b.gestureRecognizers.count == 1, "adding twice to the same view is a no-op")
    }

    @Test func viewRemovedWhileHoldingTouchesGetsThemCancelled() {
        let stage = Stage()
        let log = Log()
        let parent = View(name: "parent", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        view.callsSuper = false
        parent.addSubview(view)
        stage.window.addSubview(parent)
        let press = LongPressGestureRecognizer { r in log.add("press \(r.state)") }
        let tap = TapGestureRecognizer { _ in log.add("tap") }
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(tap)
        let outer = PanGestureRecognizer { r in log.add("pan \(r.state)") }
        parent.addGestureRecognizer(outer)
        stage.fingers.down(at: Point(50, 50))
        stage.fingers.wait(0.6)
        #expect(log.entries == ["view touchesBegan", "press began", "view touchesCancelled"])
        log.clear()
        stage.fingers.down(2, at: Point(60, 60))
        view.removeFromSuperview()
        #expect(log.entries == ["press cancelled"], "the ongoing long press is cancelled with its action")
        #expect(tap.state == .failed)
        stage.fingers.move(to: Point(150, 150))
        stage.fingers.up()
        stage.fingers.up(2)
        #expect(log.entries == ["press cancelled"], "nothing reaches the removed view afterwards")
        #expect(press.state == .possible && tap.state == .possible && outer.state == .possible)
    }

    @Test func viewRemovedBeforeItsTouchEndsGetsTouchesCancelled() {
        let stage = Stage()
        let log = Log()
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        view.callsSuper = false
        stage.window.addSubview(view)
        stage.fingers.down(at: Point(50, 50))
        view.removeFromSuperview()
        stage.fingers.up()
        #expect(log.entries == ["view touchesBegan", "view touchesCancelled"])
        // Re-added: works normally for new touches.
        stage.window.addSubview(view)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries.suffix(2) == ["view touchesBegan", "view touchesEnded"])
    }

    @Test func recognizerRemovedWhileTrackingIsCancelledAndReleasesTheView() {
        let stage = Stage()
        let log = Log()
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        view.callsSuper = false
        stage.window.addSubview(view)
        let pan = PanGestureRecognizer { r in log.add("pan \(r.state)") }
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        stage.fingers.down(at: Point(50, 50))
        stage.fingers.move(to: Point(53, 50))
        #expect(log.entries.isEmpty, "withheld by delaysTouchesBegan")
        view.removeGestureRecognizer(pan)
        #expect(pan.view == nil && pan.state == .possible, "detached and reset")
        #expect(log.entries == ["view touchesBegan", "view touchesMoved"], "the withheld delivery is released")
        stage.fingers.up()
        #expect(log.entries == ["view touchesBegan", "view touchesMoved", "view touchesEnded"])

        // Removed after it began: cancelled, with its action.
        log.clear()
        view.addGestureRecognizer(pan)
        stage.fingers.drag(from: Point(50, 50), to: Point(100, 50), steps: 5, lift: false)
        view.removeGestureRecognizer(pan)
        stage.fingers.up()
        #expect(log.entries.first == "pan began" && log.entries.last == "pan cancelled")
    }

    @Test func recognizerDisabledWhileTrackingFailsAndWorksAgainLater() {
        let stage = Stage()
        let log = Log()
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        view.callsSuper = false
        stage.window.addSubview(view)
        let tap = TapGestureRecognizer { _ in log.add("tap") }
        view.addGestureRecognizer(tap)
        stage.fingers.down(at: Point(50, 50))
        tap.isEnabled = false
        stage.fingers.up()
        #expect(log.entries == ["view touchesBegan", "view touchesEnded"], "failed: the view gets its end")
        tap.isEnabled = true
        log.clear()
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["view touchesBegan", "tap", "view touchesCancelled"])
    }

    @Test func freedActionTargetsAreSkipped() {
        let stage = Stage()
        let log = Log()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(button)
        let view = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        stage.window.addSubview(view)
        var target: ActionLogger? = ActionLogger(log: log, actions: ["pressed"])
        button.addTarget(target, action: "pressed", for: .touchUpInside)
        let tap = TapGestureRecognizer(target: target, action: "pressed")
        view.addGestureRecognizer(tap)
        // A nil-target action implemented by the window must not receive the freed target's action.
        stage.window.handle("pressed") { _, _ in log.add("window got it") }
        stage.fingers.tap(at: Point(50, 50))
        stage.fingers.tap(at: Point(250, 50))
        #expect(log.entries == ["pressed", "pressed"])
        target = nil
        stage.fingers.tap(at: Point(50, 50))
        stage.fingers.tap(at: Point(250, 50))
        #expect(log.entries == ["pressed", "pressed"])
    }

    @Test func cyclesInTheViewTreeAreRefused() {
        let a = View(name: "a"), b = View(name: "b")
        a.addSubview(b)
        let reports = capturingDiagnostics {
            b.addSubview(a)
            a.addSubview(a)
        }
        #expect(reports.count == 2 && reports.allSatisfy { $0.kind == .apiMisuse })
        #expect(a.superview == nil && b.superview === a)
    }

    @Test func requireToFailItselfAndOddValuesAreHarmless() {
        let stage = Stage()
        let log = Log()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(view)
        let tap = TapGestureRecognizer { _ in log.add("tap") }
        tap.numberOfTapsRequired = 0
        tap.numberOfTouchesRequired = -3
        let reports = capturingDiagnostics { tap.require(toFail: tap) }
        #expect(reports.count == 1)
        view.addGestureRecognizer(tap)
        stage.fingers.tap(at: Point(10, 10))
        #expect(log.entries == ["tap"], "taps and touches below 1 are treated as 1")
        #expect(tap.location(ofTouch: 3, in: nil) == .zero)
    }

    @Test func virtualClockRefusesToGoBack() {
        let clock = VirtualClock(startingAt: 5)
        let reports = capturingDiagnostics { clock.set(4) }
        #expect(clock.now == 5 && reports.count == 1)
        let runLoop = RunLoop(clock: MonotonicClock())
        let misuse = capturingDiagnostics { runLoop.advance(by: 1) }
        #expect(misuse.count == 1)
    }

    @Test func timersFireInDeadlineOrderAndCanBeCancelled() {
        let clock = VirtualClock()
        let runLoop = RunLoop(clock: clock)
        var fired: [String] = []
        runLoop.schedule(after: 0.3) { fired.append("c") }
        let b = runLoop.schedule(after: 0.2) { fired.append("b") }
        runLoop.schedule(after: 0.1) { fired.append("a") }
        runLoop.schedule(after: 0.1) { fired.append("a2") }
        runLoop.schedule(after: .nan) { fired.append("now") }
        b.cancel()
        b.cancel()
        runLoop.advance(by: 0.25)
        #expect(fired == ["now", "a", "a2"])
        #expect(runLoop.nextDeadline == 0.3)
        runLoop.runUntilIdle()
        #expect(fired == ["now", "a", "a2", "c"] && runLoop.pendingTimerCount == 0)
    }
}

@MainActor
@Suite struct CircularRequirementTests {
    @Test func mutualFailureRequirementsAreReportedAndDoNotStallLaterSequences() {
        let stage = Stage()
        let log = Log()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(view)
        let a = TapGestureRecognizer { _ in log.add("a") }
        let b = TapGestureRecognizer { _ in log.add("b") }
        a.require(toFail: b)
        b.require(toFail: a)
        view.addGestureRecognizer(a)
        view.addGestureRecognizer(b)
        let reports = capturingDiagnostics { stage.fingers.tap(at: Point(10, 10)) }
        #expect(reports.count == 1 && reports[0].message.contains("circular"))
        #expect(log.entries.isEmpty && a.state == .possible && b.state == .possible)
        // Untie them: the next tap works.
        view.removeGestureRecognizer(b)
        stage.fingers.tap(at: Point(10, 10))
        #expect(log.entries == ["a"])
    }
}
