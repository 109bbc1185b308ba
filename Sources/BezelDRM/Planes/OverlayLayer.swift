import Bezel
import BezelCairo

/// What a view asks of a display plane: a picture of `sourceWidth` x `sourceHeight` pixels
/// shown at `destination` (panel pixels, whole) above the UI's primary plane, turned as the
/// panel is mounted. `key` names the asker from frame to frame (the same view keeps its plane).
/// A scrolled layer (`scrollBuffer`) is a buffer of that size, larger than the destination,
/// shown 1:1 through a source rectangle that moves as the content scrolls (no scaling, no turn).
public struct OverlayLayer: Equatable, Sendable {
    public var key: Int
    public var destination: Rect
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var rotation: DisplayRotation
    public var scrollBuffer: BufferSize?

    public struct BufferSize: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public init(key: Int, destination: Rect, sourceWidth: Int, sourceHeight: Int, rotation: DisplayRotation = .none) {
        self.key = key
        self.destination = destination
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.rotation = rotation
    }

    /// A scroll view's content: a `buffer`-sized buffer shown through a `destination`-sized
    /// source rectangle.
    public init(key: Int, destination: Rect, scrollBuffer buffer: BufferSize) {
        self.init(key: key, destination: destination, sourceWidth: Int(destination.width), sourceHeight: Int(destination.height))
        scrollBuffer = buffer
    }
}

/// A picture for a layer the display accepted (`DRMDisplay.placeOverlays`): `revision` changes
/// when the picture does (a new video frame, a scroll), so an unchanged one is not drawn again.
public struct OverlayFrame {
    public var key: Int
    public var content: Content
    public var revision: Int
    /// A picture's pixels as a DMA-BUF (a V4L2 device's buffer): the plane shows it without a
    /// copy where the driver imports it and its size is the plane buffer's; else the picture
    /// is drawn.
    public var dmaBuf: DMABuf?

    public enum Content {
        /// Drawn (scaled if need be) into the plane's buffer.
        case picture(Image)
        /// A scrolled layer's buffer brought up to date by the closure (given the buffer about
        /// to be shown), which returns the source rectangle's origin in it (pixels).
        case scrolled(@MainActor (ImageBuffer) -> (x: Int, y: Int))
    }

    public init(key: Int, image: Image, revision: Int, dmaBuf: DMABuf? = nil) {
        self.key = key
        content = .picture(image)
        self.revision = revision
        self.dmaBuf = dmaBuf
    }

    public init(key: Int, revision: Int, scrolled update: @escaping @MainActor (ImageBuffer) -> (x: Int, y: Int)) {
        self.key = key
        content = .scrolled(update)
        self.revision = revision
    }
}
