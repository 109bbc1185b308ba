/// The animation block being run: property changes made inside `View.animate`'s closure are
/// recorded here (their old values) and become tracks when the block returns.
@MainActor
final class AnimationTransaction {
    /// Blocks being run, innermost last; `nil` entries are `performWithoutAnimation` blocks.
    private static var stack: [AnimationTransaction?] = []
    /// True while the innermost block animates: the property setters' one check.
    private(set) static var isRecording = false

    let duration: TimeInterval
    let delay: TimeInterval
    let curve: TimingCurve
    let options: View.AnimationOptions
    private var changes: [(view: View, property: AnimatedProperty, from: AnimationVector)] = []

    init(duration: TimeInterval, delay: TimeInterval, curve: TimingCurve, options: View.AnimationOptions) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.options = options
    }

    static var current: AnimationTransaction? { stack.last ?? nil }

    static func push(_ transaction: AnimationTransaction?) {
        stack.append(transaction)
        isRecording = transaction != nil
    }

    static func pop() {
        stack.removeLast()
        isRecording = current != nil
    }

    /// A setter changed `property` of `view` from `old` (only the first change of a block counts).
    static func record(_ view: View, _ property: AnimatedProperty, from old: AnimationVector) {
        guard let transaction = current else { return }
        for change in transaction.changes where change.view === view && change.property == property { return }
        transaction.changes.append((view, property, old))
    }

    /// Turns the recorded changes into one group of tracks, started now.
    func commit(completion: ((Bool) -> Void)?) {
        let made = makeGroup(completion: completion) { engine in
            ScheduledTiming(start: engine.now, delay: max(0, self.delay), duration: self.duration, curve: self.curve,
                            repeats: self.options.contains(.repeat), autoreverses: self.options.contains(.autoreverse))
        }
        if let (engine, group) = made {
            engine.add(group)
        } else {
            // Nothing to animate (no change, or no view on screen): done at once. UIKit calls
            // this on the next turn of the run loop; without a view on screen Bezel has no run
            // loop to ask, so it calls it now.
            completion?(true)
        }
    }

    /// The recorded changes of views on screen as one group with the timing `makeTiming`
    /// gives (nil when nothing changed on screen); the caller adds it to the engine.
    func makeGroup(completion: ((Bool) -> Void)?, makeTiming: (AnimationEngine) -> any AnimationTiming) -> (AnimationEngine, AnimationGroup)? {
        var engine: AnimationEngine?
        var group: AnimationGroup?
        for change in changes {
            let view = change.view
            guard let app = view.window?.application else { continue }
            let engineHere = app.animationEngine
            if engine == nil {
                engine = engineHere
                group = AnimationGroup(timing: makeTiming(engineHere), blocksInteraction: !options.contains(.allowUserInteraction), completion: completion)
            }
            guard engineHere === engine, let group else { continue }
            var from = change.from
            if options.contains(.beginFromCurrentState), view.isAnimating(change.property) {
                // What the screen shows: the old model value plus the running tracks' share.
                from = change.from + engineHere.offset(of: view, change.property)
                engineHere.interrupt(view, property: change.property)
            }
            var to = view.modelVector(change.property, fallback: from)
            // A background colour from or to nothing fades its counterpart's colour.
            if from[0].isNaN { from = to; from[3] = 0 }
            if view.backgroundColor == nil, change.property == .backgroundColor { to = from; to[3] = 0 }
            guard from != to, !to[0].isNaN else { continue }
            group.tracks.append(AnimationTrack(view: view, property: change.property, from: from, to: to, group: group))
        }
        guard let engine, let group, !group.tracks.isEmpty else { return nil }
        return (engine, group)
    }
}

extension AnimationVector {
    /// Marks a missing background colour in a recorded change.
    static let missingColor = AnimationVector(repeating: .nan)
}
