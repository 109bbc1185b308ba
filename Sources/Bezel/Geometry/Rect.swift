/// An origin and a size (UIKit's `CGRect`). A negative width or height is allowed, as in
/// Core Graphics: `standardized` and the min/max accessors treat the rectangle as the area
/// it covers, so no caller has to special-case it.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public static let zero = Rect(origin: .zero, size: .zero)

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    @inlinable
    public var minX: Double { min(origin.x, origin.x + size.width) }
    @inlinable
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    @inlinable
    public var minY: Double { min(origin.y, origin.y + size.height) }
    @inlinable
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }
    @inlinable
    public var width: Double { abs(size.width) }
    @inlinable
    public var height: Double { abs(size.height) }
    public var center: Point { Point(x: midX, y: midY) }

    /// The same area with a non-negative size.
    @inlinable
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Half-open containment, as `CGRect.contains`: the right and bottom edges are outside,
    /// so two adjacent views never both contain a point on their shared edge. NaN is outside.
    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The same size moved by `dx`, `dy` (CGRect's `offsetBy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle grown by `dx`/`dy` on each side (negative values shrink it).
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.minX + dx, y: s.minY + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
    }

    public var description: String { "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size))" }
}

extension Rect {
    public var isEmpty: Bool { width <= 0 || height <= 0 || !width.isFinite || !height.isFinite }
    public var area: Double { isEmpty ? 0 : width * height }

    /// The overlap of two rectangles (`.zero`-sized at the origin when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two overlap in a non-empty, finite area (`!intersection(other).isEmpty`,
    /// without building it: the renderer asks it of every view against the damage, and
    /// hit-testing of every sibling; callgrind, M2_500).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        let width = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        guard width > 0, width.isFinite else { return false }
        let height = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
        return height > 0 && height.isFinite
    }

    /// The smallest rectangle containing both (an empty one is ignored).
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Grown outwards to whole pixels (a damaged area must cover every pixel it touches).
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
}

extension Rect {
    /// The parts of this rectangle outside `other`: up to four rectangles (the bands above and
    /// below it, then the pieces left and right of it), none when `other` covers it.
    public func subtracting(_ other: Rect) -> [Rect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        var pieces: [Rect] = []
        if cut.minY > minY { pieces.append(Rect(x: minX, y: minY, width: width, height: cut.minY - minY)) }
        if cut.maxY < maxY { pieces.append(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.minX > minX { pieces.append(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)) }
        if cut.maxX < maxX { pieces.append(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)) }
        return pieces
    }
}
