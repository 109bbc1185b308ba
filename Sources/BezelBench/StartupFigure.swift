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

/// The child's side: builds and renders the scene, writes the time (ns) to `path`. With
/// `textImages` (a folder), its texts come from and go to a `TextImageStore` there, as the
/// runtime's do: the store saved after the frame, as the runtime saves it once the first frame
/// is on screen.
@MainActor
func firstFrameChild(writingTo path: String, textImages: String? = nil) -> Int32 {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    guard let display = try? HeadlessDisplay(window: scene.window) else { return 1 }
    if let textImages { display.textImageStore = TextImageStore(directory: textImages) }
    guard !display.renderFrame().isEmpty else { return 1 }
    let done = nowNanoseconds()
    guard let file = fopen(path, "w") else { return 1 }
    fputs("\(done)\n", file)
    fclose(file)
    display.textImageStore?.save()
    return 0
}

/// Starts this executable `samples` times with `--first-frame` and returns the times from
/// just before the spawn to the end of the first frame (nil when a child fails).
@MainActor
func measureStartToFirstFrame(samples: Int) -> Stats? {
    var times: [UInt64] = []
    for _ in 0..<samples {
        guard let time = timeFirstFrameChild() else { return nil }
        times.append(time)
    }
    return Stats(times)
}

/// The start as a kiosk's every start after its first: the standard scene's texts kept by the
/// start before (a `TextImageStore` in a folder of its own, filled by one start first), in
/// turn with starts that keep none (`cold`).
@MainActor
func measureStartWithKeptTexts(samples: Int) -> (warm: Stats, cold: Stats)? {
    let folder = "/tmp/bezel-bench-text-images-\(getpid())"
    defer {
        unlink(folder + "/" + TextImageStore.fileName)
        rmdir(folder)
    }
    guard timeFirstFrameChild(textImages: folder) != nil, access(folder + "/" + TextImageStore.fileName, F_OK) == 0 else { return nil }
    var warm: [UInt64] = [], cold: [UInt64] = []
    for _ in 0..<samples {
        guard let kept = timeFirstFrameChild(textImages: folder), let none = timeFirstFrameChild() else { return nil }
        warm.append(kept)
        cold.append(none)
    }
    return (Stats(warm), Stats(cold))
}

/// The same, alternating with `floor --load-only` (Tests/Benchmarks/stack-floor.c: a C program
/// that only loads cairo, Pango and their libraries, then exits), timed from just before its
/// spawn to its exit: the floor of a start on this stack, measured in the same minutes, so the
/// ratio holds while the machine's load swings (issue 36 item 1). Nil when a child fails.
@MainActor
func measureStartToFirstFrame(samples: Int, floor: String) -> (bezel: Stats, floor: Stats)? {
    var bezel: [UInt64] = [], floorTimes: [UInt64] = []
    for _ in 0..<samples {
        guard let time = timeFirstFrameChild() else { return nil }
        bezel.append(time)
        let start = nowNanoseconds()
        guard spawnAndWait(floor, ["--load-only"]) == 0 else { return nil }
        floorTimes.append(nowNanoseconds() - start)
    }
    return (Stats(bezel), Stats(floorTimes))
}

/// One `--first-frame` child: nanoseconds from just before its spawn to the end of its frame.
@MainActor
private func timeFirstFrameChild(textImages: String? = nil) -> UInt64? {
    let path = "/tmp/bezel-bench-first-frame-\(getpid())"
    defer { unlink(path) }
    unlink(path)
    let start = nowNanoseconds()
    let arguments = ["--first-frame", path] + (textImages.map { ["--text-images", $0] } ?? [])
    guard spawnAndWait("/proc/self/exe", arguments) == 0, let file = fopen(path, "r") else { return nil }
    var line = [CChar](repeating: 0, count: 32)
    let read = fgets(&line, Int32(line.count), file)
    fclose(file)
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard read != nil, let done = UInt64(text.trimmingSpaces()), done > start else { return nil }
    return done - start
}

/// Spawns `program` with `arguments` and waits: its wait status, or -1 when it could not start.
private func spawnAndWait(_ program: String, _ arguments: [String]) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, nil, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status
}

private extension String {
    func trimmingSpaces() -> String {
        String(unicodeScalars.filter { $0 != "\n" && $0 != " " })
    }
}

/// `RESULT start_to_first_frame_kept_texts`: the start with the texts kept by the one before,
/// beside starts without (measured in turn, in the same minutes).
@MainActor
func printStartWithKeptTexts() {
    guard let (warm, cold) = measureStartWithKeptTexts(samples: 21) else {
        print("ERROR: a first-frame child with kept text images failed")
        exit(1)
    }
    print("RESULT start_to_first_frame_kept_texts median_ms=\(format(warm.median / 1000)) p95_ms=\(format(warm.p95 / 1000)) samples=21"
          + " without_median_ms=\(format(cold.median / 1000)) ratio_without=\(format(warm.median / cold.median))")
}
