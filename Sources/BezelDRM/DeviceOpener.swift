import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// How a device file is opened: directly (root, or a user in the `video` group), or granted by
/// a seat manager (seatd or logind through libseat), which also makes the process DRM master
/// without root. Errors say what to try.
public struct DeviceOpener: Sendable {
    let openDevice: @Sendable (String) -> Int32
    let closeDevice: @Sendable (Int32) -> Void
    /// Who grants access, for messages ("direct", "libseat (seatd)").
    public let name: String

    public init(name: String, open: @escaping @Sendable (String) -> Int32, close: @escaping @Sendable (Int32) -> Void) {
        self.name = name
        self.openDevice = open
        self.closeDevice = close
    }

    public static let direct = DeviceOpener(name: "direct", open: { Glibc.open($0, O_RDWR | O_CLOEXEC) }, close: { _ = Glibc.close($0) })

    func open(_ path: String) throws(DRMError) -> Int32 {
        let fd = openDevice(path)
        guard fd >= 0 else {
            throw DRMError.system("opening \(path)", tryThis: "Check that the DRM driver is loaded (ls /dev/dri).")
        }
        return fd
    }

    func close(_ fd: Int32) { closeDevice(fd) }
}
