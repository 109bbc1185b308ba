/// Foundation's `Timer` as a UIKit app uses it, on Bezel's run loop (and so on its virtual
/// clock in tests): once after `timeInterval`, or again every `timeInterval` when it
/// `repeats`, until `invalidate()`.
///
/// A repeating timer keeps its schedule, as Foundation's does: each fire date is the last
/// one plus the interval, not the moment the block ran plus it; fire dates missed while the
/// main thread was busy are skipped, not run in a burst. An interval that is not finite or
/// below 0.1 ms is taken as 0.1 ms (Foundation's floor), so a zero interval cannot spin the
/// loop. Each pending timer is one wake-up: an idle kiosk should have none.
@MainActor
public final class Timer {
    /// The smallest interval (Foundation's: 0.1 ms).
    public static let minimumInterval: TimeInterval = 0.0001

    public let timeInterval: TimeInterval
    public let repeats: Bool
    /// Accepted as Foundation's; Bezel fires at the fire date (no coalescing).
    public var tolerance: TimeInterval = 0
    /// For the app's use (Foundation's `userInfo`).
    public var userInfo: Any?
    /// When it fires next, in its run loop's clock (`clock.now`); nil when not scheduled.
    public private(set) var fireDate: TimeInterval?
    /// False once invalidated, or after a non-repeating timer fired.
    public private(set) var isValid = true

    private let block: @MainActor (Timer) -> Void
    /// Strong while scheduled (a weak reference would give the run loop a side table, slowing
    /// every retain of it: Platform/UnownedReferences.swift); let go when it stops.
    private var runLoop: RunLoop?
    private var handle: TimerHandle?

    /// A timer that is not scheduled yet: `RunLoop.add(_:)` starts it.
    public init(timeInterval: TimeInterval, repeats: Bool, block: @escaping @MainActor (Timer) -> Void) {
        self.timeInterval = timeInterval.isFinite ? max(Self.minimumInterval, timeInterval) : Self.minimumInterval
        self.repeats = repeats
        self.block = block
    }

    /// Foundation's `scheduledTimer(withTimeInterval:repeats:block:)`: made and started on
    /// `runLoop` (default: `RunLoop.main`, the application's). Without a run loop (no
    /// application made yet) it is returned invalid, with a diagnostic.
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, on runLoop: RunLoop? = nil,
                                      block: @escaping @MainActor (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        guard let loop = runLoop ?? RunLoop.main else {
            Diagnostics.report(.apiMisuse, "Timer.scheduledTimer: no run loop (make the Application first); the timer is invalid")
            timer.isValid = false
            return timer
        }
        loop.add(timer)
        return timer
    }

    /// Starts it on `runLoop`, `timeInterval` from now.
    func start(on runLoop: RunLoop) {
        guard isValid else {
            Diagnostics.report(.apiMisuse, "RunLoop.add: the timer was invalidated; ignored")
            return
        }
        guard handle == nil else {
            Diagnostics.report(.apiMisuse, "RunLoop.add: the timer is already scheduled; ignored")
            return
        }
        self.runLoop = runLoop
        let date = runLoop.clock.now + timeInterval
        fireDate = date
        handle = runLoop.schedule(after: timeInterval) { [weak self] in self?.fireFromRunLoop() }
    }

    private func fireFromRunLoop() {
        handle = nil
        guard isValid, let runLoop, let date = fireDate else { return }
        if repeats {
            // The next date on the schedule after now (missed ones skipped).
            let now = runLoop.clock.now
            let next = date + ((now - date) / timeInterval).rounded(.down) * timeInterval + timeInterval
            fireDate = next
            handle = runLoop.schedule(after: next - now) { [weak self] in self?.fireFromRunLoop() }
        } else {
            fireDate = nil
            isValid = false
            self.runLoop = nil
        }
        block(self)
    }

    /// Foundation's `fire()`: runs the block now. A repeating timer keeps its schedule; a
    /// non-repeating one is invalidated, as if it had fired.
    public func fire() {
        guard isValid else { return }
        if !repeats { invalidate() }
        block(self)
    }

    /// Stops it for good (a timer cannot be started again, as in Foundation).
    public func invalidate() {
        isValid = false
        fireDate = nil
        handle?.cancel()
        handle = nil
        runLoop = nil
    }
}

extension RunLoop {
    /// Foundation's `RunLoop.add(_:forMode:)`: starts `timer` here.
    public func add(_ timer: Timer) { timer.start(on: self) }
}
