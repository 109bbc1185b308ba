/// A position in a view's coordinate space, in points (UIKit's `CGPoint`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// Euclidean distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

    public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }
}

extension Double {
    /// "12" for whole numbers, "12.5" otherwise: keeps traces short and readable.
    var compactDescription: String {
        if self.isFinite, self == self.rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
