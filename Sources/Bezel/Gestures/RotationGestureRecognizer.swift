/// UIKit's `UIRotationGestureRecognizer`: a continuous two-finger gesture reporting
/// `rotation`, the angle (radians, clockwise on screen) the line between the fingers has
/// turned since the gesture started, and its velocity.
@MainActor
open class RotationGestureRecognizer: GestureRecognizer {
    /// Turn before the rotation begins. UIKit does not document it; 5° (Bezel's choice: small
    /// enough to feel immediate, large enough that a pinch's jitter is not a rotation).
    public static let hysteresis: Double = 5 * Double.pi / 180

    private var initialAngle: Double?
    private var lastAngle: Double = 0
    /// Accumulated turn, unwrapped across ±π.
    private var turned: Double = 0
    private var base: Double = 0
    private var tracker = VelocityTracker()

    /// Radians turned since the gesture started, plus any value the app set.
    public var rotation: Double {
        get { base + turned }
        set {
            guard newValue.isFinite else {
                Diagnostics.report(.apiMisuse, "\(debugName).rotation = \(newValue): must be finite; ignored")
                return
            }
            base = newValue - turned
        }
    }

    /// Radians per second.
    public var velocity: Double { tracker.velocity.x }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        ignoreTouches(beyond: 2, among: touches, for: event)
        if initialAngle == nil, let pair = TwoFingerGesture.pair(of: self), TwoFingerGesture.distance(pair) >= 1 {
            initialAngle = TwoFingerGesture.angle(pair)
            lastAngle = initialAngle!
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard initialAngle != nil, let pair = TwoFingerGesture.pair(of: self), TwoFingerGesture.distance(pair) >= 1 else { return }
        let angle = TwoFingerGesture.angle(pair)
        turned += TwoFingerGesture.angleDifference(angle, lastAngle)
        lastAngle = angle
        tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
        continueGesture(thresholdCrossed: abs(turned) >= Self.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        TwoFingerGesture.fingersLifted(self) {
            initialAngle = nil
            turned = 0
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        failOrCancel()
    }

    open override func reset() {
        super.reset()
        initialAngle = nil
        lastAngle = 0
        turned = 0
        base = 0
        tracker.clear()
    }
}
