#if canImport(Glibc)
import Glibc
#endif

/// When this process started and what time it is, on the clock of the kernel's timestamps
/// (CLOCK_MONOTONIC: page flips, input events), for start-up and latency figures.
public enum ProcessClock {
    public static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds since local midnight (the time zone of TZ or /etc/localtime), with the
    /// fraction: the wall clock that off hours and the demo's clock read.
    public static func localSecondOfDay() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var now = ts.tv_sec
        var local = tm()
        localtime_r(&now, &local)
        return Double(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The kernel's start time of this process in seconds since boot (field 22 of
    /// /proc/self/stat, in clock ticks: 10 ms resolution). Boot time and CLOCK_MONOTONIC agree
    /// while the machine has not been suspended, as a kiosk is not.
    public static func startTime() -> Double? {
        guard let text = TextFile.contents(of: "/proc/self/stat", limit: 4096) else { return nil }
        // Fields after the command name (which may contain spaces) start after the last ')'.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): starttime (field 22) is fields[19].
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
