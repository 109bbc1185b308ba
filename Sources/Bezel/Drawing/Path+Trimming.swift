extension Path {
    /// Curves are cut into line segments this close to the curve (in points): a tenth of a
    /// pixel at scale 1, finer than antialiasing shows. Chords are shorter than the curve:
    /// measured, a circle of radius 40 comes out 0.05 % short, one of radius 10 0.2 %.
    static let flatteningTolerance = 0.1

    /// The path as polylines: each subpath its points, and whether it is closed.
    func flattened() -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var points: [Point] = []
        func finish(closed: Bool) {
            if points.count > 1 || (points.count == 1 && closed) { result.append((points, closed)) }
            points = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                points = [p]
            case .line(let p):
                points.append(p)
            case .quadCurve(let p, let c):
                let start = points.last ?? p
                // A quadratic is the cubic with controls 2/3 of the way to its control point.
                let c1 = Point(x: start.x + 2 / 3 * (c.x - start.x), y: start.y + 2 / 3 * (c.y - start.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                Self.flattenCubic(start, c1, c2, p, into: &points)
            case .curve(let p, let c1, let c2):
                Self.flattenCubic(points.last ?? p, c1, c2, p, into: &points)
            case .close:
                if let first = points.first {
                    finish(closed: true)
                    points = [first]
                }
            }
        }
        finish(closed: false)
        return result
    }

    /// Appends the cubic's points after `p0`, in as many equal steps in t as keep each chord
    /// within the tolerance (the control polygon's second differences bound the error).
    private static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, into points: inout [Point]) {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let steps = min(1000, max(1, Int((0.75 * dd / flatteningTolerance).squareRoot().rounded(.up))))
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    /// The length of the path (curves measured along their flattening).
    public var length: Double {
        flattened().reduce(0) { total, subpath in total + Self.length(of: subpath.points, closed: subpath.closed) }
    }

    private static func length(of points: [Point], closed: Bool) -> Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += points[i - 1].distance(to: points[i]) }
        if closed, let first = points.first, let last = points.last { total += last.distance(to: first) }
        return total
    }

    /// The part of the path between fractions `start` and `end` of its length (0...1,
    /// clamped), as `CAShapeLayer`'s `strokeStart` and `strokeEnd` cut it: measured over all
    /// subpaths in order; the result is open polylines (a trimmed closed subpath has ends).
    public func trimmed(from start: Double, to end: Double) -> Path {
        let from = start.isNaN ? 0 : min(1, max(0, start)), to = end.isNaN ? 1 : min(1, max(0, end))
        if from <= 0 && to >= 1 { return self }
        guard to > from else { return Path() }
        let subpaths = flattened().map { subpath -> [Point] in
            subpath.closed && subpath.points.count > 1 ? subpath.points + [subpath.points[0]] : subpath.points
        }
        let total = subpaths.reduce(0) { $0 + Self.length(of: $1, closed: false) }
        guard total > 0 else { return Path() }
        let lower = from * total, upper = to * total
        var result = Path()
        var travelled = 0.0
        for points in subpaths {
            var drawing = false
            for i in points.indices.dropFirst() {
                let a = points[i - 1], b = points[i]
                let segment = a.distance(to: b)
                let segmentStart = travelled, segmentEnd = travelled + segment
                travelled = segmentEnd
                guard segmentEnd > lower, segmentStart < upper, segment > 0 else { continue }
                func point(at distance: Double) -> Point {
                    let t = min(1, max(0, (distance - segmentStart) / segment))
                    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !drawing {
                    result.move(to: point(at: max(lower, segmentStart)))
                    drawing = true
                }
                result.addLine(to: point(at: min(upper, segmentEnd)))
            }
        }
        return result
    }
}
