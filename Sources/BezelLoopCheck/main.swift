// bezel-loop-check: exercises MainLoop for real (epoll, timerfd, eventfd, signalfd, the
// dispatch main queue) in its own process, and prints one CHECK line per property, then
// "RESULT n passed, m failed". The test suite runs it; it exits non-zero on a failure.
import Bezel
import BezelLinux
#if canImport(Glibc)
import Glibc
#endif

/// What the loop's callbacks saw (main-actor state, shared safely with background tasks).
@MainActor
final class Recorder {
    private(set) var events: [String] = []
    /// Called after each event (the check waits for all of them).
    var onEvent: () -> Void = {}

    func record(_ event: String) {
        events.append(event)
        onEvent()
    }
}

@MainActor
func runChecks() -> Int32 {
    var passed = 0, failed = 0
    func check(_ name: String, _ ok: Bool, _ detail: String = "") {
        print("CHECK \(name) \(ok ? "pass" : "FAIL") \(detail)")
        if ok { passed += 1 } else { failed += 1 }
    }
    let app = Application(clock: MonotonicClock(), tracer: Tracer())
    let loop: MainLoop
    do { loop = try MainLoop(runLoop: app.runLoop) } catch {
        print("CHECK create FAIL \(error)")
        return 1
    }
    let mainThread = MainLoop.currentThreadID()
    let recorder = Recorder()

    // 1. Main-actor work from a background task runs on the loop's (main) thread.
    Task.detached {
        await MainActor.run {
            recorder.record(MainLoop.currentThreadID() == mainThread ? "task-on-main" : "task-off-main")
        }
    }
    // 2. A timer fires at its deadline, not before (how late is reported, not judged: a loaded
    //    host delays any process by hundreds of milliseconds).
    let start = app.clock.now
    var timerDelay = 0.0
    // 4 (set up by `startIdleWindowWhenDone`). Idle: once everything above has happened,
    //    nothing wakes the loop until the next timer (0.25 s later), which measures the
    //    wake-ups spent doing nothing and then raises SIGTERM. Started on conditions, not at
    //    fixed times, so a loaded host only makes the check slower.
    var idleWakeups = -1
    var idleWindowStarted = false
    var giveUp: TimerHandle?
    func startIdleWindowWhenDone() {
        let events = recorder.events
        let done = events.contains { $0.hasPrefix("task-") } && events.contains("timer") && events.contains("pipe")
        guard done, !idleWindowStarted else { return }
        idleWindowStarted = true
        giveUp?.cancel()
        let wakeupsBeforeIdle = loop.wakeups
        app.runLoop.schedule(after: 0.25) {
            idleWakeups = loop.wakeups - wakeupsBeforeIdle - 1
            // 5. SIGTERM ends the loop cleanly.
            kill(getpid(), SIGTERM)
        }
    }
    app.runLoop.schedule(after: 0.03) {
        timerDelay = app.clock.now - start
        recorder.record("timer")
    }
    // 3. A watched descriptor wakes the loop when another thread writes to it.
    var pipeFDs: [Int32] = [0, 0]
    _ = pipe(&pipeFDs)
    let writer = pipeFDs[1]
    let watch = try? loop.watch(pipeFDs[0]) {
        var byte: UInt8 = 0
        _ = read(pipeFDs[0], &byte, 1)
        recorder.record("pipe")
    }
    Task.detached {
        usleep(50_000)
        var byte: UInt8 = 7
        _ = write(writer, &byte, 1)
    }
    recorder.onEvent = startIdleWindowWhenDone
    // A loop that never sees one of them fails here rather than hanging (2 min: far beyond
    // any load this has met). Cancelled when the idle window starts, so it cannot wake it.
    giveUp = app.runLoop.schedule(after: 120) { kill(getpid(), SIGTERM) }
    do { try loop.run() } catch {
        check("run", false, "\(error)")
    }
    if let watch { loop.unwatch(watch) }
    let events = recorder.events
    check("main-actor-task-runs-on-the-loop-thread", events.contains("task-on-main"), "\(events)")
    check("timer-fires-at-its-deadline", events.contains("timer") && timerDelay >= 0.03,
          "delay \(Int(timerDelay * 1000)) ms")
    check("watched-descriptor-wakes-the-loop", events.contains("pipe"))
    check("no-wakeups-while-idle", idleWakeups == 0, "\(idleWakeups) wake-ups in 0.25 s of nothing")
    check("sigterm-stops-the-loop", loop.stoppedBySignal == SIGTERM)
    check("virtual-clock-refused", (try? MainLoop(runLoop: RunLoop(clock: VirtualClock()))) == nil)
    print("RESULT \(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
}

let code = MainActor.assumeIsolated { runChecks() }
exit(code)
