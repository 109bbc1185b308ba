#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's `UIBezierPath`: a path you build step by step (a reference, so `let path =
/// BezierPath(); path.move(to:)` works as in UIKit) with the attributes it is stroked with.
/// Its geometry is `path` (UIKit's `cgPath`), which views and `ShapeView` take.
@MainActor
public final class BezierPath {
    /// The outline (UIKit's `cgPath`).
    public var path: Path
    public var lineWidth: Double = 1
    public var lineCapStyle: LineCap = .butt
    public var lineJoinStyle: LineJoin = .miter
    public var miterLimit: Double = 10
    public var usesEvenOddFillRule = false
    public private(set) var lineDashPattern: [Double] = []
    public private(set) var lineDashPhase: Double = 0

    public init() {
        path = Path()
    }

    public init(path: Path) {
        self.path = path
    }

    public convenience init(rect: Rect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: Rect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init()
        path.addRoundedRect(rect, cornerRadius: cornerRadius)
    }

    public convenience init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.init()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: Building (UIKit's names)

    public func move(to point: Point) { path.move(to: point) }
    public func addLine(to point: Point) { path.addLine(to: point) }
    public func addQuadCurve(to point: Point, controlPoint: Point) { path.addQuadCurve(to: point, control: controlPoint) }
    public func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    public func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public func close() { path.closeSubpath() }
    public func append(_ other: BezierPath) { path.append(other.path) }
    public func removeAllPoints() { path = Path() }
    public func apply(_ transform: AffineTransform) { path = path.applying(transform) }

    public func setLineDash(_ pattern: [Double], phase: Double) {
        lineDashPattern = pattern
        lineDashPhase = phase
    }

    public var isEmpty: Bool { path.isEmpty }
    public var currentPoint: Point { path.currentPoint ?? .zero }
    /// The control-point bounds (UIKit's `bounds`).
    public var bounds: Rect { path.boundingBox }

    /// The stroke attributes as one value.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCapStyle, lineJoin: lineJoinStyle, miterLimit: miterLimit,
                    dashPattern: lineDashPattern, dashPhase: lineDashPhase)
    }

    public var fillRule: FillRule { usesEvenOddFillRule ? .evenOdd : .winding }

    // MARK: Drawing (UIKit draws into the current context; Bezel names the context)

    public func fill(_ color: Color, in context: any DrawingContext) {
        context.fill(path, color: color, rule: fillRule)
    }

    public func stroke(_ color: Color, in context: any DrawingContext) {
        context.stroke(path, color: color, style: strokeStyle)
    }

    /// Intersects the context's clip with the path (UIKit's `addClip()`).
    public func addClip(in context: any DrawingContext) {
        context.clip(to: path, rule: fillRule)
    }
}
