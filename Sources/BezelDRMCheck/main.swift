// bezel-drm-check: shows the standard kiosk scene on a real DRM device, then presses button 12
// (a damaged-region update), printing what it did. The QEMU test runs it in the guest and
// takes screendumps of what the virtual GPU scans out.
import Bezel
import BezelCairo
import BezelDRM
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

@MainActor
func run() -> Int32 {
    let display: DRMDisplay
    do { display = try DRMDisplay() } catch {
        print("BEZEL-DRM-ERROR \(error)")
        return 1
    }
    print("BEZEL-DRM-OPEN \(display.devicePath) \(display.connectorName) \(display.width)x\(display.height)@\(display.refreshHz)")
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    do {
        let renderer = try HeadlessDisplay(window: scene.window)
        func show(_ rects: [Rect]) {
            display.present(renderer.cache, damage: rects)
            // Wait for the flip to complete (the frame is on screen then).
            for _ in 0..<200 where display.isFlipPending {
                var fds = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&fds, 1, 50)
                display.handleEvents()
            }
        }
        show(renderer.renderFrame())
        print("BEZEL-FRAME-SHOWN standard-scene flips=\(display.flips)")
        fflush(nil)
        // Hold the frame until the host has taken its screendump (it signals with a file).
        let waitFor = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
        func waitForHost(_ step: String) {
            guard !waitFor.isEmpty else { return }
            for _ in 0..<600 where access(waitFor + "." + step, F_OK) != 0 { usleep(50_000) }
        }
        waitForHost("1")
        TouchScript(app).down(at: scene.centerOfButton(12))
        let pressed = renderer.renderFrame()
        show(pressed)
        print("BEZEL-FRAME-SHOWN item12-pressed \(pressed.count) rect(s) flips=\(display.flips)")
        fflush(nil)
        waitForHost("2")
    } catch {
        print("BEZEL-DRM-ERROR \(error)")
        display.close()
        return 1
    }
    display.close()
    print("BEZEL-DRM-CLOSED")
    return 0
}

exit(MainActor.assumeIsolated { run() })
