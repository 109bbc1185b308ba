#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An immutable-by-value outline (UIKit's `CGPath`): subpaths of lines and Bézier curves.
/// Arcs, ovals and rounded rectangles are stored as cubic curves (at most a quarter turn
/// each, as Core Graphics does), so every backend and `trimmed(from:to:)` see only four kinds
/// of element. Non-finite coordinates are dropped when added (documented fallback: a NaN from
/// a division by zero draws nothing rather than corrupting the outline).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// Where the next segment starts (nil before the first `move`).
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Building

    public mutating func move(to point: Point) {
        guard point.isFinite else { return }
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// A line from the current point (a `move` when there is none, as Core Graphics does).
    public mutating func addLine(to point: Point) {
        guard point.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard point.isFinite, control.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard point.isFinite, control1.isFinite, control2.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a line back to its start; the next segment starts there.
    public mutating func closeSubpath() {
        guard currentPoint != nil, let start = subpathStart else { return }
        if case .close? = elements.last { return }
        elements.append(.close)
        currentPoint = start
    }

    /// An arc of the circle at `center` from `startAngle` to `endAngle` (radians, 0 along +x,
    /// growing clockwise on screen as in UIKit), drawn `clockwise` or not; a line joins the
    /// current point to the arc's start. A whole turn or more draws the full circle.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite, radius >= 0 else { return }
        var sweep = endAngle - startAngle
        let turn = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            if endAngle - startAngle >= turn { sweep = turn }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            if startAngle - endAngle >= turn { sweep = -turn }
        }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard radius > 0, sweep != 0 else { return }
        // Quarter turns at most: the cubic approximation's error stays under 0.03 % of r.
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            addCurve(to: Point(x: center.x + radius * c1, y: center.y + radius * s1),
                     control1: Point(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0)),
                     control2: Point(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1)))
            angle = next
        }
    }

    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`, clockwise from its rightmost point.
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        var circle = Path()
        circle.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
        circle.closeSubpath()
        append(circle.applying(AffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)))
    }

    /// A rectangle with corners rounded to `cornerRadius` (clamped to half the shorter side,
    /// as UIKit clamps it).
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, r.width / 2, r.height / 2))
        guard radius > 0 else { return addRect(r) }
        let pi = Double.pi
        move(to: Point(x: r.minX + radius, y: r.minY))
        addArc(center: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -pi / 2, endAngle: 0, clockwise: true)
        addArc(center: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0, endAngle: pi / 2, clockwise: true)
        addArc(center: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: pi / 2, endAngle: pi, clockwise: true)
        addArc(center: Point(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: pi, endAngle: 3 * pi / 2, clockwise: true)
        closeSubpath()
    }

    /// Appends `other`'s subpaths.
    public mutating func append(_ other: Path) {
        for element in other.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    // MARK: Geometry

    /// Every point of the path mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: transform.apply(to: p))
            case .line(let p): result.addLine(to: transform.apply(to: p))
            case .quadCurve(let p, let c): result.addQuadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
            case .curve(let p, let c1, let c2):
                result.addCurve(to: transform.apply(to: p), control1: transform.apply(to: c1), control2: transform.apply(to: c2))
            case .close: result.closeSubpath()
            }
        }
        return result
    }

    /// The smallest rectangle holding every point and control point (Core Graphics'
    /// `boundingBox`); `.zero` for an empty path.
    public var boundingBox: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .close: break
            }
        }
        guard minX.isFinite else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Point {
    var isFinite: Bool { x.isFinite && y.isFinite }
}
