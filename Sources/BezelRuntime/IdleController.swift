import Bezel

/// Turns the screen down when nobody uses it: dims it after `dim_after` seconds without a
/// touch, turns it off after `off_after`, keeps it off in the off hours (`screen_off`; lit
/// again at their end), and
/// follows the app's `isIdleTimerDisabled` and `screenPowerRequest`. The touch that wakes
/// the screen is swallowed, not delivered: a person tapping a dark screen to wake it must not
/// press the button that happens to be under the finger (the touch is dropped for its whole
/// life, like a touch that begins while interaction events are ignored).
///
/// The state is worked out from scratch (`target`) whenever something changes; one timer,
/// set for the next change, checks again: touches only move the last activity, so an idle
/// app wakes once per change (dim, off, an off-hours boundary), not on every touch.
@MainActor
public final class IdleController {
    public enum State: Equatable { case awake, dimmed, off }

    public private(set) var state: State = .awake
    public let policy: IdlePolicy
    private let screen: IdleScreen
    private let application: Application
    /// Seconds since local midnight (`ProcessClock.localSecondOfDay` in the runtime; a
    /// function of the virtual clock in tests).
    private let secondOfDay: () -> Double
    private var lastActivity: TimeInterval
    private var timer: TimerHandle?
    private var observer: NotificationCenter.ObserverToken?
    /// Whether the last update was in the off hours: leaving them counts as activity, so the
    /// screen lights at their end (then the idle policy applies from there).
    private var wasInOffHours = false
    /// Touches swallowed so far (each one woke the screen).
    public private(set) var swallowed = 0
    public var onChange: ((State) -> Void)?

    /// How long a screen woken in the off hours stays lit without touches: a minute (or
    /// `off_after` when shorter). Not UIKit's (phones have no off hours): Bezel's choice, time
    /// to read what the waking touch showed and to touch again.
    public static let offHoursWakeDuration: TimeInterval = 60

    public init(policy: IdlePolicy, screen: IdleScreen, application: Application, secondOfDay: @escaping () -> Double) {
        self.policy = policy
        self.screen = screen
        self.application = application
        self.secondOfDay = secondOfDay
        lastActivity = application.clock.now
        observer = application.notificationCenter.addObserver(forName: Application.screenPowerSettingsDidChangeNotification) { [weak self] _ in
            self?.update()
        }
        update()
    }

    isolated deinit {
        if let observer { application.notificationCenter.removeObserver(observer) }
        timer?.cancel()
    }

    /// Passes a touch frame on to the application, or swallows it when it wakes the screen.
    public func handle(_ frame: TouchFrame) {
        lastActivity = application.clock.now
        guard state != .awake else {
            application.handleTouchFrame(frame)
            return
        }
        let wakes = frame.reports.contains { $0.kind == .down }
        guard wakes else {
            application.handleTouchFrame(frame)
            return
        }
        swallowed += 1
        // A touch ends the app's "off now" (it asked for sleep, not for a dead panel).
        if application.screenPowerRequest == .off { application.screenPowerRequest = .automatic }
        set(.awake)
        // Its new touches are dropped for their whole life; nothing else is touched.
        application.beginIgnoringInteractionEvents()
        application.handleTouchFrame(frame)
        application.endIgnoringInteractionEvents()
        update()
    }

    /// Something other than a touch (a key, a pointer move) counts as activity too.
    public func activity() {
        lastActivity = application.clock.now
        if state != .awake { update() }
    }

    /// The state now and how long until it could change (nil: not before something happens).
    func target() -> (State, TimeInterval?) {
        switch application.screenPowerRequest {
        case .on: return (.awake, nil)
        case .off: return (.off, nil)
        case .automatic: break
        }
        let idle = application.clock.now - lastActivity
        // Within a nanosecond counts as reached: timers fire exactly at their deadline.
        func reached(_ delay: TimeInterval) -> Bool { idle + 1e-9 >= delay }
        var boundary: TimeInterval?
        if let hours = policy.offHours {
            let second = secondOfDay()
            boundary = hours.secondsToNextChange(fromSecondOfDay: second)
            if hours.contains(secondOfDay: second) {
                let lit = policy.offAfter > 0 ? min(policy.offAfter, Self.offHoursWakeDuration) : Self.offHoursWakeDuration
                return reached(lit) ? (.off, boundary) : (.awake, min(lit - idle, boundary!))
            }
        }
        if application.isIdleTimerDisabled { return (.awake, boundary) }
        var steps: [(TimeInterval, State)] = []
        if policy.dimAfter > 0, screen.canDim { steps.append((policy.dimAfter, .dimmed)) }
        if policy.offAfter > 0 { steps.append((policy.offAfter, .off)) }
        var state = State.awake
        var next: TimeInterval?
        for (delay, step) in steps.sorted(by: { $0.0 < $1.0 }) {
            if reached(delay) { state = step } else { next = delay - idle; break }
        }
        if let b = boundary { next = min(next ?? b, b) }
        return (state, next)
    }

    private func update() {
        let inOffHours = policy.offHours?.contains(secondOfDay: secondOfDay()) ?? false
        if wasInOffHours, !inOffHours { lastActivity = application.clock.now }
        wasInOffHours = inOffHours
        let (new, next) = target()
        set(new)
        timer?.cancel()
        timer = nil
        guard let next else { return }
        // At least a millisecond: the wall clock and the run loop's clock may disagree by a
        // hair at a boundary, and a 0 s timer would spin until they agree.
        timer = application.runLoop.schedule(after: max(0.001, next)) { [weak self] in
            self?.timer = nil
            self?.update()
        }
    }

    private func set(_ new: State) {
        guard new != state else { return }
        state = new
        screen.show(new)
        onChange?(new)
    }
}
