/// UIKit's `UILabel`: read-only text, laid out by the drawing backend (Pango: wrapping,
/// truncation, any script with font fallback). Labels ignore touches by default, as in UIKit.
@MainActor
open class Label: View {
    public var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// Font, colour, alignment, number of lines (0: unlimited) and truncation.
    public var style: TextStyle {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    public init(frame: Rect = .zero, text: String? = nil, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The text's size on one line per paragraph (wrapping needs a width: `sizeThatFits`).
    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty, let measurer = TextMetrics.measurer else {
            return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        }
        return measurer.measureText(text, style: style, width: nil)
    }

    /// The size the text needs when wrapped at `size.width` (no wider than it).
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty, let measurer = TextMetrics.measurer else { return .zero }
        let width = size.width > 0 && size.width.isFinite ? size.width : nil
        return measurer.measureText(text, style: style, width: width)
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard let text, !text.isEmpty else { return }
        context.drawText(text, in: bounds, style: style)
    }
}
