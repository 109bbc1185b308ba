#if canImport(Glibc)
import Glibc
#endif

/// Runs a long command (a QEMU guest's script, the simulator under Xvfb) on a thread of its
/// own and waits for it without holding the caller's actor. The suites that boot guests are
/// `@MainActor`, as are most UI suites: a guest's run made with `runCommand` blocked the main
/// actor for its minutes, so every UI test waited behind the guest. At most `GuestSlots.limit`
/// run at once.
func runGuest(_ command: String) async -> (output: String, status: Int32) {
    await GuestSlots.shared.acquire()
    let start = secondsNow()
    let result = await runOnThreadOfItsOwn(command)
    await GuestSlots.shared.release()
    // Where CI's minutes go: each guest's own time, apart from its wait for a slot.
    let words = command.split(separator: " ")
    let script = words.first { $0.hasSuffix(".sh") }.map { String($0.split(separator: "/").last!) } ?? command
    print("GUEST-TIME \(script) \(words.last.map(String.init) ?? "") \(Int((secondsNow() - start).rounded())) s")
    return result
}

/// CLOCK_MONOTONIC in seconds, for the tests' waits in real time (`MonotonicClock` is the main
/// actor's; this runs anywhere).
func secondsNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The guests allowed to run at once, and those waiting for a turn (first come, first served).
actor GuestSlots {
    static let shared = GuestSlots()
    /// One: guests emulate their CPUs and this machine has two cores, so guests at once only
    /// slow each other (measured on a quiet host, the whole test run: three at once 1,767 s,
    /// 1.8 cores busy throughout, against 1,394 s when they ran one at a time) and stretch the waits their
    /// checks scale by the slowdown they measure. The UI suites use the other core meanwhile.
    static let limit = 1
    private var free = limit
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// `runCommand` on a new thread (not one of the concurrency pool's few: a wait of minutes
/// there would hold up the tests the pool runs).
private func runOnThreadOfItsOwn(_ command: String) async -> (output: String, status: Int32) {
    await withCheckedContinuation { continuation in
        let job = CommandJob(command: command, continuation: continuation)
        let handed = Unmanaged.passRetained(job)
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { raw in
            let job = Unmanaged<CommandJob>.fromOpaque(raw!).takeRetainedValue()
            job.continuation.resume(returning: runCommand(job.command))
            return nil
        }, handed.toOpaque())
        if created == 0 {
            pthread_detach(thread)
        } else {
            handed.release()
            continuation.resume(returning: ("could not start a thread for: \(command) (error \(created))", -1))
        }
    }
}

private final class CommandJob: Sendable {
    let command: String
    let continuation: CheckedContinuation<(output: String, status: Int32), Never>
    init(command: String, continuation: CheckedContinuation<(output: String, status: Int32), Never>) {
        self.command = command
        self.continuation = continuation
    }
}
