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

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard let text, !text.isEmpty else { return }
        context.drawText(text, in: bounds, style: style)
    }
}
