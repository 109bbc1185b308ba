import Bezel

/// How a video fills its view (AVFoundation's `AVLayerVideoGravity`).
public enum VideoGravity: Sendable, Equatable {
    /// All of the video, its aspect kept; bars of the view's background beside or above it.
    case resizeAspect
    /// The whole view, its aspect kept; the video's overflow clipped.
    case resizeAspectFill
    /// Stretched to the view.
    case resize
}

/// Shows a `Player`'s video (AVFoundation's `AVPlayerLayer`, as a view): drawn like any view
/// (under and over others, clipped, rounded, transformed, animated), redrawn only where the
/// video is, and only when a new frame is due. Until the first frame, and when the item
/// fails, it shows `posterImage`.
///
/// On a display with a spare overlay plane (the runtime on DRM), a video drawn plainly and
/// with nothing over it goes on the plane (`PlaneContent`): its frames reach the screen
/// without drawing the UI. Anything that would make the plane wrong (a view over it, an
/// animation, a transform, a clip, a corner radius, `resizeAspectFill`) brings it back into the
/// UI in that very frame.
@MainActor
open class VideoView: View, PlaneContent {
    public var player: Player? {
        didSet {
            guard player !== oldValue else { return }
            oldValue?.removeViewer(self)
            player?.addViewer(self)
            setNeedsDisplay()
            player?.viewersChanged()
        }
    }
    public var videoGravity: VideoGravity = .resizeAspect { didSet { setNeedsDisplay() } }
    /// Drawn until the first frame is decoded, and when the item cannot play (a missing or
    /// corrupt file): never a stuck frame or an empty hole. Fitted as `videoGravity` says.
    public var posterImage: Image? { didSet { setNeedsDisplay() } }

    /// Whether a frame of the video is there to draw (AVPlayerLayer's `isReadyForDisplay`).
    public var isReadyForDisplay: Bool { player?.displayedFrame?.image != nil }

    /// Where the video is drawn in the view's bounds (AVPlayerLayer's `videoRect`); zero
    /// before the first frame.
    public var videoRect: Rect {
        guard let image = player?.displayedFrame?.image else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Self.fit(image.size, in: bounds, gravity: videoGravity)
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .black
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        player?.viewersChanged()
    }

    /// Whether a display plane shows the video (set by the runtime). Leaving the plane redraws
    /// the video into the UI.
    public var isOnPlane = false {
        didSet { if oldValue, !isOnPlane { setNeedsDisplay() } }
    }

    /// The shown frame and where it goes, for a display plane; nil before the first frame
    /// and with `resizeAspectFill` (its overflow is clipped: a plane would show it).
    public var planePicture: PlanePicture? {
        guard let player, let frame = player.displayedFrame, let image = frame.image, videoGravity != .resizeAspectFill else { return nil }
        return PlanePicture(image: image, rect: Self.fit(image.size, in: bounds, gravity: videoGravity), revision: player.displayedFrameNumber, dmaBuf: frame.dmaBuf)
    }

    /// A new frame is shown: only the video's rectangle is redrawn (on a plane: nothing is;
    /// the runtime gives the plane the new picture before the next frame).
    func frameDidChange() {
        if isOnPlane { return }
        let rect = videoRect
        if rect.width > 0, rect.height > 0, videoGravity != .resizeAspectFill {
            setNeedsDisplay(rect)
        } else {
            setNeedsDisplay()
        }
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let picture = player?.displayedFrame?.image ?? posterImage
        // On a plane, the plane shows the picture over this view's background.
        guard let picture, !isOnPlane else { return }
        let target = Self.fit(picture.size, in: bounds, gravity: videoGravity)
        context.saveState()
        if videoGravity == .resizeAspectFill { context.clip(to: bounds) }
        // A frame is an opaque picture: its edges stay crisp, as on a display plane.
        if picture === player?.displayedFrame?.image { context.drawPicture(picture, in: target) } else { context.drawImage(picture, in: target) }
        context.restoreState()
    }

    /// `size` fitted to `bounds` as `gravity` says.
    static func fit(_ size: Size, in bounds: Rect, gravity: VideoGravity) -> Rect {
        guard size.width > 0, size.height > 0, gravity != .resize else { return bounds }
        let sx = bounds.width / size.width, sy = bounds.height / size.height
        let scale = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
        let width = size.width * scale, height = size.height * scale
        return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }
}
