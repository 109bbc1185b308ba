/// UIKit's `UISwipeGestureRecognizer`: a discrete gesture, recognized while the fingers move,
/// once `numberOfTouchesRequired` fingers have travelled `minimumDistance` in one of the
/// allowed directions fast enough and straight enough.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// UIKit's default: `.right`.
    public var direction: Direction = .right
    /// UIKit's default: 1.
    public var numberOfTouchesRequired = 1
    /// Travel along the direction needed to recognize. UIKit's private `minimumPrimaryMovement`
    /// is 50 pt.
    public var minimumDistance: Double = 50
    /// The swipe must reach `minimumDistance` within this time of the first finger landing.
    /// UIKit's private `maximumDuration` is 0.5 s.
    public var maximumDuration: TimeInterval = 0.5
    /// Speed along the direction at the moment of recognition (Bezel's choice, 200 pt/s:
    /// a finger that drags 50 pt and rests is a drag, not a swipe).
    public var minimumSpeed: Double = 200
    /// The largest angle between the movement and the direction: tan⁻¹(1/2) ≈ 26.6°, i.e.
    /// sideways travel at most half the travel along the direction (Bezel's choice; UIKit's
    /// private `maximumSecondaryMovement` plays this role).
    public var maximumSidewaysRatio: Double = 0.5

    private var start: Point?
    private var tracker = VelocityTracker()
    /// Made once (`makeTimer`), started with the first finger: a swipe slower than `maximumDuration` fails.
    private lazy var timer = makeTimer { $0.failIfStillPossible() }
    private var mostFingers = 0

    private func centroid() -> Point? {
        var sum = Point.zero
        var count = 0
        for touch in trackedTouches where !touch.phase.isFinal {
            sum = sum + touch.location(in: nil)
            count += 1
        }
        return count == 0 ? nil : Point(x: sum.x / Double(count), y: sum.y / Double(count))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        mostFingers = max(mostFingers, numberOfTouches)
        if numberOfTouches > max(1, numberOfTouchesRequired) {
            state = .failed
            return
        }
        // Re-anchor as fingers join, so a late finger does not count as movement.
        start = centroid()
        tracker.clear()
        if let start { tracker.add(start, at: event.timestamp) }
        // From the first finger: later fingers do not extend the time allowed.
        if !timer.isScheduled { start(timer, after: maximumDuration) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, let current = centroid() else { return }
        tracker.add(current, at: event.timestamp)
        guard numberOfTouches == max(1, numberOfTouchesRequired) else { return }
        let dx = current.x - start.x, dy = current.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let along = horizontal ? abs(dx) : abs(dy)
        let sideways = horizontal ? abs(dy) : abs(dx)
        let moving: Direction = horizontal ? (dx >= 0 ? .right : .left) : (dy >= 0 ? .down : .up)
        // Past the tap slop, movement in a direction that is not allowed, or too crooked, fails.
        if along > PanGestureRecognizer.hysteresis {
            if !direction.contains(moving) || sideways > along * maximumSidewaysRatio {
                state = .failed
                return
            }
        }
        guard along >= minimumDistance else { return }
        let v = tracker.velocity
        let speed = horizontal ? abs(v.x) : abs(v.y)
        state = speed >= minimumSpeed ? .recognized : .failed
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        tracker.clear()
        mostFingers = 0
    }
}
