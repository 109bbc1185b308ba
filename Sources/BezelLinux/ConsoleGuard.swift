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
        if switchSignals >= 0 {
            _ = bezel_vt_set_process_mode(fd, 0)
            close(switchSignals)
            switchSignals = -1
        }
        _ = bezel_kd_set_mode(fd, previousMode)
    }

    /// The signalfd the VT's switch requests arrive on (-1 until `controlSwitches()`).
    public private(set) var switchSignals: Int32 = -1

    public enum SwitchRequest { case release, acquire }

    /// Puts VT switches under the app's control (VT_PROCESS, with direct device access: a seat
    /// manager does this itself): the kernel asks before switching away (release: stop using
    /// the devices, drop DRM master, then `acknowledge(.release)`) and says when the VT is
    /// back (acquire: `acknowledge(.acquire)`, take master and the devices again). Watch
    /// `switchSignals`, then call `readSwitchRequest()`. The VT goes back to automatic
    /// switching on `restore()`.
    public func controlSwitches() throws(ConsoleError) {
        guard switchSignals < 0 else { return }
        let signals = bezel_vt_signalfd()
        guard signals >= 0 else { throw ConsoleError(description: "console \(path): no signalfd for VT switches (\(String(cString: strerror(-signals))))") }
        let set = bezel_vt_set_process_mode(fd, 1)
        guard set == 0 else {
            close(signals)
            throw ConsoleError(description: "console \(path): VT switches cannot be controlled (\(String(cString: strerror(-set)))); switching away leaves the app drawing")
        }
        switchSignals = signals
    }

    /// The switch request waiting on `switchSignals`, if any.
    public func readSwitchRequest() -> SwitchRequest? {
        let signal = bezel_read_signal(switchSignals)
        guard signal != 0 else { return nil }
        return signal == bezel_sigusr1() ? .release : .acquire
    }

    /// Tells the kernel the app let the VT go (it switches now) or took it back.
    public func acknowledge(_ request: SwitchRequest) {
        _ = request == .release ? bezel_vt_release(fd) : bezel_vt_acknowledge_acquire(fd)
    }

    deinit {
        restore()
        close(fd)
    }
}
