#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a line to standard error with one write(2): no shared FILE* (whose global is not
/// concurrency-safe in Swift 6) and no interleaving of half lines between threads.
public func writeLineToStandardError(_ line: String) {
    var text = line
    text.append("\n")
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}
