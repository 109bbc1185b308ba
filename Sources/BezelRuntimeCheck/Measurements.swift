import Bezel
import BezelLinux
import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// The figures of issue 5 item 6, measured in the running app and printed as
/// `RESULT <name> <value> <unit>`:
/// - start_to_first_flip: process start (the kernel's start time, /proc/self/stat, 10 ms
///   resolution) to the page flip of the first frame;
/// - idle_wakeups: measured from outside by the guest script (run-display-test.sh): the
///   context switches of all the process's threads, from /proc/<pid>/task/*/status, over
///   10 s with nothing happening; the app only says when the idle period may begin (it has
///   shown its first frame and has the touchscreen) by creating `<ready>.idle`;
/// - touch_to_callback: the kernel timestamp (evdev, CLOCK_MONOTONIC) of the touch event that
///   fires the action (the finger's lift, for touchUpInside) to the start of the action;
/// - touch_to_flip: the same timestamp to the page flip of the first frame presented after the
///   action (the one that shows its result);
/// - focused_wakeups (measured by the guest script, like idle_wakeups) and focused_frames:
///   after the tap the app focuses a text field; once the on-screen keyboard has slid in it
///   creates `<ready>.focused`, the guest counts context switches over 10 s and sends SIGTERM,
///   and the app reports the frames it presented per second in that period (the caret's blink,
///   0.5 s on and 0.5 s off: 2 a second expected, and nothing else).
@MainActor
final class Measurements {
    let runtime: Runtime
    let scene: StandardKioskScene
    /// Created when the idle period may begin (the guest script measures it, then taps).
    let idleReady: String
    /// Created when the focused period may begin (the keyboard is up, the caret blinks).
    let focusedReady: String
    /// The field focused after the tap.
    private let field = TextField(frame: Rect(x: 200, y: 8, width: 400, height: 44))
    private var focusedSince: (time: Double, frames: Int)?
    private var phase = 0
    private var touchTime: Double = 0
    /// Frames presented before the action ran: the next one shows its result.
    private var framesBeforeAction = 0
    private var touchDeviceSeen = false
    private var firstFlipSeen = false

    init(runtime: Runtime, scene: StandardKioskScene, idleReady: String, focusedReady: String) {
        self.runtime = runtime
        self.scene = scene
        self.idleReady = idleReady
        self.focusedReady = focusedReady
    }

    func start() {
        runtime.onFrameShown = { [unowned self] flipTime in self.frameShown(at: flipTime) }
        scene.buttons[11].addAction(for: .touchUpInside) { [unowned self] _, event in
            let now = ProcessClock.monotonicNow()
            self.touchTime = event?.timestamp ?? now
            self.result("touch_to_callback", (now - self.touchTime) * 1000, "ms")
            self.scene.title.text = "Measured"
            self.framesBeforeAction = self.runtime.frames
            self.phase = 2
        }
        let previous = runtime.onTouchDevice
        runtime.onTouchDevice = { [unowned self] name, added in
            previous?(name, added)
            guard added, name.hasPrefix("FT5406") else { return }
            self.touchDeviceSeen = true
            self.startIdlePeriodIfReady()
        }
    }

    /// The idle period may start once the app has shown its first frame and has the
    /// touchscreen; from then on it does nothing until the tap.
    private func startIdlePeriodIfReady() {
        guard firstFlipSeen, touchDeviceSeen, phase == 1 else { return }
        phase = 10
        close(open(idleReady, O_CREAT | O_WRONLY, 0o644))
    }

    private func frameShown(at flipTime: Double) {
        switch phase {
        case 0:
            phase = 1
            result("start_to_first_flip", (flipTime - (ProcessClock.startTime() ?? 0)) * 1000, "ms")
            firstFlipSeen = true
            startIdlePeriodIfReady()
        case 2:
            guard runtime.framesShown > framesBeforeAction else { return }
            phase = 3
            result("touch_to_flip", (flipTime - touchTime) * 1000, "ms")
            focusField()
        default:
            break
        }
    }

    /// Focuses a text field: the keyboard slides in; when it is up the focused period begins.
    private func focusField() {
        phase = 4
        let application = scene.window.application
        _ = application?.notificationCenter.addObserver(forName: Responder.keyboardDidShowNotification) { [unowned self] _ in
            guard self.phase == 4 else { return }
            self.phase = 5
            self.focusedSince = (ProcessClock.monotonicNow(), self.runtime.framesShown)
            close(open(self.focusedReady, O_CREAT | O_WRONLY, 0o644))
        }
        field.borderStyle = .roundedRect
        field.text = "Focused"
        scene.window.addSubview(field)
        field.becomeFirstResponder()
    }

    /// At exit (the guest's SIGTERM): the frames presented per second while focused.
    func finish() {
        guard let since = focusedSince else { return }
        let seconds = ProcessClock.monotonicNow() - since.time
        result("focused_frames", Double(runtime.framesShown - since.frames) / max(seconds, 0.001), "per_s")
    }

    private func result(_ name: String, _ value: Double, _ unit: String) {
        print("RESULT \(name) \(Double(Int(value * 10)) / 10) \(unit)")
        fflush(nil)
    }

}
