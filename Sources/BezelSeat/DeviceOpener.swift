#if canImport(Glibc)
import Glibc
#endif

/// How device files (/dev/dri/card*, /dev/input/event*) are opened: directly (root, or a
/// user in the `video` and `input` groups), or granted by a seat manager (`SeatSession`).
@MainActor
public struct DeviceOpener {
    /// The descriptor, or -errno.
    let openDevice: @MainActor (String) -> Int32
    let closeDevice: @MainActor (Int32) -> Void
    /// Who grants access, for messages ("direct", "libseat seat0").
    public let name: String

    public init(name: String, open: @escaping @MainActor (String) -> Int32, close: @escaping @MainActor (Int32) -> Void) {
        self.name = name
        self.openDevice = open
        self.closeDevice = close
    }

    public static let direct = DeviceOpener(name: "direct", open: { path in
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        return fd >= 0 ? fd : -errno
    }, close: { _ = Glibc.close($0) })

    /// Opens `path` read-write: the descriptor, or -errno.
    public func open(_ path: String) -> Int32 { openDevice(path) }
    public func close(_ fd: Int32) { closeDevice(fd) }
}
