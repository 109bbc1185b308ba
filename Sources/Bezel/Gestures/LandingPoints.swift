/// Where each of a recognizer's touches landed (window coordinates), for the "moved too far"
/// rule of tap and long press. A short array rather than a dictionary: a recognizer tracks a
/// handful of touches, and the array keeps its storage across sequences (no allocation per tap).
@MainActor
struct LandingPoints {
    private var points: [(touch: ObjectIdentifier, at: Point)] = []

    mutating func record(_ touches: Set<Touch>) {
        for touch in touches { points.append((ObjectIdentifier(touch), touch.location(in: nil))) }
    }

    /// Whether any of `touches` is now more than `distance` points from where it landed.
    func anyMoved(_ touches: Set<Touch>, fartherThan distance: Double) -> Bool {
        for touch in touches {
            let id = ObjectIdentifier(touch)
            for entry in points where entry.touch == id {
                if entry.at.distance(to: touch.location(in: nil)) > distance { return true }
                break
            }
        }
        return false
    }

    mutating func clear() {
        points.removeAllKeepingStorage()
    }
}
