import Bezel

/// Random animations and animators (issue 37 U1): `View.animate` with any duration, delay,
/// curve and spring, `ViewPropertyAnimator`s kept or dropped, started, paused, scrubbed,
/// reversed, continued, stopped and finished, views leaving and rejoining the window, and
/// taps, while virtual time passes. Invariants: no completion is called twice; at rest every
/// `View.animate` completion and every animator's (unless stopped without finishing) has been
/// called exactly once; no view is left frozen or untouchable; no finger outlives its lift.
@MainActor
public final class AnimationSuite: RandomOperationSuite {
    public static let name = "animations"

    var random: SplitMix64
    let application: Application
    let window: Window
    let fingers: TouchScript
    var views: [View] = []
    /// Animators the "app" keeps, with the completion each was given.
    var kept: [(animator: ViewPropertyAnimator, id: Int)] = []
    /// Completions called, by id; and the ids that must be called exactly once at rest.
    var calls: [Int: Int] = [:]
    var mustComplete: Set<Int> = []
    /// Where each animator ended, by id.
    var positions: [Int: ViewAnimatingPosition] = [:]
    var nextID = 0
    var problems: [String] = []

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        application = Application(clock: VirtualClock(), tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), application: application)
        window.makeKeyAndVisible()
        fingers = TouchScript(application)
        for index in 0..<6 {
            let view = View(frame: Rect(x: Double(index % 3) * 130, y: Double(index / 3) * 200, width: 120, height: 180))
            view.name = "view\(index)"
            views.append(view)
            window.addSubview(view)
        }
    }

    private func completion(_ id: Int) {
        calls[id, default: 0] += 1
        if calls[id]! > 1 { problems.append("completion \(id) called \(calls[id]!) times") }
    }

    private func newID() -> Int {
        nextID += 1
        return nextID
    }

    private var duration: Double {
        [0, 0.05, 0.2, 0.5, 1, 2, -1, .nan, .infinity].randomElement(using: &random)!
    }

    /// Changes one or two views' animatable properties to random values.
    private func changes() -> () -> Void {
        let targets = (0..<Int.random(in: 1...2, using: &random)).map { _ in views.randomElement(using: &random)! }
        let frames = targets.map { _ in Rect(x: .random(in: -50...350, using: &random), y: .random(in: -50...350, using: &random),
                                             width: .random(in: 0...200, using: &random), height: .random(in: 0...200, using: &random)) }
        let alpha = Double.random(in: 0...1, using: &random)
        let color = Color(red: .random(in: 0...1, using: &random), green: 0.5, blue: 0.5)
        return {
            for (view, frame) in zip(targets, frames) {
                view.frame = frame
                view.alpha = alpha
                view.backgroundColor = color
            }
        }
    }

    public func step() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18:
            let id = newID(), duration = self.duration, delay = [0, 0, 0.1, 0.5].randomElement(using: &random)!
            var options: View.AnimationOptions = []
            if Bool.random(using: &random) { options.insert(.beginFromCurrentState) }
            if Bool.random(using: &random) { options.insert(.allowUserInteraction) }
            options.insert([.curveEaseIn, .curveEaseOut, .curveLinear, .curveEaseInOut].randomElement(using: &random)!)
            mustComplete.insert(id)
            let animations = changes()
            View.animate(withDuration: duration, delay: delay, options: options, animations: animations) { [weak self] _ in self?.completion(id) }
            return "animate #\(id) duration \(duration) delay \(delay)"
        case 18..<24:
            let id = newID(), damping = [0.1, 0.5, 1, 0, -1, .nan].randomElement(using: &random)!
            mustComplete.insert(id)
            let duration = self.duration
            let animations = changes()
            View.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: .random(in: -5...5, using: &random),
                         animations: animations) { [weak self] _ in self?.completion(id) }
            return "spring #\(id) damping \(damping)"
        case 24..<34:
            let id = newID(), duration = self.duration
            let animator = ViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: changes())
            animator.addCompletion { [weak self] position in
                self?.positions[id] = position
                self?.completion(id)
            }
            let keep = Bool.random(using: &random)
            if Bool.random(using: &random) {
                animator.startAnimation()
                if !keep { mustComplete.insert(id) }
            }
            if keep { kept.append((animator, id)) }
            return "animator #\(id) duration \(duration) \(keep ? "kept" : "dropped")\(animator.state == .inactive ? "" : ", started")"
        case 34..<38:
            let id = newID()
            mustComplete.insert(id)
            let duration = self.duration
            let animations = changes()
            _ = ViewPropertyAnimator.runningPropertyAnimator(withDuration: duration, delay: 0, options: [], animations: animations) { [weak self] _ in
                self?.completion(id)
            }
            return "running animator #\(id), dropped"
        case 38..<56 where !kept.isEmpty:
            let index = Int.random(in: 0..<kept.count, using: &random)
            let (animator, id) = kept[index]
            switch Int.random(in: 0..<10, using: &random) {
            case 0: animator.startAnimation(); return "#\(id) start"
            case 1: animator.pauseAnimation(); return "#\(id) pause"
            case 2: animator.continueAnimation(withTimingParameters: nil, durationFactor: [1, 0, 0.5, .nan].randomElement(using: &random)!); return "#\(id) continue"
            case 3: let value = [0, 0.5, 1, -1, 2, .nan].randomElement(using: &random)!; animator.fractionComplete = value; return "#\(id) fraction \(value)"
            case 4: animator.isReversed.toggle(); return "#\(id) reversed \(animator.isReversed)"
            case 8:
                let view = views.randomElement(using: &random)!
                view.removeAllAnimations()
                return "\(view.name ?? "") removeAllAnimations"
            case 5:
                // Stopped without finishing: no completion, and the suite lets it go.
                if animator.state == .active { mustComplete.remove(id); calls[id] = calls[id] ?? 0 }
                animator.stopAnimation(true)
                kept.remove(at: index)
                return "#\(id) stop without finishing"
            case 6: animator.stopAnimation(false); return "#\(id) stop"
            case 7:
                animator.finishAnimation(at: [.end, .start, .current].randomElement(using: &random)!)
                return "#\(id) finish"
            default:
                animator.addAnimations(changes())
                return "#\(id) add animations"
            }
        case 56..<60 where !kept.isEmpty:
            let index = Int.random(in: 0..<kept.count, using: &random)
            let id = kept[index].id, state = kept[index].animator.state, running = kept[index].animator.isRunning
            // Released in any state: one that was started or paused must still complete; a
            // running one lives on until it ends (UIKit keeps it), so not in this step.
            if state != .inactive { mustComplete.insert(id) }
            let before = calls[id]
            kept.remove(at: index)
            if running, calls[id] != before {
                problems.append("animator \(id), released while running, ended at once (\(positions[id].map { "\($0)" } ?? "")): it was not kept alive until its end")
            }
            return "#\(id) released (\(state))"
        case 60..<66:
            let view = views.randomElement(using: &random)!
            if view.superview == nil { window.addSubview(view); return "\(view.name ?? "") back in the window" }
            view.removeFromSuperview()
            return "\(view.name ?? "") removed"
        case 66..<80:
            let point = Point(x: .random(in: 0...400, using: &random), y: .random(in: 0...400, using: &random))
            fingers.tap(at: point)
            return "tap \(point)"
        default:
            let seconds = [0.001, 0.016, 0.1, 0.3, 1].randomElement(using: &random)!
            fingers.wait(seconds)
            return "wait \(seconds) s"
        }
    }

    public func violations() -> [String] {
        var found = problems
        problems.removeAll()
        if let live = SuiteChecks.liveTouches(application, window) { found.append(live) }
        return found
    }

    public func finish() -> [String] {
        // Kept animators: paused ones continue, stopped ones finish at their end; then the
        // app lets them all go and time passes.
        for (animator, id) in kept {
            if animator.state == .stopped { animator.finishAnimation(at: .end) }
            if animator.state == .active { animator.continueAnimation(withTimingParameters: nil, durationFactor: 1) }
            if animator.state != .inactive || calls[id] != nil { mustComplete.insert(id) }
        }
        kept.removeAll()
        for _ in 0..<40 { fingers.wait(0.25) }
        var found = violations()
        for id in mustComplete.sorted() where calls[id] != 1 {
            found.append("completion \(id) called \(calls[id] ?? 0) times at rest (once expected)")
        }
        for view in views where view.superview == nil { window.addSubview(view) }
        if let busy = views.first(where: { $0.hasRunningAnimations }) {
            found.append("\(busy.name ?? "a view") still animating at rest")
        }
        if application.runLoop.pendingTimerCount > 0 {
            found.append("\(application.runLoop.pendingTimerCount) timers pending at rest")
        }
        return found
    }
}
