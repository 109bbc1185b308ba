/// Runs an application's view animations on its display link: where an animation advances.
///
/// Each frame it samples every running group, recomputes the presented values of the views
/// they move, and damages each such view's old and new area (nothing else). Finished groups
/// call their completions after the frame's values are set, in the order they were committed.
/// With nothing running it holds no display-link subscription and no timer: the process sleeps.
@MainActor
final class AnimationEngine {
    private unowned let application: Application
    private(set) var groups: [AnimationGroup] = []
    private var subscription: DisplayLink.Subscription?

    init(application: Application) {
        self.application = application
    }

    var now: TimeInterval { application.clock.now }

    var isSubscribedToDisplayLink: Bool { subscription?.isValid ?? false }

    // MARK: Adding

    /// Starts `group`, whose tracks are already built; views must be in this application's window.
    func add(_ group: AnimationGroup) {
        guard !group.tracks.isEmpty else { return }
        groups.append(group)
        let now = application.clock.now
        let sample = group.timing.sample(at: now)
        var views: [View] = []
        for track in group.tracks {
            guard let view = track.view else { continue }
            let state = view.presentationState ?? PresentationState()
            view.presentationState = state
            state.tracks.append(track)
            if case .drawn(let key) = track.property { state.drawnModel[key] = track.to[0] }
            if group.blocksInteraction {
                state.interactionBlockers += 1
                view.isAnimationBlockingTouches = true
            }
            track.progress = sample.value
            views.appendIfAbsent(view)
        }
        for view in views { refresh(view) }
        updateSubscription()
    }

    /// What the running tracks of `view`'s `property` add to its model value now.
    func offset(of view: View, _ property: AnimatedProperty) -> AnimationVector {
        guard let state = view.presentationState else { return AnimationVector() }
        let now = application.clock.now
        var sum = AnimationVector()
        for track in state.tracks where track.property == property {
            sum += (track.from - track.to) * (1 - track.group.timing.sample(at: now).value)
        }
        return sum
    }

    /// The value `view` shows for `property` now (its model value when it is not animating).
    func presentedVector(of view: View, _ property: AnimatedProperty) -> AnimationVector {
        view.modelVector(property, fallback: Self.colourFallback(view, property)) + offset(of: view, property)
    }

    /// For a missing background colour: the colour of the first track of `property` that has
    /// one (see `View.modelVector(_:fallback:)`).
    private static func colourFallback(_ view: View, _ property: AnimatedProperty) -> AnimationVector? {
        guard property == .backgroundColor, let state = view.presentationState else { return nil }
        for track in state.tracks where track.property == property { return track.to[3] > 0 ? track.to : track.from }
        return nil
    }

    // MARK: Frames

    private func updateSubscription() {
        var advancing = false
        for group in groups where group.timing.isAdvancing {
            advancing = true
            break
        }
        if advancing, subscription == nil {
            subscription = application.displayLink.add { [unowned self] timestamp in self.tick(at: timestamp) }
        } else if !advancing, let subscription {
            subscription.invalidate()
            self.subscription = nil
        }
    }

    /// One display-link frame: new values, damage, then the completions of what ended.
    func tick(at time: TimeInterval) {
        var views: [View] = []
        var ended: [AnimationGroup] = []
        for group in groups {
            let sample = group.timing.sample(at: time)
            for track in group.tracks {
                track.progress = sample.ended ? 1 : sample.value
                if let view = track.view { views.appendIfAbsent(view) }
            }
            if sample.ended { ended.append(group) }
        }
        for group in ended { detach(group) }
        for view in views { refresh(view) }
        updateSubscription()
        for group in ended { group.complete(finished: !group.wasInterrupted) }
    }

    /// Re-samples now (an animator that was scrubbed or paused changed its progress).
    func resample(_ group: AnimationGroup) {
        let sample = group.timing.sample(at: application.clock.now)
        var views: [View] = []
        for track in group.tracks {
            track.progress = sample.value
            if let view = track.view { views.appendIfAbsent(view) }
        }
        for view in views { refresh(view) }
        updateSubscription()
    }

    // MARK: Ending

    /// Takes `group`'s tracks off their views and the group out of the engine (no completion).
    private func detach(_ group: AnimationGroup) {
        for track in group.tracks { removeFromView(track) }
        groups.removeObject(group)
    }

    private func removeFromView(_ track: AnimationTrack) {
        guard let view = track.view, let state = view.presentationState,
              let index = state.tracks.indexOfObject(track) else { return }
        state.tracks.remove(at: index)
        if track.group.blocksInteraction {
            state.interactionBlockers -= 1
            view.isAnimationBlockingTouches = state.interactionBlockers > 0
        }
    }

    /// Ends `group` now without a completion call (an animator that stops or finishes itself);
    /// its views show their model values from the next frame.
    func remove(_ group: AnimationGroup) {
        guard groups.containsObject(group) else { return }
        var views: [View] = []
        for track in group.tracks { if let view = track.view { views.appendIfAbsent(view) } }
        detach(group)
        for view in views { refresh(view) }
        updateSubscription()
    }

    /// Interrupts the tracks of `view` (for `property`, or all): their groups complete with
    /// `finished == false` on the next turn of the run loop (UIKit calls them asynchronously
    /// too), once none of their tracks is left.
    func interrupt(_ view: View, property: AnimatedProperty? = nil) {
        guard let state = view.presentationState else { return }
        var interrupted: [AnimationGroup] = []
        for track in state.tracks where property == nil || track.property == property {
            let group = track.group
            group.wasInterrupted = true
            group.tracks.removeObject(track)
            removeFromView(track)
            if group.tracks.isEmpty { interrupted.appendIfAbsent(group) }
        }
        refresh(view)
        for group in interrupted {
            groups.removeObject(group)
            if group.completion != nil { application.runLoop.schedule(after: 0) { group.complete(finished: false) } }
        }
        updateSubscription()
    }

    // MARK: Presented values and damage

    /// Recomputes what `view` shows from its tracks and damages where it was and where it is.
    private func refresh(_ view: View) {
        guard let state = view.presentationState else { return }
        if let old = state.drawnArea { view.addPresentedDamage(old, plane: state.drawnAreaPlane) }
        if state.tracks.isEmpty {
            view.presentationState = nil
            if let (area, plane) = view.presentedDamageArea() { view.addPresentedDamage(area, plane: plane) }
            return
        }
        state.frame = nil
        state.boundsOrigin = nil
        state.alpha = nil
        state.transform = nil
        state.backgroundColor = nil
        var properties: [AnimatedProperty] = []
        for track in state.tracks where !properties.contains(track.property) { properties.append(track.property) }
        for property in properties {
            var sum = AnimationVector()
            for track in state.tracks where track.property == property { sum += track.offset }
            let value = view.modelVector(property, fallback: Self.colourFallback(view, property)) + sum
            switch property {
            case .frame: state.frame = value.rect
            case .boundsOrigin: state.boundsOrigin = value.point
            case .alpha: state.alpha = min(1, max(0, value[0]))
            case .transform: state.transform = value.transform
            case .backgroundColor: state.backgroundColor = value.color
            case .drawn(let key): state.drawn[key] = value[0]
            }
        }
        for key in state.drawn.keys where !properties.contains(.drawn(key)) { state.drawn[key] = nil }
        // Only drawn values moving (a picker's wheel): the part of the view they show in, if
        // the view says (View.drawnValueDamage), else all of it.
        let drawnOnly = properties.allSatisfy { if case .drawn = $0 { true } else { false } }
        let presented = view.presentedDamageArea()
        if drawnOnly, let part = view.drawnValueDamage(for: state.drawn.keys), view.window != nil {
            state.drawnArea = view.convert(part, to: presented?.plane)
        } else {
            state.drawnArea = presented?.area
        }
        state.drawnAreaPlane = presented?.plane
        if let area = state.drawnArea { view.addPresentedDamage(area, plane: presented?.plane) }
    }
}
