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

/// Kiosk behaviour: systemd's READY=1, the screen's idle dimming and power, the admin gesture.
extension Runtime {
    /// The first frame on screen: the service has started (systemd's READY=1).
    func frameReachedScreen() {
        guard !readySent else { return }
        readySent = true
        if let started = ProcessClock.startTime() {
            log(.info, "first frame on screen \(Int(((ProcessClock.monotonicNow() - started) * 1000).rounded())) ms after the process started")
        }
        // Its texts kept for the next start (written when this run drew new ones).
        if let store = renderer?.textImageStore {
            let drawn = store.textsDrawn
            if drawn > 0 { log(.info, "drew \(drawn) texts of the first screen from \(store.path)") }
            if !store.refusal.isEmpty { log(.info, "\(store.path) not used: \(store.refusal)") }
            if store.save() { log(.info, "kept the first screen's \(store.savedCount) texts in \(store.path) for the next start") }
        }
        if notifier.isActive {
            notifier.notify("READY=1\nSTATUS=showing \(Int(window.bounds.width))x\(Int(window.bounds.height))")
            log(.debug, "told systemd READY=1")
        }
    }

    /// The idle controller on the backlight, or on the output's power where there is no
    /// backlight (a DRM display only: headless and the simulator have nothing to turn off).
    func setUpIdleControl() {
        let policy = configuration.idle
        var screen: IdleScreen?
        var what = ""
        do {
            if let backlight = try Backlight.open(policy.backlight) {
                screen = BacklightScreen(backlight: backlight, dimLevel: policy.dimLevel)
                what = "backlight \(backlight.directory)"
            }
        } catch {
            log(.warning, "\(error) (the output's power is used instead)")
        }
        if screen == nil, drm != nil {
            screen = OutputPowerScreen { [unowned self] on in self.setScreenPower(on: on) }
            what = "no backlight: the output turned off through KMS, no dimming"
        }
        guard let screen else {
            log(.debug, "no backlight and no DRM output: idle dimming off")
            return
        }
        idle = IdleController(policy: policy, screen: screen, application: application, secondOfDay: ProcessClock.localSecondOfDay)
        idle?.onChange = { [unowned self] state in self.log(.info, "screen \(state)") }
        log(.debug, "idle control: \(what); dim after \(policy.dimAfter) s, off after \(policy.offAfter) s, off hours \(policy.offHours?.description ?? "none")")
    }

    /// Turns the DRM output off or on (the idle controller's `OutputPowerScreen`); on again,
    /// the whole frame is drawn.
    func setScreenPower(on: Bool) {
        guard let drm else { return }
        do {
            try drm.setScreenOn(on)
            log(.info, "output \(drm.connectorName) \(on ? "on" : "off") (KMS)")
        } catch {
            log(.warning, "\(error)")
        }
        if on {
            window.setNeedsFullRedraw()
            renderIfNeeded()
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
