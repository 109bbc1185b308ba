#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Figures about this process that the benchmarks, the soak test and a kiosk's health
/// reporting need, read from /proc.
public enum ProcessStatistics {
    /// Peak resident set size (VmHWM in /proc/self/status) in KiB, or nil where /proc is not there.
    public static func peakResidentSetKiB() -> Int? {
        statusField("VmHWM:")
    }

    /// The resident set size now (VmRSS) in KiB, or nil where /proc is not there.
    public static func residentSetKiB() -> Int? {
        statusField("VmRSS:")
    }

    private static func statusField(_ name: String) -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) {
                return text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            }
        }
        return nil
    }
}
