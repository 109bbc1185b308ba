import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the kernel's text console off the panel while the app runs: the virtual terminal
/// is switched to graphics mode (no text, no blinking cursor, no console blanking drawn over
/// the UI) and put back as it was on `restore()`. Needs the VT (root, or the `tty` group);
/// under seatd or logind the seat manager does this itself and the guard is not needed.
public final class ConsoleGuard {
    public let path: String
    private let fd: Int32
    private let previousMode: Int32

    public struct ConsoleError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(path: String = "/dev/tty0") throws(ConsoleError) {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw ConsoleError(description: "console \(path): \(String(cString: strerror(errno))) (the text console may show through; run as root or in the tty group)")
        }
        let mode = bezel_kd_get_mode(fd)
        guard mode >= 0 else {
            close(fd)
            throw ConsoleError(description: "console \(path): not a virtual terminal (\(String(cString: strerror(-mode))))")
        }
        let set = bezel_kd_set_mode(fd, bezel_kd_graphics())
        guard set == 0 else {
            close(fd)
            throw ConsoleError(description: "console \(path): cannot switch to graphics mode (\(String(cString: strerror(-set))))")
        }
        self.path = path
        self.fd = fd
        self.previousMode = mode
    }

    /// The console's mode now (KD_TEXT 0, KD_GRAPHICS 1).
    public var mode: Int32 { bezel_kd_get_mode(fd) }

    public func restore() {
        _ = bezel_kd_set_mode(fd, previousMode)
    }

    deinit {
        restore()
        close(fd)
    }
}
