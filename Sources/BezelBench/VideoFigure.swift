#if canImport(Glibc)
import Glibc
#endif
import Bezel
import BezelCairo
import BezelVideo

// Issue 35's video figures.
//   M15: per displayed video frame, the work Bezel adds to the decoder's (decoding is
//        GStreamer's, the same on both paths), for a full-screen video at 720p and 1080p:
//        software: the frame drawn into the UI by the renderer (a view whose draw is
//                  VideoView's: `drawPicture` of the frame over its rectangle, the damage
//                  limited to it) and that damage copied to a second buffer, as
//                  `DRMDisplay.present` copies into scanout memory;
//        plane:    the frame drawn into an overlay plane's buffer of its size, as
//                  `OverlaySurface` does (`drawPicture`: pixman copies at 1:1); the UI is not
//                  drawn.
//        Ratios to one memcpy of the frame.
//   M16: resident size before and after GStreamer is loaded and has run a pipeline (a clip
//        encoded and decoded), so the cost of `dlopen` on first use is known.

/// A view that draws a frame as `VideoView.draw` does.
@MainActor
private final class FrameView: View {
    let frameImage: Image
    init(frame: Rect, image: Image) {
        frameImage = image
        super.init(frame: frame)
        backgroundColor = .black
    }
    override func draw(_ rect: Rect, in context: any DrawingContext) {
        context.drawPicture(frameImage, in: bounds)
    }
}

/// A frame-sized picture with content in every pixel (a gradient), as a decoder gives.
@MainActor
private func syntheticFrame(width: Int, height: Int) throws -> Image {
    let buffer = try ImageBuffer(width: width, height: height)
    let context = try CairoDrawingContext(target: buffer)
    for row in stride(from: 0, to: height, by: 8) {
        context.fill(Rect(x: 0, y: Double(row), width: Double(width), height: 8),
                     color: Color(red: Double(row) / Double(height), green: 0.4, blue: 1 - Double(row) / Double(height)))
    }
    return buffer.image(scale: 1)
}

struct VideoFrameFigure {
    let software: Stats
    let plane: Stats
    let memcpy: Stats
}

@MainActor
func measureVideoFrame(width: Int, height: Int, iterations: Int) -> VideoFrameFigure? {
    guard let image = try? syntheticFrame(width: width, height: height) else { return nil }
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), application: app)
    let view = FrameView(frame: window.bounds, image: image)
    window.addSubview(view)
    window.makeKeyAndVisible()
    guard let display = try? HeadlessDisplay(window: window), let scanout = try? ImageBuffer(width: width, height: height),
          let planeBuffer = try? ImageBuffer(width: width, height: height), let planeContext = try? CairoDrawingContext(target: planeBuffer)
    else { return nil }
    _ = display.renderFrame()
    var software: [UInt64] = []
    var plane: [UInt64] = []
    for _ in 0..<iterations {
        let t0 = nowNanoseconds()
        view.setNeedsDisplay()
        let rects = display.renderFrame()
        display.cache.copy(display.panelPixels(of: rects), to: scanout)
        let t1 = nowNanoseconds()
        planeContext.drawPicture(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        let t2 = nowNanoseconds()
        software.append(t1 - t0)
        plane.append(t2 - t1)
    }
    let copies = measureFrameCopies(iterations: iterations, bytes: width * height * 4)
    return VideoFrameFigure(software: Stats(software), plane: Stats(plane), memcpy: copies.memcpy)
}

func printVideoFrame(_ figure: VideoFrameFigure, name: String) {
    print("RESULT M15_\(name)_software median_us=\(format(figure.software.median)) p95_us=\(format(figure.software.p95)) ratio_memcpy=\(format(figure.software.median / figure.memcpy.median)) memcpy_us=\(format(figure.memcpy.median))")
    print("RESULT M15_\(name)_plane median_us=\(format(figure.plane.median)) p95_us=\(format(figure.plane.p95)) ratio_memcpy=\(format(figure.plane.median / figure.memcpy.median)) ratio_software=\(format(figure.plane.median / figure.software.median))")
}

/// M16: resident KiB before GStreamer is loaded and after it ran a pipeline; nil when
/// GStreamer is not installed.
@MainActor
func measureGStreamerResidentSize() -> (before: Int, after: Int)? {
    let before = ProcessStatistics.residentSetKiB() ?? 0
    let folder = "/tmp/bezel-bench-video-\(getpid())"
    mkdir(folder, 0o755)
    defer {
        unlink(folder + "/clip.webm")
        for i in 0..<4 { unlink(folder + "/frame-\(i).png") }
        rmdir(folder)
    }
    do {
        try VideoClip.generate(at: folder + "/clip.webm", width: 320, height: 240, framesPerSecond: 10, frames: 4)
        try VideoClip.writeReferenceFrames(to: folder, width: 320, height: 240, framesPerSecond: 10, frames: 4)
    } catch {
        print("RESULT M16 unavailable reason=\"\(error)\"")
        return nil
    }
    return (before, ProcessStatistics.residentSetKiB() ?? 0)
}
