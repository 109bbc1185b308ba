import Bezel

/// A display without a screen: a window rendered into memory, with PNG screenshots.
///
/// Frames render only the window's damage into `cache` (ordinary memory), then copy the same
/// rectangles into `framebuffer`, exactly as the DRM backend will into scanout memory (never
/// reading from it, never blending into it).
@MainActor
public final class HeadlessDisplay {
    public let window: Window
    /// The rendered frame, in cached memory.
    public let cache: ImageBuffer
    /// The stand-in for scanout memory: what a screen would show.
    public let framebuffer: ImageBuffer
    private let context: CairoDrawingContext
    /// Where the empty parts of the window show (no view draws there): black, like an unlit panel.
    public var clearColor = Color.black
    /// How the panel is mounted: the UI is drawn rotated into the panel-sized buffers.
    public let rotation: DisplayRotation

    /// - Parameter rotation: the panel's mounting; the framebuffer has the panel's size.
    public init(window: Window, rotation: DisplayRotation = .none) throws(CairoError) {
        self.window = window
        self.rotation = rotation
        let panel = rotation.panelSize(for: window.bounds.integral.size)
        cache = try ImageBuffer(width: Int(panel.width), height: Int(panel.height))
        framebuffer = try ImageBuffer(width: Int(panel.width), height: Int(panel.height))
        context = try CairoDrawingContext(target: cache)
        let transform = rotation.drawingTransform
        context.translate(by: transform.translation(window.bounds.size))
        context.rotate(by: transform.radians)
    }

    /// Renders what changed since the last frame; returns the rectangles redrawn (none: the
    /// window did not change, and nothing was done).
    @discardableResult
    public func renderFrame() -> [Rect] {
        window.layoutIfNeeded()
        let rects = window.takeDamage()
        let covered = Renderer.isCoveredByOpaqueBackground(window)
        for rect in rects {
            if !covered { context.fill(rect, color: clearColor) }
            Renderer.render(window, in: context, dirty: rect)
        }
        if !rects.isEmpty {
            let logical = window.bounds.size
            cache.copy(rects.map { rotation.toPanel($0, logical: logical) }, to: framebuffer)
        }
        return rects
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
