import Bezel
import CSeat
#if canImport(Glibc)
import Glibc
#endif

/// A seat from a seat manager through libseat (seatd, or systemd-logind for a session): the
/// manager opens the DRM card and input devices for this unprivileged process, makes it DRM
/// master, and takes the devices back when the seat is switched away (a VT switch), giving
/// them back on return. Watch `fileDescriptor` and call `dispatch()`; `onChange` says when
/// the seat became active or inactive (stop drawing while inactive; redraw all on return).
///
/// `open()` returns nil when no seat manager answers: then devices are opened directly
/// (root, or the `video` and `input` groups), the usual case on a single-purpose kiosk.
@MainActor
public final class SeatSession {
    private let seat: OpaquePointer
    private let state: UnsafeMutablePointer<bezel_seat_state>
    private var devices: [Int32: Int32] = [:]   // fd -> libseat device id
    private var changesSeen = 0
    public let seatName: String
    public var onChange: ((Bool) -> Void)?

    public var isActive: Bool { state.pointee.active != 0 }
    public var fileDescriptor: Int32 { libseat_get_fd(seat) }

    /// Opens the seat (LIBSEAT_BACKEND chooses seatd, logind, noop...) and waits up to
    /// `timeout` seconds for it to become active; nil when no manager answers.
    public static func open(timeout: Double = 2) -> SeatSession? {
        let state = UnsafeMutablePointer<bezel_seat_state>.allocate(capacity: 1)
        state.initialize(to: bezel_seat_state(active: 0, changes: 0, pending_disable: 0))
        guard let seat = bezel_seat_open(state) else {
            state.deallocate()
            return nil
        }
        let session = SeatSession(seat: seat, state: state)
        var waited = 0.0
        while !session.isActive, waited < timeout {
            _ = libseat_dispatch(seat, 100)
            waited += 0.1
        }
        session.changesSeen = Int(state.pointee.changes)
        return session.isActive ? session : nil
    }

    private init(seat: OpaquePointer, state: UnsafeMutablePointer<bezel_seat_state>) {
        self.seat = seat
        self.state = state
        seatName = libseat_seat_name(seat).map { String(cString: $0) } ?? "seat0"
    }

    isolated deinit {
        for id in devices.values { libseat_close_device(seat, id) }
        libseat_close_seat(seat)
        state.deallocate()
    }

    /// Reads the seat manager's messages; calls `onChange` if the seat was enabled or
    /// disabled. A disable is acknowledged after `onChange(false)` returns: the app has
    /// stopped using the devices by then (the manager revokes them after the acknowledgement).
    public func dispatch() {
        _ = libseat_dispatch(seat, 0)
        if Int(state.pointee.changes) != changesSeen {
            changesSeen = Int(state.pointee.changes)
            onChange?(isActive)
        }
        if state.pointee.pending_disable != 0 {
            state.pointee.pending_disable = 0
            libseat_disable_seat(seat)
        }
    }

    /// Devices opened through this seat.
    public var opener: DeviceOpener {
        DeviceOpener(name: "libseat \(seatName)", open: { [unowned self] path in
            var fd: Int32 = -1
            let id = libseat_open_device(self.seat, path, &fd)
            guard id >= 0, fd >= 0 else { return -Int32(bezel_seat_errno()) }
            self.devices[fd] = id
            return fd
        }, close: { [unowned self] fd in
            if let id = self.devices.removeValue(forKey: fd) { libseat_close_device(self.seat, id) }
            Glibc.close(fd)
        })
    }
}
