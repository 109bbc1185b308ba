#if canImport(Glibc)
import Glibc
#endif

/// Reads a small file whole (a tokens file, a sysfs value, a token for the CLI): at most
/// `limit` bytes, nil when it cannot be opened or holds more.
public enum SmallFile {
    public static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit { return nil }
        }
        return bytes
    }
}
