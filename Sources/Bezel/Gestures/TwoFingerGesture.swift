#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The geometry of the first two fingers of a recognizer: their distance and the angle of the
/// line between them (window coordinates), shared by pinch and rotation.
@MainActor
struct TwoFingerGesture {
    /// The two touches, in landing order (nil while fewer than two are down).
    static func pair(of recognizer: GestureRecognizer) -> (Point, Point)? {
        var first: Point?
        for touch in recognizer.trackedTouches where !touch.phase.isFinal {
            let p = touch.location(in: nil)
            if let a = first { return (a, p) }
            first = p
        }
        return nil
    }

    static func distance(_ pair: (Point, Point)) -> Double {
        pair.0.distance(to: pair.1)
    }

    /// Angle of the line from the first finger to the second, radians, in (-π, π].
    static func angle(_ pair: (Point, Point)) -> Double {
        atan2(pair.1.y - pair.0.y, pair.1.x - pair.0.x)
    }

    /// Fingers lifted from a two-finger gesture: undecided with none left, it fails; with one
    /// left it waits for a second finger (`restart` clears its starting measurement); going
    /// with fewer than two, it ends.
    static func fingersLifted(_ recognizer: GestureRecognizer, restart: () -> Void) {
        switch recognizer.state {
        case .possible:
            if recognizer.numberOfTouches == 0 { recognizer.state = .failed } else if recognizer.numberOfTouches < 2 { restart() }
        case .began, .changed:
            if recognizer.numberOfTouches < 2 { recognizer.state = .ended }
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// `a - b` wrapped to (-π, π], so a twist across the ±π line does not jump by 2π.
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = a - b
        while d > Double.pi { d -= 2 * Double.pi }
        while d <= -Double.pi { d += 2 * Double.pi }
        return d
    }
}
