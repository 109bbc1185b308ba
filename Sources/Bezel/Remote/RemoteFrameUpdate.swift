/// The live view's updates on one remote connection (the `nextFrame` request): the damage of
/// the frames drawn since the last update this connection was sent, in the panel's pixels, and
/// the request waiting for the next one.
///
/// Pull, not push: the remote service asks for the next update when it has passed the last one
/// on, so a slow browser never makes the app queue frames (one update at most is in flight a
/// connection), several frames drawn meanwhile travel as one update (their damage merged), and
/// a panel nobody watches sends nothing (no request waits: damage is not even kept).
///
/// An update's reply: `{"id":…,"ok":true,"width":W,"height":H,"rects":[[x,y,w,h],…]}` (the
/// frame's size and the changed rectangles, panel pixels) and, as payload, each rectangle's
/// pixels in turn: rows of `w` XRGB8888 words (RemotePicture's layout), top to bottom.
public struct RemoteFrameUpdate: Sendable {
    /// Rectangles kept apart at most; more are merged into their bounding box (a frame's
    /// damage is a few rectangles: a pressed button and a label; a scroll adds one).
    public static let maximumRectangles = 16

    /// The id of the `nextFrame` request waiting for an update, if one is.
    public private(set) var waitingRequestID: Int?
    /// Whether the connection was sent a whole frame (its first update is one).
    public private(set) var hasSentWholeFrame = false
    /// Damage not yet sent: integral panel pixels, inside the frame, none inside another.
    public private(set) var unsent: [PixelRegion] = []

    public init() {}

    /// A `nextFrame` request came; false when one was already waiting (the client's mistake).
    public mutating func request(id: Int) -> Bool {
        guard waitingRequestID == nil else { return false }
        waitingRequestID = id
        return true
    }

    /// A frame was drawn, changing `damage` (panel pixels) of a frame of `width` x `height`.
    /// Kept only once the connection watches (it asked for an update once).
    public mutating func frameDrawn(damage: [Rect], width: Int, height: Int) {
        guard hasSentWholeFrame || waitingRequestID != nil else { return }
        for rect in damage {
            guard let region = PixelRegion(covering: rect, width: width, height: height) else { continue }
            if unsent.contains(where: { $0.contains(region) }) { continue }
            unsent.removeAll { region.contains($0) }
            unsent.append(region)
        }
        if unsent.count > Self.maximumRectangles {
            unsent = [unsent.dropFirst().reduce(unsent[0]) { $0.union($1) }]
        }
    }

    /// The update to send now, if a request waits and there is one: its id and rectangles
    /// (the whole frame the first time). Taking it starts the next update afresh.
    public mutating func take(width: Int, height: Int) -> (id: Int, regions: [PixelRegion])? {
        guard let id = waitingRequestID, width > 0, height > 0 else { return nil }
        let regions: [PixelRegion]
        if !hasSentWholeFrame {
            regions = [PixelRegion(x: 0, y: 0, width: width, height: height)]
        } else {
            guard !unsent.isEmpty else { return nil }
            regions = unsent
        }
        waitingRequestID = nil
        hasSentWholeFrame = true
        unsent = []
        return (id, regions)
    }
}

/// A rectangle of whole pixels (a frame's region the live view sends).
public struct PixelRegion: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole pixels `rect` touches, inside a `width` x `height` frame; nil when none.
    public init?(covering rect: Rect, width: Int, height: Int) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let minX = max(0, min(Double(width), rect.minX.rounded(.down))), maxX = max(0, min(Double(width), rect.maxX.rounded(.up)))
        let minY = max(0, min(Double(height), rect.minY.rounded(.down))), maxY = max(0, min(Double(height), rect.maxY.rounded(.up)))
        guard maxX > minX, maxY > minY else { return nil }
        self.init(x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }

    public func contains(_ other: PixelRegion) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    public func union(_ other: PixelRegion) -> PixelRegion {
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRegion(x: minX, y: minY, width: max(x + width, other.x + other.width) - minX,
                           height: max(y + height, other.y + other.height) - minY)
    }
}
