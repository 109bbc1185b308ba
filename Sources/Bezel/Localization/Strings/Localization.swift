/// Where an app's string tables are read from (`ResourceBundle` in BezelCairo: its folder):
/// `<Table>.xcstrings` at the top, `<language>.lproj/<Table>.strings` and `.stringsdict`.
@MainActor
public protocol StringTableSource {
    /// The bytes of the file at `relativePath`, or nil when there is none. Errors reading a
    /// file that exists are thrown (reported once, the table then treated as empty).
    func contentsOfFile(atRelativePath relativePath: String) throws -> [UInt8]?
    /// The languages of the `.lproj` folders (`de`, `pt-BR`), in any order.
    func localizationFolders() -> [String]
}

/// The app's strings in the user's language: the string tables, the languages the user
/// prefers, and the lookup `String(localized:)` and localized views use.
///
/// A lookup first picks the language: the first of `preferredLanguages` the app has a table
/// in, matched by language and region (a `de-AT` user reads `de`), else the development
/// language. The key is then looked up in that language's table, then its parents'
/// (`de-AT`, `de`), then the development language's; a key in none shows its default value
/// (in a catalog, the source text is the key). A key missing from the picked language is
/// reported once (`Diagnostics`, `.malformedInput`), naming the table and the language.
@MainActor
public enum Localization {
    /// The app's string tables; BezelRuntime and the testing kit set `ResourceBundle.main`.
    /// Setting it forgets every table read.
    public static var source: (any StringTableSource)? {
        didSet { forgetTables() }
    }

    /// Bezel's own strings (the Back button, the keyboard's labels, the edit menu, Delete):
    /// the `Bezel` table in Bezel's assets (`Assets/Localization/Bezel.xcstrings`), set by
    /// the platform. Setting it forgets the tables read.
    public static var bezelSource: (any StringTableSource)? {
        didSet { forgetTables() }
    }

    /// Bezel's own text `english` (its key) in `language` (the app's when nil): what the
    /// built-in views show. English when Bezel has no translation, without a report (an app
    /// in a language Bezel lacks adds the key to its own `Bezel` table... or lives with English).
    public static func bezelString(_ english: String, language: String? = nil) -> String {
        let language = language ?? self.language
        // Cached: the keyboard asks for its labels at every layout of its keys (M7).
        let cacheKey = BezelStringKey(english: english, language: language)
        if let known = bezelStrings[cacheKey] { return known }
        var found = english
        for candidate in fallbacks(of: language) {
            if let entry = stringTable(named: bezelTable, language: candidate)?[english], case .string(let text) = entry.value { found = text; break }
        }
        if bezelStrings.count < 1024 { bezelStrings[cacheKey] = found }
        return found
    }

    private struct BezelStringKey: Hashable { let english: String, language: String }
    private static var bezelStrings: [BezelStringKey: String] = [:]

    static let bezelTable = "Bezel"

    /// The languages the user prefers, most preferred first (BCP 47: `de-CH`, `ar`,
    /// `zh-Hans`); from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG` at start-up
    /// (`de_CH.UTF-8` reads as `de-CH`), else `en`. Setting it is how an app switches
    /// language at run time (`Application.preferredLanguages` sets this).
    public static var preferredLanguages: [String] = languagesFromEnvironment() {
        didSet {
            preferredLanguages = preferredLanguages.compactMap(canonicalIdentifier)
            if preferredLanguages.isEmpty { preferredLanguages = [developmentLanguage] }
            if preferredLanguages != oldValue { resolvedLanguage = nil }
        }
    }

    /// The language the app is written in, where every lookup ends: a catalog's
    /// `sourceLanguage` when the default table is a catalog, else `en` (set it for an app
    /// whose `.strings` are written in another language).
    public static var developmentLanguage: String {
        get { explicitDevelopmentLanguage ?? catalog(named: LocalizedStringResource.defaultTable)?.sourceLanguage ?? "en" }
        set { explicitDevelopmentLanguage = canonicalIdentifier(newValue); resolvedLanguage = nil }
    }
    private static var explicitDevelopmentLanguage: String?

    /// CLDR's plural rules; English's rule until the platform installs ICU's (BezelRuntime
    /// and the testing kit do).
    public static var pluralRules: any PluralRules = EnglishPluralRule()

    /// The language lookups use now: the first of `preferredLanguages` the app has strings
    /// in (or a parent of it: `de` for `de-AT`), else the development language.
    public static var language: String {
        if let resolvedLanguage { return resolvedLanguage }
        let chosen = bestLanguage(for: preferredLanguages)
        resolvedLanguage = chosen
        resolvedDirection = layoutDirection(of: chosen)
        return chosen
    }
    private static var resolvedLanguage: String? {
        didSet { if resolvedLanguage == nil { resolvedDirection = nil } }
    }
    private static var resolvedDirection: UserInterfaceLayoutDirection?

    /// The direction `language` runs in, kept with it (asked for every constraint added).
    static var languageLayoutDirection: UserInterfaceLayoutDirection {
        if let resolvedDirection { return resolvedDirection }
        _ = language
        return resolvedDirection ?? .leftToRight
    }

    /// Views with `overridePreferredLanguages` set: while none has, every view's language is
    /// `language` (no walk up the tree).
    static var overrideCount = 0

    /// The direction `language`'s script runs: right to left for Arabic, Hebrew, Syriac,
    /// Thaana, N'Ko and Adlam, and for the languages written in them by default (CLDR's
    /// likely scripts: ar, he, fa, ur, ps, sd, ug, yi, dv, ckb...); a script subtag decides
    /// (`pa-Arab` right to left, `az-Latn` left to right).
    public static func layoutDirection(of language: String) -> UserInterfaceLayoutDirection {
        let parts = language.split(separator: "-")
        if parts.count > 1, parts[1].count == 4 {
            return rightToLeftScripts.contains(String(parts[1])) ? .rightToLeft : .leftToRight
        }
        return parts.first.map { rightToLeftLanguages.contains(String($0)) } == true ? .rightToLeft : .leftToRight
    }

    private static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg", "Mand", "Samr", "Aran"]
    private static let rightToLeftLanguages: Set<String> = ["ar", "arc", "azb", "bal", "ckb", "dv", "fa", "glk", "he", "iw", "khw", "ks",
                                                            "lrc", "mzn", "pnb", "ps", "sd", "sdh", "skr", "syr", "ug", "ur", "yi", "ji"]

    /// The first of `preferred` the app has strings in, else the development language.
    public static func bestLanguage(for preferred: [String]) -> String {
        let available = availableLanguages
        for language in preferred {
            for candidate in fallbacks(of: language) where available.contains(candidate) { return candidate }
        }
        return developmentLanguage
    }

    /// The languages the app has strings in: its `.lproj` folders and its default catalog's.
    public static var availableLanguages: Set<String> {
        if let cachedLanguages { return cachedLanguages }
        var languages = Set(source?.localizationFolders().compactMap(canonicalIdentifier) ?? [])
        if let catalog = catalog(named: LocalizedStringResource.defaultTable) {
            languages.formUnion(catalog.tables.keys.compactMap(canonicalIdentifier))
        }
        languages.insert(developmentLanguage)
        cachedLanguages = languages
        return languages
    }
    private static var cachedLanguages: Set<String>?

    /// `resource` in `language` (the picked one when nil), its arguments put in.
    public static func string(for resource: LocalizedStringResource, language: String? = nil) -> String {
        let language = language ?? self.language
        let table = resource.table ?? LocalizedStringResource.defaultTable
        let arguments = resource.defaultValue.arguments
        var found: (LocalizedEntry, String)?
        let chain = fallbacks(of: language)
        for candidate in chain {
            if let entry = stringTable(named: table, language: candidate)?[resource.key] { found = (entry, candidate); break }
        }
        if found == nil, let entry = stringTable(named: table, language: developmentLanguage)?[resource.key] { found = (entry, developmentLanguage) }
        let entry: LocalizedEntry
        let usedLanguage: String
        if let found {
            (entry, usedLanguage) = found
        } else {
            entry = LocalizedEntry(resource.defaultValue.key)
            usedLanguage = developmentLanguage
        }
        if !chain.contains(usedLanguage), !chain.contains(developmentLanguage) {
            reportOnce("no '\(language)' text for key \"\(resource.key)\" in table \(table); \(found == nil ? "its default value" : "the \(usedLanguage) text") shown")
        }
        if arguments.isEmpty, entry.substitutions.isEmpty, case .string(let text) = entry.value { return text }
        return format(entry, arguments: arguments, language: usedLanguage, key: resource.key)
    }

    private static func format(_ entry: LocalizedEntry, arguments: [FormatArgument], language: String, key: String) -> String {
        var formatter = LocalizedFormatter(language: language, pluralRules: pluralRules)
        let text = formatter.string(entry, arguments: arguments)
        for problem in formatter.problems { reportOnce("key \"\(key)\" (\(language)): \(problem)") }
        return text
    }

    /// The language and its parents, most specific first: `zh-Hant-TW`, `zh-Hant`, `zh`.
    /// Kept per language (asked at every lookup).
    static func fallbacks(of language: String) -> [String] {
        if let known = fallbackChains[language] { return known }
        let chain = makeFallbacks(of: language)
        if fallbackChains.count < 256 { fallbackChains[language] = chain }
        return chain
    }
    private static var fallbackChains: [String: [String]] = [:]

    private static func makeFallbacks(of language: String) -> [String] {
        let parts = language.split(separator: "-").map(String.init)
        var chain: [String] = []
        var end = parts.count
        while end > 0 {
            // Joined by hand: the standard library's `joined(separator:)` is reached through
            // its generic entry point here, whose first call looks its associated types up by
            // name (~120 K instructions of a kiosk's start, callgrind).
            var tag = parts[0]
            for part in parts[1..<end] { tag += "-" + part }
            chain.append(tag)
            end -= 1
        }
        return chain
    }

    /// `de_CH.UTF-8@euro` → `de-CH`; nil for an empty or "C"/"POSIX" locale.
    public static func canonicalIdentifier(_ identifier: String) -> String? {
        var text = Substring(identifier)
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first, !first.isEmpty, first.allSatisfy(\.isLetter), first.count <= 8,
              first != "C", first != "POSIX" else { return nil }
        var result = first.lowercased()
        for part in parts.dropFirst() {
            guard part.allSatisfy({ $0.isLetter || $0.isNumber }), !part.isEmpty else { return nil }
            // Script (4 letters) capitalized, region (2 letters) upper case, as BCP 47 writes them.
            if part.count == 4, part.allSatisfy(\.isLetter) { result += "-" + part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            else if part.count == 2 { result += "-" + part.uppercased() }
            else { result += "-" + part.lowercased() }
        }
        return result
    }

    static func languagesFromEnvironment() -> [String] {
        // LANGUAGE is a colon-separated list of preferences (gettext's); the others one locale.
        if let list = Environment.value("LANGUAGE") {
            let languages = list.split(separator: ":").compactMap { canonicalIdentifier(String($0)) }
            if !languages.isEmpty { return languages }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = Environment.value(name), let language = canonicalIdentifier(value) { return [language] }
        }
        return ["en"]
    }

    // MARK: Tables

    private struct TableKey: Hashable { let name: String, language: String }
    private static var tables: [TableKey: StringTable?] = [:]
    private static var catalogs: [String: StringCatalog?] = [:]

    private static func forgetTables() {
        tables.removeAll()
        catalogs.removeAll()
        bezelStrings.removeAll()
        cachedLanguages = nil
        resolvedLanguage = nil
        reported.removeAll()
    }

    /// Forgets the tables read, so edited files are read again (the language stays).
    public static func reloadTables() { forgetTables() }

    /// The string table `name` for exactly `language`: the catalog's, with the `.lproj`
    /// folder's `.stringsdict` and `.strings` entries beside (a catalog's win).
    static func stringTable(named name: String, language: String) -> StringTable? {
        let cacheKey = TableKey(name: name, language: language)
        if let cached = tables[cacheKey] { return cached }
        var table: StringTable?
        if let catalog = catalog(named: name) {
            table = catalog.tables.first { canonicalIdentifier($0.key) == language }?.value
        }
        for folder in lprojNames(for: language, table: name) {
            for (suffix, parse) in [("stringsdict", StringsDictFile.parse), ("strings", StringsFile.parse)] as [(String, ([UInt8], String) throws(StringTableError) -> StringTable)] {
                let path = "\(folder).lproj/\(name).\(suffix)"
                guard let bytes = read(path, table: name) else { continue }
                do {
                    let parsed = try parse(bytes, path)
                    if table == nil { table = parsed } else { table!.merge(parsed) }
                } catch {
                    reportOnce("\(error); its strings are not used")
                }
            }
        }
        tables[cacheKey] = .some(table)
        return table
    }

    /// The `.lproj` folder names that hold `language` (as written on disk: `pt-BR` or `pt_BR`).
    private static func lprojNames(for language: String, table: String) -> [String] {
        guard let source = table == bezelTable ? bezelSource : source else { return [] }
        return source.localizationFolders().filter { canonicalIdentifier($0) == language }
    }

    static func catalog(named name: String) -> StringCatalog? {
        if let cached = catalogs[name] { return cached }
        var catalog: StringCatalog?
        if let bytes = read(name + ".xcstrings", table: name) {
            do { catalog = try StringCatalog(json: bytes, file: name + ".xcstrings") } catch { reportOnce("\(error); its strings are not used") }
        }
        catalogs[name] = .some(catalog)
        return catalog
    }

    private static func read(_ path: String, table: String) -> [UInt8]? {
        guard let source = table == bezelTable ? bezelSource : source else { return nil }
        do { return try source.contentsOfFile(atRelativePath: path) } catch {
            reportOnce("\(path): \(error)")
            return nil
        }
    }

    private static var reported: Set<String> = []

    /// Each problem once per process (a missing key would otherwise be reported every frame).
    private static func reportOnce(_ message: String) {
        guard reported.count < 10_000, reported.insert(message).inserted else { return }
        Diagnostics.report(.malformedInput, "localization: " + message)
    }
}

