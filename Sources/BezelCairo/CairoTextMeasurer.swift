import Bezel

/// Measures text for layout with Pango, on a 1x1 surface of its own (so it keeps no display's
/// buffers alive). Installed as `TextMetrics.measurer` when BezelCairo first draws.
@MainActor
final class CairoTextMeasurer: TextMeasuring {
    private let context: CairoDrawingContext?

    init() {
        context = try? CairoDrawingContext(target: ImageBuffer(width: 1, height: 1))
    }

    /// Measurements kept between runs, beside the texts (`TextImageStore.measure(with:)`).
    var textImageStore: TextImageStore? {
        get { context?.textImageStore }
        set { context?.textImageStore = newValue }
    }

    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size {
        context?.measureText(text, style: style, width: width) ?? .zero
    }

    func measureText(_ text: AttributedText, style: TextStyle, width: Double?) -> Size {
        context?.measureText(text, style: style, width: width) ?? .zero
    }

    func baselines(of text: String, style: TextStyle, width: Double?) -> TextBaselines {
        context?.baselines(of: text, style: style, width: width) ?? TextBaselines(first: 0, last: 0)
    }

    func caretOffset(at point: Point, in text: String, style: TextStyle, width: Double?) -> Int {
        context?.caretOffset(at: point, in: text, style: style, width: width) ?? 0
    }

    func caretRect(at offset: Int, in text: String, style: TextStyle, width: Double?) -> Rect {
        context?.caretRect(at: offset, in: text, style: style, width: width) ?? .zero
    }

    func caretOffset(movingVisuallyFrom offset: Int, right: Bool, in text: String, style: TextStyle, width: Double?) -> Int {
        context?.caretOffset(movingVisuallyFrom: offset, right: right, in: text, style: style, width: width) ?? offset
    }

    func selectionRects(for range: Range<Int>, in text: String, style: TextStyle, width: Double?) -> [Rect]? {
        context?.selectionRects(for: range, in: text, style: style, width: width)
    }
}
