import Bezel
import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// The "seat-switch" mode (issue 13's R1): every button's tap and cancel, every seat switch
/// with the process's open descriptors and resident memory, and the first frame shown after
/// the start and after each return, as BEZEL-R1 lines for the guest's script.
@MainActor
enum SeatSwitchReport {
    static func install(runtime: Runtime, scene: StandardKioskScene, deviceReady: String) {
        var taps = 0
        for (index, button) in scene.buttons.enumerated() {
            button.addAction(for: .touchUpInside) { _, _ in
                taps += 1
                say("BEZEL-R1 tap button=\(index) n=\(taps)")
            }
            button.addAction(for: .touchCancel) { _, _ in say("BEZEL-R1 cancelled button=\(index)") }
        }
        var awaitingFrame = true
        runtime.onFrameShown = { _ in
            guard awaitingFrame else { return }
            awaitingFrame = false
            say("BEZEL-R1 frame-shown switches=\(runtime.seatSwitches)")
        }
        runtime.onSeatChange = { active in
            say("BEZEL-R1 seat active=\(active ? 1 : 0) switches=\(runtime.seatSwitches) fds=\(openDescriptors()) rss_kib=\(ProcessStatistics.residentSetKiB() ?? -1)")
            if active { awaitingFrame = true }
        }
    }

    /// Entries of /proc/self/fd (the directory's own descriptor included, always one).
    static func openDescriptors() -> Int {
        guard let dir = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
