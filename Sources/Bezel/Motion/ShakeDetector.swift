/// Turns accelerometer samples into UIKit's shake: `motionBegan` when the device is shaken,
/// `motionEnded` when it is still again, `motionCancelled` when the shaking goes on too long
/// (UIKit's rule; its thresholds are not documented, so these are Bezel's, stated here).
///
/// Gravity is tracked with a low-pass filter; what is left is the hand's acceleration. A
/// shake is `strongSamplesToBegin` samples above `threshold` within `window`; it ends after
/// `calmToEnd` without one, and is cancelled after `longest`.
public struct ShakeDetector: Sendable {
    /// 1.2 g of the hand's acceleration: a deliberate shake, not a bump on the stand (Android's
    /// common ShakeDetector uses about 1.35 g of total acceleration).
    public var threshold = 1.2 * 9.81
    public var strongSamplesToBegin = 3
    public var window: Double = 0.5
    public var calmToEnd: Double = 0.3
    public var longest: Double = 3

    /// The low-pass filter's weight of a new sample (at 25 samples a second, gravity follows a
    /// change of orientation in about a second).
    static let gravityWeight = 0.1

    private var gravity: (x: Double, y: Double, z: Double)?
    private var strong: [Double] = []
    private var began: Double?
    private var lastStrong = 0.0

    public init() {}

    /// One sample in m/s² at `time` (seconds); returns the phase of a shake that began, ended
    /// or was cancelled with it, if any.
    public mutating func feed(x: Double, y: Double, z: Double, at time: Double) -> MotionEvent.Phase? {
        guard x.isFinite, y.isFinite, z.isFinite, time.isFinite else { return nil }
        guard var g = gravity else {
            gravity = (x, y, z)
            return nil
        }
        let w = Self.gravityWeight
        g = (g.x + (x - g.x) * w, g.y + (y - g.y) * w, g.z + (z - g.z) * w)
        gravity = g
        let (lx, ly, lz) = (x - g.x, y - g.y, z - g.z)
        let isStrong = (lx * lx + ly * ly + lz * lz).squareRoot() > threshold
        if let start = began {
            if isStrong { lastStrong = time }
            if time - start > longest {
                reset()
                return .cancelled
            }
            if time - lastStrong >= calmToEnd {
                reset()
                return .ended
            }
            return nil
        }
        guard isStrong else { return nil }
        strong.append(time)
        strong.removeAll { time - $0 > window }
        guard strong.count >= strongSamplesToBegin else { return nil }
        began = time
        lastStrong = time
        strong.removeAll()
        return .began
    }

    private mutating func reset() {
        began = nil
        strong.removeAll()
    }
}
