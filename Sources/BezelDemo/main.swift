// bezel-demo: until the hardware backends land, a headless demo. It builds the standard
// kiosk scene with a few recognizers, replays a scripted tap, double tap and drags on a
// virtual clock, renders each step with cairo into memory and writes PNG screenshots, and
// prints what the app sees with the pipeline's own trace (BEZEL_TRACE) interleaved.
import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

let usage = """
usage: bezel-demo [--screenshots DIR] [--trace CATEGORIES] [--quiet] [--help]

Replays, on the standard kiosk scene (800x480), headless and on a virtual clock: a press and
release of "Item 12", a double tap on the header, a drag of the slider's thumb, a tap on the
switch and a drag across the button grid. Each step is rendered with cairo into memory and
written as a PNG; the app's callbacks and the pipeline's trace are printed.

  --screenshots DIR   where the PNGs go (default: BEZEL_SCREENSHOT_DIR, else ./screenshots).
  --trace CATEGORIES  what to trace: gestures,actions (default), all, or a comma-separated
                      list of hittest, touches, gestures, actions, presses.
  --quiet             no pipeline trace, only the app's callbacks.
  --help              this text.

Environment:
  BEZEL_TRACE           as --trace (the option wins).
  BEZEL_SCREENSHOT_DIR  as --screenshots (the option wins).
  BEZEL_ASSETS          where Assets/ is, if not beside the binary or in the source tree.
"""

@MainActor
func runDemo(trace: TraceCategory, screenshots: String) throws {
    let clock = VirtualClock()
    let tracer = Tracer(categories: trace) { category, message in
        print("    [\(category)] \(message)")
    }
    let app = Application(clock: clock, tracer: tracer)
    let scene = StandardKioskScene(application: app)
    let fingers = TouchScript(app)

    func say(_ text: String) {
        let ms = Int((clock.now * 1000).rounded())
        print("t=\(ms)ms  \(text)")
    }

    for button in scene.buttons {
        button.addAction(for: .touchUpInside) { control, _ in
            say("APP: \((control as? Button)?.title ?? "?") pressed (touchUpInside)")
        }
    }
    let openSettings = TapGestureRecognizer { _ in say("APP: header double-tapped -> open settings") }
    openSettings.name = "headerDoubleTap"
    openSettings.numberOfTapsRequired = 2
    scene.header.addGestureRecognizer(openSettings)

    let dismiss = TapGestureRecognizer { _ in say("APP: background tapped") }
    dismiss.name = "rootTap"
    dismiss.require(toFail: openSettings)
    scene.root.addGestureRecognizer(dismiss)

    scene.slider.addAction(for: .valueChanged) { control, _ in
        say("APP: slider value \(((control as! Slider).value * 100).rounded() / 100)")
    }
    scene.toggle.addAction(for: .valueChanged) { control, _ in
        say("APP: switch is \((control as! Switch).isOn ? "on" : "off")")
    }

    let display = try HeadlessDisplay(window: scene.window)
    var shot = 0
    func screenshot(_ name: String) throws {
        shot += 1
        let path = screenshots + "/" + (shot < 10 ? "0" : "") + "\(shot)-\(name).png"
        let redrawn = display.renderFrame()
        try display.framebuffer.writePNG(to: path)
        let area = redrawn.reduce(0) { $0 + $1.area }
        say("FRAME: redrew \(redrawn.count) rect(s), \(Int(area)) px (\(Int(area * 100 / (800 * 480)))% of the screen) -> \(path)")
    }

    let scroll = PanGestureRecognizer { recognizer in
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        let t = pan.translation(in: scene.grid)
        let v = pan.velocity(in: scene.grid)
        say("APP: grid pan \(pan.state) translation=\(t) velocity=(\(Int(v.x)), \(Int(v.y))) pt/s")
    }
    scroll.name = "gridPan"
    scene.grid.addGestureRecognizer(scroll)

    try screenshot("standard-scene")

    print("\n== 1. press and release Item 12: the button's touchUpInside wins over the root's tap recognizer")
    scene.buttons[11].addAction(for: .touchUpInside) { _, _ in scene.title.text = "Item 12 pressed" }
    fingers.down(at: scene.centerOfButton(12))
    try screenshot("item12-pressed")
    fingers.wait(0.05)
    fingers.up()
    fingers.wait(1)
    try screenshot("item12-released")

    print("\n== 2. double tap on the header: the root's single tap waits for the double tap and fails")
    fingers.tap(at: Point(400, 30))
    fingers.wait(0.12)
    fingers.tap(at: Point(402, 31))
    fingers.wait(1)

    print("\n== 3. drag the slider's thumb from 40 % to 80 %")
    let thumb = scene.slider.convert(Point(scene.slider.thumbRect.midX, scene.slider.thumbRect.midY), to: nil)
    fingers.drag(from: thumb, to: Point(thumb.x + 0.4 * (600 - 16), thumb.y), steps: 6, duration: 0.2)
    fingers.wait(1)
    try screenshot("slider-80")

    print("\n== 4. tap the switch")
    fingers.tap(at: Point(720, 452))
    fingers.wait(1)
    try screenshot("switch-on")

    print("\n== 5. drag across the grid starting on Item 8: the pan begins after 10 pt and cancels the button")
    fingers.drag(from: scene.centerOfButton(8), to: Point(scene.centerOfButton(8).x + 200, scene.centerOfButton(8).y), steps: 8, duration: 0.16)
    fingers.wait(1)
    print("\ndone: every step above ran through the same pipeline the hardware backends will feed;")
    print("screenshots are in \(screenshots)/")
}

var categories: TraceCategory = [.gestures, .actions]
var screenshots = HeadlessDisplay.screenshotDirectory ?? "screenshots"
if let environment = Environment.value("BEZEL_TRACE") {
    categories = TraceCategory.parse(environment).categories
}
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--quiet":
        categories = []
    case "--screenshots":
        guard let value = arguments.popFirst(), !value.isEmpty else {
            print("bezel-demo: --screenshots needs a folder")
            exit(2)
        }
        screenshots = value
    case "--trace":
        guard let value = arguments.popFirst() else {
            print("bezel-demo: --trace needs a value (all, or hittest,touches,gestures,actions,presses)")
            exit(2)
        }
        let parsed = TraceCategory.parse(value)
        if !parsed.unknown.isEmpty {
            print("bezel-demo: unknown trace categories \(parsed.unknown); known: all, \(TraceCategory.all)")
            exit(2)
        }
        categories = parsed.categories
    default:
        print("bezel-demo: unknown argument '\(argument)'\n\n\(usage)")
        exit(2)
    }
}
if mkdir(screenshots, 0o755) != 0 && errno != EEXIST {
    print("bezel-demo: cannot create the screenshot folder \(screenshots) (errno \(errno))")
    exit(1)
}
MainActor.assumeIsolated {
    do {
        try runDemo(trace: categories, screenshots: screenshots)
    } catch {
        print("bezel-demo: \(error)")
        exit(1)
    }
}
