#if canImport(Glibc)
import Glibc
#endif
import Bezel

/// An app's resource folder as the source of its string tables: `Localizable.xcstrings` at
/// its top, `de.lproj/Localizable.strings` and `.stringsdict` beside.
extension ResourceBundle: StringTableSource {
    /// Larger than any real table (Xcode's catalogs of big apps are a few MB).
    static let stringTableLimit = 32 * 1_048_576

    public func contentsOfFile(atRelativePath relativePath: String) throws -> [UInt8]? {
        guard !relativePath.contains("\0"), !relativePath.split(separator: "/").contains("..") else { return nil }
        let path = resourcePath + "/" + relativePath
        guard Self.isFile(path) else { return nil }
        return try readFile(path, limit: Self.stringTableLimit)
    }

    public func localizationFolders() -> [String] {
        guard let directory = opendir(resourcePath) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".lproj"), name.count > 6, Self.isDirectory(resourcePath + "/" + name) { names.append(String(name.dropLast(6))) }
        }
        return names.sorted()
    }
}

/// Installs the platform's localization once, when the first drawing context is made:
/// the app's resource folder as the string tables' source (unless the app set one), ICU's
/// plural rules and formats (ICU opened on the first plural or format).
@MainActor
enum LocalizationSupport {
    private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        if Localization.source == nil, let bundle = ResourceBundle.main { Localization.source = bundle }
        if Localization.bezelSource == nil, let folder = AssetLocator.directory(named: "Localization"),
           let bundle = ResourceBundle(path: folder) { Localization.bezelSource = bundle }
        if Localization.pluralRules is EnglishPluralRule { Localization.pluralRules = ICUPluralRules() }
        if Localization.formatter == nil { Localization.formatter = ICUFormatting() }
    }
}
