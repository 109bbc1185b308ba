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

/// Device access through a seat manager (seatd, logind), and seat switches.
extension Runtime {
    public struct SeatUnavailable: Error, CustomStringConvertible {
        public let description = "BEZEL_SEAT=libseat: no seat manager answered (is seatd running and this user in its group, or is this a logind session?)"
    }

    /// The seat manager's opener when one should be used and answers.
    func openSeat(loop: MainLoop) throws -> DeviceOpener {
        let wanted = configuration.seat == .libseat || (configuration.seat == .auto && geteuid() != 0)
        guard wanted, let session = SeatSession.open() else {
            if configuration.seat == .libseat { throw SeatUnavailable() }
            return .direct
        }
        seat = session
        deviceAccess = "libseat \(session.seatName)"
        try loop.watch(session.fileDescriptor) { session.dispatch() }
        session.onChange = { [unowned self] active in self.seatChanged(active: active) }
        return session.opener
    }

    /// The seat was switched away (a VT switch, another session) or back.
    func seatChanged(active: Bool) {
        sessionChanged(active: active, who: "seat \(seat?.seatName ?? "")")
    }

    /// Switched away: fingers down are cancelled and libinput closes its devices, nothing is
    /// drawn while away. Back: libinput opens the devices again, the mode is set again and
    /// the whole frame drawn. The same for a seat manager's switch and a VT switch with
    /// direct access (`consoleSwitch`).
    func sessionChanged(active: Bool, who: String) {
        seatSwitches += 1
        isSessionActive = active
        if !active {
            input?.suspend()
            log(.info, "\(who) switched away: input suspended, drawing paused")
            onSeatChange?(false)
            return
        }
        if let input, !input.resume() {
            log(.error, "input devices could not be opened again after a seat switch (libinput's log says why)")
        }
        if let drm {
            do {
                try drm.reactivate()
            } catch {
                Diagnostics.report(.platform, "bezel: the screen could not be taken back after a seat switch: \(error)")
            }
        }
        window.setNeedsFullRedraw()
        log(.info, "\(who) back: input resumed, full frame")
        renderIfNeeded()
        onSeatChange?(true)
    }

    /// Keeps the text console off the panel (direct access: a seat manager does it itself)
    /// and puts VT switches under the app's control, so that switching away with direct
    /// access lets go of the devices and DRM master as a seat manager's switch does.
    func guardConsole(loop: MainLoop) {
        let console: ConsoleGuard
        do { console = try ConsoleGuard() } catch {
            log(.warning, error.description)
            return
        }
        self.console = console
        do {
            try console.controlSwitches()
            try loop.watch(console.switchSignals) { [unowned self] in
                while let request = console.readSwitchRequest() { self.consoleSwitch(request, console: console) }
            }
        } catch {
            log(.warning, "\(error)")
        }
    }

    /// A VT switch with direct access: away, the devices are let go and DRM master dropped
    /// before the kernel is told it may switch; back, master and the devices are taken again.
    func consoleSwitch(_ request: ConsoleGuard.SwitchRequest, console: ConsoleGuard) {
        switch request {
        case .release:
            guard isSessionActive else { return console.acknowledge(.release) }
            sessionChanged(active: false, who: "VT \(console.path)")
            drm?.dropMaster()
            console.acknowledge(.release)
        case .acquire:
            console.acknowledge(.acquire)
            guard !isSessionActive else { return }
            do {
                try drm?.takeMaster()
            } catch {
                log(.error, "\(error)")
            }
            sessionChanged(active: true, who: "VT \(console.path)")
        }
    }
}
