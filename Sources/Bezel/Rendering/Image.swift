/// A decoded picture, owned by the drawing backend that loaded it (UIKit's `UIImage`). The
/// core only knows its size; `BezelCairo.ImageLoader` makes them from PNG, JPEG and SVG files.
@MainActor
public final class Image {
    /// Size in points: its pixels divided by `scale`.
    public let size: Size
    /// Pixels a point (UIKit's `scale`): 2 for a `name@2x.png`, the screen's for an SVG.
    public let scale: Double
    /// The backend's pixels (an `ImageBuffer` for cairo): the package's business, not an
    /// app's (`BezelCairo.ImageBuffer.image(scale:)` makes an image of a buffer).
    package let storage: AnyObject
    /// Whether views draw it mirrored in a right-to-left interface (UIKit's): an arrow or a
    /// "next" chevron that points the way the interface reads. Made by
    /// `imageFlippedForRightToLeftLayoutDirection()`.
    public let flipsForRightToLeftLayoutDirection: Bool
    /// What the picture shows, for the spoken mode (UIKit's `UIImage.accessibilityLabel`): a
    /// button with only this image is named by it.
    public var accessibilityLabel: String?

    /// UIKit's `UIImage.RenderingMode`: whether the picture is drawn in its own colours or as
    /// a template, its shape filled with the tint colour of the view showing it.
    public enum RenderingMode: Sendable {
        /// What the place decides: a template in navigation bars, toolbars' bar-button items
        /// and tab bars (UIKit's), the picture's own colours elsewhere.
        case automatic
        /// Always the picture's own colours.
        case alwaysOriginal
        /// Always a template: only its alpha counts, filled with the tint colour (an image
        /// view's `tintColor`, a button's title colour for its state).
        case alwaysTemplate
    }
    /// How the image is drawn (made with `withRenderingMode(_:)`).
    public let renderingMode: RenderingMode

    package init(size: Size, scale: Double = 1, storage: AnyObject, flipsForRightToLeftLayoutDirection: Bool = false,
                 renderingMode: RenderingMode = .automatic) {
        self.size = size
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.storage = storage
        self.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
        self.renderingMode = renderingMode
    }

    /// The same pixels, drawn mirrored by image views, buttons and tab bars whose
    /// `effectiveUserInterfaceLayoutDirection` is right to left (UIKit's).
    public func imageFlippedForRightToLeftLayoutDirection() -> Image {
        copy(flips: true, mode: renderingMode)
    }

    /// UIKit's `withRenderingMode(_:)`: the same pixels drawn as `mode` says.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        copy(flips: flipsForRightToLeftLayoutDirection, mode: mode)
    }

    private func copy(flips: Bool, mode: RenderingMode) -> Image {
        let image = Image(size: size, scale: scale, storage: storage, flipsForRightToLeftLayoutDirection: flips, renderingMode: mode)
        image.accessibilityLabel = accessibilityLabel
        return image
    }
}

extension DrawingContext {
    /// Draws `image` in `rect` for `view`: mirrored about the rect's middle when the image
    /// flips for right to left and the view's direction is right to left (only then is the
    /// direction looked up), and as a template (its shape in `templateColor`, else the view's
    /// tint colour) when its rendering mode says so, or when it is `.automatic` and
    /// `automaticIsTemplate` (the bars' rule).
    @MainActor
    public func drawImage(_ image: Image, in rect: Rect, for view: View, templateColor: Color? = nil, automaticIsTemplate: Bool = false) {
        let tint: Color?
        switch image.renderingMode {
        case .alwaysOriginal: tint = nil
        case .alwaysTemplate: tint = templateColor ?? view.tintColor
        case .automatic: tint = automaticIsTemplate ? templateColor ?? view.tintColor : nil
        }
        guard image.flipsForRightToLeftLayoutDirection, view.effectiveUserInterfaceLayoutDirection == .rightToLeft else {
            if let tint { return drawImage(image, in: rect, tintColor: tint) }
            return drawImage(image, in: rect)
        }
        saveState()
        concatenate(AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * rect.midX, ty: 0))
        if let tint { drawImage(image, in: rect, tintColor: tint) } else { drawImage(image, in: rect) }
        restoreState()
    }
}
