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

    /// The seat was switched away (stop drawing: the devices are gone) or back (take the
    /// screen again and redraw all of it).
    func seatChanged(active: Bool) {
        guard active, let drm else { return }
        do {
            try drm.reactivate()
            window.setNeedsFullRedraw()
            renderIfNeeded()
        } catch {
            Diagnostics.report(.platform, "bezel: the screen could not be taken back after a seat switch: \(error)")
        }
    }
}
