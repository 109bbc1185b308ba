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
/// - idle_wakeups: context switches of all the process's threads over 10 s with nothing
///   happening (every wake-up is a context switch);
/// - touch_to_callback: the kernel timestamp (evdev, CLOCK_MONOTONIC) of the touch event that
///   fires the action (the finger's lift, for touchUpInside) to the start of the action;
/// - touch_to_flip: the same timestamp to the page flip of the first frame presented after the
///   action (the one that shows its result).
@MainActor
final class Measurements {
    let runtime: Runtime
    let scene: StandardKioskScene
    /// Created when the tap may come (after the idle period).
    let tapAllowed: String
    private var phase = 0
    private var touchTime: Double = 0
    /// Frames presented before the action ran: the next one shows its result.
    private var framesBeforeAction = 0
    private var touchDeviceSeen = false
    private var firstFlipSeen = false

    init(runtime: Runtime, scene: StandardKioskScene, tapAllowed: String) {
        self.runtime = runtime
        self.scene = scene
        self.tapAllowed = tapAllowed
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

    /// The idle period starts once the app has shown its first frame and the touchscreen has
    /// arrived (and one second for udev's events about it to settle).
    private func startIdlePeriodIfReady() {
        guard firstFlipSeen, touchDeviceSeen, phase == 1 else { return }
        phase = 10
        runtime.application.runLoop.schedule(after: 1) { [unowned self] in
            // The first reading pages in the code that reads (the guest's root is on 9p: a page
            // fault there blocks, which counts as a switch); the second is the baseline.
            _ = Self.perThread()
            let before = Self.perThread()
            let loopBefore = self.runtime.loopWakeups
            self.runtime.application.runLoop.schedule(after: 10) { [unowned self] in
                let after = Self.perThread()
                let loopWakeups = self.runtime.loopWakeups - loopBefore - 1
                // Switches of the threads alive at both readings, plus one per thread born in
                // between; the timer's own wake-up is the one expected switch.
                var switches = 0
                for (thread, count) in after { switches += before[thread].map { count - $0 } ?? 1 }
                self.result("idle_wakeups", Double(max(0, switches - 1)), "over_10s")
                self.result("idle_loop_wakeups", Double(loopWakeups), "over_10s")
                for (thread, count) in after where count != before[thread] {
                    print("BEZEL-RUNTIME switches \(thread): \(before[thread] ?? 0) -> \(count)")
                }
                close(open(self.tapAllowed, O_CREAT | O_WRONLY, 0o644))
            }
        }
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
            runtime.stop()
        default:
            break
        }
    }

    private func result(_ name: String, _ value: Double, _ unit: String) {
        print("RESULT \(name) \(Double(Int(value * 10)) / 10) \(unit)")
        fflush(nil)
    }

    /// Voluntary + involuntary context switches of each thread of this process ("<tid> <name>").
    static func perThread() -> [String: Int] {
        var counts: [String: Int] = [:]
        guard let dir = opendir("/proc/self/task") else { return [:] }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.first?.isNumber == true else { continue }
            var total = 0
            let status = (TextFile.contents(of: "/proc/self/task/\(name)/status") ?? "")
            for line in status.split(separator: "\n") where line.contains("ctxt_switches") {
                total += Int(line.split(separator: "\t").last?.trimmingPrefix(" ") ?? "") ?? 0
            }
            let thread = status.split(separator: "\n").first.map { String($0.dropFirst(6)) } ?? "?"
            counts["\(name) \(thread)"] = total
        }
        return counts
    }

}
