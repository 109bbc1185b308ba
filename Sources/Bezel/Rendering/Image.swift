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

    package init(size: Size, scale: Double = 1, storage: AnyObject) {
        self.size = size
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.storage = storage
    }
}
