#if canImport(Glibc)
import Glibc
#endif
import Bezel

/// An app's resource folder (UIKit's `Bundle`, without Foundation): where `Image(named:)`
/// looks for pictures (in `Images/`, then the folder itself) and from which fonts are
/// registered (`Fonts/`). `ResourceBundle.main` is the app's:
///
/// 1. what the app sets: `ResourceBundle.main = ResourceBundle(path: "/opt/coffee/share")`;
/// 2. else `BEZEL_RESOURCES`, a folder;
/// 3. else `<executable's folder>/../share/<executable's name>/`, where an install puts it
///    (as Bezel's own `Assets` go to `share/bezel/Assets`).
///
/// None of them found: `main` is nil, and `Image(named:)` looks in Bezel's own assets only.
@MainActor
public struct ResourceBundle: Sendable, Equatable {
    /// The folder, without a trailing slash.
    public let resourcePath: String

    /// The folder at `path`; nil when it is not a readable folder.
    public init?(path: String) {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty, Self.isDirectory(trimmed) else { return nil }
        resourcePath = trimmed
    }

    private static var chosen: ResourceBundle??

    /// The app's resource folder (see the type's documentation for where it is looked for).
    public static var main: ResourceBundle? {
        get {
            if let chosen { return chosen }
            let found = locate()
            chosen = .some(found)
            return found
        }
        set { chosen = .some(newValue) }
    }

    private static func locate() -> ResourceBundle? {
        if let explicit = Environment.value("BEZEL_RESOURCES") {
            guard let bundle = ResourceBundle(path: explicit) else {
                Diagnostics.report(.apiMisuse, "BEZEL_RESOURCES=\(explicit) is not a folder; the app's images and fonts are not found")
                return nil
            }
            return bundle
        }
        guard let executable = AssetLocator.executablePath(), let slash = executable.lastIndex(of: "/") else { return nil }
        // Strings, not substrings, joined: a substring's `+` goes through the standard library's
        // generic append, whose first call looks its associated types up by name (~120 K
        // instructions of a kiosk's start, callgrind).
        let folder = String(executable[..<slash]), name = String(executable[executable.index(after: slash)...])
        return ResourceBundle(path: folder + "/../share/" + name)
    }

    /// The file `name` (with `type` as its extension, if given) in `subpath` of the folder, or
    /// nil (UIKit's `path(forResource:ofType:inDirectory:)`).
    public func path(forResource name: String, ofType type: String? = nil, inDirectory subpath: String? = nil) -> String? {
        guard !name.isEmpty, !name.contains("\0") else { return nil }
        var file = resourcePath
        if let subpath, !subpath.isEmpty { file += "/" + subpath }
        file += "/" + name
        if let type, !type.isEmpty { file += (type.hasPrefix(".") ? "" : ".") + type }
        return Self.isFile(file) ? file : nil
    }

    /// The regular files in `subpath`, sorted by name.
    public func paths(inDirectory subpath: String) -> [String] {
        let folder = resourcePath + "/" + subpath
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), Self.isFile(folder + "/" + name) { names.append(folder + "/" + name) }
        }
        return names.sorted()
    }

    nonisolated static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    nonisolated static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
