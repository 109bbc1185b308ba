import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// Puts one `ContentCase` through Bezel's public loaders as an app would: an image through
/// `ImageLoader.load(path:)` (an untrusted file) and shown in an `ImageView`; a font through
/// `FontRegistry.registerFont(at:)` and a label drawn in each family it added. Measures the
/// UI thread's time and the process's peak resident size during the case.
@MainActor
public final class ContentCaseRunner {
    public struct Outcome: Sendable {
        /// "loaded 240x160", "registered 1 family" or "refused: <reason>".
        public let result: String
        public let seconds: Double
        /// The process's peak resident set during the case (VmHWM, reset before it).
        public let peakKiB: Int
    }

    let folder: String
    let application = Application(clock: VirtualClock(), tracer: Tracer())
    let window: Window
    let display: HeadlessDisplay
    let imageView = ImageView()
    let label = Label()

    /// Writes cases into `folder` (created; the caller removes it).
    public init(folder: String) throws {
        self.folder = folder
        mkdir(folder, 0o755)
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 200), application: application)
        display = try HeadlessDisplay(window: window)
        imageView.frame = Rect(x: 0, y: 0, width: 160, height: 200)
        label.frame = Rect(x: 160, y: 0, width: 160, height: 200)
        label.text = "Bezel ÄÖÜ 0123 ﬁ"
        window.addSubview(imageView)
        window.addSubview(label)
    }

    public func run(_ content: ContentCase) -> Outcome {
        let path = folder + "/" + content.name
        // Made and written before the measurement starts, and released: the peak is the
        // loader's, not the generator's.
        do {
            let bytes = content.make()
            if let file = fopen(path, "wb") {
                _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                fclose(file)
            }
        }
        defer { unlink(path) }
        // glibc keeps freed heap (its mmap threshold rises after a large free): give it back,
        // so the peak measured starts from what the process holds, not the generator's garbage.
        Self.trimHeap()
        Self.resetPeakResidentSet()
        let start = MonotonicClock().now
        var result: String
        switch content.kind {
        case .image:
            do {
                let image = try ImageLoader.load(path: path)
                imageView.image = image
                result = "loaded \(Int(image.size.width))x\(Int(image.size.height))"
            } catch {
                imageView.image = nil
                result = "refused: \(error.message)"
            }
        case .font:
            do {
                let families = try FontRegistry.registerFont(at: path)
                for family in families {
                    label.style.family = family
                    display.renderFrame()
                }
                result = "registered \(families.count) famil\(families.count == 1 ? "y" : "ies")"
            } catch {
                result = "refused: \(error.message)"
            }
        }
        display.renderFrame()
        let seconds = MonotonicClock().now - start
        return Outcome(result: result, seconds: seconds, peakKiB: ProcessStatistics.peakResidentSetKiB() ?? 0)
    }

    private typealias MallocTrim = @convention(c) (Int) -> Int32
    /// glibc's malloc_trim (not in Swift's Glibc module: <malloc.h> is not part of it).
    private static let mallocTrim = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: MallocTrim.self) }

    static func trimHeap() { _ = mallocTrim?(0) }

    /// Resets VmHWM to the current resident set (`/proc/self/clear_refs`, Linux 4.0+), so the
    /// next reading is the peak of one case.
    static func resetPeakResidentSet() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }
}
