// bezel-input-check: the standard kiosk scene driven by libinput on a real kernel. It waits
// for a touchscreen (udev hotplug), signals readiness by creating the file named by its
// argument, and prints one BEZEL-INPUT line per thing the app sees: the tap on Item 12, the
// slider's value after a drag, and the touch cancelled when the device is unplugged mid-touch.
import Bezel
import BezelInput
import BezelLinux
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

@MainActor
func run() -> Int32 {
    let app = Application(clock: MonotonicClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    let ready = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
    func say(_ text: String) {
        print("BEZEL-INPUT \(text)")
        fflush(nil)
    }
    do {
        let loop = try MainLoop(runLoop: app.runLoop)
        let source = try LibinputTouchSource(panelSize: StandardKioskScene.size)
        var tapped = false, slid = false, cancelled = false
        func finishIfDone() { if tapped && slid && cancelled { loop.stop() } }
        scene.buttons[11].addAction(for: .touchUpInside) { _, _ in
            say("tap \(scene.buttons[11].title ?? "")")
            tapped = true
        }
        scene.slider.isContinuous = false
        scene.slider.addAction(for: .valueChanged) { control, _ in
            say("slider \(Int(((control as! Slider).value * 100).rounded()))")
            slid = true
        }
        scene.buttons[0].addAction(for: .touchCancel) { _, _ in
            say("cancel \(scene.buttons[0].title ?? "")")
            cancelled = true
            finishIfDone()
        }
        source.onFrame = { app.handleTouchFrame($0) }
        source.onDevice = { name, added in
            say("device \(added ? "added" : "removed") \(name)")
            if added, !ready.isEmpty { close(open(ready, O_CREAT | O_WRONLY, 0o644)) }
            finishIfDone()
        }
        try loop.watch(source.fileDescriptor) { source.dispatch() }
        source.dispatch()
        // Never hang a test run: give up after a minute.
        app.runLoop.schedule(after: 60) {
            say("timeout")
            loop.stop()
        }
        try loop.run()
        say("done tapped=\(tapped) slid=\(slid) cancelled=\(cancelled)")
        return tapped && slid && cancelled ? 0 : 1
    } catch {
        say("error \(error)")
        return 1
    }
}

exit(MainActor.assumeIsolated { run() })
