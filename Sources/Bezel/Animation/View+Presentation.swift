/// What a view shows on screen while it animates (UIKit's `layer.presentation()`), next to
/// its model values (`frame`, `alpha`...), which hold the animations' end values at once.
public struct ViewPresentation: Equatable, Sendable {
    public var frame: Rect
    public var boundsOrigin: Point
    public var alpha: Double
    public var transform: AffineTransform
    public var backgroundColor: Color?

    public var center: Point { frame.center }
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }
}

extension View {
    /// The values shown on screen now: the model values, or the interpolated ones of the
    /// properties that are animating (evaluated at the application clock's current time).
    public var presentation: ViewPresentation {
        guard presentationState != nil, let engine = window?.application?.animationEngine else {
            return ViewPresentation(frame: frame, boundsOrigin: boundsOrigin, alpha: alpha, transform: transform, backgroundColor: backgroundColor)
        }
        let background = backgroundColor == nil && !isAnimating(.backgroundColor) ? nil : engine.presentedVector(of: self, .backgroundColor).color
        return ViewPresentation(frame: engine.presentedVector(of: self, .frame).rect,
                                boundsOrigin: engine.presentedVector(of: self, .boundsOrigin).point,
                                alpha: min(1, max(0, engine.presentedVector(of: self, .alpha)[0])),
                                transform: engine.presentedVector(of: self, .transform).transform,
                                backgroundColor: background)
    }

    /// Whether an animation is acting on the view (on any property, or on `property`).
    func isAnimating(_ property: AnimatedProperty? = nil) -> Bool {
        guard let state = presentationState else { return false }
        guard let property else { return !state.tracks.isEmpty }
        for track in state.tracks where track.property == property { return true }
        return false
    }

    /// Whether any animation is acting on the view now.
    public var hasRunningAnimations: Bool { isAnimating() }

    /// Interrupts every animation of the view (UIKit's `layer.removeAllAnimations()`): it shows
    /// its model values from the next frame and each interrupted animation's completion gets
    /// `false` on the next turn of the run loop.
    public func removeAllAnimations() {
        window?.application?.animationEngine.interrupt(self)
    }

    /// The value drawn for `key` (an animated one while it moves, else `model`).
    func presentedDrawnValue(_ key: Int, model: Double) -> Double {
        presentationState?.drawn[key] ?? model
    }

    /// Animates a value the view draws (a switch's knob, a slider's thumb) from what is shown
    /// now to `model`, or sets it at once when `animated` is false or the view is off screen.
    func animateDrawnValue(_ key: Int, to model: Double, from shown: Double, duration: TimeInterval, curve: TimingCurve = .easeInOut,
                           completion: ((Bool) -> Void)? = nil) {
        guard let engine = window?.application?.animationEngine, shown != model, duration > 0 else {
            if let state = presentationState, state.drawn[key] != nil { window?.application?.animationEngine.interrupt(self, property: .drawn(key)) }
            setNeedsDisplay()
            completion?(true)
            return
        }
        let start = presentedDrawnValue(key, model: shown)
        engine.interrupt(self, property: .drawn(key))
        let timing = ScheduledTiming(start: engine.now, delay: 0, duration: duration, curve: curve, repeats: false, autoreverses: false)
        // A control's own motion never keeps touches from it (UIKit's controls stay live).
        let group = AnimationGroup(timing: timing, blocksInteraction: false, completion: completion)
        group.tracks = [AnimationTrack(view: self, property: .drawn(key), from: AnimationVector(scalar: start),
                                       to: AnimationVector(scalar: model), group: group)]
        engine.add(group)
    }

    /// Stops an animation of a drawn value (its model value was set without animation).
    func stopDrawnValueAnimation(_ key: Int) {
        guard let state = presentationState, state.drawn[key] != nil else { return }
        window?.application?.animationEngine.interrupt(self, property: .drawn(key))
    }

    // MARK: Presented geometry (the renderer and the damage use it)

    var presentedFrame: Rect { presentationState?.frame ?? frame }
    var presentedTransform: AffineTransform { presentationState?.transform ?? transform }
    var presentedBoundsOrigin: Point { presentationState?.boundsOrigin ?? boundsOrigin }

    /// `rect` (this view's presented bounds coordinates) in its superview's, through the
    /// presented frame and transform.
    func presentedRectToSuperview(_ rect: Rect) -> Rect {
        let frame = presentedFrame, transform = presentedTransform, origin = presentedBoundsOrigin
        guard !transform.isIdentity else {
            return Rect(origin: rect.origin - origin + frame.origin, size: rect.size)
        }
        let boundsCenter = Point(x: origin.x + frame.width / 2, y: origin.y + frame.height / 2)
        let about = AffineTransform(translationX: -boundsCenter.x, y: -boundsCenter.y)
            .concatenating(transform).concatenating(AffineTransform(translationX: frame.center.x, y: frame.center.y))
        return about.boundingBox(of: rect)
    }

    /// Where the view is drawn now: in window coordinates, or in the content coordinates of
    /// the scroll view on a display plane it is inside (`plane`); nil off screen.
    func presentedDamageArea() -> (area: Rect, plane: ScrollView?)? {
        guard let parent = superview else { return nil }
        var area = visualFrame(for: presentedFrame, transform: presentedTransform)
        var view = parent
        while let next = view.superview {
            // Inside a scroll view on a display plane: its content coordinates.
            if view.routesDamageToPlane { return (area, view as? ScrollView) }
            area = view.presentedRectToSuperview(area)
            view = next
        }
        return view is Window ? (area, nil) : nil
    }

    /// Damages `area`: in the window, or (with `plane`, while it is still on one) in that
    /// scroll view's content for its plane.
    func addPresentedDamage(_ area: Rect, plane: ScrollView?) {
        if let plane, plane.routesDamageToPlane {
            plane.recordPlaneDamage(area)
        } else if plane == nil {
            window?.damage.add(area)
        }
        // A scroll view that left its plane since: it is redrawn whole anyway.
    }
}
