import Bezel
import CInput

/// libinput's own messages in Bezel's log (issue 13: "events lost" never reached the log).
///
/// Every context Bezel makes sends libinput's lines from INFO up here (`bezel_libinput_log`
/// in the C shim formats them). They go to `handler` at libinput's level, at most
/// `linesPerWindow` lines every `window` seconds (a device that misbehaves can log on every
/// event); a window that had to drop lines ends with one line saying how many. The kernel's
/// event loss (libinput's "SYN_DROPPED event" line: the app read too slowly and the kernel's
/// buffer overflowed) is counted in `droppedEventReports` and reported once per burst, as
/// "touch events dropped by the kernel", a warning.
@MainActor
public enum LibinputLog {
    public enum Level: Sendable { case error, warning, info, debug }

    /// Receives each line (the runtime writes them to its log); nil: they are dropped.
    public static var handler: ((Level, String) -> Void)?
    /// Lines passed on per window: 20 (Bezel's choice: a device's start-up says a few lines;
    /// a flood is cut to one line a half second).
    public static let linesPerWindow = 20
    /// The window, seconds: 10.
    public static let window = 10.0
    /// A quiet second ends a burst of event loss (the next loss is reported again).
    public static let burstGap = 1.0
    /// SYN_DROPPED lines seen since the process started.
    public private(set) static var droppedEventReports = 0

    private static var windowStart = -Double.infinity
    private static var linesInWindow = 0
    private static var suppressed = 0
    private static var lastDrop = -Double.infinity

    /// What the C shim calls with each formatted line (on the main thread: libinput calls
    /// its handler from the context's calls, which Bezel makes there).
    static let sink: @convention(c) (Int32, UnsafePointer<CChar>?) -> Void = { priority, line in
        guard let line else { return }
        let text = String(cString: line)
        MainActor.assumeIsolated { LibinputLog.receive(priority: priority, text, at: MonotonicClock().now) }
    }

    /// Handles one of libinput's lines at `now` (seconds, any monotonic origin).
    static func receive(priority: Int32, _ line: String, at now: Double) {
        var text = Substring(line)
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        if text.contains("SYN_DROPPED") {
            droppedEventReports += 1
            defer { lastDrop = now }
            guard now - lastDrop >= burstGap else { return }
            handler?(.warning, "touch events dropped by the kernel (SYN_DROPPED: input was read too slowly); \(droppedEventReports) time\(droppedEventReports == 1 ? "" : "s") so far")
            return
        }
        if now - windowStart >= window {
            if suppressed > 0 { handler?(.info, "libinput: \(suppressed) more message\(suppressed == 1 ? "" : "s") not shown") }
            windowStart = now
            linesInWindow = 0
            suppressed = 0
        }
        guard linesInWindow < linesPerWindow else {
            suppressed += 1
            return
        }
        linesInWindow += 1
        let level: Level = priority >= Int32(LIBINPUT_LOG_PRIORITY_ERROR.rawValue) ? .error
            : priority >= Int32(LIBINPUT_LOG_PRIORITY_INFO.rawValue) ? .info : .debug
        handler?(level, "libinput: " + text)
    }

    /// Forgets the rate limit's and the bursts' state (tests).
    static func reset() {
        windowStart = -.infinity
        linesInWindow = 0
        suppressed = 0
        lastDrop = -.infinity
        droppedEventReports = 0
    }
}
