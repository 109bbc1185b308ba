import Bezel
import BezelCairo
import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The frame the display composed from its planes, read back through writeback, against
/// Bezel's software composition of the same frame: the window drawn by its renderer into a
/// buffer of its own (with `drawOver` adding what a plane shows that the tree does not draw),
/// turned as the panel is (the `rotation` setting).
/// Shared by E13 and E14; lines are printed as `BEZEL-<scenario> ...`.
@MainActor
final class WritebackComparison {
    private let runtime: Runtime
    private let window: Window
    private let scenario: String
    private(set) var compared = 0
    private(set) var mismatched = 0
    /// The worst frame's differing pixels, with where it happened.
    private(set) var worst = (pixels: 0, frame: "")

    /// Differing channels up to this much are equal: the writeback's XRGB8888 against cairo's
    /// (both exact here; the margin covers a driver that blends in 16 bits, as vkms does).
    static let tolerance = 2

    init(runtime: Runtime, window: Window, scenario: String) {
        self.runtime = runtime
        self.window = window
        self.scenario = scenario
    }

    /// Compares the frame on screen now; `note` is printed with a mismatch. `saveTo`: a PNG
    /// of the composed frame is written there too.
    func compare(_ what: String, note: String, saveTo: String? = nil, drawOver: ((CairoDrawingContext) -> Void)? = nil) {
        do {
            guard let shown = try runtime.captureComposedFrame() else { return mismatch(what, "no DRM display") }
            if let saveTo { try shown.writePNG(to: saveTo) }
            let expected = try ImageBuffer(width: shown.width, height: shown.height)
            let context = try CairoDrawingContext(target: expected)
            context.fill(Rect(x: 0, y: 0, width: Double(shown.width), height: Double(shown.height)), color: .black)
            // On a rotated panel the window is drawn turned, as the display's own buffer is
            // (HeadlessDisplay), and a plane then shows its picture turned by the plane's
            // rotation property: the expected frame is the panel's.
            let turn = runtime.configuration.rotation.drawingTransform
            context.translate(by: turn.translation(window.bounds.size))
            context.rotate(by: turn.radians)
            Renderer.render(window, in: context, dirty: window.bounds)
            drawOver?(context)
            guard let differing = shown.countDifferingPixels(from: expected, tolerance: Self.tolerance) else {
                return mismatch(what, "sizes differ: \(shown.width)x\(shown.height)")
            }
            compared += 1
            if differing > worst.pixels { worst = (differing, what) }
            if differing > 0 {
                mismatched += 1
                say("\(what) (\(note)): \(differing) pixels differ")
                if mismatched == 1 {
                    let name = scenario.lowercased()
                    try? shown.writePNG(to: "/run/\(name)-shown.png")
                    try? expected.writePNG(to: "/run/\(name)-expected.png")
                }
            }
        } catch {
            mismatch(what, "\(error)")
        }
    }

    func mismatch(_ what: String, _ why: String) {
        mismatched += 1
        say("\(what): \(why)")
    }

    /// The closing line's summary.
    var summary: String {
        "compared \(compared) frames, \(mismatched) differing (most: \(worst.pixels) pixels, \(worst.frame.isEmpty ? "none" : worst.frame))"
    }

    /// Prints a `BEZEL-<scenario>` line at once (the guest's console is read as it goes).
    func say(_ line: String) {
        Swift.print("BEZEL-\(scenario) \(line)")
        fflush(nil)
    }
}
