/// Where an animation's progress comes from at a given time: a fixed schedule for
/// `View.animate`, the animator's own state for a `ViewPropertyAnimator`.
@MainActor
protocol AnimationTiming: AnyObject {
    /// The progress at `time` (a spring may overshoot 1) and whether the animation has ended.
    func sample(at time: TimeInterval) -> (value: Double, ended: Bool)
    /// False while the progress cannot change (a paused animator): no frames are needed.
    var isAdvancing: Bool { get }
}

/// The schedule of one `View.animate` call: delay, duration, curve, repeat and autoreverse.
@MainActor
final class ScheduledTiming: AnimationTiming {
    let start: TimeInterval
    let delay: TimeInterval
    let duration: TimeInterval
    let curve: TimingCurve
    let repeats: Bool
    let autoreverses: Bool

    init(start: TimeInterval, delay: TimeInterval, duration: TimeInterval, curve: TimingCurve, repeats: Bool, autoreverses: Bool) {
        self.start = start
        self.delay = delay
        self.duration = duration
        self.curve = curve
        self.repeats = repeats
        self.autoreverses = autoreverses
    }

    var isAdvancing: Bool { true }

    func sample(at time: TimeInterval) -> (value: Double, ended: Bool) {
        let elapsed = time - start - delay
        // During the delay the view shows where it was (UIKit fills backwards when delayed).
        if elapsed < 0 { return (0, false) }
        if duration <= 0 { return (1, true) }
        var phase = elapsed / duration
        let span = autoreverses ? 2.0 : 1.0
        // Without .repeat the animation ends; after an autoreverse the view jumps to the model
        // value, as in UIKit (set the model back in the completion to avoid the jump).
        if !repeats, phase >= span { return (1, true) }
        if repeats { phase = phase.truncatingRemainder(dividingBy: span) }
        if autoreverses, phase > 1 { phase = 2 - phase }
        return (curve.progress(at: phase), false)
    }
}

/// The animations committed together (one `View.animate` call, or one animator): one timing,
/// one completion, any number of property tracks.
@MainActor
final class AnimationGroup {
    let timing: any AnimationTiming
    let blocksInteraction: Bool
    var tracks: [AnimationTrack] = []
    /// Called once: true when every track ran to its end, false when any was interrupted.
    var completion: ((Bool) -> Void)?
    var wasInterrupted = false

    init(timing: any AnimationTiming, blocksInteraction: Bool, completion: ((Bool) -> Void)?) {
        self.timing = timing
        self.blocksInteraction = blocksInteraction
        self.completion = completion
    }

    /// Calls the completion (at most once).
    func complete(finished: Bool) {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}

/// One property of one view moving from `from` to `to`. Tracks are additive (UIKit's model
/// since iOS 8): what is shown is the model value plus, for every track, (from - to) times
/// what is left of its progress, so a new animation of a moving property starts where the
/// screen is, without a jump, and the older one still runs to its end.
@MainActor
final class AnimationTrack {
    weak var view: View?
    let property: AnimatedProperty
    let from: AnimationVector
    let to: AnimationVector
    unowned let group: AnimationGroup
    var progress: Double = 0

    init(view: View, property: AnimatedProperty, from: AnimationVector, to: AnimationVector, group: AnimationGroup) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.group = group
    }

    /// This track's contribution at its current progress.
    var offset: AnimationVector { (from - to) * (1 - progress) }
}
