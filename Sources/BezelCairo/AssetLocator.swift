import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// Finds Bezel's `Assets/` folder: `BEZEL_ASSETS` if set, else beside the executable (an
/// installed app: `<bin>/../share/bezel/Assets` or `<bin>/Assets`), else the source checkout
/// this module was built from (development and tests).
public enum AssetLocator {
    public static func directory(named name: String) -> String? {
        for base in candidates() where isDirectory(base + "/" + name) { return base + "/" + name }
        return nil
    }

    static func candidates() -> [String] {
        var result: [String] = []
        if let explicit = Environment.value("BEZEL_ASSETS") { result.append(explicit) }
        if let executable = executablePath().flatMap({ path in path.lastIndex(of: "/").map { String(path[..<$0]) } }) {
            result.append(executable + "/../share/bezel/Assets")
            result.append(executable + "/Assets")
        }
        // Sources/BezelCairo/AssetLocator.swift -> the package root.
        var source = #filePath
        for _ in 0..<3 {
            if let slash = source.lastIndex(of: "/") { source = String(source[..<slash]) }
        }
        result.append(source + "/Assets")
        return result
    }

    /// The running program's file (`/proc/self/exe`).
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
