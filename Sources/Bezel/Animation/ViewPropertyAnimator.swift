/// UIKit's `UIViewAnimatingState`.
public enum ViewAnimatingState: Sendable {
    /// Nothing applied yet (or finished): the animations have not run.
    case inactive
    /// Started or paused: the model holds the end values, the screen the animator's progress.
    case active
    /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped
}

/// UIKit's `UIViewAnimatingPosition`: where an animator ended.
public enum ViewAnimatingPosition: Sendable {
    case end, start, current
}

/// UIKit's `UIViewPropertyAnimator`: an animation that can be started, paused, scrubbed
/// (`fractionComplete`, e.g. from a pan), reversed, continued and stopped. Its views take
/// touches while it runs by default (`isUserInteractionEnabled`), so a finger can grab what is
/// moving. It advances on the display link like every view animation (AnimationEngine).
@MainActor
public final class ViewPropertyAnimator {
    public let duration: TimeInterval
    public private(set) var state = ViewAnimatingState.inactive
    /// Whether the animator's views take touches while it runs (UIKit's default: true).
    public var isUserInteractionEnabled = true
    /// While paused, `fractionComplete` moves the views linearly (true, UIKit's default) or
    /// along the timing curve.
    public var scrubsLinearly = true
    /// At the end, stay active and paused instead of finishing (no completion is called).
    public var pausesOnCompletion = false {
        didSet { timing.pausesOnCompletion = pausesOnCompletion }
    }

    private var pendingAnimations: [() -> Void] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    private let timing: AnimatorTiming
    private var group: AnimationGroup?
    private var engine: AnimationEngine?
    /// The animator itself from the start of a run to its end or pause: UIKit keeps a running
    /// animator alive until it finishes. An animator the app did not keep
    /// (`runningPropertyAnimator`'s result dropped, a started one going out of scope) moved its
    /// views but never called its completions (issue 37 item 9).
    private var selfWhileRunning: ViewPropertyAnimator?

    /// An animator along one of UIKit's curves.
    public convenience init(duration: TimeInterval, curve: View.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingCurve: curve.timingCurve, animations: animations)
    }

    /// A spring animator (`UISpringTimingParameters(dampingRatio:)`).
    public convenience init(duration: TimeInterval, dampingRatio: Double, animations: (() -> Void)? = nil) {
        let ratio = dampingRatio.isFinite && dampingRatio > 0 ? dampingRatio : 1
        self.init(duration: duration, timingCurve: .spring(dampingRatio: ratio, initialVelocity: 0, duration: duration.isFinite ? max(0, duration) : 0),
                  animations: animations)
    }

    /// An animator along any timing curve (a cubic Bézier or a spring).
    public init(duration: TimeInterval, timingCurve: TimingCurve, animations: (() -> Void)? = nil) {
        if !duration.isFinite || duration < 0 {
            Diagnostics.report(.apiMisuse, "ViewPropertyAnimator(duration: \(duration)): not a duration; using 0")
        }
        self.duration = duration.isFinite ? max(0, duration) : 0
        timing = AnimatorTiming(curve: timingCurve, duration: self.duration)
        if let animations { pendingAnimations.append(animations) }
    }

    /// Creates, configures and starts an animator (UIKit's `runningPropertyAnimator`).
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: View.AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    public var isRunning: Bool { state == .active && timing.running }

    /// Which way it runs: set while running to turn back where it is.
    public var isReversed: Bool {
        get { timing.reversed }
        set {
            guard newValue != timing.reversed else { return }
            if isRunning, let engine {
                timing.restartSegment(at: engine.now, reversed: newValue, durationFactor: 1)
                resample()
            } else {
                timing.reversed = newValue
            }
        }
    }

    /// How far along it is in time, 0...1. Setting it (while paused or inactive) pauses the
    /// animator there; while running, it is read-only (a set is reported and ignored).
    public var fractionComplete: Double {
        get { timing.fraction(at: engine?.now ?? 0) }
        set {
            guard !isRunning else {
                Diagnostics.report(.apiMisuse, "ViewPropertyAnimator.fractionComplete set while running; pause it first; ignored")
                return
            }
            guard state != .stopped else { return }
            activateIfNeeded()
            let f = newValue.isNaN ? 0 : min(1, max(0, newValue))
            timing.pause(fraction: f, value: scrubsLinearly ? f : timing.curve.progress(at: f))
            resample()
        }
    }

    /// Adds animations: before the start they run with the others; once active they animate
    /// from where the views are over the time left.
    public func addAnimations(_ animations: @escaping () -> Void) {
        switch state {
        case .inactive:
            pendingAnimations.append(animations)
        case .active:
            let left = duration * (timing.reversed ? timing.fraction(at: engine?.now ?? 0) : 1 - timing.fraction(at: engine?.now ?? 0))
            View.animate(withDuration: left, curve: timing.curve, animations: animations)
        case .stopped:
            Diagnostics.report(.apiMisuse, "ViewPropertyAnimator.addAnimations on a stopped animator; ignored")
        }
    }

    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    public func startAnimation() { startAnimation(afterDelay: 0) }

    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else {
            Diagnostics.report(.apiMisuse, "ViewPropertyAnimator.startAnimation on a stopped animator: call finishAnimation(at:); ignored")
            return
        }
        guard !isRunning else { return }
        activateIfNeeded()
        guard let engine else {
            // Nothing on screen to move: the changes are made, the animator is done at once.
            state = .inactive
            return finish(at: .end)
        }
        timing.restartSegment(at: engine.now + (delay.isFinite ? max(0, delay) : 0), reversed: timing.reversed, durationFactor: 1)
        selfWhileRunning = self
        resample()
    }

    public func pauseAnimation() {
        guard state != .stopped else { return }
        activateIfNeeded()
        guard let engine, timing.running else { return }
        let now = engine.now
        timing.pause(fraction: timing.fraction(at: now), value: timing.sample(at: now).value)
        selfWhileRunning = nil
        resample()
    }

    /// Continues a paused animator; `durationFactor` scales the time left (1: as planned);
    /// `timingCurve` replaces the curve when given.
    public func continueAnimation(withTimingParameters timingCurve: TimingCurve? = nil, durationFactor: Double = 1) {
        guard state == .active, !timing.running, let engine else { return }
        if let timingCurve { timing.curve = timingCurve }
        timing.restartSegment(at: engine.now, reversed: timing.reversed,
                              durationFactor: durationFactor.isFinite ? max(0, durationFactor) : 1)
        selfWhileRunning = self
        resample()
    }

    /// Stops where the views are: their model values become what is on screen. With
    /// `withoutFinishing` true the animator is done (no completion); otherwise it is
    /// `stopped` until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if let group, let engine {
            var current: [(AnimationTrack, AnimationVector)] = []
            for track in group.tracks { if let view = track.view { current.append((track, engine.presentedVector(of: view, track.property))) } }
            engine.remove(group)
            for (track, value) in current { track.view?.setModelVector(track.property, value) }
        }
        timing.running = false
        selfWhileRunning = nil
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { reset() }
    }

    /// Ends a stopped animator at `position` (the views' model values follow) and calls the
    /// completions with it.
    public func finishAnimation(at position: ViewAnimatingPosition) {
        guard state == .stopped else {
            Diagnostics.report(.apiMisuse, "ViewPropertyAnimator.finishAnimation(at:) on an animator that is not stopped; ignored")
            return
        }
        if let group {
            for track in group.tracks {
                switch position {
                case .end: track.view?.setModelVector(track.property, track.to)
                case .start: track.view?.setModelVector(track.property, track.from)
                case .current: break
                }
            }
        }
        state = .inactive
        finish(at: position)
    }

    /// Released paused or stopped (UIKit raises here): reported, and ended where its views
    /// are, their touches back, its completions called with `.current`. Its views had stayed
    /// frozen half-way and taking no touches for good.
    isolated deinit {
        guard state != .inactive else { return }
        Diagnostics.report(.apiMisuse, "ViewPropertyAnimator released while \(state == .stopped ? "stopped" : "paused"): finish or stop it first; ended where its views are")
        if state == .active { stopAnimation(false) }
        finishAnimation(at: .current)
    }

    // MARK: Internals

    private func activateIfNeeded() {
        guard state == .inactive else { return }
        state = .active
        let transaction = AnimationTransaction(duration: duration, delay: 0, curve: timing.curve,
                                               options: isUserInteractionEnabled ? .allowUserInteraction : [])
        AnimationTransaction.push(transaction)
        for animations in pendingAnimations { animations() }
        AnimationTransaction.pop()
        pendingAnimations = []
        timing.pause(fraction: 0, value: 0)
        if let (engine, group) = transaction.makeGroup(completion: { [weak self] finished in self?.groupEnded(finished: finished) },
                                                        makeTiming: { _ in self.timing }) {
            self.engine = engine
            self.group = group
            engine.add(group)
        }
    }

    private func resample() {
        if let group, let engine { engine.resample(group) }
    }

    /// The engine ended the group: it ran to an end, or its views left the window.
    private func groupEnded(finished: Bool) {
        guard state == .active else { return }
        let position: ViewAnimatingPosition = finished ? (timing.reversed ? .start : .end) : .current
        if position == .start, let group {
            for track in group.tracks { track.view?.setModelVector(track.property, track.from) }
        }
        state = .inactive
        finish(at: position)
    }

    private func finish(at position: ViewAnimatingPosition) {
        let calls = completions
        reset()
        completions = []
        for completion in calls { completion(position) }
    }

    private func reset() {
        selfWhileRunning = nil
        if let group, let engine { engine.remove(group) }
        group = nil
        engine = nil
        timing.running = false
        timing.reversed = false
        timing.pause(fraction: 0, value: 0)
    }
}

/// An animator's progress: paused at a fraction, or running a segment from where it was to
/// an end (1 forwards, 0 reversed) over the time left, eased along the curve from there.
@MainActor
final class AnimatorTiming: AnimationTiming {
    var curve: TimingCurve
    let duration: TimeInterval
    var running = false
    var reversed = false
    var pausesOnCompletion = false
    private var segmentStart: TimeInterval = 0
    private var segmentDuration: TimeInterval = 0
    private var startFraction = 0.0
    private var startValue = 0.0

    init(curve: TimingCurve, duration: TimeInterval) {
        self.curve = curve
        self.duration = duration
    }

    var isAdvancing: Bool { running }

    func pause(fraction: Double, value: Double) {
        running = false
        startFraction = fraction
        startValue = value
    }

    /// Runs from the current fraction and value towards the end `reversed` names.
    func restartSegment(at time: TimeInterval, reversed: Bool, durationFactor: Double) {
        if running {
            let now = min(time, max(segmentStart, time))
            startFraction = fraction(at: now)
            startValue = sample(at: now).value
        }
        self.reversed = reversed
        running = true
        segmentStart = time
        let left = reversed ? startFraction : 1 - startFraction
        segmentDuration = duration * left * durationFactor
    }

    private func segmentProgress(at time: TimeInterval) -> Double {
        guard segmentDuration > 0 else { return time >= segmentStart ? 1 : 0 }
        return min(1, max(0, (time - segmentStart) / segmentDuration))
    }

    func fraction(at time: TimeInterval) -> Double {
        guard running else { return startFraction }
        let u = segmentProgress(at: time)
        return reversed ? startFraction * (1 - u) : startFraction + (1 - startFraction) * u
    }

    func sample(at time: TimeInterval) -> (value: Double, ended: Bool) {
        guard running else { return (startValue, false) }
        let u = segmentProgress(at: time)
        let eased = curve.progress(at: u)
        let value = reversed ? startValue * (1 - eased) : startValue + (1 - startValue) * eased
        if u >= 1, pausesOnCompletion {
            // Stays active at its end, paused: no frames, no completion (UIKit's option).
            pause(fraction: reversed ? 0 : 1, value: reversed ? 0 : 1)
            return (startValue, false)
        }
        return (value, u >= 1)
    }
}
