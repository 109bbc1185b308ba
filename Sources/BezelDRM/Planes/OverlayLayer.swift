import Bezel

/// What a view asks of a display plane: a picture of `sourceWidth` x `sourceHeight` pixels
/// shown at `destination` (panel pixels, whole) above the UI's primary plane, turned as the
/// panel is mounted. `key` names the asker from frame to frame (the same view keeps its plane).
public struct OverlayLayer: Equatable, Sendable {
    public var key: Int
    public var destination: Rect
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var rotation: DisplayRotation

    public init(key: Int, destination: Rect, sourceWidth: Int, sourceHeight: Int, rotation: DisplayRotation = .none) {
        self.key = key
        self.destination = destination
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.rotation = rotation
    }
}

/// A picture for a layer the display accepted (`DRMDisplay.placeOverlays`): `revision` changes
/// when the picture does (a new video frame), so an unchanged one is not copied again.
public struct OverlayFrame {
    public var key: Int
    public var image: Image
    public var revision: Int

    public init(key: Int, image: Image, revision: Int) {
        self.key = key
        self.image = image
        self.revision = revision
    }
}
