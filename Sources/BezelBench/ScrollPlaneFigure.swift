import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// M9_plane (issue 35, item 4; issue 15's goal): M9's fling (17 pt a frame through
/// TableScene's 10,000 rows) with the table on a display plane. The CPU's work a frame: the
/// offset change (rows laid out, cells reused), the plane's buffers brought up to date
/// (`ScrollPlaneContent.update`: the exposed strip drawn into the content shadow, then copied
/// into the buffer on screen outside its source rectangle, or into the hidden one, which is
/// then flipped to, as `OverlaySurface` does), the indicator's own plane (its picture drawn
/// when it changes, not when it moves) and the UI's frame (nothing to draw: the table's
/// damage is the plane's). The scanout buffers here are ordinary memory, as vkms's are; the
/// plane's move itself is the display's work, not the CPU's. `indicatorPlane: false`: the
/// indicator drawn into the scanout buffers (no plane free for it).
@MainActor
func measureTableFlingOnPlane(size: Size, iterations: Int, indicatorPlane: Bool = true)
    -> (frame: Stats, drawnPixelsPerFrame: Int, copiedPixelsPerFrame: Int, rebases: Int, inShownBuffer: Int)? {
    guard let fling = PlaneFling(size: size, indicatorPlane: indicatorPlane) else { return nil }
    let content = fling.content
    var samples: [UInt64] = []
    let warmUp = iterations / 10
    var drawnAtStart = 0, copiedAtStart = 0, rebasesAtStart = 0, inShownAtStart = 0
    for i in 0..<(iterations + warmUp) {
        if i == warmUp {
            (drawnAtStart, copiedAtStart, rebasesAtStart, inShownAtStart) = (content.drawnPixels, content.copiedPixels, content.rebases, content.inShownBufferUpdates)
        }
        let t0 = nowNanoseconds()
        fling.frame()
        let t1 = nowNanoseconds()
        if i >= warmUp { samples.append(t1 - t0) }
    }
    return (Stats(samples), (content.drawnPixels - drawnAtStart) / iterations, (content.copiedPixels - copiedAtStart) / iterations, content.rebases - rebasesAtStart,
            content.inShownBufferUpdates - inShownAtStart)
}

/// M9_plane's scene and one frame of its fling (timed above, counted by callgrind through
/// `countedPlaneFlingFrame`: `--instructions M9_plane`).
@MainActor
final class PlaneFling {
    let scene: TableScene
    let display: HeadlessDisplay
    let content: ScrollPlaneContent
    private var shown: ImageBuffer
    private var hidden: ImageBuffer
    private var shownYet = false
    private let indicatorPlane: Bool
    private var indicatorBuffers: [Int: (buffer: ImageBuffer, revision: Int)] = [:]
    private let tableOrigin: Point
    private var y = 0.0

    init?(size: Size, indicatorPlane: Bool = true) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        scene = TableScene(application: app, size: size, rows: 10_000)
        guard let display = try? HeadlessDisplay(window: scene.window) else { return nil }
        self.display = display
        display.renderFrame()
        guard let request = scene.window.scrollPlaneRequests().first, request.scrollView === scene.table else {
            print("ERROR: M9_plane: the table is not offered a plane")
            return nil
        }
        tableOrigin = request.windowRect.origin
        scene.table.isOnPlane = true
        guard let content = ScrollPlaneContent(scrollView: scene.table, scale: 1),
              let first = try? ImageBuffer(width: content.width, height: content.height),
              let second = try? ImageBuffer(width: content.width, height: content.height) else { return nil }
        self.content = content
        (shown, hidden) = (first, second)
        self.indicatorPlane = indicatorPlane
        content.drawsIndicators = !indicatorPlane
        // Indicators shown, as in a fling.
        scene.table.flashScrollIndicators()
    }

    /// The offset 17 pt further, the plane's buffer brought up to date (flipped to the hidden
    /// one when the update went there), the indicator's picture drawn if it changed, the UI drawn.
    func frame() {
        y += 17
        scene.table.contentOffset = Point(x: 0, y: y)
        scene.window.prepareForFrame()
        if content.needsUpdate, !content.update(shown: shownYet ? shown : nil, hidden: hidden).inShownBuffer {
            swap(&shown, &hidden)
            shownYet = true
        }
        if indicatorPlane {
            for picture in content.indicatorPictures(scrollViewAt: tableOrigin) where indicatorBuffers[picture.index]?.revision != picture.revision {
                let pixels = picture.windowRect
                guard let buffer = indicatorBuffers[picture.index].map(\.buffer) ?? (try? ImageBuffer(width: Int(pixels.width), height: Int(pixels.height), format: .argb8888)),
                      buffer.width == Int(pixels.width), buffer.height == Int(pixels.height) else { continue }
                picture.draw(buffer)
                indicatorBuffers[picture.index] = (buffer, picture.revision)
            }
        }
        display.renderFrame()
    }
}

/// M9_plane's frame, for callgrind.
@inline(never) @MainActor
func countedPlaneFlingFrame(_ fling: PlaneFling) { fling.frame() }

/// `--instructions M9_plane`: `count` frames after a warm-up of 200 (the buffers filled, the
/// text caches warm); false when no frame was brought up to date in the buffer on screen.
@MainActor
func runPlaneFlingFigure(count: Int) -> Bool {
    guard let fling = PlaneFling(size: StandardKioskScene.size) else { return false }
    for _ in 0..<200 { fling.frame() }
    let before = fling.content.inShownBufferUpdates
    for _ in 0..<count { countedPlaneFlingFrame(fling) }
    return fling.content.inShownBufferUpdates > before
}

func printTableFlingOnPlane(_ figure: (frame: Stats, drawnPixelsPerFrame: Int, copiedPixelsPerFrame: Int, rebases: Int, inShownBuffer: Int),
                            memcpyMedian: Double, software: Stats?, iterations: Int) {
    // The mean is the figure: rows are drawn in bursts (ScrollView.planeLookahead), so the
    // median frame draws none; the software path draws a strip every frame (mean ~ median).
    let beside = software.map { " software_ratio_memcpy=\(format($0.mean / memcpyMedian)) software_median_ratio_memcpy=\(format($0.median / memcpyMedian))" } ?? ""
    print("RESULT M9_plane mean_us=\(format(figure.frame.mean)) median_us=\(format(figure.frame.median)) p95_us=\(format(figure.frame.p95)) ratio_memcpy=\(format(figure.frame.mean / memcpyMedian)) median_ratio_memcpy=\(format(figure.frame.median / memcpyMedian))\(beside) drawn_px_per_frame=\(figure.drawnPixelsPerFrame) copied_px_per_frame=\(figure.copiedPixelsPerFrame) buffer_moves=\(figure.rebases) in_shown_buffer=\(figure.inShownBuffer) iterations=\(iterations)")
}
