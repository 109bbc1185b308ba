// bezel-demo: the demo kiosk app (BezelDemoApp) on the runtime: on a DRM display with
// libinput where there is one, in the SDL2 simulator on a desktop, and on a machine with no
// display a headless tour that writes PNG screenshots.
import Bezel
import BezelCairo
import BezelDemoApp
import BezelRuntime
import BezelLinux
#if canImport(Glibc)
import Glibc
#endif

let usage = """
usage: bezel-demo [--tour] [--screenshots DIR] [--trace CATEGORIES] [--quiet] [--attract-after SECONDS] [--no-video] [--help]

The demo kiosk: a home screen, a gesture playground, a 200-row list, a settings screen,
animations and a form typed on the on-screen keyboard (or a USB keyboard), with a clock in
the navigation bar. It runs on the display the settings below choose (a DRM
panel, the SDL2 simulator window); with no display at all it tours every screen headless,
on a virtual clock, and writes PNG screenshots.

  --tour              the headless tour even when a display is there.
  --screenshots DIR   where the tour's PNGs go (default: screenshot_dir, else ./screenshots).
  --trace CATEGORIES  pipeline tracing: all, or hittest,touches,gestures,actions,presses,layout,speech.
  --quiet             no pipeline trace (even with BEZEL_TRACE set).
  --attract-after SECONDS
                      the attract loop (slides turned every 5 s) after that long without
                      a touch, until a touch (default: never; idle dimming is held off
                      while it runs). Its first slide plays the demo's clip (Videos/attract.webm,
                      decoded by GStreamer, loaded then), on an overlay plane where the display
                      has one; the Help menu's "How-to video" plays it in a tile.
  --no-video          the attract loop's picture instead of the clip, and no how-to video.
  --help              this text.

Exit status: 0 after SIGINT/SIGTERM, the admin gesture, or the tour; 1 on a setup error
(a clear message says what and what to try); 2 on a bad argument.

"""


/// Whether a display backend could run: a DRM card, or a desktop for the simulator.
func displayAvailable(_ configuration: RuntimeConfiguration) -> Bool {
    switch configuration.backend {
    case .headless: return false
    case .drm, .sim: return true
    case .auto:
        let card = (0..<8).contains { access("/dev/dri/card\($0)", F_OK) == 0 }
        let desktop = Environment.value("DISPLAY") != nil || Environment.value("WAYLAND_DISPLAY") != nil
        return card || desktop
    }
}

@MainActor
func main() -> Int32 {
    var trace: TraceCategory = Environment.value("BEZEL_TRACE").map { TraceCategory.parse($0).categories } ?? []
    var tour = false
    var screenshotDirectory: String?
    var attractAfter: Double?
    var playsVideo = true
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--help", "-h":
            print(usage + "\n" + RuntimeSetting.helpText)
            return 0
        case "--tour":
            tour = true
        case "--quiet":
            trace = []
        case "--no-video":
            playsVideo = false
        case "--screenshots":
            guard let value = arguments.popFirst(), !value.isEmpty else {
                writeLineToStandardError("bezel-demo: --screenshots needs a folder")
                return 2
            }
            screenshotDirectory = value
            tour = true
        case "--attract-after":
            guard let value = arguments.popFirst(), let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86400 else {
                writeLineToStandardError("bezel-demo: --attract-after needs a number of seconds, above 0 and at most 86400")
                return 2
            }
            attractAfter = seconds
        case "--trace":
            guard let value = arguments.popFirst() else {
                writeLineToStandardError("bezel-demo: --trace needs a value (all, or hittest,touches,gestures,actions,presses,layout,speech)")
                return 2
            }
            let parsed = TraceCategory.parse(value)
            guard parsed.unknown.isEmpty else {
                writeLineToStandardError("bezel-demo: unknown trace categories \(parsed.unknown); known: all, \(TraceCategory.all)")
                return 2
            }
            trace = parsed.categories
        default:
            writeLineToStandardError("bezel-demo: unknown argument '\(argument)'\n\n\(usage)")
            return 2
        }
    }
    let configuration: RuntimeConfiguration
    do {
        configuration = try RuntimeConfiguration.load()
    } catch {
        writeLineToStandardError("bezel-demo: \(error)")
        return 1
    }
    if tour || !displayAvailable(configuration) {
        // The runtime logs these itself; the tour does not start it.
        for warning in configuration.warnings { writeLineToStandardError("bezel-demo: warning: \(warning)") }
        let directory = screenshotDirectory ?? configuration.screenshotDirectory ?? "screenshots"
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            writeLineToStandardError("bezel-demo: cannot create the screenshot folder \(directory): \(String(cString: strerror(errno)))")
            return 1
        }
        if !tour { print("bezel-demo: no display here (no /dev/dri card, no DISPLAY): touring the demo headless instead") }
        do {
            let written = try DemoTour(screenshots: directory, trace: trace, scale: configuration.scale ?? 1).run()
            print("done: \(written.count) screenshots in \(directory)/")
            return 0
        } catch {
            writeLineToStandardError("bezel-demo: \(error)")
            return 1
        }
    }
    // Images load with the app: at the configured scale (`auto` on a panel is known only
    // once the display is open, after them: they are then drawn at 1x, scaled).
    ImageLoader.screenScale = configuration.scale ?? 1
    let app = Application()
    let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { ProcessClock.localSecondOfDay() },
                       videoPath: playsVideo ? DemoApp.bundledVideo : nil)
    let runtime = Runtime(application: app, window: demo.window, configuration: configuration)
    // Each line says how many frames had reached the screen (page flips on DRM) by then.
    demo.log = { runtime.log(.info, "demo: \($0) [frame \(runtime.framesShown)]") }
    demo.attractAfter = attractAfter
    do {
        try runtime.run()
        if let reason = runtime.exitReason { runtime.log(.info, "ended by the \(reason)") }
        return 0
    } catch {
        writeLineToStandardError("bezel-demo: \(error)")
        return 1
    }
}

exit(MainActor.assumeIsolated { main() })
