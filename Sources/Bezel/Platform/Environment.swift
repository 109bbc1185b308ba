#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the process environment (BEZEL_* settings) without Foundation.
public enum Environment {
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }

    /// The names of the variables set, that start with `prefix`.
    public static func names(withPrefix prefix: String) -> [String] {
        var names: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if text.hasPrefix(prefix), let equals = text.firstIndex(of: "=") { names.append(String(text[..<equals])) }
            entry += 1
        }
        return names.sorted()
    }
}
