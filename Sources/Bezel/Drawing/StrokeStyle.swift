/// How a path's outline is filled (Core Graphics' `CGPathFillRule`).
public enum FillRule: Hashable, Sendable {
    /// Non-zero winding: a point is inside when the outline winds around it (the default).
    case winding
    /// A point is inside when a ray from it crosses the outline an odd number of times:
    /// a shape inside another cuts a hole whatever its direction.
    case evenOdd
}

/// The ends of open subpaths and of dashes (`CGLineCap`).
public enum LineCap: Hashable, Sendable {
    case butt, round, square
}

/// The corners where segments meet (`CGLineJoin`).
public enum LineJoin: Hashable, Sendable {
    case miter, round, bevel
}

/// How a path is stroked: the line centred on the outline, `lineWidth` wide. The defaults
/// are UIKit's (`UIBezierPath`: 1 pt, butt caps, miter joins, miter limit 10, no dash).
/// Out-of-range values fall back rather than fail: a negative or non-finite width strokes
/// nothing, a miter limit below 1 is 1, a dash pattern with a negative, non-finite or
/// all-zero length is no dash.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating, starting with a dash.
    public var dashPattern: [Double]
    /// How far into the pattern the stroke starts.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }

    /// The width actually drawn: 0 (nothing) for a negative or non-finite width.
    public var effectiveLineWidth: Double { lineWidth.isFinite && lineWidth > 0 ? lineWidth : 0 }
    public var effectiveMiterLimit: Double { miterLimit.isFinite ? max(1, miterLimit) : 10 }
    /// The dash pattern drawn: empty (a solid line) when the given one cannot be drawn.
    public var effectiveDashPattern: [Double] {
        guard dashPattern.allSatisfy({ $0.isFinite && $0 >= 0 }), dashPattern.contains(where: { $0 > 0 }) else { return [] }
        return dashPattern
    }
}
