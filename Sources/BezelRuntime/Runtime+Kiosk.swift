import Bezel
import BezelCairo
import BezelDRM
import BezelInput
import BezelLinux
import BezelSeat
import BezelSimulator
#if canImport(Glibc)
import Glibc
#endif

/// Kiosk behaviour: systemd's READY=1, backlight dimming, the admin gesture.
extension Runtime {
    /// The first frame on screen: the service has started (systemd's READY=1).
    func frameReachedScreen() {
        guard !readySent else { return }
        readySent = true
        if let started = ProcessClock.startTime() {
            log(.info, "first frame on screen \(Int(((ProcessClock.monotonicNow() - started) * 1000).rounded())) ms after the process started")
        }
        if notifier.isActive {
            notifier.notify("READY=1\nSTATUS=showing \(Int(window.bounds.width))x\(Int(window.bounds.height))")
            log(.debug, "told systemd READY=1")
        }
    }

    func setUpIdleControl() {
        let policy = configuration.idle
        guard policy.dimAfter > 0 || policy.offAfter > 0 else { return }
        do {
            guard let backlight = try Backlight.open(policy.backlight) else {
                log(.debug, "no backlight in /sys/class/backlight: idle dimming off")
                return
            }
            idle = IdleController(policy: policy, backlight: backlight, application: application)
            idle?.onChange = { [unowned self] state in self.log(.info, "backlight \(state)") }
        } catch {
            log(.warning, "\(error) (idle dimming off)")
        }
    }

    /// The admin gesture ends the app (back to the shell, or to systemd, which restarts it).
    func installAdminGesture() {
        AdminGesture.install(on: window) { [unowned self] in
            self.log(.warning, "admin gesture: ending the app")
            self.exitReason = "admin gesture"
            self.stop()
        }
    }
}
