import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

// Issue 17 item 4: process start to the first frame on the host. The bench starts itself with
// `--first-frame FILE` (posix_spawn, the monotonic clock read just before), and that process
// builds the standard scene, renders it once headless and writes the monotonic time after the
// frame to FILE: the difference is everything a kiosk app does before its first frame (the
// dynamic loader, the Swift runtime, cairo, fontconfig, Pango, the scene, the frame).

/// The child's side: builds and renders the scene, writes the time (ns) to `path`.
@MainActor
func firstFrameChild(writingTo path: String) -> Int32 {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    guard let display = try? HeadlessDisplay(window: scene.window) else { return 1 }
    guard !display.renderFrame().isEmpty else { return 1 }
    let done = nowNanoseconds()
    guard let file = fopen(path, "w") else { return 1 }
    fputs("\(done)\n", file)
    fclose(file)
    return 0
}

/// Starts this executable `samples` times with `--first-frame` and returns the times from
/// just before the spawn to the end of the first frame (nil when a child fails).
@MainActor
func measureStartToFirstFrame(samples: Int) -> Stats? {
    let path = "/tmp/bezel-bench-first-frame-\(getpid())"
    defer { unlink(path) }
    var times: [UInt64] = []
    for _ in 0..<samples {
        unlink(path)
        let arguments = ["/proc/self/exe", "--first-frame", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = nowNanoseconds()
        guard posix_spawn(&pid, "/proc/self/exe", nil, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0, let file = fopen(path, "r") else { return nil }
        var line = [CChar](repeating: 0, count: 32)
        let read = fgets(&line, Int32(line.count), file)
        fclose(file)
        guard read != nil, let done = UInt64(String(cString: line).trimmingSpaces()), done > start else { return nil }
        times.append(done - start)
    }
    return Stats(times)
}

private extension String {
    func trimmingSpaces() -> String {
        String(unicodeScalars.filter { $0 != "\n" && $0 != " " })
    }
}
