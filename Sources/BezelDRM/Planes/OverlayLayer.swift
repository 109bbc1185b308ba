import Bezel
import BezelCairo

/// What a view asks of a display plane: a picture of `sourceWidth` x `sourceHeight` pixels
/// shown at `destination` (panel pixels, whole) above the UI's primary plane, turned as the
/// panel is mounted. `key` names the asker from frame to frame (the same view keeps its plane).
/// A scrolled layer (`scrollBuffer`) is a buffer of that size, larger than the destination,
/// shown 1:1 through a source rectangle that moves as the content scrolls (no scaling, no turn).
/// Layers are stacked in the order they are asked for: each above those before it.
public struct OverlayLayer: Equatable, Sendable {
    public var key: Int
    public var destination: Rect
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var rotation: DisplayRotation
    public var scrollBuffer: BufferSize?
    /// A picture with transparency, blended over what is under it (ARGB8888, premultiplied):
    /// a scroll indicator over its content's plane. Drawn 1:1 (`OverlayFrame.Content.drawn`).
    public var hasAlpha = false

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

    /// A picture with transparency, drawn at the destination's size and shown 1:1 over the
    /// layers before it (a scroll indicator).
    public init(key: Int, blendedAt destination: Rect) {
        self.init(key: key, destination: destination, sourceWidth: Int(destination.width), sourceHeight: Int(destination.height))
        hasAlpha = true
    }

    /// Whether `other` is this layer moved: only the destination's origin differs (a scroll
    /// indicator following the content). The plane keeps its buffer and takes the new
    /// position without a test commit (`PlaneAssignment.place`).
    func isMoved(from other: OverlayLayer) -> Bool {
        var moved = other
        moved.destination.origin = destination.origin
        return moved == self && other.destination.origin != destination.origin
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
        /// A scrolled layer's buffers brought up to date by the closure (given the buffer on
        /// screen, nil while the display may read more of it than its last source rectangle,
        /// and the hidden one), which says which it wrote and the source rectangle's origin in it.
        case scrolled(@MainActor (_ shown: ImageBuffer?, _ hidden: ImageBuffer) -> ScrollPlaneUpdate)
        /// A picture drawn 1:1 by the closure into the hidden buffer (a blended layer's: ARGB).
        case drawn(@MainActor (ImageBuffer) -> Void)
    }

    public init(key: Int, image: Image, revision: Int, dmaBuf: DMABuf? = nil) {
        self.key = key
        content = .picture(image)
        self.revision = revision
        self.dmaBuf = dmaBuf
    }

    public init(key: Int, revision: Int, scrolled update: @escaping @MainActor (_ shown: ImageBuffer?, _ hidden: ImageBuffer) -> ScrollPlaneUpdate) {
        self.key = key
        content = .scrolled(update)
        self.revision = revision
    }

    public init(key: Int, revision: Int, drawn draw: @escaping @MainActor (ImageBuffer) -> Void) {
        self.key = key
        content = .drawn(draw)
        self.revision = revision
    }
}
