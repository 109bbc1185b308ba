/// A handle on a scheduled timer; `cancel()` it to stop it firing. Cancelling twice, or
/// after it fired, does nothing.
@MainActor
public final class TimerHandle {
    fileprivate(set) var deadline: TimeInterval = 0
    fileprivate(set) var sequence: UInt64 = 0
    @exclusivity(unchecked) fileprivate var action: (() -> Void)?
    /// A reusable timer (`RunLoop.makeTimer`) keeps its action when it fires or is
    /// cancelled, to be started again; a one-shot timer lets it go.
    private let isReusable: Bool
    @exclusivity(unchecked) fileprivate var isPending = false
    /// Not a weak reference (Platform/UnownedReferences.swift): only a pending timer reads it
    /// (`cancel()` returns first otherwise), and a dying run loop clears its pending ones.
    fileprivate unowned(unsafe) var runLoop: RunLoop?

    fileprivate init(action: @escaping () -> Void, isReusable: Bool) {
        self.action = action
        self.isReusable = isReusable
    }

    public var isScheduled: Bool { isPending }

    public func cancel() {
        guard isPending else { return }
        isPending = false
        if !isReusable { action = nil }
        runLoop?.remove(self)
    }

    /// Called when it fires: no longer pending; the action to run.
    fileprivate func takeAction() -> (() -> Void)? {
        isPending = false
        let action = action
        if !isReusable { self.action = nil }
        return action
    }
}

/// The runtime's timers, on an injectable clock. The hardware event loop (epoll) asks it
/// for `nextDeadline` to know how long it may sleep, and calls `fireDueTimers()` on wake-up;
/// tests drive it with `advance(by:)` on a `VirtualClock`.
@MainActor
public final class RunLoop {
    public let clock: any Clock
    /// Sorted by (deadline, sequence): timers due at the same instant fire in the order
    /// they were scheduled. Few timers are ever pending (a handful per gesture), so a sorted
    /// array beats a heap here.
    @exclusivity(unchecked) private var timers: [TimerHandle] = []
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// True while a timer's action runs. Input fed from inside one (an action that feeds a
    /// tap from a delayed touchesEnded or a recognizer's timer) waits until it returns, as
    /// UIKit's events wait for the run loop's next turn.
    @exclusivity(unchecked) public private(set) var isFiringTimer = false
    /// Called after each outermost timer action returns: the application delivers the
    /// touch frames fed while it ran.
    var afterTimerAction: (@MainActor () -> Void)?

    public init(clock: any Clock) {
        self.clock = clock
    }

    /// The application's run loop (Foundation's `RunLoop.main`, where `Timer.scheduledTimer`
    /// puts its timers): the first application's, or the next one's once that is gone.
    public static var main: RunLoop? { mainApplicationRunLoop }
    /// Set by `Application.init` when no other application's run loop is alive; not weak
    /// (Platform/UnownedReferences.swift: a weak reference cost every retain of the run loop
    /// the slow path), cleared by the run loop's deinit.
    static unowned(unsafe) var mainApplicationRunLoop: RunLoop? {
        didSet { mainApplicationRunLoopIdentity = mainApplicationRunLoop.map(ObjectIdentifier.init) }
    }
    /// Which run loop that is, compared in a deinit without touching the dying object.
    private static var mainApplicationRunLoopIdentity: ObjectIdentifier?

    deinit {
        // Pending timers point back here (unowned): they are let go.
        let pending = timers
        let this = ObjectIdentifier(self)
        cleanUpAsMainActor {
            if RunLoop.mainApplicationRunLoopIdentity == this { RunLoop.mainApplicationRunLoop = nil }
        }
        guard !pending.isEmpty else { return }
        cleanUpAsMainActor {
            for timer in pending {
                timer.runLoop = nil
                timer.cancel()
            }
        }
    }

    /// Runs `action` once, `delay` seconds from now (a negative or NaN delay means "now").
    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> TimerHandle {
        let handle = TimerHandle(action: action, isReusable: false)
        insert(handle, after: delay)
        return handle
    }

    /// A timer that is not running yet and keeps `action` for its whole life: `start(_:after:)`
    /// runs it again and again without making a new timer each time (a gesture recognizer's
    /// timeout, started for every touch; issue 17 item 2: one allocation per recognizer, not
    /// two per touch).
    static func makeTimer(_ action: @escaping () -> Void) -> TimerHandle {
        TimerHandle(action: action, isReusable: true)
    }

    /// Starts (or restarts) a timer from `makeTimer`, `delay` seconds from now.
    func start(_ handle: TimerHandle, after delay: TimeInterval) {
        handle.cancel()
        guard handle.action != nil else {
            Diagnostics.report(.apiMisuse, "RunLoop.start(_:after:): a one-shot timer that already fired or was cancelled cannot be started again")
            return
        }
        insert(handle, after: delay)
    }

    private func insert(_ handle: TimerHandle, after delay: TimeInterval) {
        let safeDelay = delay.isFinite && delay > 0 ? delay : 0
        nextSequence += 1
        handle.deadline = clock.now + safeDelay
        handle.sequence = nextSequence
        handle.runLoop = self
        handle.isPending = true
        var index = timers.endIndex
        for i in timers.indices where (timers[i].deadline, timers[i].sequence) > (handle.deadline, handle.sequence) {
            index = i
            break
        }
        // At the end (the usual case: one timer pending) by append: `insert(_:at:)` went
        // through the generic `replaceSubrange`, ~100 instructions (M3).
        if index == timers.endIndex { timers.append(handle) } else { timers.insert(handle, at: index) }
    }

    fileprivate func remove(_ handle: TimerHandle) {
        guard let index = timers.indexOfObject(handle) else { return }
        // The last one (the usual case: one timer pending) by `removeLast`: `remove(at:)`
        // moves the rest through its generic path (M3).
        if index == timers.count - 1 { timers.removeLast() } else { timers.remove(at: index) }
    }

    /// The earliest pending deadline, or nil when nothing is scheduled (the loop may sleep forever).
    public var nextDeadline: TimeInterval? { timers.first?.deadline }

    public var pendingTimerCount: Int { timers.count }

    /// Fires every timer whose deadline has passed, earliest first. Timers scheduled by the
    /// actions run in the same call if they are already due.
    public func fireDueTimers() {
        while let first = timers.first, first.deadline <= clock.now {
            timers.removeFirst()
            let action = first.takeAction()
            if isFiringTimer {
                action?()
                continue
            }
            isFiringTimer = true
            action?()
            isFiringTimer = false
            afterTimerAction?()
        }
    }

    /// Virtual time only: moves the clock forward by `interval`, stopping at each timer's
    /// deadline to fire it, so a timer sees the exact time it was due at.
    public func advance(by interval: TimeInterval) {
        guard let virtual = clock as? VirtualClock else {
            Diagnostics.report(.apiMisuse, "RunLoop.advance(by:) needs a VirtualClock; this run loop uses real time")
            return
        }
        let end = virtual.now + max(0, interval)
        while let first = timers.first, first.deadline <= end {
            virtual.set(max(virtual.now, first.deadline))
            fireDueTimers()
        }
        virtual.set(end)
    }

    /// Virtual time only: fires timers until none is left (bounded, so a timer that always
    /// re-arms itself cannot hang a test).
    public func runUntilIdle(maximumTimers: Int = 10_000) {
        var fired = 0
        while let first = timers.first, fired < maximumTimers {
            advance(by: max(0, first.deadline - clock.now))
            fired += 1
        }
    }
}
