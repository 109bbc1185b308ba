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

    /// The part of the resident set that is this process's own memory now (RssAnon: the heap,
    /// stacks, written copies of data pages), in KiB, or nil where /proc is not there. The rest
    /// is ``residentFileKiB()``.
    public static func residentAnonymousKiB() -> Int? {
        statusField("RssAnon:")
    }

    /// The part of the resident set that is pages of mapped files now (RssFile: the binary's and
    /// the libraries' code and read-only data, fonts), in KiB, or nil where /proc is not there.
    /// Those pages are shared with every process mapping the same files and the kernel can drop
    /// them under pressure; how many of them a process has mapped depends on the kernel too (one
    /// recent enough to cache files in large folios maps whole folios around each page touched).
    public static func residentFileKiB() -> Int? {
        statusField("RssFile:")
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

    /// Resident memory by what is mapped (/proc/self/smaps): each file's mappings summed under
    /// its name ("libcairo.so.2"), anonymous memory as "[anonymous]" (the heap, thread stacks,
    /// the Swift runtime's allocations), largest first, in KiB. Empty where /proc is not there.
    public static func residentSetByMapping() -> [(name: String, kib: Int)] {
        guard let file = fopen("/proc/self/smaps", "r") else { return [] }
        defer { fclose(file) }
        var totals: [String: Int] = [:]
        var current = "[anonymous]"
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), first.first?.isHexDigit == true {
                // A mapping's header: address range, permissions, offset, device, inode, path.
                if fields.count >= 6 {
                    let path = fields[5...].joined(separator: " ").trimmingNewline
                    let name = path.split(separator: "/").last.map(String.init) ?? path
                    current = path.isEmpty || path == "[heap]" ? "[anonymous]" : path.hasPrefix("[") ? path : name
                } else {
                    current = "[anonymous]"
                }
            } else if first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                totals[current, default: 0] += kib
            }
        }
        return totals.map { (name: $0.key, kib: $0.value) }.sorted { $0.kib > $1.kib }
    }
}

private extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
