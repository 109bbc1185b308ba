import Bezel

/// A display without a screen: a window rendered into memory, with PNG screenshots.
///
/// Frames render only the window's damage, straight into `framebuffer`: headless memory is
/// ordinary cached memory, so there is nothing to gain from drawing elsewhere and copying (the
/// copy was 160 K instructions, 4 % of a full frame of the standard scene: issue 17). The DRM
/// backend presents from the same buffer (`cache`), copying into scanout memory only when that
/// is write-combined.
@MainActor
public final class HeadlessDisplay {
    public let window: Window
    /// The rendered frame, in cached memory.
    public let cache: ImageBuffer
    /// What a screen would show: the rendered frame itself.
    public var framebuffer: ImageBuffer { cache }
    /// Internal: tests draw the same frames with the pixman paths off and compare.
    let context: CairoDrawingContext
    /// Where the empty parts of the window show (no view draws there): black, like an unlit panel.
    public var clearColor = Color.black
    /// Text images kept between runs (`TextImageStore`): the runtime gives its display the
    /// service's; nil draws every text from its layout.
    public var textImageStore: TextImageStore? {
        get { context.textImageStore }
        set { context.textImageStore = newValue }
    }
    /// How the panel is mounted: the UI is drawn rotated into the panel-sized buffers.
    public let rotation: DisplayRotation
    /// Device pixels a point: the buffers are the window's size in points times this, and
    /// everything is drawn at that resolution (text, paths and SVGs sharper, not stretched).
    public let scale: Double

    /// - Parameters:
    ///   - window: the window drawn (its size in points; it must not be empty).
    ///   - rotation: the panel's mounting; the framebuffer has the panel's size.
    ///   - scale: device pixels a point (one of `DisplayScale.supported`; others are refused).
    public init(window: Window, rotation: DisplayRotation = .none, scale: Double = 1) throws(CairoError) {
        guard DisplayScale.supported.contains(scale) else {
            throw CairoError("scale \(scale): expected 1, 1.5, 2 or 3")
        }
        guard window.bounds.width >= 1, window.bounds.height >= 1 else {
            throw CairoError("the window is \(window.bounds.width)x\(window.bounds.height) points: give it a size (Window(frame:), or the runtime sizes it to the panel)")
        }
        self.window = window
        self.rotation = rotation
        self.scale = scale
        let panel = rotation.panelSize(for: window.bounds.integral.size)
        let width = Int((panel.width * scale).rounded(.up)), height = Int((panel.height * scale).rounded(.up))
        cache = try ImageBuffer.framebuffer(width: width, height: height)
        context = try CairoDrawingContext(target: cache)
        if scale != 1 { context.concatenate(AffineTransform(scaleX: scale, y: scale)) }
        let transform = rotation.drawingTransform
        context.translate(by: transform.translation(window.bounds.size))
        context.rotate(by: transform.radians)
        window.screenScale = scale
    }

    /// The panel's pixels that `rects` (window points, as `renderFrame` returns them) cover.
    public func panelPixels(of rects: [Rect]) -> [Rect] {
        let logical = window.bounds.size
        return rects.map { rotation.toPanelPixels($0, logical: logical, scale: scale) }
    }

    /// Renders what changed since the last frame; returns the rectangles redrawn (none: the
    /// window did not change, and nothing was done).
    @discardableResult
    public func renderFrame() -> [Rect] {
        window.prepareForFrame()
        // A scroll view's pixels move first (Bezel/Rendering/ScrollMove.swift); the damage
        // then holds only what the move uncovered and what changed.
        let move = window.takeScrollMove()
        var rects = window.takeDamage()
        if let move { applyMove(move) }
        let covered = Renderer.isCoveredByOpaqueBackground(window)
        for rect in rects {
            if !covered { context.fill(rect, color: clearColor) }
            Renderer.render(window, in: context, dirty: rect)
        }
        if let move { rects.append(move.region) }
        return rects
    }

    /// Frames whose pixels moved instead of being drawn (a scroll view's `ScrollMove`).
    public private(set) var pixelMoves = 0

    /// Shifts the move's region in the cache, in panel pixels (rotated and scaled).
    private func applyMove(_ move: ScrollMove) {
        let logical = window.bounds.size
        let region = rotation.toPanelPixels(move.region, logical: logical, scale: scale)
        let moved = rotation.toPanelPixels(move.region.offsetBy(dx: move.delta.x, dy: move.delta.y), logical: logical, scale: scale)
        cache.shift(region, dx: Int(moved.minX - region.minX), dy: Int(moved.minY - region.minY))
        pixelMoves += 1
    }

    /// The folder named by `BEZEL_SCREENSHOT_DIR`, if set.
    public static var screenshotDirectory: String? { Environment.value("BEZEL_SCREENSHOT_DIR") }

    /// Renders pending changes and writes the screen to `path` as a PNG.
    public func writeScreenshot(to path: String) throws(CairoError) {
        renderFrame()
        try framebuffer.writePNG(to: path)
    }

    /// Writes `<BEZEL_SCREENSHOT_DIR>/<name>.png` when the variable is set; returns the path written.
    @discardableResult
    public func screenshotIfRequested(named name: String) throws(CairoError) -> String? {
        guard let directory = Self.screenshotDirectory, !directory.isEmpty else { return nil }
        let path = directory + "/" + name + ".png"
        try writeScreenshot(to: path)
        return path
    }
}
