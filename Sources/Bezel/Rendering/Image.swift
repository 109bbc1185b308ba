/// A decoded picture, owned by the drawing backend that loaded it (UIKit's `UIImage`). The
/// core only knows its size; `BezelCairo.ImageLoader` makes them from PNG files.
@MainActor
public final class Image {
    /// Size in points (pixels at 1x).
    public let size: Size
    /// The backend's pixels (an `ImageBuffer` for cairo).
    public let storage: AnyObject

    public init(size: Size, storage: AnyObject) {
        self.size = size
        self.storage = storage
    }
}
