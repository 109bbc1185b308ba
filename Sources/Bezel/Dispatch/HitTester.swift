/// Finds the view a new touch lands on (spec §2, seed 001). This is UIKit's recursive
/// algorithm: a view that cannot be hit, or does not contain the point, answers nil for
/// itself and all its subviews (so does a view moved by an animation without
/// `.allowUserInteraction`); otherwise its subviews are asked front to back and the first
/// answer wins; if none answers, the view itself is the hit.
@MainActor
enum HitTester {
    /// Alpha below which a view is treated as invisible to touches (UIKit's documented 0.01).
    static let minimumHittableAlpha = 0.01

    static func isEligible(_ view: View) -> Bool {
        !view.isExcludedFromHitTesting
    }

    static func hitTest(_ view: View, _ point: Point, with event: Event?) -> View? {
        // Tracing is off in production: tested once per view, and the untraced walk below
        // builds no message.
        if let tracer = event?.tracer, tracer.isEnabled(.hittest) {
            return tracedHitTest(view, point, with: event, tracer: tracer)
        }
        guard view.canBeHit else {
            // Too deep (View.maximumDepth) is one of the reasons a view cannot be hit.
            if view.depth > View.maximumDepth { view.reportTooDeep("hit-testing") }
            return nil
        }
        guard view.point(inside: point, with: event) else { return nil }
        // Front to back, by index. Each subview borrowed, not retained: `subviews` holds them
        // all until the walk ends, whatever an override does to the tree meanwhile
        // (Platform/UnownedReferences.swift).
        let subviews = view.subviews
        var i = subviews.endIndex
        while i > 0 {
            i -= 1
            let hit = withBorrowed(Unmanaged.passUnretained(subviews[i])) { subview -> View? in
                guard let local = subview.pointFromSuperview(point) else { return nil }
                return subview.hitTest(local, with: event)
            }
            if let hit { return hit }
        }
        return view
    }

    /// The same walk, saying each step (`BEZEL_TRACE=hittest`).
    private static func tracedHitTest(_ view: View, _ point: Point, with event: Event?, tracer: Tracer) -> View? {
        guard view.canBeHit else {
            if view.depth > View.maximumDepth {
                view.reportTooDeep("hit-testing")
                return nil
            }
            let why = view.isAnimationBlockingTouches ? "animating without .allowUserInteraction" : "hidden, interaction disabled or alpha < 0.01"
            tracer.log(.hittest, "\(view.debugName) skipped (\(why))")
            return nil
        }
        let inside = view.point(inside: point, with: event)
        tracer.log(.hittest, "\(view.debugName) pointInside \(inside ? 1 : 0)")
        guard inside else {
            tracer.log(.hittest, "\(view.debugName) hit nil")
            return nil
        }
        for subview in view.subviews.reversed() {
            guard let local = subview.pointFromSuperview(point) else { continue }
            if let hit = subview.hitTest(local, with: event) {
                tracer.log(.hittest, "\(view.debugName) hit \(hit.debugName)")
                return hit
            }
        }
        tracer.log(.hittest, "\(view.debugName) hit \(view.debugName)")
        return view
    }
}
