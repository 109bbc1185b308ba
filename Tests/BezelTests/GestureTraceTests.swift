import Testing
@testable import Bezel

/// Conformance traces T1-T8 and T16-T18 of spec §7: recognizers against views.
@MainActor
@Suite struct GestureTraceTests {
    /// Seed 001's hierarchy: root > [gray > [red, green], yellow].
    @MainActor struct Seed001 {
        let stage = Stage(trace: .hittest)
        let log = Log()
        let root: LoggingView
        let gray: LoggingView
        let red: LoggingView
        let green: LoggingView
        let yellow: LoggingView

        init(grayType: LoggingView.Type = LoggingView.self) {
            root = LoggingView("root", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log)
            gray = grayType.init("gray", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
            red = LoggingView("red", frame: Rect(x: 0, y: 0, width: 196, height: 100), log: log)
            green = LoggingView("green", frame: Rect(x: 0, y: 150, width: 196, height: 100), log: log)
            yellow = LoggingView("yellow", frame: Rect(x: 0, y: 400, width: 300, height: 300), log: log)
            stage.window.addSubview(root)
            root.addSubview(gray)
            gray.addSubview(red)
            gray.addSubview(green)
            root.addSubview(yellow)
        }

        func tapAction(_ name: String = "tap action") -> @MainActor (GestureRecognizer) -> Void {
            { [log] _ in log.add(name) }
        }
    }

    @Test func t1_tapOnAncestorCancelsTheViewsTouchesAfterItsAction() {
        let s = Seed001()
        s.gray.addGestureRecognizer(TapGestureRecognizer(handler: s.tapAction()))
        s.stage.fingers.tap(at: Point(50, 50))
        #expect(s.log.entries == [
            "red touchesBegan", "gray touchesBegan", "root touchesBegan",
            "tap action",
            "red touchesCancelled", "gray touchesCancelled", "root touchesCancelled",
        ])
        // Seed 001's trace of the hit-test calls, in order (the window and root answer around them).
        let views: Set = ["yellow", "gray", "red", "green"]
        let hits = s.stage.lines.messages(.hittest).filter { views.contains(String($0.split(separator: " ")[0])) }
        #expect(hits == [
            "yellow pointInside 0", "yellow hit nil", "gray pointInside 1", "green pointInside 0",
            "green hit nil", "red pointInside 1", "red hit red", "gray hit red",
        ])
    }

    @Test func t2_loggingTapAsksShouldBeginAfterTouchesEnded() {
        let s = Seed001()
        let rec = LoggingTap(handler: s.tapAction())
        rec.log = s.log
        let delegate = TestDelegate()
        delegate.log = s.log
        rec.delegate = delegate
        s.gray.addGestureRecognizer(rec)
        s.stage.fingers.tap(at: Point(50, 50))
        #expect(s.log.entries == [
            "rec touchesBegan", "red touchesBegan", "gray touchesBegan", "root touchesBegan",
            "rec touchesEnded", "shouldBegin", "tap action",
            "red touchesCancelled", "gray touchesCancelled", "root touchesCancelled",
        ])
    }

    final class RefusingView: LoggingView {
        override func point(inside point: Point, with event: Event?) -> Bool { false }
    }

    @Test func t3_viewThatCannotBeHitNeverFeedsItsRecognizer() {
        let s = Seed001(grayType: RefusingView.self)
        let rec = LoggingTap(handler: s.tapAction())
        rec.log = s.log
        s.gray.addGestureRecognizer(rec)
        s.stage.fingers.tap(at: Point(50, 50))
        s.stage.fingers.wait(1)
        #expect(s.log.entries == ["root touchesBegan", "root touchesEnded"])
        #expect(!s.log.entries.contains("tap action"))
        #expect(!s.log.entries.contains("rec touchesBegan"))
    }

    /// Seed 003's yellow view in a controller's view, with a logging recognizer.
    @MainActor struct Seed003 {
        let stage = Stage()
        let log = Log()
        let yellow: LoggingView

        init() {
            yellow = LoggingView("yellow", frame: Rect(x: 50, y: 50, width: 300, height: 300), log: log)
            stage.window.addSubview(yellow)
        }

        func loggingTap() -> LoggingTap {
            let rec = LoggingTap { [log] _ in log.add("tap action") }
            rec.log = log
            yellow.addGestureRecognizer(rec)
            return rec
        }

        func loggingPan() -> LoggingPan {
            let rec = LoggingPan { [log] r in log.add("pan action (\(r.state))") }
            rec.log = log
            yellow.addGestureRecognizer(rec)
            return rec
        }

        /// Drags across yellow in 3 pt steps: the pan (10 pt hysteresis) begins on the 4th move.
        func drag(moves: Int) {
            stage.fingers.drag(from: Point(100, 100), to: Point(100 + 3 * Double(moves), 100), steps: moves)
        }
    }

    @Test func t4_tapOnTheViewItself() {
        let s = Seed003()
        _ = s.loggingTap()
        s.stage.fingers.tap(at: Point(100, 100))
        #expect(s.log.entries == [
            "rec touchesBegan", "yellow touchesBegan", "rec touchesEnded", "tap action", "yellow touchesCancelled",
        ])
    }

    @Test func t5_panCancelsTheViewWhenItBegins() {
        let s = Seed003()
        _ = s.loggingPan()
        s.drag(moves: 8)
        var expected = ["rec touchesBegan", "yellow touchesBegan"]
        for _ in 0..<3 { expected += ["rec touchesMoved", "yellow touchesMoved"] }
        expected += ["rec touchesMoved", "pan action (began)", "yellow touchesCancelled"]
        for _ in 0..<4 { expected += ["rec touchesMoved", "pan action (changed)"] }
        expected += ["rec touchesEnded", "pan action (ended)"]
        #expect(s.log.entries == expected)
    }

    @Test func t6_tapThatDoesNotCancelTouchesInView() {
        let s = Seed003()
        s.loggingTap().cancelsTouchesInView = false
        s.stage.fingers.tap(at: Point(100, 100))
        #expect(s.log.entries == [
            "rec touchesBegan", "yellow touchesBegan", "rec touchesEnded", "tap action", "yellow touchesEnded",
        ])
    }

    @Test func t7_panThatDelaysTouchesBeganHidesEverythingFromTheView() {
        let s = Seed003()
        s.loggingPan().delaysTouchesBegan = true
        s.drag(moves: 8)
        var expected = ["rec touchesBegan"]
        for _ in 0..<3 { expected += ["rec touchesMoved"] }
        expected += ["rec touchesMoved", "pan action (began)"]
        for _ in 0..<4 { expected += ["rec touchesMoved", "pan action (changed)"] }
        expected += ["rec touchesEnded", "pan action (ended)"]
        #expect(s.log.entries == expected)
        #expect(!s.log.entries.contains { $0.hasPrefix("yellow") })
    }

    @Test func t7b_delayedBeganIsReleasedWhenThePanFails() {
        let s = Seed003()
        s.loggingPan().delaysTouchesBegan = true
        s.stage.fingers.down(at: Point(100, 100))
        s.stage.fingers.move(to: Point(103, 100))
        #expect(s.log.entries == ["rec touchesBegan", "rec touchesMoved"])
        s.stage.fingers.up()
        #expect(s.log.entries == [
            "rec touchesBegan", "rec touchesMoved", "rec touchesEnded",
            "yellow touchesBegan", "yellow touchesEnded",
        ])
    }

    @Test func t8_doubleTapRecognizerWithholdsTouchesEndedUntilItFails() {
        let s = Seed003()
        let double = TapGestureRecognizer { [log = s.log] _ in log.add("double action") }
        double.numberOfTapsRequired = 2
        s.yellow.addGestureRecognizer(double)
        s.stage.fingers.tap(at: Point(100, 100))
        #expect(s.log.entries == ["yellow touchesBegan"], "touchesEnded is withheld while the double tap may still come")
        s.stage.fingers.wait(0.3)
        #expect(s.log.entries == ["yellow touchesBegan"])
        s.stage.fingers.wait(0.1)
        #expect(double.state == .possible, "failed by its timeout, then reset")
        #expect(s.log.entries == ["yellow touchesBegan"], "UIKit waits ~0.15 s more when the failure was decided by time")
        s.stage.fingers.wait(0.2)
        #expect(s.log.entries == ["yellow touchesBegan", "yellow touchesEnded"])
    }

    @Test func t8_withoutDelaysTouchesEndedTheViewGetsItAtOnce() {
        let s = Seed003()
        let double = TapGestureRecognizer { [log = s.log] _ in log.add("double action") }
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        s.yellow.addGestureRecognizer(double)
        s.stage.fingers.tap(at: Point(100, 100))
        #expect(s.log.entries == ["yellow touchesBegan", "yellow touchesEnded"])
    }

    /// Seed 000: single and double tap on red.
    func singleAndDouble(_ configure: (TapGestureRecognizer, TapGestureRecognizer, TestDelegate) -> Void) -> (Stage, Log, TestDelegate) {
        let stage = Stage()
        let log = Log()
        let red = View(name: "red", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(red)
        let single = TapGestureRecognizer { _ in log.add("single action") }
        let double = TapGestureRecognizer { _ in log.add("double action") }
        double.numberOfTapsRequired = 2
        red.addGestureRecognizer(single)
        red.addGestureRecognizer(double)
        let delegate = TestDelegate()
        configure(single, double, delegate)
        return (stage, log, delegate)
    }

    func doubleTap(_ stage: Stage) {
        stage.fingers.tap(at: Point(50, 50))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(52, 51))
    }

    @Test func t16_singleRequiresDoubleToFail() {
        let (stage, log, _) = singleAndDouble { single, double, _ in single.require(toFail: double) }
        doubleTap(stage)
        stage.fingers.wait(1)
        #expect(log.entries == ["double action"])

        log.clear()
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries.isEmpty, "the single tap waits for the double tap to fail")
        stage.fingers.wait(0.2)
        #expect(log.entries.isEmpty)
        stage.fingers.wait(0.2)
        #expect(log.entries == ["single action"], "after the double tap's 0.35 s timeout")
        stage.fingers.wait(1)
        #expect(log.entries == ["single action"])
    }

    @Test func t16_requirementThroughTheDelegateWorksTheSame() {
        let (stage, log, delegate) = singleAndDouble { single, double, delegate in
            delegate.requireFailureOf = [ObjectIdentifier(double)]
            single.delegate = delegate
        }
        withExtendedLifetime(delegate) {
            doubleTap(stage)
            stage.fingers.wait(1)
        }
        #expect(log.entries == ["double action"])
    }

    @Test func t17_simultaneousWithoutRequirementFiresBoth() {
        let (stage, log, delegate) = singleAndDouble { single, _, delegate in
            delegate.simultaneous = true
            single.delegate = delegate
        }
        withExtendedLifetime(delegate) {
            doubleTap(stage)
            stage.fingers.wait(1)
        }
        #expect(log.entries == ["single action", "double action"])
    }

    @Test func t17_withoutSimultaneityTheSingleTapWinsAlone() {
        let (stage, log, _) = singleAndDouble { _, _, _ in }
        doubleTap(stage)
        stage.fingers.wait(1)
        // The single tap recognizes first and forces the double tap to fail; the second tap
        // lands after the sequence has reset and is a single tap again.
        #expect(log.entries == ["single action", "single action"])
    }

    @Test func t18_longPressBeatsTapAndReportsChanges() {
        let stage = Stage()
        let log = Log()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        stage.window.addSubview(view)
        let tap = TapGestureRecognizer { _ in log.add("tap action") }
        let press = LongPressGestureRecognizer { r in log.add("long press \(r.state)") }
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        stage.fingers.down(at: Point(100, 100))
        stage.fingers.wait(0.49)
        #expect(log.entries.isEmpty)
        #expect(tap.state == .possible)
        stage.fingers.wait(0.02)
        #expect(log.entries == ["long press began"])
        #expect(tap.state == .failed)
        stage.fingers.move(to: Point(150, 120))
        #expect(log.entries == ["long press began", "long press changed"])
        stage.fingers.up()
        #expect(log.entries == ["long press began", "long press changed", "long press ended"])
        #expect(tap.state == .possible && press.state == .possible, "reset after the sequence")
    }
}
