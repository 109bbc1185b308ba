/// What views draw through: the seam between the view tree and a 2D library. The cairo
/// backend (BezelCairo) implements it today; a GPU backend could tomorrow. Coordinates are
/// points in the current (translated) space; the renderer sets the space to each view's bounds.
@MainActor
public protocol DrawingContext: AnyObject {
    func saveState()
    func restoreState()
    func translate(by offset: Point)
    /// Applies `transform` to the drawing space (view transforms).
    func concatenate(_ transform: AffineTransform)
    /// Rotates the drawing space by `radians` (clockwise on screen) about the current origin.
    func rotate(by radians: Double)
    /// Intersects the clip with `rect`.
    func clip(to rect: Rect)
    func fill(_ rect: Rect, color: Color)
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Strokes inside `rect` (the line does not grow the shape), as UIKit's layer border does.
    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color)
    func fillEllipse(in rect: Rect, color: Color)
    /// Everything drawn until `endGroup` is composited with `alpha` as one layer (UIKit's
    /// group opacity).
    func beginGroup()
    func endGroup(alpha: Double)
    /// Starts recording what is drawn next into an offscreen layer instead of the target.
    func beginCapture()
    /// Ends the recording started by `beginCapture()`: the layer, to draw again later with
    /// `drawCapture` in the same coordinate space (nil if the backend cannot keep layers).
    func endCapture() -> DrawingCapture?
    /// Draws a captured layer where it was recorded, within the current clip.
    func drawCapture(_ capture: DrawingCapture)
    /// Draws `image` scaled to fill `rect`.
    func drawImage(_ image: Image, in rect: Rect)
    /// Draws `text` laid out in `rect` (wrapping, alignment and truncation from `style`),
    /// vertically centred.
    func drawText(_ text: String, in rect: Rect, style: TextStyle)
    /// The size `text` needs, wrapped at `width` when given.
    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size
}

/// A layer recorded by a drawing context (`beginCapture`/`endCapture`), owned by the backend
/// that made it: the renderer keeps one of what lies under a presentation while it moves.
@MainActor
public final class DrawingCapture {
    /// The backend's layer (a cairo pattern, for BezelCairo).
    public let storage: AnyObject

    public init(storage: AnyObject) {
        self.storage = storage
    }
}
