/// How the caret, the selection and its handles look in every text input (iOS's: a 2 pt
/// caret and handles in the tint colour, the selection in the tint colour at 20 %).
@MainActor
enum TextSelectionDrawing {
    static let caretWidth = 2.0
    static let handleDotDiameter = 10.0
    /// How far a finger may land from a handle and still grab it (iOS's handles have a hit
    /// area about 44 pt wide).
    static let handleGrabRadius = 22.0

    /// Whether a finger at `point` grabs the handle at `caret` (the caret's rectangle, in the
    /// same coordinates).
    static func grabs(_ point: Point, handleAt caret: Rect) -> Bool {
        let dx = point.x - caret.midX, dy = point.y - caret.midY
        return (dx * dx + dy * dy).squareRoot() < handleGrabRadius
    }

    /// Draws the selection (or the caret when `showCaret`) for `caretRect(offset)`, rectangles
    /// already placed in the view's coordinates; `lines` is the area the text's lines span.
    /// `selectionRects`, when the text layout gives them, are the pieces the selected
    /// characters are drawn in (several on a line of bidirectional text).
    static func draw(selection: Range<Int>, showCaret: Bool, showHandles: Bool, tint: Color, lines: Rect,
                     caretRect: (Int) -> Rect, selectionRects: (Range<Int>) -> [Rect]? = { _ in nil }, in context: any DrawingContext) {
        if selection.isEmpty {
            guard showCaret else { return }
            let caret = caretRect(selection.lowerBound)
            context.fill(Rect(x: caret.minX - caretWidth / 2, y: caret.minY, width: caretWidth, height: caret.height), color: tint)
            return
        }
        let start = caretRect(selection.lowerBound), end = caretRect(selection.upperBound)
        let highlight = Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: 0.2)
        if let pieces = selectionRects(selection) {
            for piece in pieces { context.fill(piece, color: highlight) }
        } else if abs(start.minY - end.minY) < 1 {
            context.fill(Rect(x: min(start.minX, end.minX), y: start.minY, width: abs(end.minX - start.minX), height: start.height),
                         color: highlight)
        } else {
            // Several lines: the rest of the first line, the lines between, the start of the last.
            context.fill(Rect(x: start.minX, y: start.minY, width: lines.maxX - start.minX, height: start.height), color: highlight)
            if end.minY > start.maxY {
                context.fill(Rect(x: lines.minX, y: start.maxY, width: lines.width, height: end.minY - start.maxY), color: highlight)
            }
            context.fill(Rect(x: lines.minX, y: end.minY, width: end.minX - lines.minX, height: end.height), color: highlight)
        }
        guard showHandles else { return }
        for (rect, dotOnTop) in [(start, true), (end, false)] {
            context.fill(Rect(x: rect.minX - caretWidth / 2, y: rect.minY, width: caretWidth, height: rect.height), color: tint)
            let y = dotOnTop ? rect.minY - handleDotDiameter : rect.maxY
            context.fillEllipse(in: Rect(x: rect.minX - handleDotDiameter / 2, y: y, width: handleDotDiameter, height: handleDotDiameter), color: tint)
        }
    }
}
