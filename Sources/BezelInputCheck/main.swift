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
        let source = try LibinputSource(panelSize: StandardKioskScene.size)
        var tapped = false, slid = false, cancelled = false, clicked = false, keyed = false, pinched = false, tenFingers = false
        func finishIfDone() { if tapped && slid && cancelled && clicked && keyed && pinched && tenFingers { loop.stop() } }
        /// Counts the fingers down at once anywhere in the scene (and on how many views they landed).
        final class FingerCounter: GestureRecognizer {
            var down: Set<Touch> = []
            var onCount: ((Int, Int) -> Void)?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
                down.formUnion(touches)
                onCount?(down.count, Set(down.compactMap { $0.view.map(ObjectIdentifier.init) }).count)
            }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
                down.subtract(touches)
                if down.isEmpty { state = .failed }
            }
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
                down.subtract(touches)
                if down.isEmpty { state = .failed }
            }
            override func reset() { down = [] }
        }
        let counter = FingerCounter()
        counter.cancelsTouchesInView = false
        counter.onCount = { fingers, views in
            guard fingers == 10 else { return }
            say("fingers 10 on \(views) views")
            tenFingers = true
        }
        scene.root.addGestureRecognizer(counter)
        let pinch = PinchGestureRecognizer { recognizer in
            guard recognizer.state == .ended else { return }
            let scale = (recognizer as! PinchGestureRecognizer).scale
            say("pinch \(Double(Int((scale * 100).rounded())) / 100)")
            pinched = true
        }
        scene.root.addGestureRecognizer(pinch)
        final class KeyCatcher: View {
            var onPress: ((Press.Key) -> Void)?
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) {
                for press in presses { onPress?(press.key) }
            }
        }
        let keys = KeyCatcher(frame: .zero)
        scene.window.addSubview(keys)
        keys.becomeFirstResponder()
        keys.onPress = { key in
            say("key \(key.code) \(key.symbol.map(KeyboardLayout.symbolName) ?? "-") \(key.characters.unicodeScalars.map { String($0.value) }.joined(separator: ","))")
            keyed = true
        }
        scene.buttons[4].addAction(for: .touchUpInside) { _, _ in
            say("click \(scene.buttons[4].title ?? "")")
            clicked = true
        }
        source.onKey = { key, down in app.handleKey(key, isDown: down) }
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
            if added, !ready.isEmpty {
                // One ready file per device, named after it: the injector waits for its own.
                let file = ready + "." + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
                close(open(file, O_CREAT | O_WRONLY, 0o644))
            }
            finishIfDone()
        }
        try loop.watch(source.fileDescriptor) { source.dispatch() }
        source.dispatch()
        // Never hang a test run: give up after eight minutes, inside the host's ten (run-input-test.sh)
        // so that this line, not the host's kill, says where it stood. A minute was too short:
        // on a loaded CI host the emulated Cortex-A76 guest (ARM3, 16K pages) had not yet reached
        // the mouse and keyboard devices after 60 s. The check normally ends when all is seen.
        app.runLoop.schedule(after: 480) {
            say("timeout")
            loop.stop()
        }
        try loop.run()
        say("done tapped=\(tapped) slid=\(slid) cancelled=\(cancelled) clicked=\(clicked) keyed=\(keyed) pinched=\(pinched) ten=\(tenFingers)")
        return tapped && slid && cancelled && clicked && keyed && pinched && tenFingers ? 0 : 1
    } catch {
        say("error \(error)")
        return 1
    }
}

exit(MainActor.assumeIsolated { run() })
