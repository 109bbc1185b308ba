import Bezel
import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// The systemd notification protocol (sd_notify(3), no libsystemd needed): `READY=1` once the
/// first frame is on screen (a `Type=notify` service counts as started then), `WATCHDOG=1`
/// every half `WatchdogSec` from the event loop (so a hung UI thread stops the pings and
/// systemd restarts the service), `STOPPING=1` on the way out. Does nothing when the process
/// was not started by systemd (no `NOTIFY_SOCKET`).
@MainActor
public final class SystemdNotifier {
    public let socketName: String?
    /// The watchdog interval systemd asked for (WATCHDOG_USEC, for this process), if any.
    public let watchdogInterval: TimeInterval?
    private var timer: TimerHandle?
    /// Messages sent so far, and the last error (for logs and tests).
    public private(set) var sent = 0
    public private(set) var lastError: Int32 = 0

    public init(socketName: String? = Environment.value("NOTIFY_SOCKET"),
                watchdogMicroseconds: String? = Environment.value("WATCHDOG_USEC"),
                watchdogPID: String? = Environment.value("WATCHDOG_PID")) {
        self.socketName = socketName.flatMap { $0.isEmpty ? nil : $0 }
        // WATCHDOG_PID, when set, names the process the watchdog is for (not a child of it).
        let forUs = watchdogPID.map { Int32($0) == getpid() } ?? true
        if forUs, let text = watchdogMicroseconds, let usec = Double(text), usec > 0 {
            watchdogInterval = usec / 1_000_000
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { socketName != nil }

    /// Sends `state` ("READY=1", "STATUS=...", ...); false when it could not.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketName else { return false }
        let result = state.withCString { bezel_notify_send(socketName, $0, strlen($0)) }
        if result == 0 { sent += 1 } else { lastError = -result }
        return result == 0
    }

    /// Starts the watchdog pings on `runLoop` (every half interval, as sd_watchdog_enabled(3)
    /// recommends), if systemd asked for them.
    public func startWatchdog(on runLoop: RunLoop) {
        guard isActive, let interval = watchdogInterval else { return }
        @MainActor func ping() {
            notify("WATCHDOG=1")
            timer = runLoop.schedule(after: interval / 2) { ping() }
        }
        ping()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
        notify("STOPPING=1")
    }
}
