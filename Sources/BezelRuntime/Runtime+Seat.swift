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

    /// The seat was switched away (a VT switch, another session): fingers down are
    /// cancelled and libinput closes its devices, nothing is drawn while away. Back: libinput
    /// opens the devices again, the mode is set again and the whole frame drawn.
    func seatChanged(active: Bool) {
        seatSwitches += 1
        if !active {
            input?.suspend()
            log(.info, "seat \(seat?.seatName ?? "") switched away: input suspended, drawing paused")
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
        log(.info, "seat \(seat?.seatName ?? "") back: input resumed, full frame")
        renderIfNeeded()
        onSeatChange?(true)
    }
}
