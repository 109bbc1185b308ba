import Testing
@testable import Bezel

/// Issue 33: Foundation's `Timer` on Bezel's run loop, on the virtual clock: once, repeating
/// on its schedule (missed dates skipped), invalidated from its block, `fire()`, misuse.
@MainActor
@Suite struct TimerTests {
    @Test func aRepeatingTimerKeepsItsScheduleUntilInvalidated() {
        let clock = VirtualClock()
        let runLoop = RunLoop(clock: clock)
        var fired: [TimeInterval] = []
        let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true, on: runLoop) { timer in
            fired.append(clock.now)
            if fired.count == 4 { timer.invalidate() }
        }
        #expect(timer.isValid && timer.fireDate == 1)
        runLoop.advance(by: 2.5)
        #expect(fired == [1, 2] && timer.fireDate == 3)
        // The main thread busy for 2.7 s past a fire date: it fires once, late, and the next
        // date stays on the grid (4 and 5 skipped; the next is 6).
        clock.set(5.7)
        runLoop.fireDueTimers()
        #expect(fired == [1, 2, 5.7] && timer.fireDate == 6)
        runLoop.advance(by: 10)
        #expect(fired == [1, 2, 5.7, 6] && !timer.isValid && runLoop.pendingTimerCount == 0, "invalidated in its fourth block")
    }

    @Test func aOneShotTimerFiresOnceAndFireRunsItNow() {
        let clock = VirtualClock()
        let runLoop = RunLoop(clock: clock)
        var log: [String] = []
        let once = Timer(timeInterval: 0.5, repeats: false) { _ in log.append("once at \(clock.now)") }
        #expect(once.fireDate == nil, "not scheduled until added")
        runLoop.add(once)
        runLoop.advance(by: 1)
        #expect(log == ["once at 0.5"] && !once.isValid && runLoop.pendingTimerCount == 0)
        // fire(): a repeating timer runs now and keeps its schedule.
        let repeating = Timer.scheduledTimer(withTimeInterval: 1, repeats: true, on: runLoop) { _ in log.append("tick at \(clock.now)") }
        repeating.fire()
        runLoop.advance(by: 1)
        #expect(log == ["once at 0.5", "tick at 1.0", "tick at 2.0"])
        repeating.invalidate()
        repeating.fire()
        #expect(log.count == 3, "an invalid timer does not fire")
    }

    @Test func misuseIsRefusedAndAZeroIntervalCannotSpin() {
        let clock = VirtualClock()
        let runLoop = RunLoop(clock: clock)
        var count = 0
        let spin = Timer.scheduledTimer(withTimeInterval: 0, repeats: true, on: runLoop) { _ in count += 1 }
        #expect(spin.timeInterval == Timer.minimumInterval)
        runLoop.advance(by: 0.00105)
        #expect(count == 10, "every 0.1 ms, no faster")
        spin.invalidate()
        let reports = capturingDiagnostics {
            runLoop.add(spin)  // invalidated: refused
            let twice = Timer(timeInterval: .nan, repeats: false) { _ in }
            runLoop.add(twice)
            runLoop.add(twice)  // already scheduled: refused
        }
        #expect(reports.count == 2 && runLoop.pendingTimerCount == 1)
    }

    @Test func scheduledTimerUsesTheApplicationsRunLoop() {
        let stage = Stage()
        #expect(RunLoop.main != nil)
        var fired = false
        let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false, on: stage.app.runLoop) { _ in fired = true }
        stage.fingers.wait(1.5)
        #expect(fired && !timer.isValid)
    }
}
