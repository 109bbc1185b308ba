// bezel-limits-check: issue 13's R4 on the host, timed in a process of its own (timings
// belong here, not in unit tests; `.ci/run` runs it in debug and release builds). Prints
// `PASS R4 <what>` or `FAIL R4 <what>: <why>` per check and exits 1 if any failed.
//
//   bezel-limits-check [--help]
//
// The checks, in this order (the image first: its peak RSS is the process's before any
// font or large buffer is loaded):
//   - a PNG whose header claims 16384x16384 pixels (a 261 KB decompression bomb's trick) is
//     refused in under 50 ms, peak RSS under 40 MiB;
//   - a label of 1 MiB of text, 800x480, its first frame drawn in under 0.5 s;
//   - a chain of 100,000 views, each inside the one above, built in under 1 s, laid out,
//     drawn and hit-tested (views below View.maximumDepth left out and reported), released.
import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

@MainActor func nowSeconds() -> Double { MonotonicClock().now }

nonisolated(unsafe) var failures = 0

func report(_ passed: Bool, _ what: String, _ why: @autoclosure () -> String) {
    if passed {
        print("PASS R4 \(what)")
    } else {
        print("FAIL R4 \(what): \(why())")
        failures += 1
    }
}

/// The bomb: a valid PNG signature and IHDR claiming 16384 x 16384 RGB, then zeros.
@MainActor
func checkImageBomb() {
    let path = "/tmp/bezel-limits-check-\(getpid())-bomb.png"
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                          0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 2, 0, 0, 0]
    bytes += [UInt8](repeating: 0, count: 261 * 1024)
    guard let file = fopen(path, "wb") else { return report(false, "PNG bomb", "cannot write \(path)") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    defer { unlink(path) }
    let start = nowSeconds()
    var refused = false
    do {
        _ = try ImageLoader.load(path: path)
    } catch {
        refused = error.isOverPixelLimit
    }
    let milliseconds = (nowSeconds() - start) * 1000
    let peakMiB = Double(ProcessStatistics.peakResidentSetKiB() ?? 0) / 1024
    let what = "a 16384x16384 PNG bomb is refused before decoding (\(format(milliseconds)) ms, peak RSS \(format(peakMiB)) MiB)"
    report(refused && milliseconds < 50 && peakMiB < 40, what,
           !refused ? "it was not refused for its size" : milliseconds >= 50 ? "took 50 ms or more" : "peak RSS 40 MiB or more")
}

@MainActor
func checkHugeLabel() {
    let application = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: application)
    window.backgroundColor = .black
    var text = ""
    var n = 0
    while text.utf8.count < 1_048_576 {
        text += "word\(n) "
        n += 1
    }
    let label = Label(frame: window.bounds, text: text, style: TextStyle(size: 17, color: .white))
    label.numberOfLines = 0
    window.addSubview(label)
    window.makeKeyAndVisible()
    guard let display = try? HeadlessDisplay(window: window) else { return report(false, "1 MiB label", "no headless display") }
    let start = nowSeconds()
    display.renderFrame()
    let seconds = nowSeconds() - start
    let lit = (0..<2_000).contains { display.framebuffer.pixel(x: $0 % 100, y: $0 / 100).map { $0 & 0xFF_FFFF != 0 } ?? false }
    report(seconds < 0.5 && lit, "a 1 MiB label's first frame at 800x480 (\(format(seconds * 1000)) ms)",
           !lit ? "no text was drawn" : "took 0.5 s or more")
}

@MainActor
func checkDeepChain() {
    let depth = 100_000
    var reports: [Diagnostics.Report] = []
    Diagnostics.handler = { reports.append($0) }
    let start = nowSeconds()
    var built: Double = 0
    var hit: View?
    var deepestDrawn: View?
    do {
        let application = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48), application: application)
        var parent: View = window
        for level in 1...depth {
            let view = View(frame: window.bounds)
            view.backgroundColor = Color(rgb: UInt32(level % 200 + 40) << 16)
            parent.addSubview(view)
            if level == View.maximumDepth { deepestDrawn = view }
            parent = view
        }
        window.makeKeyAndVisible()
        built = nowSeconds() - start
        window.layoutIfNeeded()
        if let display = try? HeadlessDisplay(window: window) {
            display.renderFrame()
        }
        hit = window.hitTest(Point(x: 10, y: 10), with: nil)
    }
    // The window and its chain are released here (a recursive release overflowed the stack).
    let total = nowSeconds() - start
    let reported = reports.contains { $0.kind == .limit }
    report(built < 1 && hit != nil && hit === deepestDrawn && reported,
           "a 100,000-deep view chain built in \(format(built * 1000)) ms; laid out, drawn, hit-tested and released in \(format(total * 1000)) ms in all",
           built >= 1 ? "building took 1 s or more" : hit !== deepestDrawn ? "the hit view is not the deepest drawn one" : "the views left out were not reported")
}

func format(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return String(tenths)
}

@MainActor
func main() {
    if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
        print("usage: bezel-limits-check\n  Issue 13's R4 checks (content limits), timed: PASS R4/FAIL R4 lines; exit 1 on a failure.")
        return
    }
    checkImageBomb()
    checkHugeLabel()
    checkDeepChain()
    exit(failures == 0 ? 0 : 1)
}

MainActor.assumeIsolated { main() }
