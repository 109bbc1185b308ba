/// Text measurement for layout (`Label.intrinsicContentSize`, `sizeThatFits`) and caret
/// geometry for editing: the core cannot lay out text itself, so the drawing backend installs
/// a measurer when it starts (BezelCairo does it when its first drawing context is created).
/// Without one, labels have no intrinsic size, as views without content, and carets are
/// placed by an estimate (`EstimatedTextLayout`).
@MainActor
public enum TextMetrics {
    public static var measurer: (any TextMeasuring)?

    /// The installed measurer, or the estimate when no backend is there.
    static var layout: any TextMeasuring { measurer ?? EstimatedTextLayout.shared }
}

@MainActor
public protocol TextMeasuring: AnyObject {
    /// The size `text` needs, wrapped at `width` when given.
    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size
    /// The character offset of the caret position nearest `point`, with `text` laid out from
    /// (0, 0) on one line (`width` nil) or wrapped at `width`. Right in bidirectional text: a
    /// point on the trailing half of a character gives the position after it in logical order.
    func caretOffset(at point: Point, in text: String, style: TextStyle, width: Double?) -> Int
    /// The caret before the character at `offset` (logical order), laid out as above: a
    /// rectangle of zero width and the line's height.
    func caretRect(at offset: Int, in text: String, style: TextStyle, width: Double?) -> Rect
    /// The size attributed `text` needs, wrapped at `width` when given.
    func measureText(_ text: AttributedText, style: TextStyle, width: Double?) -> Size
    /// Where the first and the last line shown sit, from the top of the text laid out as
    /// above (constraint layout's `firstBaseline` and `lastBaseline`).
    func baselines(of text: String, style: TextStyle, width: Double?) -> TextBaselines
    /// The caret offset one position to the right (or left) on screen of `offset`, laid out
    /// as above: the arrow keys' move. In bidirectional text it differs from the next or
    /// previous offset in logical order: inside a Hebrew word in a Latin line, the right arrow
    /// goes back in the text. At either end of a line the caret stays.
    func caretOffset(movingVisuallyFrom offset: Int, right: Bool, in text: String, style: TextStyle, width: Double?) -> Int
    /// The rectangles the characters in `range` are drawn in, laid out as above, one or more
    /// per line: in bidirectional text a range in the text's order can be in pieces on screen
    /// (a selection from a Latin word into a Hebrew one). nil: from carets at the range's ends.
    func selectionRects(for range: Range<Int>, in text: String, style: TextStyle, width: Double?) -> [Rect]?
}

/// A text's first and last baselines, from its top (points).
public struct TextBaselines: Sendable, Equatable {
    public var first: Double
    public var last: Double
    public init(first: Double, last: Double) {
        self.first = first
        self.last = last
    }
}

extension TextMeasuring {
    /// Without bidi support: the next or previous offset in logical order (right is forward).
    public func caretOffset(movingVisuallyFrom offset: Int, right: Bool, in text: String, style: TextStyle, width: Double?) -> Int {
        max(0, min(text.count, offset + (right ? 1 : -1)))
    }

    /// Without bidi support: nil, the selection drawn between the carets at its ends.
    public func selectionRects(for range: Range<Int>, in text: String, style: TextStyle, width: Double?) -> [Rect]? { nil }

    /// Without baseline support: 0.8 em below each line's top (a Latin font's ascent, about),
    /// lines as high as the text's height divided evenly.
    public func baselines(of text: String, style: TextStyle, width: Double?) -> TextBaselines {
        let height = measureText(text, style: style, width: width).height
        let lines = max(1, (height / (style.size * 1.2)).rounded())
        let line = height / lines
        return TextBaselines(first: style.size * 0.8, last: (lines - 1) * line + style.size * 0.8)
    }

    /// Without attribute support: the characters measured in `style`.
    public func measureText(_ text: AttributedText, style: TextStyle, width: Double?) -> Size {
        measureText(text.string, style: style, width: width)
    }
}

/// A stand-in layout when no drawing backend is installed: every character 0.6 em wide, one
/// line 1.2 em high (DejaVu Sans' average advance and line height, rounded). Good enough for
/// logic that needs a caret position; never used for drawing.
@MainActor
final class EstimatedTextLayout: TextMeasuring {
    static let shared = EstimatedTextLayout()

    private func advance(_ style: TextStyle) -> Double { style.size * 0.6 }
    private func lineHeight(_ style: TextStyle) -> Double { (style.size * 1.2).rounded(.up) }

    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size {
        Size(width: Double(text.count) * advance(style), height: lineHeight(style))
    }

    func caretOffset(at point: Point, in text: String, style: TextStyle, width: Double?) -> Int {
        max(0, min(text.count, Int((point.x / advance(style)).rounded())))
    }

    func caretRect(at offset: Int, in text: String, style: TextStyle, width: Double?) -> Rect {
        Rect(x: Double(max(0, min(offset, text.count))) * advance(style), y: 0, width: 0, height: lineHeight(style))
    }
}
