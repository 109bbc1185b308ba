import Testing
@testable import Bezel

/// Issue 17 item 2: a gesture recognizer's timeouts are timers made once (`RunLoop.makeTimer`)
/// and started again for each touch, not a new timer and closure per touch.
@MainActor
@Suite struct ReusableTimerTests {
    @Test func aReusableTimerRunsEachTimeItIsStartedAndARestartMovesIt() {
        let clock = VirtualClock()
        let runLoop = RunLoop(clock: clock)
        var fired: [TimeInterval] = []
        let timer = RunLoop.makeTimer { fired.append(clock.now) }
        #expect(!timer.isScheduled, "made, not started")
        runLoop.start(timer, after: 0.1)
        #expect(timer.isScheduled && runLoop.pendingTimerCount == 1)
        runLoop.advance(by: 0.2)
        #expect(fired == [0.1] && !timer.isScheduled)
        // Started again: it runs again. Restarted before it is due: only the later deadline.
        runLoop.start(timer, after: 0.1)
        runLoop.advance(by: 0.05)
        runLoop.start(timer, after: 0.3)
        #expect(runLoop.pendingTimerCount == 1, "a restart does not queue it twice")
        runLoop.advance(by: 1)
        #expect(fired == [0.1, 0.55])
        // Cancelled: it does not run, and it can still be started afterwards.
        runLoop.start(timer, after: 0.1)
        timer.cancel()
        runLoop.advance(by: 1)
        #expect(fired == [0.1, 0.55] && runLoop.pendingTimerCount == 0)
        runLoop.start(timer, after: 0)
        runLoop.advance(by: 0)
        #expect(fired == [0.1, 0.55, 2.25])
    }

    @Test func aOneShotTimerThatFiredCannotBeStartedAgain() {
        let runLoop = RunLoop(clock: VirtualClock())
        var count = 0
        let once = runLoop.schedule(after: 0.1) { count += 1 }
        runLoop.advance(by: 1)
        let reports = capturingDiagnostics { runLoop.start(once, after: 0.1) }
        runLoop.advance(by: 1)
        #expect(count == 1 && !once.isScheduled && runLoop.pendingTimerCount == 0)
        #expect(reports.map(\.kind) == [.apiMisuse])
    }

    @Test func aTapRecognizerTimesOutOnEveryTapWithItsOneTimer() {
        let stage = Stage()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(view)
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        view.addGestureRecognizer(tap)
        for round in 1...3 {
            // Held past maximumTapDuration (1.5 s): the timer fails it, each time.
            stage.fingers.down(at: Point(50, 50))
            #expect(stage.app.runLoop.pendingTimerCount == 1, "round \(round): one timer pending")
            stage.fingers.wait(1.6)
            #expect(tap.state == .failed, "round \(round)")
            stage.fingers.up()
            // A quick tap after it: recognized, and its timer is cancelled with the sequence.
            stage.fingers.tap(at: Point(50, 50))
            #expect(taps == round && stage.app.runLoop.pendingTimerCount == 0, "round \(round)")
            stage.fingers.wait(1)
        }
    }

    @Test func aRecognizerRemovedWithItsTimerPendingLeavesNoTimerBehind() {
        let stage = Stage()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(view)
        var states: [GestureRecognizer.State] = []
        do {
            let press = LongPressGestureRecognizer { states.append($0.state) }
            view.addGestureRecognizer(press)
            stage.fingers.down(at: Point(50, 50))
            #expect(stage.app.runLoop.pendingTimerCount == 1)
            view.removeGestureRecognizer(press)
        }
        #expect(stage.app.runLoop.pendingTimerCount == 0)
        stage.fingers.wait(1)
        stage.fingers.up()
        #expect(states.isEmpty, "the press never began")
    }
}
