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

    package init(size: Size, scale: Double = 1, storage: AnyObject, flipsForRightToLeftLayoutDirection: Bool = false) {
        self.size = size
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.storage = storage
        self.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
    }

    /// The same pixels, drawn mirrored by image views, buttons and tab bars whose
    /// `effectiveUserInterfaceLayoutDirection` is right to left (UIKit's).
    public func imageFlippedForRightToLeftLayoutDirection() -> Image {
        Image(size: size, scale: scale, storage: storage, flipsForRightToLeftLayoutDirection: true)
    }
}

extension DrawingContext {
    /// Draws `image` in `rect` for `view`: mirrored about the rect's middle when the image
    /// flips for right to left and the view's direction is right to left (only then is the
    /// direction looked up).
    @MainActor
    public func drawImage(_ image: Image, in rect: Rect, for view: View) {
        guard image.flipsForRightToLeftLayoutDirection, view.effectiveUserInterfaceLayoutDirection == .rightToLeft else {
            return drawImage(image, in: rect)
        }
        saveState()
        concatenate(AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * rect.midX, ty: 0))
        drawImage(image, in: rect)
        restoreState()
    }
}
