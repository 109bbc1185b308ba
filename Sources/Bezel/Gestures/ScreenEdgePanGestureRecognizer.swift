/// UIKit's `UIScreenEdgePanGestureRecognizer`: a pan that begins only when the finger lands
/// near one of the chosen edges of the window and moves away from it (kiosks use it as a
/// hidden admin gesture).
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1 << 0)
        public static let left = Edges(rawValue: 1 << 1)
        public static let bottom = Edges(rawValue: 1 << 2)
        public static let right = Edges(rawValue: 1 << 3)
        public static let all: Edges = [.top, .left, .bottom, .right]
    }

    /// The edges that count (UIKit's default: none, so an unconfigured recognizer never begins).
    public var edges: Edges = []
    /// How close to the edge the finger must land. UIKit does not document it; 20 pt (Bezel's
    /// choice: a fingertip on the bezel of a 7" panel).
    public var edgeRegion: Double = 20

    private var landedEdge: Edges = []
    private var landing = Point.zero

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches == touches.count, let touch = touches.first, let window = touch.window {
            let p = touch.location(in: nil)
            let b = window.bounds
            var near: Edges = []
            if p.x - b.minX < edgeRegion { near.insert(.left) }
            if b.maxX - p.x <= edgeRegion { near.insert(.right) }
            if p.y - b.minY < edgeRegion { near.insert(.top) }
            if b.maxY - p.y <= edgeRegion { near.insert(.bottom) }
            landedEdge = near.intersection(edges)
            landing = p
            if landedEdge.isEmpty {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state == .possible {
            // Only movement away from the edge (mostly perpendicular to it) may begin the gesture.
            let t = location(in: nil) - landing
            if max(abs(t.x), abs(t.y)) >= PanGestureRecognizer.hysteresis {
                let away = (landedEdge.contains(.left) && t.x > abs(t.y))
                    || (landedEdge.contains(.right) && -t.x > abs(t.y))
                    || (landedEdge.contains(.top) && t.y > abs(t.x))
                    || (landedEdge.contains(.bottom) && -t.y > abs(t.x))
                if !away {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        landedEdge = []
    }
}
