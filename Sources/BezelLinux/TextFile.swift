#if canImport(Glibc)
import Glibc
#endif

/// Reads small text files whole: configuration, sysfs attributes, /proc entries. One place
/// for the read(2) loop, the size limit and the error.
public enum TextFile {
    public struct ReadError: Error, CustomStringConvertible {
        public let path: String
        /// errno, or 0 when the file was larger than the limit.
        public let code: Int32

        public var description: String {
            code == 0 ? "\(path): too large to be this kind of file" : "\(path): cannot be read (\(String(cString: strerror(code))))"
        }
    }

    /// The file's bytes as UTF-8 text (invalid bytes replaced); an error past `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(ReadError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, code: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, code: errno)
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > limit { throw ReadError(path: path, code: 0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's text, or nil when it cannot be read.
    public static func contents(of path: String, limit: Int = 1 << 20) -> String? {
        try? read(path, limit: limit)
    }
}

extension String {
    /// Without the leading and trailing characters in `set` (sysfs values end in a newline).
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
