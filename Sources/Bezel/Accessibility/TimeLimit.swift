/// A time limit a customer can see coming and extend (WCAG 2.2.1 "Timing adjustable", which
/// EN 301 549 requires of self-service terminals): a purchase that is abandoned after a minute
/// without a touch. `warningTime` before it runs out, the app is told (`onWarning`: show a
/// "More time?" alert) and, when the spoken mode runs, the warning is said too, so it reaches
/// more than one sense. Any touch or key (the spoken mode's gestures and keys included)
/// counts as activity and pushes the limit back; `extend()` does so explicitly (the alert's
/// button). Without activity it ends in `onExpired`. One timer while it runs, none after: an
/// idle app keeps no wake-ups.
@MainActor
public final class TimeLimit {
    public enum State: Sendable, Equatable { case stopped, running, warning, expired }

    public let duration: TimeInterval
    public let warningTime: TimeInterval
    @exclusivity(unchecked) public private(set) var state: State = .stopped
    public var onWarning: (@MainActor (TimeLimit) -> Void)?
    public var onExtended: (@MainActor (TimeLimit) -> Void)?
    public var onExpired: (@MainActor (TimeLimit) -> Void)?
    private unowned let application: Application
    private var timer: TimerHandle?
    private var startedAt: TimeInterval = 0

    /// At least 20 s of warning, as WCAG asks (shorter values are raised to it, within the
    /// duration).
    public static let minimumWarningTime: TimeInterval = 20

    public init(application: Application, duration: TimeInterval, warningTime: TimeInterval = 20) {
        self.application = application
        let safeDuration = duration.isFinite ? max(1, duration) : 60
        self.duration = safeDuration
        self.warningTime = min(safeDuration, max(Self.minimumWarningTime, warningTime.isFinite ? warningTime : Self.minimumWarningTime))
    }

    /// When it runs out without more activity (the clock's time).
    public var deadline: TimeInterval { max(application.lastUserActivity, startedAt) + duration }
    /// Seconds left.
    public var remaining: TimeInterval { max(0, deadline - application.clock.now) }

    /// Starts (or restarts) the limit from now.
    public func start() {
        startedAt = application.clock.now
        state = .running
        if !application.timeLimits.contains(where: { $0.limit === self }) { application.timeLimits.append(WeakTimeLimit(limit: self)) }
        schedule()
    }

    /// A touch or key went to the application: during the warning, more time at once.
    func userActivity() {
        guard state == .warning else { return }
        state = .running
        onExtended?(self)
        schedule()
    }

    /// More time: the limit starts again from now, the warning withdrawn.
    public func extend() {
        guard state == .running || state == .warning else { return }
        let wasWarning = state == .warning
        start()
        if wasWarning { onExtended?(self) }
    }

    public func stop() {
        timer?.cancel()
        timer = nil
        state = .stopped
        application.timeLimits.removeAll { $0.limit == nil || $0.limit === self }
    }

    private func schedule() {
        timer?.cancel()
        let now = application.clock.now
        let next = state == .running ? deadline - warningTime : deadline
        timer = application.runLoop.schedule(after: max(0, next - now)) { [weak self] in self?.check() }
    }

    private func check() {
        timer = nil
        let now = application.clock.now
        switch state {
        case .running:
            // Activity since: not yet.
            if now < deadline - warningTime - 1e-9 { return schedule() }
            state = .warning
            warn()
            schedule()
        case .warning:
            if now < deadline - 1e-9 { return schedule() }
            state = .expired
            application.timeLimits.removeAll { $0.limit == nil || $0.limit === self }
            onExpired?(self)
        case .stopped, .expired:
            break
        }
    }

    private func warn() {
        onWarning?(self)
        if application.isSpokenModeRunning {
            let seconds = Int(remaining.rounded())
            Accessibility.post(notification: .announcement,
                               argument: Localization.bezelString("%lld seconds left. Touch the screen or press a key for more time.", filling: [seconds], language: Localization.language))
        }
    }
}

/// An application's running time limits, held weakly.
struct WeakTimeLimit {
    weak var limit: TimeLimit?
}
