import Testing
@testable import Bezel

/// A custom recognizer written the way an app would: touches overrides that set `state`.
@MainActor
final class SwipeRightRecognizer: GestureRecognizer {
    private var start: Point?
    var resets = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        start = touches.first?.location(in: nil)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let start, let p = touches.first?.location(in: nil) else { return }
        if p.x - start.x > 50 { state = .recognized }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        start = nil
        resets += 1
    }
}

/// A recognizer that sets whatever state it is told to on touchesBegan.
@MainActor
final class ScriptedRecognizer: GestureRecognizer {
    var onBegan: [State] = []
    var onEnded: [State] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for s in onBegan { state = s }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for s in onEnded { state = s }
    }
}

@MainActor
@Suite struct RecognizerEngineTests {
    func stageWithView() -> (Stage, View) {
        let stage = Stage()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        stage.window.addSubview(view)
        return (stage, view)
    }

    @Test func customSubclassRecognizesAndIsResetBetweenSequences() {
        let (stage, view) = stageWithView()
        let log = Log()
        let swipe = SwipeRightRecognizer { r in log.add("swipe \(r.state)") }
        view.addGestureRecognizer(swipe)
        stage.fingers.drag(from: Point(10, 10), to: Point(110, 10), steps: 4)
        #expect(log.entries == ["swipe ended"])
        #expect(swipe.state == .possible && swipe.resets == 1)
        stage.fingers.drag(from: Point(100, 10), to: Point(90, 10), steps: 2)
        #expect(log.entries == ["swipe ended"], "a failed sequence sends nothing")
        #expect(swipe.state == .possible && swipe.resets == 2)
        stage.fingers.drag(from: Point(10, 10), to: Point(110, 10), steps: 4)
        #expect(log.entries == ["swipe ended", "swipe ended"], "works again after reset")
    }

    @Test func illegalTransitionsAreReportedAndIgnored() {
        let (stage, view) = stageWithView()
        let rec = ScriptedRecognizer()
        rec.onBegan = [.changed]
        view.addGestureRecognizer(rec)
        var reports = capturingDiagnostics { stage.fingers.down(at: Point(10, 10)) }
        #expect(reports.map(\.kind) == [.illegalStateTransition])
        #expect(reports.first?.message.contains("possible -> changed") == true)
        #expect(rec.state == .possible)
        stage.fingers.up()

        rec.onBegan = [.began, .began]
        reports = capturingDiagnostics { stage.fingers.down(at: Point(10, 10)) }
        // The first .began is held while the engine decides; the second refines nothing.
        #expect(rec.state == .began)
        rec.onEnded = [.ended, .changed]
        reports += capturingDiagnostics { stage.fingers.up() }
        #expect(reports.map(\.kind) == [.illegalStateTransition], "ended -> changed is illegal")
        #expect(rec.state == .possible, "reset after the sequence")

        let detached = ScriptedRecognizer()
        reports = capturingDiagnostics {
            detached.state = .possible
            detached.state = .failed
            detached.state = .began
        }
        #expect(reports.count == 2 && detached.state == .failed)
    }

    @Test func possibleToCancelledIsTreatedAsFailed() {
        let (stage, view) = stageWithView()
        let log = Log()
        let rec = ScriptedRecognizer { _ in log.add("action") }
        rec.onBegan = [.cancelled]
        view.addGestureRecognizer(rec)
        let reports = capturingDiagnostics { stage.fingers.down(at: Point(10, 10)) }
        #expect(reports.isEmpty && rec.state == .failed && log.entries.isEmpty)
    }

    @Test func oneTouchObjectPerFingerAndStationaryFingersInEachReport() {
        let stage = Stage()
        final class Recorder: View {
            var seen: [(Touch, Touch.Phase, Int, [Touch.Phase])] = []
            var events: [Event] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(touches, event) }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(touches, event) }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(touches, event) }
            func record(_ touches: Set<Touch>, _ event: Event?) {
                for t in touches {
                    seen.append((t, t.phase, event?.allTouches.count ?? 0, event!.touchList.map(\.phase)))
                }
                events.append(event!)
            }
        }
        let view = Recorder(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        stage.window.addSubview(view)
        stage.fingers.down(1, at: Point(10, 10))
        stage.fingers.down(2, at: Point(100, 100))
        stage.fingers.move(1, to: Point(20, 20))
        stage.fingers.up(2)
        stage.fingers.up(1)
        let one = view.seen.filter { $0.0.identifier == 1 }
        #expect(one.count == 3 && one.allSatisfy { $0.0 === one[0].0 }, "the same Touch object for finger 1 throughout")
        #expect(one.map(\.1) == [.began, .moved, .ended])
        #expect(view.seen[1].3 == [.stationary, .began], "finger 1 is stationary while finger 2 lands")
        #expect(view.seen[2].3 == [.moved, .stationary])
        #expect(view.events.allSatisfy { $0 === view.events[0] }, "one Event object for the whole sequence")
        stage.fingers.tap(at: Point(10, 10))
        // UIKit reuses its one touches event for every sequence (the spec asks the same object
        // within a sequence, and says nothing more); a new sequence brings new Touch objects.
        #expect(view.events.last === view.events[0], "the event object is reused for the next sequence")
        #expect(view.seen.last.map { $0.0 !== one[0].0 } == true, "a new sequence has new touches")
        #expect(view.events[0].allTouches.isEmpty, "the reused event keeps no touch of a finished sequence")
    }

    @Test func tapCountCountsQuickNearbyTaps() {
        let stage = Stage()
        final class Counter: View {
            var counts: [Int] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { counts.append(touches.first!.tapCount) }
        }
        let view = Counter(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        stage.window.addSubview(view)
        stage.fingers.tap(at: Point(100, 100))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(105, 100))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(100, 104))
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(100, 100))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(300, 300))
        #expect(view.counts == [1, 2, 3, 1, 1])
    }

    @Test func malformedInputIsReportedAndDropped() {
        let stage = Stage()
        let log = Log()
        stage.window.addSubview(LoggingView("view", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log))
        let reports = capturingDiagnostics {
            stage.fingers.move(7, to: Point(10, 10))
            stage.fingers.up(7)
            stage.fingers.down(1, at: Point(.nan, 10))
            stage.fingers.frame([TouchReport(finger: 3, kind: .down, location: nil)])
        }
        // Once per cause: finger 7's move is reported, its lift (the rest of the same finger)
        // is absorbed; then the non-finite location and the down without one.
        #expect(reports.count == 3 && reports.allSatisfy { $0.kind == .malformedInput }, "\(reports)")
        #expect(log.entries.isEmpty)
        // A down and an up for the same finger in one frame still make a tap.
        stage.fingers.frame([.down(4, at: Point(20, 20)), .up(4)])
        #expect(log.entries == ["view touchesBegan", "view touchesEnded"])
        // A second down for a finger that is down is a move.
        log.clear()
        let more = capturingDiagnostics {
            stage.fingers.down(5, at: Point(20, 20))
            stage.fingers.down(5, at: Point(30, 20))
            stage.fingers.up(5)
        }
        #expect(more.count == 1)
        #expect(log.entries == ["view touchesBegan", "view touchesMoved", "view touchesEnded"])
    }

    @Test func longPressBeginsAtItsMinimumDurationAndFailsOnMovement() {
        let (stage, view) = stageWithView()
        let log = Log()
        let press = LongPressGestureRecognizer { r in log.add("\(r.state)") }
        press.minimumPressDuration = 0.8
        view.addGestureRecognizer(press)
        stage.fingers.down(at: Point(100, 100))
        stage.fingers.wait(0.799)
        #expect(log.entries.isEmpty)
        stage.fingers.wait(0.002)
        #expect(log.entries == ["began"])
        stage.fingers.up()
        #expect(log.entries == ["began", "ended"])

        log.clear()
        stage.fingers.down(at: Point(100, 100))
        stage.fingers.wait(0.3)
        stage.fingers.move(to: Point(111, 100))
        stage.fingers.wait(1)
        stage.fingers.up()
        #expect(log.entries.isEmpty, "moved 11 pt > allowableMovement 10 pt: failed")

        log.clear()
        stage.fingers.down(at: Point(100, 100))
        stage.fingers.wait(0.3)
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty, "lifted too early")
    }

    @Test func twoFingerLongPressNeedsBothFingers() {
        let (stage, view) = stageWithView()
        view.isMultipleTouchEnabled = true
        let log = Log()
        let press = LongPressGestureRecognizer { r in log.add("\(r.state)") }
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(press)
        stage.fingers.down(1, at: Point(100, 100))
        stage.fingers.wait(0.6)
        #expect(log.entries.isEmpty)
        stage.fingers.down(2, at: Point(150, 100))
        stage.fingers.wait(0.6)
        #expect(log.entries == ["began"])
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == ["began", "ended"])
    }

    @Test func tapFailsOnMovementOnLongHoldAndOnTooManyFingers() {
        let (stage, view) = stageWithView()
        view.isMultipleTouchEnabled = true
        let log = Log()
        let tap = TapGestureRecognizer { _ in log.add("tap") }
        view.addGestureRecognizer(tap)
        stage.fingers.drag(from: Point(100, 100), to: Point(115, 100), steps: 3)
        stage.fingers.tap(at: Point(100, 100), hold: 2.0)
        stage.fingers.down(1, at: Point(100, 100))
        stage.fingers.down(2, at: Point(200, 100))
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries.isEmpty)
        stage.fingers.tap(at: Point(100, 100))
        #expect(log.entries == ["tap"])

        let twoFinger = TapGestureRecognizer { _ in log.add("two-finger tap") }
        twoFinger.numberOfTouchesRequired = 2
        view.removeGestureRecognizer(tap)
        view.addGestureRecognizer(twoFinger)
        stage.fingers.frame([.down(1, at: Point(100, 100)), .down(2, at: Point(160, 100))])
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == ["tap", "two-finger tap"])
    }

    @Test func tripleTapAndTheGapBetweenTaps() {
        let (stage, view) = stageWithView()
        let log = Log()
        let triple = TapGestureRecognizer { _ in log.add("triple") }
        triple.numberOfTapsRequired = 3
        view.addGestureRecognizer(triple)
        for _ in 0..<3 {
            stage.fingers.tap(at: Point(100, 100))
            stage.fingers.wait(0.2)
        }
        #expect(log.entries == ["triple"])
        for _ in 0..<3 {
            stage.fingers.tap(at: Point(100, 100))
            stage.fingers.wait(0.5)
        }
        #expect(log.entries == ["triple"], "0.5 s gaps exceed 0.35 s")
        stage.fingers.tap(at: Point(100, 100))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(200, 100))
        stage.fingers.wait(0.1)
        stage.fingers.tap(at: Point(200, 100))
        #expect(log.entries == ["triple"], "the second tap landed 100 pt away")
    }

    @Test func panTranslationAndVelocity() {
        let (stage, view) = stageWithView()
        var translations: [Point] = []
        var velocities: [Point] = []
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { r in
            let p = r as! PanGestureRecognizer
            states.append(p.state)
            translations.append(p.translation(in: view))
            velocities.append(p.velocity(in: view))
        }
        view.addGestureRecognizer(pan)
        // 100 pt to the right in 0.1 s: 1000 pt/s.
        stage.fingers.drag(from: Point(50, 50), to: Point(150, 50), steps: 10, duration: 0.1, lift: false)
        #expect(states.first == .began && states.last == .changed)
        #expect(translations.last == Point(100, 0))
        #expect(abs(velocities.last!.x - 1000) < 1 && abs(velocities.last!.y) < 1e-6)
        // setTranslation rebases.
        pan.setTranslation(.zero, in: view)
        stage.fingers.move(to: Point(160, 55))
        #expect(translations.last == Point(10, 5))
        // A finger that rests before lifting has no velocity.
        stage.fingers.wait(0.2)
        stage.fingers.up()
        #expect(states.last == .ended)
        #expect(velocities.last == .zero)
    }

    @Test func panTranslationDoesNotJumpWhenASecondFingerLands() {
        let (stage, view) = stageWithView()
        view.isMultipleTouchEnabled = true
        var translations: [Point] = []
        let pan = PanGestureRecognizer { r in translations.append((r as! PanGestureRecognizer).translation(in: nil)) }
        view.addGestureRecognizer(pan)
        stage.fingers.drag(1, from: Point(50, 50), to: Point(80, 50), steps: 3, lift: false)
        #expect(translations.last == Point(30, 0))
        stage.fingers.down(2, at: Point(300, 300))
        stage.fingers.move(1, to: Point(90, 50))
        // The centroid moved 5 pt (one of two fingers moved 10): translation 35, not a jump.
        #expect(translations.last == Point(35, 0))
    }

    @Test func panMinimumTouchesAndMaximumTouches() {
        let (stage, view) = stageWithView()
        view.isMultipleTouchEnabled = true
        let log = Log()
        let pan = PanGestureRecognizer { r in log.add("\(r.state) \(r.numberOfTouches)") }
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        stage.fingers.drag(from: Point(50, 50), to: Point(150, 50), steps: 5)
        #expect(log.entries.isEmpty, "one finger is not enough")
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(100, 50)), .down(3, at: Point(150, 50))])
        #expect(pan.numberOfTouches == 2, "the third finger is ignored")
        stage.fingers.frame([.move(1, to: Point(50, 80)), .move(2, to: Point(100, 80))])
        #expect(log.entries == ["began 2"])
        stage.fingers.frame([.up(1), .up(2), .up(3)])
        #expect(log.entries == ["began 2", "ended 0"])
    }

    @Test func delegateShouldReceiveKeepsTouchesAwayForGood() {
        let (stage, view) = stageWithView()
        let log = Log()
        let delegate = TestDelegate()
        delegate.receives = false
        let tap = LoggingTap { _ in log.add("tap") }
        tap.log = log
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        withExtendedLifetime(delegate) { stage.fingers.tap(at: Point(10, 10)) }
        #expect(log.entries.isEmpty)
    }

    @Test func delegateShouldBeginFalseFailsTheRecognizerAndReleasesTheView() {
        let stage = Stage()
        let log = Log()
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        stage.window.addSubview(view)
        let delegate = TestDelegate()
        delegate.shouldBegin = false
        let tap = TapGestureRecognizer { _ in log.add("tap") }
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        withExtendedLifetime(delegate) { stage.fingers.tap(at: Point(10, 10)) }
        #expect(log.entries == ["view touchesBegan", "view touchesEnded"])
    }

    final class Unpreventable: TapGestureRecognizer {
        override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
    }

    @Test func canBePreventedFalseSurvivesAnotherRecognition() {
        let (stage, view) = stageWithView()
        let log = Log()
        let press = LongPressGestureRecognizer { r in log.add("press \(r.state)") }
        press.minimumPressDuration = 0.1
        let tap = Unpreventable { _ in log.add("tap") }
        tap.maximumTapDuration = 5
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(tap)
        stage.fingers.tap(at: Point(10, 10), hold: 0.3)
        #expect(log.entries == ["press began", "press ended", "tap"])
    }
}
