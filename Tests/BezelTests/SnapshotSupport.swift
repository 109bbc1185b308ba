import Testing
@testable import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// Golden-image comparison for rendering tests.
///
/// Goldens live in `Tests/BezelTests/Snapshots/<name>.png`. Tolerance: a pixel differs when a
/// channel is off by more than 3 (of 255), and up to 0.1 % of the pixels may differ: room
/// for anti-aliasing differences between pixman builds, none for a visible change.
/// `BEZEL_RECORD_SNAPSHOTS=1 swift test` (re)records them. A failing comparison writes
/// `<name>.actual.png` and `<name>.diff.png` (differing pixels in red) to
/// `.build/snapshot-failures/`.
@MainActor
enum Snapshot {
    static let channelTolerance = 3
    static let differingFraction = 0.001

    static var directory: String {
        var path = #filePath
        if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        return path + "/Snapshots"
    }

    static var failureDirectory: String {
        var path = #filePath
        for _ in 0..<3 { if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } }
        return path + "/.build/snapshot-failures"
    }

    static var isRecording: Bool { Environment.value("BEZEL_RECORD_SNAPSHOTS") == "1" }

    /// Renders `window` headless and compares it with the golden `name`.
    @discardableResult
    static func check(_ window: Window, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        return try check(display.framebuffer, named: name, sourceLocation: sourceLocation)
    }

    /// Compares `image` with the golden `name`; false (and an issue recorded) when they differ.
    @discardableResult
    static func check(_ image: ImageBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let golden = directory + "/" + name + ".png"
        if isRecording {
            try image.writePNG(to: golden)
            return true
        }
        guard access(golden, F_OK) == 0 else {
            Issue.record("no golden image \(golden): record it with BEZEL_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return false
        }
        let expected = try ImageBuffer(contentsOfPNG: golden)
        guard let differing = image.countDifferingPixels(from: expected, tolerance: channelTolerance) else {
            Issue.record("\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height)", sourceLocation: sourceLocation)
            return false
        }
        let allowed = Int(Double(image.width * image.height) * differingFraction)
        if differing > allowed {
            _ = mkdir(failureDirectory, 0o755)
            try image.writePNG(to: failureDirectory + "/" + name + ".actual.png")
            try image.differenceImage(from: expected, tolerance: channelTolerance)?.writePNG(to: failureDirectory + "/" + name + ".diff.png")
            Issue.record("\(name): \(differing) pixels differ (allowed \(allowed)); see \(failureDirectory)/\(name).diff.png",
                         sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// A visible window of `size` on its own application, with `views` added.
    static func window(_ size: Size, background: Color = Color(rgb: 0x202830), _ views: [View]) -> (Application, Window) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(origin: .zero, size: size), application: app)
        window.backgroundColor = background
        for view in views { window.addSubview(view) }
        window.makeKeyAndVisible()
        return (app, window)
    }
}
