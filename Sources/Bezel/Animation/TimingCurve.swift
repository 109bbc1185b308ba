#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How an animation's progress (0...1, with a spring's overshoot) follows its time (0...1).
/// Where an animation advances: the animation engine asks its curve once per display-link frame.
public enum TimingCurve: Sendable, Equatable {
    /// A cubic Bézier from (0,0) to (1,1) through two control points (Core Animation's
    /// `CAMediaTimingFunction(controlPoints:)`).
    case cubic(Point, Point)
    /// A damped spring (`usingSpringWithDamping:initialSpringVelocity:`): damping ratio 0...1
    /// (1: no oscillation; above 1 is overdamped) and initial velocity in animation distances
    /// per second (UIKit's unit: 1 covers the whole distance in one second).
    case spring(dampingRatio: Double, initialVelocity: Double, duration: TimeInterval)

    /// Core Animation's named timing functions, the curves of UIKit's view animations.
    public static let easeInOut = TimingCurve.cubic(Point(x: 0.42, y: 0), Point(x: 0.58, y: 1))
    public static let easeIn = TimingCurve.cubic(Point(x: 0.42, y: 0), Point(x: 1, y: 1))
    public static let easeOut = TimingCurve.cubic(Point(x: 0, y: 0), Point(x: 0.58, y: 1))
    public static let linear = TimingCurve.cubic(Point(x: 0, y: 0), Point(x: 1, y: 1))

    /// The progress at `time` (0...1 of the duration; clamped).
    public func progress(at time: Double) -> Double {
        let u = time.isNaN ? 0 : min(1, max(0, time))
        switch self {
        case let .cubic(p1, p2):
            return CubicBezierTiming(p1, p2).value(at: u)
        case let .spring(dampingRatio, velocity, duration):
            guard u < 1 else { return 1 }
            return SpringTiming(dampingRatio: dampingRatio, initialVelocity: velocity, duration: duration).value(atSeconds: u * duration)
        }
    }
}

/// y for a given x on a timing Bézier: x(s) is solved for s by Newton's method, with
/// bisection when the slope is too flat for Newton (as WebKit's and Core Animation's solvers do).
struct CubicBezierTiming {
    let ax, bx, cx, ay, by, cy: Double

    init(_ p1: Point, _ p2: Point) {
        // The control points' x must lie in 0...1 for x(s) to be monotonic (Core Animation clamps too).
        let x1 = min(1, max(0, p1.x.isFinite ? p1.x : 0)), x2 = min(1, max(0, p2.x.isFinite ? p2.x : 1))
        let y1 = p1.y.isFinite ? p1.y : 0, y2 = p2.y.isFinite ? p2.y : 1
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    private func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    func value(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        // The linear curve is the identity (no solving, and exact).
        if ax == 0, bx == 0, cx == 1, ay == 0, by == 0, cy == 1 { return time }
        // 1e-12 of the duration: Newton converges quadratically, so this costs an iteration
        // or two more than a frame-accurate 1e-5 and makes results repeatable to the last digit.
        let epsilon = 1e-12
        var s = time
        for _ in 0..<12 {
            let error = x(s) - time
            if abs(error) < epsilon { return y(s) }
            let slope = dx(s)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = time
        for _ in 0..<100 {
            let value = x(s)
            if abs(value - time) < epsilon { break }
            if value < time { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return y(s)
    }
}

/// The closed-form solution of a damped harmonic oscillator released at distance 1 from its
/// rest point with velocity `initialVelocity` towards it: progress = 1 - displacement.
///
/// UIKit does not document how a duration maps to a spring. Bezel's mapping: the envelope of
/// the motion decays to 0.1 % of the distance at `duration` (so the spring has settled when
/// the animation says it ends, and the final snap to the model value is invisible); the
/// stiffness follows from the damping ratio. A ratio of 1 is critically damped.
struct SpringTiming {
    /// ln(1000): the envelope e^(-λt) reaches 0.001 at t = duration when λ = ln(1000)/duration.
    static let settlingLogarithm = 6.907755278982137

    let dampingRatio: Double
    let initialVelocity: Double
    /// The undamped angular frequency ω0 (rad/s).
    let naturalFrequency: Double

    init(dampingRatio: Double, initialVelocity: Double, duration: TimeInterval) {
        // A ratio of 0 would never settle; 0.01 is the least Bezel accepts.
        let zeta = dampingRatio.isFinite ? max(0.01, dampingRatio) : 1
        let d = duration.isFinite && duration > 0 ? duration : 1
        let decay = Self.settlingLogarithm / d
        self.dampingRatio = zeta
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        naturalFrequency = zeta <= 1 ? decay / zeta : decay / (zeta - (zeta * zeta - 1).squareRoot())
    }

    /// Progress after `t` seconds (can overshoot 1 when underdamped).
    func value(atSeconds t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v = initialVelocity
        let displacement: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            displacement = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v) / wd * sin(wd * t))
        } else if zeta == 1 {
            displacement = exp(-w0 * t) * (1 + (w0 - v) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let a = (-v - r2) / (r1 - r2)
            displacement = a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
        return 1 - displacement
    }
}
