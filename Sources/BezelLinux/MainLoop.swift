import Bezel
import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// The process's event loop, on the main thread (design.md §1): one epoll over the input and
/// display descriptors the backends register, a timerfd armed at the run loop's next
/// deadline, an eventfd other threads use to wake it, a signalfd for SIGINT/SIGTERM, and
/// libdispatch's main-queue handle, drained here, so `Task { @MainActor in ... }` and
/// `DispatchQueue.main` work run on this same thread (the hook swift-corelibs-foundation's
/// RunLoop uses; measured ~5-7 us wake-up latency, against ~11-15 us for a DispatchSource).
///
/// With nothing to do it sleeps in epoll_wait with no timeout: no periodic wake-ups.
@MainActor
public final class MainLoop {
    /// The calling thread's kernel id (the main thread's equals the process id).
    public nonisolated static func currentThreadID() -> Int32 { bezel_thread_id() }

    public struct LoopError: Error, CustomStringConvertible {
        public let description: String
        init(_ what: String) { description = "\(what): \(String(cString: strerror(bezel_errno())))" }
        init(message: String) { description = message }
    }

    /// Wakes the loop from any thread (an input thread, a `Task.detached`).
    public struct Waker: Sendable {
        let fd: Int32
        public func wake() { _ = bezel_wake(fd) }
    }

    /// A registered descriptor; pass it to `unwatch`.
    public struct Watch: Hashable, Sendable {
        let token: UInt64
        let fd: Int32
    }

    public let runLoop: RunLoop
    public nonisolated let waker: Waker
    /// Wake-ups so far (each return from epoll_wait): a kiosk at rest should not add any.
    public private(set) var wakeups = 0
    /// The signal that stopped the loop, if one did.
    public private(set) var stoppedBySignal: Int32?

    private let epoll: Int32
    private let timerFD: Int32
    private let signalFD: Int32
    private let dispatchFD: Int32
    private var handlers: [UInt64: @MainActor () -> Void] = [:]
    private var nextToken: UInt64 = 100
    private var running = false
    /// Runs after each wake-up's events and timers, before the loop sleeps again (CFRunLoop's
    /// beforeWaiting): where the runtime renders the frame the events produced.
    public var beforeWaiting: (@MainActor () -> Void)?

    private static let wakeToken: UInt64 = 1, timerToken: UInt64 = 2, dispatchToken: UInt64 = 3, signalToken: UInt64 = 4

    /// - Parameter runLoop: the application's timers; its clock must be a `MonotonicClock`
    ///   (the timerfd counts on CLOCK_MONOTONIC).
    public init(runLoop: RunLoop) throws(LoopError) {
        guard runLoop.clock is MonotonicClock else {
            throw LoopError(message: "MainLoop needs a run loop on MonotonicClock (virtual time is driven by tests, not by a kernel loop)")
        }
        self.runLoop = runLoop
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw LoopError("epoll_create1") }
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        signalFD = bezel_signalfd_for_termination()
        dispatchFD = _dispatch_get_main_queue_handle_4CF()
        guard wake >= 0, timerFD >= 0, signalFD >= 0 else {
            let error = LoopError("creating the loop's eventfd, timerfd or signalfd")
            for fd in [wake, timerFD, signalFD, epoll] where fd >= 0 { close(fd) }
            throw error
        }
        waker = Waker(fd: wake)
        for (fd, token) in [(wake, Self.wakeToken), (timerFD, Self.timerToken), (signalFD, Self.signalToken),
                            (dispatchFD, Self.dispatchToken)] where fd >= 0 {
            guard bezel_epoll_add(epoll, fd, token) == 0 else { throw LoopError("epoll_ctl(ADD, \(fd))") }
        }
    }

    isolated deinit {
        for fd in [waker.fd, timerFD, signalFD, epoll] where fd >= 0 { close(fd) }
    }

    /// Calls `handler` on the main thread whenever `fd` is readable (the backend reads it).
    @discardableResult
    public func watch(_ fd: Int32, handler: @escaping @MainActor () -> Void) throws(LoopError) -> Watch {
        nextToken += 1
        guard bezel_epoll_add(epoll, fd, nextToken) == 0 else { throw LoopError("watching descriptor \(fd)") }
        handlers[nextToken] = handler
        return Watch(token: nextToken, fd: fd)
    }

    /// Whether `watch`'s handler is also called when its descriptor is writable: on while a
    /// connection has bytes waiting to go out, off once they are out (a writable socket is
    /// writable nearly always: left on, it would wake the loop in a spin).
    public func setWatchesWritable(_ watch: Watch, _ writable: Bool) {
        guard handlers[watch.token] != nil else { return }
        _ = bezel_epoll_set_writable(epoll, watch.fd, watch.token, writable ? 1 : 0)
    }

    public func unwatch(_ watch: Watch) {
        handlers[watch.token] = nil
        _ = bezel_epoll_remove(epoll, watch.fd)
    }

    /// Runs until `stop()` or SIGINT/SIGTERM.
    public func run() throws(LoopError) {
        running = true
        var tokens = [UInt64](repeating: 0, count: 16)
        while running {
            armTimer()
            let count = bezel_epoll_wait_one(epoll, -1, &tokens, Int32(tokens.count))
            if count < 0 {
                if bezel_errno() == EINTR { continue }
                running = false
                throw LoopError("epoll_wait")
            }
            wakeups += 1
            for token in tokens.prefix(Int(count)) {
                switch token {
                case Self.wakeToken: bezel_drain(waker.fd)
                case Self.timerToken: bezel_drain(timerFD)
                case Self.dispatchToken:
                    // The handle is an eventfd libdispatch signals; consume the signal, then
                    // run what is queued (as CFRunLoop does on Linux).
                    bezel_drain_once(dispatchFD)
                    _dispatch_main_queue_callback_4CF(nil)
                case Self.signalToken:
                    let signal = bezel_read_signal(signalFD)
                    if signal != 0 {
                        stoppedBySignal = signal
                        running = false
                    }
                default: handlers[token]?()
                }
            }
            runLoop.fireDueTimers()
            beforeWaiting?()
        }
    }

    /// Ends `run()` after the current wake-up.
    public func stop() {
        running = false
        waker.wake()
    }

    private func armTimer() {
        guard let deadline = runLoop.nextDeadline else {
            _ = bezel_arm_timer(timerFD, 0)
            return
        }
        // At least 1 ns: a zero value would disarm instead of firing at once.
        _ = bezel_arm_timer(timerFD, max(1, Int64((deadline * 1_000_000_000).rounded(.up))))
    }
}
