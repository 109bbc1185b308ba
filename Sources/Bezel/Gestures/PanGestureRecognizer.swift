/// UIKit's `UIPanGestureRecognizer`: a continuous gesture that begins once the centroid of
/// at least `minimumNumberOfTouches` fingers has moved `hysteresis` points, then reports the
/// translation and velocity of the centroid until the fingers lift.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// Movement before a pan begins. UIKit does not document it; the spec's ~10 pt, which is
    /// what UIKit is measured to use.
    public static let hysteresis: Double = 10

    /// UIKit's default: 1.
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1
    /// UIKit's default: unlimited. Fingers beyond it are ignored.
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max

    /// Where the centroid would be with no translation (window coordinates); moved when
    /// fingers land or lift so that the translation does not jump.
    @exclusivity(unchecked) private var anchor = Point.zero
    @exclusivity(unchecked) private var lastCentroid = Point.zero
    @exclusivity(unchecked) private var tracker = VelocityTracker()
    @exclusivity(unchecked) private var hasAnchor = false

    /// The centroid's movement since the gesture started (including the hysteresis, so a
    /// dragged object follows the finger exactly), plus any `setTranslation` adjustment.
    public func translation(in view: View?) -> Point {
        lastCentroid - anchor
    }

    /// Makes `translation(in:)` return `translation` now (apps reset it to zero after applying it).
    public func setTranslation(_ translation: Point, in view: View?) {
        anchor = lastCentroid - translation
    }

    /// The centroid's velocity, points per second.
    public func velocity(in view: View?) -> Point {
        tracker.velocity
    }

    private func liveCentroid() -> Point? {
        var sum = Point.zero
        var count = 0
        for touch in trackedTouches where !touch.phase.isFinal {
            sum = sum + touch.location(in: nil)
            count += 1
        }
        guard count > 0 else { return nil }
        return Point(x: sum.x / Double(count), y: sum.y / Double(count))
    }

    /// The finger set changed: shift the anchor with the centroid so the translation is continuous.
    private func reanchor() {
        guard let centroid = liveCentroid() else { return }
        if hasAnchor {
            anchor = anchor + (centroid - lastCentroid)
        } else {
            anchor = centroid
            hasAnchor = true
        }
        lastCentroid = centroid
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        ignoreTouches(beyond: max(1, maximumNumberOfTouches), among: touches, for: event)
        reanchor()
        tracker.add(lastCentroid, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let centroid = liveCentroid() else { return }
        lastCentroid = centroid
        tracker.add(centroid, at: event.timestamp)
        continueGesture(thresholdCrossed: numberOfTouches >= max(1, minimumNumberOfTouches)
            && centroid.distance(to: anchor) >= Self.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracker.add(lastCentroid, at: event.timestamp)
        switch state {
        case .possible:
            if numberOfTouches == 0 { state = .failed } else { reanchor() }
        case .began, .changed:
            if numberOfTouches < max(1, minimumNumberOfTouches) { state = .ended } else { reanchor() }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        failOrCancel()
    }

    open override func reset() {
        super.reset()
        anchor = .zero
        lastCentroid = .zero
        hasAnchor = false
        tracker.clear()
    }
}
