// bezel-demo: until the rendering and hardware backends land, a headless demo of the touch
// pipeline. It builds the standard kiosk scene with a few recognizers, replays a scripted tap,
// double tap and drag on a virtual clock, and prints what the app sees, with the pipeline's
// own trace (BEZEL_TRACE) interleaved so every step can be followed.
import Bezel
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

let usage = """
usage: bezel-demo [--trace CATEGORIES] [--quiet] [--help]

Replays a scripted tap on "Item 12", a double tap on the header and a drag across the button
grid of the standard kiosk scene (800x480), headless, on a virtual clock, printing the app's
callbacks and the pipeline's trace.

  --trace CATEGORIES  what to trace: all (default), or a comma-separated list of
                      hittest, touches, gestures, actions, presses. BEZEL_TRACE sets the same.
  --quiet             no pipeline trace, only the app's callbacks.
  --help              this text.

Environment:
  BEZEL_TRACE         as --trace (the option wins).
"""

@MainActor
func runDemo(trace: TraceCategory) {
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

    let scroll = PanGestureRecognizer { recognizer in
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        let t = pan.translation(in: scene.grid)
        let v = pan.velocity(in: scene.grid)
        say("APP: grid pan \(pan.state) translation=\(t) velocity=(\(Int(v.x)), \(Int(v.y))) pt/s")
    }
    scroll.name = "gridPan"
    scene.grid.addGestureRecognizer(scroll)

    print("== 1. tap on Item 12: the button's touchUpInside wins over the root's tap recognizer")
    fingers.tap(at: scene.centerOfButton(12))
    fingers.wait(1)

    print("\n== 2. double tap on the header: the root's single tap waits for the double tap and fails")
    fingers.tap(at: Point(400, 30))
    fingers.wait(0.12)
    fingers.tap(at: Point(402, 31))
    fingers.wait(1)

    print("\n== 3. drag across the grid starting on Item 8: the pan begins after 10 pt and cancels the button")
    fingers.drag(from: scene.centerOfButton(8), to: Point(scene.centerOfButton(8).x + 200, scene.centerOfButton(8).y), steps: 8, duration: 0.16)
    fingers.wait(1)
    print("\ndone: every step above ran through the same pipeline the hardware backends will feed.")
}

var categories: TraceCategory = .all
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
MainActor.assumeIsolated { runDemo(trace: categories) }
