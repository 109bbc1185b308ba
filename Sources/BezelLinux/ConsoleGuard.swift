import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the kernel's text console off the panel while the app runs: the virtual terminal
/// is switched to graphics mode (no text, no blinking cursor, no console blanking drawn over
/// the UI) and put back as it was on `restore()`. The kernel lets a process do that to its
/// controlling terminal (a systemd service with `TTYPath=/dev/tty1` and `StandardInput=tty`,
/// as deploy/'s unit has) or with CAP_SYS_TTY_CONFIG (root, on /dev/tty0); under seatd or
/// logind the seat manager does it and the guard is not needed.
public final class ConsoleGuard {
    public let path: String
    private let fd: Int32
    private let previousMode: Int32

    public struct ConsoleError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first of `paths` that is a virtual terminal this process may switch: its
    /// controlling terminal, else the active VT.
    public convenience init(paths: [String] = ["/dev/tty", "/dev/tty0"]) throws(ConsoleError) {
        var lastError = ConsoleError(description: "console: no terminal to switch")
        for path in paths {
            do {
                try self.init(path: path)
                return
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    public init(path: String) throws(ConsoleError) {
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
