// bezel-runtime-check: the standard kiosk scene under the full runtime (MainLoop + DRM page
// flips + libinput). A tap on Item 12 changes the header's title; once that frame is on
// screen it says so, waits for the host's screendump (the file named by its argument) and
// exits. The QEMU test drives it with a uinput touchscreen.
//   usage: bezel-runtime-check [host-ready file] [device-ready prefix] [mode]
// modes: "wait-signal" (after the tap, run until SIGTERM); "idle" (no tap: report the first
// frame, run until SIGTERM); "measure" (print RESULT lines: start -> first flip, then, after
// an idle period the guest script measures, touch -> callback and touch -> flip for one tap,
// then a focused text field's wake-ups until SIGTERM; see Measurements.swift).
// "seat-switch" (BEZEL-R1 lines: taps, cancels, seat switches with descriptors and memory, the
// first frame after each return; SeatSwitchReport.swift). "display-hotplug" (BEZEL-R2 lines: the
// display appearing, lost and back, taps; DisplayHotplugReport.swift). "flood" (BEZEL-R6 lines:
// kernel timestamp -> sendEvent latencies, memory, event losses; FloodReport.swift).
import Bezel
import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

@MainActor
func run() -> Int32 {
    let hostReady = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
    // "wait-signal": once shown, keep running until SIGTERM (the signal test).
    let mode = CommandLine.arguments.count > 3 ? CommandLine.arguments[3] : ""
    let app = mode == "flood" ? LatencyRecordingApplication(clock: MonotonicClock(), tracer: Tracer()) : Application(clock: MonotonicClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    let waitForSignal = mode == "wait-signal" || mode == "idle"
    do {
        let runtime = Runtime(application: app, window: scene.window, configuration: try .fromEnvironment())
        var framesAtTap = 0
        let deviceReady = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : ""
        runtime.onTouchDevice = { name, added in
            print("BEZEL-RUNTIME device \(added ? "added" : "removed") \(name)")
            fflush(nil)
            if added, !deviceReady.isEmpty {
                let file = deviceReady + "." + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
                close(open(file, O_CREAT | O_WRONLY, 0o644))
            }
        }
        if mode == "idle" {
            runtime.onFrameShown = { _ in
                guard runtime.onFrameShown != nil else { return }
                runtime.onFrameShown = nil
                print("BEZEL-RUNTIME first-frame")
                fflush(nil)
                if !deviceReady.isEmpty { close(open(deviceReady + ".first-frame", O_CREAT | O_WRONLY, 0o644)) }
            }
        }
        if mode == "seat-switch" { SeatSwitchReport.install(runtime: runtime, scene: scene, deviceReady: deviceReady) }
        if mode == "display-hotplug" { DisplayHotplugReport.install(runtime: runtime, scene: scene, app: app) }
        let flood = (app as? LatencyRecordingApplication).map(FloodReport.init)
        flood?.coalescedFrames = { runtime.coalescedTouchFrames }
        let measurements = mode == "measure" ? Measurements(runtime: runtime, scene: scene, idleReady: deviceReady + ".idle",
                                                                 focusedReady: deviceReady + ".focused") : nil
        measurements?.start()
        scene.buttons[11].addAction(for: .touchUpInside) { _, _ in
            if ["measure", "seat-switch", "display-hotplug", "flood"].contains(mode) { return }
            scene.title.text = "Item 12 pressed"
            framesAtTap = runtime.frames
            print("BEZEL-RUNTIME tapped")
            fflush(nil)
            // Once the title's frame has been flipped onto the screen, report and wait for the host.
            @MainActor func waitShown() {
                app.runLoop.schedule(after: 0.1) {
                    guard runtime.frames > framesAtTap else { return waitShown() }
                    print("BEZEL-RUNTIME shown frames=\(runtime.frames)")
                    fflush(nil)
                    @MainActor func waitHost() {
                        app.runLoop.schedule(after: 0.1) {
                            if waitForSignal { return }
                            if hostReady.isEmpty || access(hostReady, F_OK) == 0 { runtime.stop() } else { waitHost() }
                        }
                    }
                    waitHost()
                }
            }
            waitShown()
        }
        // A bound for a host that never ends the check; a long one where the host drives it for
        // minutes (K7's browser on a loaded CI host, the seat and hotplug scenarios).
        app.runLoop.schedule(after: ["seat-switch", "display-hotplug", "flood", "wait-signal"].contains(mode) ? 900 : 90) {
            print("BEZEL-RUNTIME timeout")
            runtime.stop()
        }
        print("BEZEL-RUNTIME starting")
        fflush(nil)
        app.runLoop.schedule(after: 0) {
            print(runtime.summary)
            fflush(nil)
        }
        try withExtendedLifetime(measurements) { try runtime.run() }
        measurements?.finish()
        flood?.finish()
        print("BEZEL-RUNTIME stopped backend=\(runtime.backendInUse.rawValue)")
        return 0
    } catch {
        print("BEZEL-RUNTIME error \(error)")
        return 1
    }
}

exit(MainActor.assumeIsolated { run() })
