/// UIKit's `UIPinchGestureRecognizer`: a continuous two-finger gesture reporting `scale`, the
/// ratio of the fingers' distance to their distance when the gesture started, and its velocity.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// Change of the fingers' distance before the pinch begins. UIKit does not document it;
    /// 8 pt (Bezel's choice, just under the pan's 10 pt so a spread is not first taken for a pan).
    public static let hysteresis: Double = 8

    private var initialDistance: Double?
    /// Multiplies the distance ratio; `scale`'s setter adjusts it so the reported scale
    /// continues from the value the app set (apps commonly reset it to 1 after applying it).
    private var base: Double = 1
    private var ratio: Double = 1
    private var tracker = VelocityTracker()

    /// The scale: 1 when the fingers are as far apart as when the gesture started.
    public var scale: Double {
        get { base * ratio }
        set {
            guard newValue.isFinite, newValue > 0 else {
                Diagnostics.report(.apiMisuse, "\(debugName).scale = \(newValue): must be finite and positive; ignored")
                return
            }
            base = newValue / ratio
        }
    }

    /// Scale change per second.
    public var velocity: Double { tracker.velocity.x }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        ignoreTouches(beyond: 2, among: touches, for: event)
        if initialDistance == nil, let pair = TwoFingerGesture.pair(of: self) {
            let d = TwoFingerGesture.distance(pair)
            if d >= 1 { initialDistance = d }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let initial = initialDistance, let pair = TwoFingerGesture.pair(of: self) else { return }
        let d = TwoFingerGesture.distance(pair)
        ratio = d / initial
        tracker.add(Point(x: scale, y: 0), at: event.timestamp)
        continueGesture(thresholdCrossed: abs(d - initial) >= Self.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        TwoFingerGesture.fingersLifted(self) { initialDistance = nil }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        failOrCancel()
    }

    open override func reset() {
        super.reset()
        initialDistance = nil
        base = 1
        ratio = 1
        tracker.clear()
    }
}
