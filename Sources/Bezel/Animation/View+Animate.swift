/// UIKit's block-based view animations. The closure runs at once and sets model values (so
/// `frame` reads the end value and hit-testing uses it right away); the screen moves from the
/// old values to the new ones on display-link frames. Where an animation advances:
/// `AnimationEngine`.
extension View {
    /// Animates the changes `animations` makes to `frame`, `bounds`, `center`, `alpha`,
    /// `transform`, `backgroundColor` and a scroll view's `contentOffset`.
    ///
    /// - Parameters:
    ///   - duration: seconds; 0 or less (or NaN) changes the values at once.
    ///   - delay: seconds before the motion starts; the views show their old values meanwhile.
    ///   - options: the curve, repetition, `.beginFromCurrentState`, `.allowUserInteraction`...
    ///   - animations: the changes, made at once to the model values.
    ///   - completion: `true` when every change ran to its end; `false` when one was
    ///     interrupted (`.beginFromCurrentState` from another animation, `removeAllAnimations()`,
    ///     the view leaving its window).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, curve: nil, options: options, animations: animations, completion: completion)
    }

    /// A spring: `dampingRatio` 1 settles without oscillating, smaller values oscillate
    /// (0.01 at least); `velocity` is in animation distances per second (1: the whole
    /// distance in one second), e.g. a flick's speed divided by the distance left to go.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
                               options: AnimationOptions = [], animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let safeDuration = duration.isFinite ? duration : 0
        if !dampingRatio.isFinite || dampingRatio <= 0 || !velocity.isFinite {
            Diagnostics.report(.apiMisuse, "animate(usingSpringWithDamping: \(dampingRatio), initialSpringVelocity: \(velocity)): the damping ratio must be above 0 and both finite; using \(dampingRatio.isFinite && dampingRatio > 0 ? dampingRatio : 1) and \(velocity.isFinite ? velocity : 0)")
        }
        let curve = TimingCurve.spring(dampingRatio: dampingRatio.isFinite && dampingRatio > 0 ? dampingRatio : 1,
                                       initialVelocity: velocity.isFinite ? velocity : 0, duration: max(0, safeDuration))
        run(duration: duration, delay: delay, curve: curve, options: options, animations: animations, completion: completion)
    }

    /// An animation along any timing curve (Bezel's containers use their own curves).
    static func animate(withDuration duration: TimeInterval, curve: TimingCurve, options: AnimationOptions = [],
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: 0, curve: curve, options: options.union(.overrideInheritedCurve), animations: animations, completion: completion)
    }

    /// Runs `actions` with animations off, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationTransaction.push(nil)
        actions()
        AnimationTransaction.pop()
    }

    private static func run(duration: TimeInterval, delay: TimeInterval, curve: TimingCurve?, options: AnimationOptions,
                            animations: () -> Void, completion: ((Bool) -> Void)?) {
        if !duration.isFinite || !delay.isFinite {
            Diagnostics.report(.apiMisuse, "animate(withDuration: \(duration), delay: \(delay)): not finite; the changes are made at once")
        }
        var duration = duration.isFinite ? max(0, duration) : 0
        var curve = curve ?? options.curve.timingCurve
        // A nested block inherits its enclosing block's duration and curve (UIKit's rule)
        // unless it asks to keep its own.
        if let outer = AnimationTransaction.current {
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { curve = outer.curve }
        }
        let transaction = AnimationTransaction(duration: duration, delay: delay.isFinite ? max(0, delay) : 0, curve: curve, options: options)
        AnimationTransaction.push(duration > 0 ? transaction : nil)
        animations()
        AnimationTransaction.pop()
        if duration > 0 {
            transaction.commit(completion: completion)
        } else {
            completion?(true)
        }
    }
}
