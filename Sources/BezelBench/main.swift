// bezel-bench: the benchmark figures of design.md §5 that exist so far, measured in one run
// so they can be compared as ratios (machines here are noisy; absolute times are not).
//
//   M3  a scripted press+release at the centre of button 12 of the standard kiosk scene,
//       through the full pipeline (hit-test, recognizers: a tap on the root view and a pan
//       on the button grid, arbitration, the button's tracking, target-action) until its
//       touchUpInside callback runs;
//   M4  peak resident set size of this process;
//   M6  dispatch of one frame of a 10-finger event (all fingers moving) into a ScrollView
//       holding 200 rows with a button each, with the scroll view's pan and pinch in play;
//   M5  memcpy and memset of one 800x480 XRGB8888 frame: the physical floor.
//
//   M1  full render of the standard scene into the 800x480 XRGB8888 framebuffer (render into
//       cached memory with cairo + Pango, then copy to the framebuffer);
//   M2  button 12 turns highlighted: redraw of the damaged region and its copy;
//   M7  one on-screen key tap (down and up on "b", the keyboard up under a focused TextField)
//       through the full pipeline and the editing engine, then the frame that shows it
//       (the field's text and caret, the key and its preview bubble) drawn and copied;
//   M8  one frame of an AlertController (three actions) fading and zooming in over the scene,
//       with its dimming view, in the middle of the transition;
//   M9  one frame of a fling through a 10,000-row table (each row a label, a detail label and
//       a button; TableScene): the offset moves 17 pt, the rows are laid out (cells reused),
//       the pixels moved and the uncovered strip drawn, the region copied; at 800x480 and
//       at 1920x1080 (ratio to that frame's memcpy), with the same frame redrawn in full
//       beside it;
//   M10 creating and showing a 1,000,000-row table against a 100-row one: time to the first
//       frame and the resident memory it added;
//   M15 a full-screen video frame at 720p and 1080p on the software path and into an overlay
//       plane's buffer; M16 the resident size GStreamer adds (VideoFigure.swift);
//   M13 constraint layout: a 200-view grid (~1,000 constraints) solved from scratch, and again
//       after one constant changed (ConstraintFigure.swift);
//
// Run in release: `swift run -c release bezel-bench [iterations]`.
import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

@MainActor
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

struct Stats {
    let median: Double
    let p95: Double
    /// The mean: the CPU's work a frame on average, where the work comes in bursts (M9_plane).
    let mean: Double

    init(_ samplesNs: [UInt64]) {
        let sorted = samplesNs.sorted()
        mean = Double(samplesNs.reduce(0, +)) / Double(max(1, samplesNs.count)) / 1000
        median = Double(sorted[sorted.count / 2]) / 1000
        p95 = Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]) / 1000
    }
}

func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}

@MainActor
func measureFrameCopies(iterations: Int, bytes: Int = 800 * 480 * 4) -> (memcpy: Stats, memset: Stats, sink: UInt8) {
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer {
        source.deallocate()
        target.deallocate()
    }
    memset(source, 0x5A, bytes)
    memset(target, 0, bytes)
    var copies: [UInt64] = []
    var fills: [UInt64] = []
    var sink: UInt8 = 0
    for i in 0..<iterations {
        // Vary the source and read the result each time, so neither call is a dead store.
        source.storeBytes(of: UInt8(truncatingIfNeeded: i), toByteOffset: (i * 4099) % bytes, as: UInt8.self)
        let t0 = nowNanoseconds()
        memcpy(target, source, bytes)
        let t1 = nowNanoseconds()
        sink ^= target.load(fromByteOffset: (i * 4099) % bytes, as: UInt8.self)
        let t2 = nowNanoseconds()
        memset(target, Int32(i & 0xFF), bytes)
        let t3 = nowNanoseconds()
        sink ^= target.load(fromByteOffset: (i * 7919) % bytes, as: UInt8.self)
        copies.append(t1 - t0)
        fills.append(t3 - t2)
    }
    return (Stats(copies), Stats(fills), sink)
}

@MainActor
func measurePressToClick(iterations: Int) -> (Stats, Int) {
    // The pipeline runs on a virtual clock advanced one second between presses, so that
    // successive presses are separate single taps (no tap counting, no pending timers);
    // the measurement itself uses the monotonic clock.
    let clock = VirtualClock()
    let app = Application(clock: clock, tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    scene.root.addGestureRecognizer(TapGestureRecognizer { _ in })
    scene.grid.addGestureRecognizer(PanGestureRecognizer { _ in })
    var clicks = 0
    scene.buttons[11].addAction(for: .touchUpInside) { _, _ in clicks += 1 }
    let point = scene.centerOfButton(12)
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    let warmup = max(100, iterations / 10)
    for i in 0..<(warmup + iterations) {
        app.runLoop.advance(by: 1)
        let before = clicks
        let t0 = nowNanoseconds()
        app.handleTouchFrame(TouchFrame([.down(1, at: point)], timestamp: clock.now))
        app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
        let t1 = nowNanoseconds()
        guard clicks == before + 1 else {
            print("ERROR: press \(i) did not reach the touchUpInside callback")
            exit(1)
        }
        if i >= warmup { samples.append(t1 - t0) }
    }
    return (Stats(samples), clicks)
}

/// A zoom delegate for M6's scroll view (its content container scales).
@MainActor
final class ZoomContent: ScrollViewDelegate {
    let view: View
    init(_ view: View) { self.view = view }
    func viewForZooming(in scrollView: ScrollView) -> View? { view }
}

@MainActor
func measureTenFingerFrame(iterations: Int) -> Stats {
    let clock = VirtualClock()
    let app = Application(clock: clock, tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.makeKeyAndVisible()
    let scroll = ScrollView(frame: window.bounds)
    let content = View(frame: Rect(x: 0, y: 0, width: 800, height: 200 * 60))
    for row in 0..<200 {
        let cell = View(frame: Rect(x: 0, y: Double(row) * 60, width: 800, height: 60))
        let button = Button(frame: Rect(x: 600, y: 10, width: 180, height: 40))
        button.title = "Row \(row + 1)"
        button.addAction(for: .touchUpInside) { _, _ in }
        cell.addSubview(button)
        content.addSubview(cell)
    }
    scroll.addSubview(content)
    scroll.contentSize = content.frame.size
    let zoom = ZoomContent(content)
    scroll.delegate = zoom
    scroll.minimumZoomScale = 0.5
    scroll.maximumZoomScale = 3
    window.addSubview(scroll)

    // Ten fingers on the buttons' column and beside it, then spread and moved until the pan
    // and the pinch have both begun.
    var positions = (0..<10).map { Point(x: 420 + Double($0 % 5) * 80, y: 120 + Double($0 / 5) * 200) }
    app.handleTouchFrame(TouchFrame(positions.indices.map { .down($0, at: positions[$0]) }, timestamp: clock.now))
    for _ in 0..<8 {
        app.runLoop.advance(by: 0.016)
        // Fingers spread apart sideways while all moving down: a pinch and a pan at once.
        positions = positions.enumerated().map { i, p in Point(x: p.x + (Double(i % 5) - 2) * 3, y: p.y + 6) }
        app.handleTouchFrame(TouchFrame(positions.indices.map { .move($0, to: positions[$0]) }, timestamp: clock.now))
    }
    guard scroll.isDragging, scroll.isZooming else {
        print("ERROR: M6 setup did not start the pan and the pinch (dragging \(scroll.isDragging), zooming \(scroll.isZooming))")
        exit(1)
    }
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    for i in 0..<(iterations + iterations / 10) {
        app.runLoop.advance(by: 0.016)
        let dy: Double = i % 2 == 0 ? 3 : -3
        let frame = TouchFrame(positions.indices.map { .move($0, to: Point(x: positions[$0].x, y: positions[$0].y + dy)) }, timestamp: clock.now)
        let t0 = nowNanoseconds()
        app.handleTouchFrame(frame)
        let t1 = nowNanoseconds()
        if i >= iterations / 10 { samples.append(t1 - t0) }
    }
    withExtendedLifetime(zoom) {}
    return Stats(samples)
}

@MainActor
func measureRendering(iterations: Int) -> (full: Stats, highlight: Stats) {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    guard let display = try? HeadlessDisplay(window: scene.window) else {
        print("ERROR: cannot create the headless display")
        exit(1)
    }
    display.renderFrame()
    var full: [UInt64] = []
    var highlight: [UInt64] = []
    let button = scene.buttons[11]
    for i in 0..<(iterations + iterations / 10) {
        scene.window.setNeedsFullRedraw()
        let t0 = nowNanoseconds()
        display.renderFrame()
        let t1 = nowNanoseconds()
        button.isHighlighted.toggle()
        let t2 = nowNanoseconds()
        let redrawn = display.renderFrame()
        let t3 = nowNanoseconds()
        guard redrawn.count == 1, redrawn[0].area == 120 * 80 else {
            print("ERROR: highlighting button 12 redrew \(redrawn), not its 120x80 frame")
            exit(1)
        }
        if i >= iterations / 10 {
            full.append(t1 - t0)
            highlight.append(t3 - t2)
        }
    }
    return (Stats(full), Stats(highlight))
}

/// M1@2x: the full render of the standard scene at scale 2 (800x480 points on a 1600x960
/// panel: four times the pixels), for HD panels.
@MainActor
func measureRenderingAtScale2(iterations: Int) -> Stats {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    guard let display = try? HeadlessDisplay(window: scene.window, scale: 2) else {
        print("ERROR: cannot create the headless display at scale 2")
        exit(1)
    }
    display.renderFrame()
    return timed(iterations: iterations, beforeEach: { scene.window.setNeedsFullRedraw() }) {
        display.renderFrame()
    }
}

/// M7: one on-screen key tap to the field's redrawn frame. A TextField at the top of the
/// 800x480 window is being edited with the system keyboard up (its slide finished); a finger
/// goes down and up on "b" (hit-test, the keyboard's touch handling, the key's commit into the
/// editing engine and the field's change), and the frame showing it is drawn and copied.
/// Between samples, untimed: the field's text goes back to "Ada" and that frame is drawn, and
/// the virtual clock moves on a second (separate taps; the caret's blink timers run there).
@MainActor
func measureKeyTap(iterations: Int) -> (Stats, redrawnArea: Double) {
    let clock = VirtualClock()
    let app = Application(clock: clock, tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.backgroundColor = .white
    window.makeKeyAndVisible()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 40))
    field.borderStyle = .roundedRect
    field.autocapitalizationType = .none
    window.addSubview(field)
    guard let display = try? HeadlessDisplay(window: window) else {
        print("ERROR: cannot create the headless display")
        exit(1)
    }
    field.becomeFirstResponder()
    app.runLoop.advance(by: 1)
    display.renderFrame()
    let keyboard = window.subviews.first { $0.name == "inputViewHost" }?.subviews.compactMap { $0 as? KeyboardView }.first
    guard let keyboard, let key = keyboard.center(ofKey: "b") else {
        print("ERROR: the focused field brought up no keyboard with a \"b\" key")
        exit(1)
    }
    let point = keyboard.convert(key, to: window)
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    var area = 0.0
    let warmup = max(100, iterations / 10)
    for i in 0..<(warmup + iterations) {
        field.text = "Ada"
        app.runLoop.advance(by: 1)
        display.renderFrame()
        let t0 = nowNanoseconds()
        app.handleTouchFrame(TouchFrame([.down(1, at: point)], timestamp: clock.now))
        app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
        let redrawn = display.renderFrame()
        let t1 = nowNanoseconds()
        guard field.text == "Adab" else {
            print("ERROR: key tap \(i) typed \(field.text ?? "nil"), not \"Adab\"")
            exit(1)
        }
        area = redrawn.reduce(0) { $0 + $1.area }
        if i >= warmup { samples.append(t1 - t0) }
    }
    return (Stats(samples), area)
}

/// M8: one frame of an alert fading and zooming in over the standard scene, its dimming view
/// included: the alert is presented (animated), the clock moves to the middle of its 0.25 s
/// transition (the display link ticking at 60 Hz in virtual time), and the frame is drawn.
@MainActor
func measureAlertFrame(iterations: Int) -> (Stats, Rect) {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    let presenter = ViewController()
    presenter.view = scene.root
    guard let display = try? HeadlessDisplay(window: scene.window) else {
        print("ERROR: cannot create the headless display")
        exit(1)
    }
    display.renderFrame()
    var samples: [UInt64] = []
    var alertFrame = Rect.zero
    for i in 0..<(iterations + iterations / 10) {
        let alert = AlertController(title: "Start the brew?",
                                    message: "The machine will use 250 ml of water and take about four minutes. Keep the cup under the spout.",
                                    preferredStyle: .alert)
        for title in ["Start", "Start later", "Cancel"] {
            alert.addAction(AlertAction(title: title, style: title == "Cancel" ? .cancel : .default))
        }
        presenter.present(alert, animated: true)
        display.renderFrame()
        app.runLoop.advance(by: AlertController.presentationDuration / 2)
        let t0 = nowNanoseconds()
        display.renderFrame()
        let t1 = nowNanoseconds()
        alertFrame = alert.view.frame
        app.runLoop.advance(by: 1)
        presenter.dismiss(animated: false)
        display.renderFrame()
        if i >= iterations / 10 { samples.append(t1 - t0) }
    }
    return (Stats(samples), alertFrame)
}

/// M9: frames of a steady fling (17 pt a frame: 1,000 pt/s at 60 Hz) through TableScene's
/// 10,000 rows: the offset change (rows laid out, cells reused) and the frame (pixels moved,
/// the strip drawn, the region copied). `redrawn`: the same frames drawn in full.
@MainActor
func measureTableFling(size: Size, iterations: Int) -> (moved: Stats, redrawn: Stats, pixelMoves: Int) {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = TableScene(application: app, size: size, rows: 10_000)
    guard let display = try? HeadlessDisplay(window: scene.window) else {
        print("ERROR: cannot create the headless display")
        exit(1)
    }
    display.renderFrame()
    var moved: [UInt64] = [], redrawn: [UInt64] = []
    var y = 0.0
    for i in 0..<(iterations + iterations / 10) {
        y += 17
        let t0 = nowNanoseconds()
        scene.table.contentOffset = Point(x: 0, y: y)
        display.renderFrame()
        let t1 = nowNanoseconds()
        y += 17
        let t2 = nowNanoseconds()
        scene.table.contentOffset = Point(x: 0, y: y)
        scene.window.setNeedsFullRedraw()
        display.renderFrame()
        let t3 = nowNanoseconds()
        if i >= iterations / 10 {
            moved.append(t1 - t0)
            redrawn.append(t3 - t2)
        }
    }
    return (Stats(moved), Stats(redrawn), display.pixelMoves)
}

/// M10: a table of `rows` rows created and shown (its scene built, the first frame drawn;
/// the display's buffers, the same for any table, made beforehand): the time, and the
/// resident memory it added while it exists (median of `samples`).
@MainActor
func measureTableCreation(rows: Int, samples: Int) -> (Stats, rssKiB: Int) {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    var times: [UInt64] = [], rss: [Int] = []
    for _ in 0..<samples {
        let before = ProcessStatistics.residentSetKiB() ?? 0
        let t0 = nowNanoseconds()
        let scene = TableScene(application: app, rows: rows)
        scene.window.layoutIfNeeded()
        let t1 = nowNanoseconds()
        guard let display = try? HeadlessDisplay(window: scene.window) else { exit(1) }
        let t2 = nowNanoseconds()
        display.renderFrame()
        let t3 = nowNanoseconds()
        times.append((t1 - t0) + (t3 - t2))
        rss.append((ProcessStatistics.residentSetKiB() ?? 0) - before)
        withExtendedLifetime(scene) {}
    }
    return (Stats(times), rss.sorted()[rss.count / 2])
}

@MainActor
func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print("""
        usage: bezel-bench [iterations]

        Prints RESULT lines for the standard kiosk scene (design.md §5), measured in one run:
          RESULT M1 median_us=… p95_us=… ratio_memcpy=…   full render of the scene into the framebuffer
          RESULT M1@2x median_us=… ratio_memcpy=… ratio_M1=… the scene at scale 2 (1600x960 pixels);
                                                           ratio_memcpy to one 1600x960 copy
          RESULT M1_1080p median_us=… ratio_memcpy_1080p=… the scene's layout scaled 2.25x in 1920x1080
          RESULT M2_500 median_us=… ratio_M2_24=…          one of 500 small buttons highlighted,
                                                           against one of 24 of the same buttons
          RESULT M3_wide1000 / M3_deep250 median_us=… ratio_M3=… M3 with 1,000 more views in front
                                                           of the buttons / button 12 250 levels deep
          RESULT M2 median_us=… p95_us=… ratio_memcpy=…   button 12 highlighted: its redraw
          RESULT M3 median_us=… p95_us=… ratio_memcpy=…   press+release on button 12 to its callback
          RESULT M6 median_us=… p95_us=… ratio_memcpy=…   one 10-finger frame into a 200-row ScrollView
          RESULT M7 median_us=… p95_us=… ratio_memcpy=…   one on-screen key tap to the field's redrawn
                                                           frame (pipeline, editing, render, copy)
          RESULT M8 median_us=… p95_us=… ratio_memcpy=…   one frame of an alert fading and zooming in
                                                           over the scene (dimming view included)
          RESULT M9 median_us=… ratio_memcpy=… full_redraw_us=… one frame of a fling through a
                                                           10,000-row table (pixels moved, a strip drawn)
          RESULT M9_1080p median_us=… ratio_memcpy=…       the same at 1920x1080 (ratio to its memcpy)
          RESULT M9_plane median_us=… ratio_memcpy=… software_ratio_memcpy=…
                                                           M9 with the table on a display plane: the
                                                           CPU's part (strip drawn, changes copied)
          RESULT M10 rows=… first_frame_us=… rss_kib=…     a 100-row and a 1,000,000-row table created
                                                           and shown (two lines)
          RESULT M13 views=200 constraints=… full_us=… incremental_us=… ratio_incremental=…
                 settings_screen_us=…                      constraint layout: a 200-view grid solved
                                                           from scratch, and again after one constant
                                                           changed; the demo's Settings screen made
                                                           and laid out
          RESULT M12 switch_and_frame_us=… p95_us=…       the demo's home switched between English and
                                                           German (Application.preferredLanguages) and
                                                           one frame drawn
          RESULT M11 focus_to_first_sample_us=… p95_us=…   the spoken mode: a key moves the focus on the
                                                           demo's home screen, to the first sample of its
                                                           words reaching ALSA (espeak-ng, the null
                                                           device); resident size with the mode off and on
          RESULT M15_720p_software / M15_1080p_software median_us=… ratio_memcpy=…
                                                           a full-screen video frame drawn into the UI
                                                           and its damage copied (decoding excluded)
          RESULT M15_720p_plane / M15_1080p_plane median_us=… ratio_memcpy=… ratio_software=…
                                                           the same frame drawn into an overlay
                                                           plane's buffer (the UI not drawn)
          RESULT M16 rss_before_gstreamer_kib=… rss_after_gstreamer_kib=… added_kib=…
                                                           resident size before and after GStreamer
                                                           is loaded and has run a pipeline
          RESULT M4_rss_kib=…                              peak resident set size of this run
        bezel-bench --start-up prints RESULT start_to_first_frame_host median_ms=… : this program
        started 21 times to build the scene and render it once headless, from the spawn to the
        end of the first frame. With --floor PROGRAM it alternates with PROGRAM --load-only
        (Tests/Benchmarks/stack-floor.c: cairo and Pango loaded, nothing done), timed from its
        spawn to its exit, and adds floor_median_ms=… ratio_floor=…. Then RESULT
        start_to_first_frame_kept_texts median_ms=… without_median_ms=…: the same start with the
        scene's texts kept by the start before (TextImageStore), in turn with starts without.
        bezel-bench --rss-probe prints RESULT M4_rss_kib for a process that only builds the scene
        and renders it once; with --text-images DIR, RESULT M4_kept_texts_rss_kib, its texts
        drawn from (and kept in) a TextImageStore in DIR.
          RESULT M5_memcpy median_us=… p95_us=…            copy of one 800x480x4 frame
          RESULT M5_memset median_us=… p95_us=…            fill of one 800x480x4 frame
        iterations: samples per figure (default 2000, at least 200). Build with -c release.
        bezel-bench [iterations] --only M<n> runs one figure and prints nothing else (for
        callgrind's instruction counts of that figure's function).
        bezel-bench --instructions FIGURE [count] does that figure's work count times (50) after
        a warm-up, for callgrind to count per frame (Tests/Benchmarks/instruction-counts.sh):
        M1, M2, M3, M1_1080p, M2_24, M2_500, M3_wide1000, M3_deep250, M13_full,
        M13_incremental, M13_settings or M12 (the language switch).
        """)
        return
    }
    if let i = arguments.firstIndex(of: "--first-frame"), i + 1 < arguments.endIndex {
        // A child of measureStartToFirstFrame (StartupFigure.swift).
        let textImages = arguments.firstIndex(of: "--text-images").flatMap { $0 + 1 < arguments.endIndex ? arguments[$0 + 1] : nil }
        exit(firstFrameChild(writingTo: arguments[i + 1], textImages: textImages))
    }
    if arguments.contains("--start-up") {
        if let i = arguments.firstIndex(of: "--floor"), i + 1 < arguments.endIndex {
            guard let (startup, floor) = measureStartToFirstFrame(samples: 21, floor: arguments[i + 1]) else {
                print("ERROR: a first-frame child or the floor (\(arguments[i + 1]) --load-only) failed")
                exit(1)
            }
            print("RESULT start_to_first_frame_host median_ms=\(format(startup.median / 1000)) p95_ms=\(format(startup.p95 / 1000)) samples=21"
                  + " floor_median_ms=\(format(floor.median / 1000)) ratio_floor=\(format(startup.median / floor.median))")
            printStartWithKeptTexts()
            return
        }
        guard let startup = measureStartToFirstFrame(samples: 21) else {
            print("ERROR: a first-frame child failed")
            exit(1)
        }
        print("RESULT start_to_first_frame_host median_ms=\(format(startup.median / 1000)) p95_ms=\(format(startup.p95 / 1000)) samples=21")
        printStartWithKeptTexts()
        return
    }
    if arguments.contains("--rss-probe") {
        let verbose = arguments.contains("--verbose")
        func stage(_ name: String) {
            if verbose { print("  rss after \(name): \(ProcessStatistics.peakResidentSetKiB() ?? -1) KiB") }
        }
        stage("start")
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        stage("building the scene")
        let display = try? HeadlessDisplay(window: scene.window)
        // --text-images DIR: the texts kept by the start before (TextImageStore), as a kiosk's
        // every start after its first.
        if let i = arguments.firstIndex(of: "--text-images"), i + 1 < arguments.endIndex {
            display?.textImageStore = TextImageStore(directory: arguments[i + 1])
        }
        stage("creating the display (cairo, fontconfig)")
        display?.renderFrame()
        display?.textImageStore?.save()
        stage("the first frame (Pango, fonts)")
        // Read before the listing below, which costs memory of its own (~1 MB of strings).
        let peak = ProcessStatistics.peakResidentSetKiB() ?? -1
        let anonymous = ProcessStatistics.residentAnonymousKiB() ?? -1, file = ProcessStatistics.residentFileKiB() ?? -1
        if verbose {
            // Where it is (issue 17 item 3): the largest mappings, then the rest summed.
            let mappings = ProcessStatistics.residentSetByMapping()
            for mapping in mappings.prefix(Environment.value("BEZEL_RSS_ALL") == nil ? 16 : 1000) { print("  \(mapping.kib) KiB \(mapping.name)") }
            print("  \(mappings.dropFirst(16).reduce(0) { $0 + $1.kib }) KiB in \(max(0, mappings.count - 16)) other mappings")
        }
        // Its own memory against mapped files' pages (see ProcessStatistics.residentFileKiB).
        print("RESULT M4_rss_split anonymous_kib=\(anonymous) file_kib=\(file) (after the first frame, the display still open)")
    if display?.textImageStore != nil {
        print("RESULT M4_kept_texts_rss_kib=\(peak) (build the scene, render once, its texts kept by the start before)")
    } else {
        print("RESULT M4_rss_kib=\(peak) (build the scene, render once)")
    }
        withExtendedLifetime((scene, display)) {}
        return
    }
    let iterations = max(200, Int(arguments.first ?? "") ?? 2000)
    if let i = arguments.firstIndex(of: "--instructions") {
        // Work for callgrind to count (InstructionFigures.swift); prints nothing else.
        let figure = i + 1 < arguments.endIndex ? arguments[i + 1] : ""
        let count = i + 2 < arguments.endIndex ? max(1, Int(arguments[i + 2]) ?? 50) : 50
        guard runInstructionFigure(figure, count: count) else {
            print("bezel-bench: --instructions takes one of \(instructionFigures.joined(separator: ", ")) and a count")
            exit(2)
        }
        print("RESULT instructions-run \(figure) count=\(count)")
        return
    }
    if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.endIndex {
        // One figure alone, for instruction counts under callgrind (`--toggle-collect`).
        switch arguments[i + 1] {
        case "M1", "M2": _ = measureRendering(iterations: iterations)
        case "M3": _ = measurePressToClick(iterations: iterations)
        case "M6": _ = measureTenFingerFrame(iterations: iterations)
        case "M7": _ = measureKeyTap(iterations: iterations)
        case "M8": _ = measureAlertFrame(iterations: iterations)
        case "M9": _ = measureTableFling(size: StandardKioskScene.size, iterations: iterations)
        case "M9_plane":
            // With the software path's M9 and a memcpy of the frame measured in the same run.
            let software = measureTableFling(size: StandardKioskScene.size, iterations: iterations)
            if let figure = measureTableFlingOnPlane(size: StandardKioskScene.size, iterations: iterations) {
                printTableFlingOnPlane(figure, memcpyMedian: measureFrameCopies(iterations: iterations).memcpy.median, software: software.moved, iterations: iterations)
            }
        case "M13": _ = measureConstraintLayout(samples: 3)
        case "M15":
            for (name, width, height) in [("720p", 1280, 720), ("1080p", 1920, 1080)] {
                if let figure = measureVideoFrame(width: width, height: height, iterations: iterations) { printVideoFrame(figure, name: name) }
            }
        case "M16":
            if let m16 = measureGStreamerResidentSize() {
                print("RESULT M16 rss_before_gstreamer_kib=\(m16.before) rss_after_gstreamer_kib=\(m16.after) added_kib=\(m16.after - m16.before)")
            }
        case "M11":
            if let m11 = measureSpokenFocus(samples: 31) {
                printSpokenFocus(m11)
            }
        default:
            print("bezel-bench: --only takes M1, M2, M3, M6, M7, M8, M9, M9_plane, M11, M13, M15 or M16")
            exit(2)
        }
        print("RESULT only \(arguments[i + 1]) iterations=\(iterations)")
        return
    }
    let copies = measureFrameCopies(iterations: iterations)
    let (m3, clicks) = measurePressToClick(iterations: iterations)
    let m6 = measureTenFingerFrame(iterations: iterations)
    let (m1, m2) = measureRendering(iterations: iterations)
    let m1At2x = measureRenderingAtScale2(iterations: iterations)
    let (m8, alertFrame) = measureAlertFrame(iterations: iterations)
    let (m7, keyTapArea) = measureKeyTap(iterations: iterations)
    let m9 = measureTableFling(size: StandardKioskScene.size, iterations: iterations)
    let m9HD = measureTableFling(size: Size(width: 1920, height: 1080), iterations: max(200, iterations / 4))
    let m9Plane = measureTableFlingOnPlane(size: StandardKioskScene.size, iterations: iterations)
    let hdCopies = measureFrameCopies(iterations: max(200, iterations / 4), bytes: 1920 * 1080 * 4)
    let m13 = measureConstraintLayout(samples: 21)
    let m13Settings = measureSettingsLayout(samples: 21)
    let m12 = measureLanguageSwitch(samples: 51)
    let m11 = measureSpokenFocus(samples: 31)
    let m15 = [("720p", 1280, 720), ("1080p", 1920, 1080)].compactMap { name, width, height in
        measureVideoFrame(width: width, height: height, iterations: max(100, iterations / 10)).map { (name, $0) }
    }
    let m16 = measureGStreamerResidentSize()
    _ = measureTableCreation(rows: 100, samples: 5)  // fonts and caches warm
    let m10Small = measureTableCreation(rows: 100, samples: 51)
    let m10Large = measureTableCreation(rows: 1_000_000, samples: 51)
    // Measure the floor again after, and keep the faster: the ratio should not depend on
    // what the other core happened to be doing during the first pass.
    guard let scaling = measureScalingFigures(iterations: iterations) else {
        print("ERROR: the scaling figures could not be measured")
        exit(1)
    }
    let copiesAfter = measureFrameCopies(iterations: iterations)
    let memcpyMedian = min(copies.memcpy.median, copiesAfter.memcpy.median)
    print("RESULT M1 median_us=\(format(m1.median)) p95_us=\(format(m1.p95)) ratio_memcpy=\(format(m1.median / memcpyMedian)) iterations=\(iterations)")
    // Four times the pixels: its floor is four 800x480 copies (one 1600x960 copy).
    print("RESULT M1@2x median_us=\(format(m1At2x.median)) p95_us=\(format(m1At2x.p95)) ratio_memcpy=\(format(m1At2x.median / (4 * memcpyMedian))) ratio_M1=\(format(m1At2x.median / m1.median)) iterations=\(iterations)")
    print("RESULT M1_1080p median_us=\(format(scaling.m1HD.median)) p95_us=\(format(scaling.m1HD.p95)) ratio_memcpy_1080p=\(format(scaling.m1HD.median / scaling.hdCopy.median)) memcpy_1080p_us=\(format(scaling.hdCopy.median)) ratio_M1=\(format(scaling.m1HD.median / m1.median)) iterations=\(iterations)")
    print("RESULT M2_500 median_us=\(format(scaling.m2Many.median)) p95_us=\(format(scaling.m2Many.p95)) ratio_M2_24=\(format(scaling.m2Many.median / scaling.m2Few.median)) M2_24_median_us=\(format(scaling.m2Few.median)) iterations=\(iterations)")
    print("RESULT M3_wide1000 median_us=\(format(scaling.m3Wide.median)) p95_us=\(format(scaling.m3Wide.p95)) ratio_M3=\(format(scaling.m3Wide.median / m3.median)) iterations=\(iterations)")
    print("RESULT M3_deep250 median_us=\(format(scaling.m3Deep.median)) p95_us=\(format(scaling.m3Deep.p95)) ratio_M3=\(format(scaling.m3Deep.median / m3.median)) iterations=\(iterations)")
    print("RESULT M2 median_us=\(format(m2.median)) p95_us=\(format(m2.p95)) ratio_memcpy=\(format(m2.median / memcpyMedian)) iterations=\(iterations)")
    print("RESULT M3 median_us=\(format(m3.median)) p95_us=\(format(m3.p95)) ratio_memcpy=\(format(m3.median / memcpyMedian)) iterations=\(iterations) clicks=\(clicks)")
    print("RESULT M6 median_us=\(format(m6.median)) p95_us=\(format(m6.p95)) ratio_memcpy=\(format(m6.median / memcpyMedian)) iterations=\(iterations)")
    print("RESULT M7 median_us=\(format(m7.median)) p95_us=\(format(m7.p95)) ratio_memcpy=\(format(m7.median / memcpyMedian)) iterations=\(iterations) redrawn_px=\(Int(keyTapArea))")
    print("RESULT M8 median_us=\(format(m8.median)) p95_us=\(format(m8.p95)) ratio_memcpy=\(format(m8.median / memcpyMedian)) iterations=\(iterations) alert=\(Int(alertFrame.width))x\(Int(alertFrame.height))")
    print("RESULT M9 median_us=\(format(m9.moved.median)) p95_us=\(format(m9.moved.p95)) ratio_memcpy=\(format(m9.moved.median / memcpyMedian)) full_redraw_us=\(format(m9.redrawn.median)) full_redraw_ratio_memcpy=\(format(m9.redrawn.median / memcpyMedian)) pixel_moves=\(m9.pixelMoves) iterations=\(iterations)")
    print("RESULT M9_1080p median_us=\(format(m9HD.moved.median)) p95_us=\(format(m9HD.moved.p95)) ratio_memcpy=\(format(m9HD.moved.median / hdCopies.memcpy.median)) full_redraw_us=\(format(m9HD.redrawn.median)) full_redraw_ratio_memcpy=\(format(m9HD.redrawn.median / hdCopies.memcpy.median)) memcpy_1080p_us=\(format(hdCopies.memcpy.median)) pixel_moves=\(m9HD.pixelMoves)")
    if let m9Plane { printTableFlingOnPlane(m9Plane, memcpyMedian: memcpyMedian, software: m9.moved, iterations: iterations) }
    for (rows, figure) in [(100, m10Small), (1_000_000, m10Large)] {
        print("RESULT M10 rows=\(rows) first_frame_us=\(format(figure.0.median)) p95_us=\(format(figure.0.p95)) rss_kib=\(figure.rssKiB) ratio_to_100_rows=\(format(figure.0.median / m10Small.0.median))")
    }
    print("RESULT M13 views=200 constraints=\(m13.constraints) full_us=\(format(m13.full.median)) incremental_us=\(format(m13.incremental.median)) ratio_incremental=\(format(m13.incremental.median / m13.full.median)) settings_screen_us=\(format(m13Settings.median))")
    if let m12 {
        print("RESULT M12 switch_and_frame_us=\(format(m12.time.median)) p95_us=\(format(m12.time.p95)) ratio_memcpy=\(format(m12.time.median / memcpyMedian)) screen=home tiles=24 rss_english_kib=\(m12.englishKiB) rss_after_switches_kib=\(m12.switchedKiB) rss_with_icu_kib=\(m12.icuKiB)")
    }
    if let m11 {
        printSpokenFocus(m11)
    }
    for (name, figure) in m15 { printVideoFrame(figure, name: name) }
    if let m16 {
        print("RESULT M16 rss_before_gstreamer_kib=\(m16.before) rss_after_gstreamer_kib=\(m16.after) added_kib=\(m16.after - m16.before)")
    }
    print("RESULT M4_rss_kib=\(ProcessStatistics.peakResidentSetKiB() ?? -1) (this benchmark process; see --rss-probe)")
    print("RESULT M5_memcpy median_us=\(format(memcpyMedian)) p95_us=\(format(max(copies.memcpy.p95, copiesAfter.memcpy.p95)))")
    print("RESULT M5_memset median_us=\(format(copies.memset.median)) p95_us=\(format(copies.memset.p95)) sink=\(copies.sink ^ copiesAfter.sink)")
}

main()
