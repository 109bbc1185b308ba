import Bezel
import BezelLinux

/// Dims the backlight after a while without touches and turns it off after longer
/// (`IdlePolicy`); the touch that wakes the screen is swallowed, not delivered: a person
/// tapping a dark screen to wake it must not press the button that happens to be under the
/// finger (the touch is dropped for its whole life, like a touch that begins while
/// interaction events are ignored). One timer, set for the next deadline: an idle app wakes
/// twice (dim, off), not on every touch.
@MainActor
public final class IdleController {
    public enum State: Equatable { case awake, dimmed, off }

    public private(set) var state: State = .awake
    public let policy: IdlePolicy
    private let backlight: Backlight?
    private let application: Application
    private var lastActivity: TimeInterval
    private var timer: TimerHandle?
    private let awakeLevel: Double
    /// Touches swallowed so far (each one woke the screen).
    public private(set) var swallowed = 0
    public var onChange: ((State) -> Void)?

    public init(policy: IdlePolicy, backlight: Backlight?, application: Application) {
        self.policy = policy
        self.backlight = backlight
        self.application = application
        lastActivity = application.clock.now
        awakeLevel = backlight.map { max(0.05, $0.fraction) } ?? 1
        schedule()
    }

    /// Passes a touch frame on to the application, or swallows it when it wakes the screen.
    public func handle(_ frame: TouchFrame) {
        lastActivity = application.clock.now
        guard state != .awake else {
            application.handleTouchFrame(frame)
            return
        }
        let wakes = frame.reports.contains { $0.kind == .down }
        if wakes {
            set(.awake)
            swallowed += 1
            // Its new touches are dropped for their whole life; nothing else is touched.
            application.beginIgnoringInteractionEvents()
            application.handleTouchFrame(frame)
            application.endIgnoringInteractionEvents()
            schedule()
        } else {
            application.handleTouchFrame(frame)
        }
    }

    /// Something other than a touch (a key, a pointer move) counts as activity too.
    public func activity() {
        lastActivity = application.clock.now
        if state != .awake {
            set(.awake)
            schedule()
        }
    }

    private func set(_ new: State) {
        guard new != state else { return }
        state = new
        switch new {
        case .awake: backlight?.set(awakeLevel)
        case .dimmed: backlight?.set(min(awakeLevel, policy.dimLevel))
        case .off: backlight?.set(0)
        }
        onChange?(new)
    }

    private func schedule() {
        timer?.cancel()
        timer = nil
        let next: (TimeInterval, State)? = switch state {
        case .awake where policy.dimAfter > 0: (policy.dimAfter, .dimmed)
        case .awake where policy.offAfter > 0, .dimmed where policy.offAfter > 0: (policy.offAfter, .off)
        default: nil
        }
        guard let (delay, target) = next else { return }
        let due = lastActivity + delay
        timer = application.runLoop.schedule(after: max(0, due - application.clock.now)) { [weak self] in
            guard let self else { return }
            self.timer = nil
            // Touches since the timer was set moved the deadline: check again.
            if self.application.clock.now + 1e-9 < self.lastActivity + delay {
                self.schedule()
            } else {
                self.set(target)
                self.schedule()
            }
        }
    }
}
