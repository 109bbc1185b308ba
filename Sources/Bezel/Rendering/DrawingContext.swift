/// What views draw through: the seam between the view tree and a 2D library. The cairo
/// backend (BezelCairo) implements it today; a GPU backend could tomorrow. Coordinates are
/// points in the current (translated) space; the renderer sets the space to each view's bounds.
@MainActor
public protocol DrawingContext: AnyObject {
    /// The style dynamic colours are resolved with: the renderer sets the style of each view
    /// before it draws (Appearance/).
    var userInterfaceStyle: UserInterfaceStyle { get set }
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
    /// Fills `rect` except (where the backend can) the device pixels wholly inside one of
    /// `excluded`: the renderer passes what views drawn later paint opaquely (OpaqueCover.swift).
    /// Leaving them out is an optimisation only; a backend may fill them too.
    func fill(_ rect: Rect, color: Color, excluding excluded: [Rect])
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
    /// Draws `image` scaled to fill `rect`, sampled with `interpolation` (`.none`: nearest
    /// pixel, for pixel art and icons scaled by whole factors).
    func drawImage(_ image: Image, in rect: Rect, interpolation: InterpolationQuality)
    /// Draws an opaque rectangular picture (a video frame) scaled to fill `rect`, bilinear,
    /// its edge pixels extended rather than blended with what lies under it: the picture
    /// looks the same wherever it is drawn, over the UI or alone on a display plane.
    func drawPicture(_ image: Image, in rect: Rect)
    /// Fills `rect` with copies of `image`, each `tileSize` (the image's own size when nil),
    /// the first at `rect`'s origin (Core Graphics' `draw(_:in:byTiling: true)`).
    /// Draws `image` as a template: its alpha filled with `tintColor` (UIKit's template
    /// images), scaled to `rect` as `drawImage(_:in:)` does.
    func drawImage(_ image: Image, in rect: Rect, tintColor: Color)
    func drawTiledImage(_ image: Image, in rect: Rect, tileSize: Size?, interpolation: InterpolationQuality)

    // MARK: Paths, gradients, shadows (Drawing/)

    /// Fills `path` with `color`.
    func fill(_ path: Path, color: Color, rule: FillRule)
    /// Strokes `path` with `color`, the line centred on the outline.
    func stroke(_ path: Path, color: Color, style: StrokeStyle)
    /// Intersects the clip with `path`.
    func clip(to path: Path, rule: FillRule)
    /// Paints `gradient` from `start` (location 0) to `end` (location 1) across the current
    /// clip, perpendicular to the line between them.
    func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions)
    /// Paints `gradient` between the start circle (location 0) and the end circle (1).
    func drawRadialGradient(_ gradient: Gradient, startCenter: Point, startRadius: Double,
                            endCenter: Point, endRadius: Double, options: GradientDrawingOptions)
    /// Draws the shadow `path` casts when filled, or when stroked with `stroke` (not the path
    /// itself): blurred, offset, in the shadow's colour. Backends keep the blurred shape, so
    /// a shadow that does not change is blurred once.
    func drawShadow(of path: Path, stroke: StrokeStyle?, shadow: Shadow)
    /// Draws `text` laid out in `rect` (wrapping, alignment and truncation from `style`),
    /// vertically centred.
    func drawText(_ text: String, in rect: Rect, style: TextStyle)
    /// The size `text` needs, wrapped at `width` when given.
    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size
    /// Draws attributed `text` as `drawText` draws a string: `style` gives what the runs do
    /// not set, the paragraph (alignment, lines, line breaks, spacing) and the box's layout.
    func drawText(_ text: AttributedText, in rect: Rect, style: TextStyle)
    /// The size attributed `text` needs, wrapped at `width` when given.
    func measureText(_ text: AttributedText, style: TextStyle, width: Double?) -> Size
}

extension DrawingContext {
    /// Fills all of `rect` (a backend that cannot leave parts out).
    public func fill(_ rect: Rect, color: Color, excluding excluded: [Rect]) {
        fill(rect, color: color)
    }

    /// The shadow `path` casts when filled.
    public func drawShadow(of path: Path, shadow: Shadow) {
        drawShadow(of: path, stroke: nil, shadow: shadow)
    }
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

/// How images are sampled when scaled (Core Graphics' `CGInterpolationQuality`).
public enum InterpolationQuality: Hashable, Sendable {
    /// The nearest pixel: hard edges (pixel art, icons scaled by whole factors).
    case none
    /// Bilinear: fast and smooth (the default for drawing).
    case low
    /// The backend's best filter (cairo's GOOD: a box filter when shrinking).
    case high
}
