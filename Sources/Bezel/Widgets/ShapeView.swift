/// A view that draws a path, in the way of `CAShapeLayer`: filled with `fillColor` (black by
/// default; nil for none), stroked with `strokeColor` (none by default), the stroke trimmed
/// to `strokeStart...strokeEnd` of the path's length (a progress ring is a circle with
/// `strokeEnd` at the progress). The path is in the view's coordinates and may reach outside
/// its bounds (nothing is clipped, as a layer's path is not); an optional `shadow` is cast by
/// the filled shape (or by the stroke when there is no fill). Each property redraws when set.
@MainActor
open class ShapeView: View {
    open var path: Path? {
        willSet { setNeedsDisplay() }
        didSet { if path != oldValue { setNeedsDisplay() } }
    }
    open var fillColor: Color? = .black { didSet { if fillColor != oldValue { setNeedsDisplay() } } }
    open var strokeColor: Color? { didSet { if strokeColor != oldValue { setNeedsDisplay() } } }
    open var fillRule: FillRule = .winding { didSet { if fillRule != oldValue { setNeedsDisplay() } } }
    /// The stroke's width, caps, joins and dashes (CAShapeLayer's defaults: 1 pt, butt, miter, 10).
    open var lineWidth: Double = 1 { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    open var lineCap: LineCap = .butt { didSet { if lineCap != oldValue { setNeedsDisplay() } } }
    open var lineJoin: LineJoin = .miter { didSet { if lineJoin != oldValue { setNeedsDisplay() } } }
    open var miterLimit: Double = 10 { didSet { if miterLimit != oldValue { setNeedsDisplay() } } }
    open var lineDashPattern: [Double] = [] { didSet { if lineDashPattern != oldValue { setNeedsDisplay() } } }
    open var lineDashPhase: Double = 0 { didSet { if lineDashPhase != oldValue { setNeedsDisplay() } } }
    /// Where the stroke starts and ends, as fractions of the path's length (0 and 1; values
    /// outside 0...1 are clamped, an end before the start strokes nothing).
    /// Both animate inside `View.animate` blocks and animators (CAShapeLayer's are animatable).
    open var strokeStart: Double = 0 { didSet { strokeBoundChanged(Self.strokeStartKey, from: oldValue, to: strokeStart) } }
    open var strokeEnd: Double = 1 { didSet { strokeBoundChanged(Self.strokeEndKey, from: oldValue, to: strokeEnd) } }
    private static let strokeStartKey = 0, strokeEndKey = 1

    private func strokeBoundChanged(_ key: Int, from old: Double, to new: Double) {
        guard new != old else { return }
        if AnimationTransaction.isRecording {
            AnimationTransaction.record(self, .drawn(key), from: AnimationVector(scalar: old))
        } else {
            stopDrawnValueAnimation(key)
        }
        setNeedsDisplay()
    }

    override func drawnModelValue(_ key: Int) -> Double {
        key == Self.strokeStartKey ? strokeStart : key == Self.strokeEndKey ? strokeEnd : super.drawnModelValue(key)
    }

    override func setDrawnModelValue(_ key: Int, _ value: Double) {
        switch key {
        case Self.strokeStartKey: strokeStart = value
        case Self.strokeEndKey: strokeEnd = value
        default: super.setDrawnModelValue(key, value)
        }
    }
    open var shadow: Shadow? {
        willSet { setNeedsDisplay() }
        didSet { if shadow != oldValue { setNeedsDisplay() } }
    }

    public var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                    dashPattern: lineDashPattern, dashPhase: lineDashPhase)
    }

    /// The path's reach outside the bounds, with half the line (a miter can reach
    /// `miterLimit` half-widths) and the shadow's blur and offset.
    open override var drawingOverflow: Double {
        guard let path, !path.isEmpty else { return 0 }
        let box = path.boundingBox
        var outside = max(0, -box.minX, -box.minY, box.maxX - bounds.width, box.maxY - bounds.height)
        if strokeColor != nil { outside += strokeStyle.effectiveLineWidth / 2 * (lineJoin == .miter ? strokeStyle.effectiveMiterLimit : 1.5) }
        if let shadow {
            outside += 1.5 * shadow.effectiveBlurRadius + max(abs(shadow.offset.width), abs(shadow.offset.height))
        }
        return outside.isFinite ? outside.rounded(.up) : 0
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard let path, !path.isEmpty else { return }
        // The bounds shown: mid-animation, the presented ones.
        let start = presentedDrawnValue(Self.strokeStartKey, model: strokeStart)
        let end = presentedDrawnValue(Self.strokeEndKey, model: strokeEnd)
        let stroke = strokeColor.map { _ in path.trimmed(from: start, to: end) }
        if let shadow {
            if fillColor != nil {
                context.drawShadow(of: path, shadow: shadow)
            } else if let stroke {
                context.drawShadow(of: stroke, stroke: strokeStyle, shadow: shadow)
            }
        }
        if let fillColor { context.fill(path, color: fillColor, rule: fillRule) }
        if let stroke, let strokeColor { context.stroke(stroke, color: strokeColor, style: strokeStyle) }
    }
}
