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
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = TableScene(application: app, size: size, rows: 10_000)
    guard let display = try? HeadlessDisplay(window: scene.window) else { return nil }
    display.renderFrame()
    guard scene.window.scrollPlaneRequests().first?.scrollView === scene.table else {
        print("ERROR: M9_plane: the table is not offered a plane")
        return nil
    }
    scene.table.isOnPlane = true
    guard let content = ScrollPlaneContent(scrollView: scene.table, scale: 1),
          let first = try? ImageBuffer(width: content.width, height: content.height),
          let second = try? ImageBuffer(width: content.width, height: content.height) else { return nil }
    var (shown, hidden) = (first, second)
    var shownYet = false
    content.drawsIndicators = !indicatorPlane
    var indicatorBuffers: [Int: (buffer: ImageBuffer, revision: Int)] = [:]
    let tableOrigin = scene.window.scrollPlaneRequests()[0].windowRect.origin
    // Indicators shown, as in a fling.
    scene.table.flashScrollIndicators()
    var samples: [UInt64] = []
    var y = 0.0
    let warmUp = iterations / 10
    var drawnAtStart = 0, copiedAtStart = 0, rebasesAtStart = 0, inShownAtStart = 0
    for i in 0..<(iterations + warmUp) {
        if i == warmUp {
            (drawnAtStart, copiedAtStart, rebasesAtStart, inShownAtStart) = (content.drawnPixels, content.copiedPixels, content.rebases, content.inShownBufferUpdates)
        }
        y += 17
        let t0 = nowNanoseconds()
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
        let t1 = nowNanoseconds()
        if i >= warmUp { samples.append(t1 - t0) }
    }
    return (Stats(samples), (content.drawnPixels - drawnAtStart) / iterations, (content.copiedPixels - copiedAtStart) / iterations, content.rebases - rebasesAtStart,
            content.inShownBufferUpdates - inShownAtStart)
}

func printTableFlingOnPlane(_ figure: (frame: Stats, drawnPixelsPerFrame: Int, copiedPixelsPerFrame: Int, rebases: Int, inShownBuffer: Int),
                            memcpyMedian: Double, software: Stats?, iterations: Int) {
    // The mean is the figure: rows are drawn in bursts (ScrollView.planeLookahead), so the
    // median frame draws none; the software path draws a strip every frame (mean ~ median).
    let beside = software.map { " software_ratio_memcpy=\(format($0.mean / memcpyMedian)) software_median_ratio_memcpy=\(format($0.median / memcpyMedian))" } ?? ""
    print("RESULT M9_plane mean_us=\(format(figure.frame.mean)) median_us=\(format(figure.frame.median)) p95_us=\(format(figure.frame.p95)) ratio_memcpy=\(format(figure.frame.mean / memcpyMedian)) median_ratio_memcpy=\(format(figure.frame.median / memcpyMedian))\(beside) drawn_px_per_frame=\(figure.drawnPixelsPerFrame) copied_px_per_frame=\(figure.copiedPixelsPerFrame) buffer_moves=\(figure.rebases) in_shown_buffer=\(figure.inShownBuffer) iterations=\(iterations)")
}
