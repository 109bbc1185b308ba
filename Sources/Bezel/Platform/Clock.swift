#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Seconds, as UIKit's `TimeInterval`. Touch timestamps and timer deadlines use it.
public typealias TimeInterval = Double

/// The runtime's source of time. Everything time-dependent in the pipeline (long press,
/// tap timeouts, delayed deliveries, touch timestamps) reads this, never the system clock,
/// so tests can run hours of gestures in microseconds with a `VirtualClock`.
@MainActor
public protocol Clock: AnyObject {
    /// Monotonic time in seconds; only differences are meaningful.
    var now: TimeInterval { get }
}

/// The system's monotonic clock (CLOCK_MONOTONIC, the clock libinput and DRM stamp events with).
@MainActor
public final class MonotonicClock: Clock {
    public init() {}

    public var now: TimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return TimeInterval(ts.tv_sec) + TimeInterval(ts.tv_nsec) / 1_000_000_000
    }
}

/// A clock that moves only when told to. The `RunLoop` advances it timer by timer.
@MainActor
public final class VirtualClock: Clock {
    @exclusivity(unchecked) public private(set) var now: TimeInterval

    public init(startingAt start: TimeInterval = 0) {
        now = start
    }

    /// Moves time forward; going backwards is refused (a monotonic clock never does).
    public func set(_ time: TimeInterval) {
        guard time >= now else {
            Diagnostics.report(.apiMisuse, "VirtualClock.set(\(time)) is earlier than now (\(now)); time is monotonic, ignored")
            return
        }
        now = time
    }
}
