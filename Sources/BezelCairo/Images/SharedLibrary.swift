#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened when first needed (`dlopen`), so an app that never shows a JPEG or
/// an SVG never maps libturbojpeg or librsvg (librsvg alone adds megabytes of resident
/// memory; see ImageLoader), and one on a panel never maps SDL and Xlib (the simulator's).
/// Opened once per process and kept: the symbols taken from it must stay valid.
@MainActor
package final class SharedLibrary {
    private let handle: UnsafeMutableRawPointer
    package let name: String

    private static var opened: [String: SharedLibrary] = [:]

    private init(handle: UnsafeMutableRawPointer, name: String) {
        self.handle = handle
        self.name = name
    }

    /// The library `soname` (`libturbojpeg.so.0`); `package` names the Debian package that
    /// ships it, for the error an operator reads when it is missing.
    package static func open(_ soname: String, package: String, for purpose: String) throws(CairoError) -> SharedLibrary {
        if let library = opened[soname] { return library }
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw CairoError("\(purpose) needs \(soname) (Debian package \(package): apt-get install \(package)): \(reason)")
        }
        let library = SharedLibrary(handle: handle, name: soname)
        opened[soname] = library
        return library
    }

    /// The function `symbol` as `type` (a `@convention(c)` function type).
    package func function<F>(_ symbol: String, as type: F.Type) throws(CairoError) -> F {
        guard let address = dlsym(handle, symbol) else {
            throw CairoError("\(name) has no \(symbol) (too old a version?)")
        }
        return unsafeBitCast(address, to: type)
    }
}

/// The whole of a file (or its first `prefix` bytes), at most `limit` bytes; errors name the
/// file and the reason.
func readFile(_ path: String, limit: Int, prefix: Int? = nil) throws(CairoError) -> [UInt8] {
    if ResourceBundle.isDirectory(path) { throw CairoError("\(path): a folder, not an image file") }
    guard let file = fopen(path, "rb") else {
        throw CairoError("\(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
        if let prefix, bytes.count >= prefix { return Array(bytes.prefix(prefix)) }
        if bytes.count > limit { throw CairoError("\(path): larger than \(limit / 1_048_576) MiB, not loaded") }
        if count < chunk.count {
            if ferror(file) != 0 { throw CairoError("\(path): read error") }
            break
        }
    }
    return bytes
}
