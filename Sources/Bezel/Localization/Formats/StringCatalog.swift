/// A String Catalog (`Localizable.xcstrings`): the JSON Xcode 15 and later writes, every
/// language of one table in one file. Read as Xcode's build compiles it: each localization's
/// `stringUnit` value whatever its review `state`; plural and device variations (nested in
/// either order); substitutions (`%#@name@`, each with its `argNum`, `formatSpecifier` and
/// plural variations, whose `%arg` stands for the argument). A key with no entry in the source
/// language is its own source text, as in Xcode.
///
/// Bad content is refused whole with the key path that is wrong: a catalog is shipped with
/// the app, and a half-read one would show untranslated screens without a word.
public struct StringCatalog: Equatable, Sendable {
    /// The development language (`sourceLanguage`): what a lookup ends at.
    public var sourceLanguage: String
    /// Per language identifier as written (`de`, `pt-BR`, `zh-Hans`).
    public var tables: [String: StringTable]

    public init(sourceLanguage: String, tables: [String: StringTable]) {
        self.sourceLanguage = sourceLanguage
        self.tables = tables
    }

    /// Reads the catalog in `bytes`; `file` names it in errors.
    public init(json bytes: [UInt8], file: String) throws(StringTableError) {
        let document: JSONValue
        do { document = try JSONReader.parse(bytes) } catch { throw StringTableError(file: file, reason: "not JSON: \(error)") }
        self = try CatalogReader(file: file).catalog(document)
    }
}

private struct CatalogReader {
    let file: String

    func fail(_ path: String, _ reason: String) -> StringTableError {
        StringTableError(file: file, reason: "\(path): \(reason)")
    }

    func catalog(_ document: JSONValue) throws(StringTableError) -> StringCatalog {
        guard document.members != nil else { throw fail("the document", "not an object") }
        guard let source = document["sourceLanguage"]?.stringValue, !source.isEmpty else {
            throw fail("sourceLanguage", "missing (every catalog names its development language)")
        }
        var tables: [String: StringTable] = [:]
        guard let strings = document["strings"]?.members else { throw fail("strings", "missing or not an object") }
        for (key, entry) in strings {
            guard entry.members != nil else { throw fail("strings.\(key)", "not an object") }
            let localizations = entry["localizations"]?.members ?? []
            var hasSource = false
            for (language, localization) in localizations {
                let path = "strings.\(key).localizations.\(language)"
                let parsed = try self.localization(localization, path: path)
                if let parsed { tables[language, default: StringTable()].entries[key] = parsed }
                if language == source, parsed != nil { hasSource = true }
            }
            if !hasSource { tables[source, default: StringTable()].entries[key] = LocalizedEntry(key) }
        }
        return StringCatalog(sourceLanguage: source, tables: tables)
    }

    /// One language's entry of a key: a string unit or variations, and substitutions; nil when
    /// the language has an object without a value (Xcode writes those for untranslated keys).
    func localization(_ value: JSONValue, path: String) throws(StringTableError) -> LocalizedEntry? {
        guard value.members != nil else { throw fail(path, "not an object") }
        guard let variants = try self.variants(value, path: path) else { return nil }
        var substitutions: [String: LocalizedEntry.Substitution] = [:]
        for (name, substitution) in value["substitutions"]?.members ?? [] {
            substitutions[name] = try self.substitution(substitution, path: "\(path).substitutions.\(name)")
        }
        return LocalizedEntry(variants, substitutions: substitutions)
    }

    func variants(_ value: JSONValue, path: String) throws(StringTableError) -> LocalizedEntry.Variants? {
        if let unit = value["stringUnit"] {
            guard let text = unit["value"]?.stringValue else { throw fail("\(path).stringUnit", "has no string value") }
            return .string(text)
        }
        guard let variations = value["variations"] else { return nil }
        guard let kinds = variations.members, kinds.count == 1, let (kind, cases) = kinds.first, let members = cases.members else {
            throw fail("\(path).variations", "must hold exactly one of plural or device")
        }
        switch kind {
        case "plural":
            var byCategory: [PluralCategory: LocalizedEntry.Variants] = [:]
            for (name, variant) in members {
                guard let category = PluralCategory(rawValue: name) else {
                    throw fail("\(path).variations.plural", "'\(name)' is not a plural category (zero, one, two, few, many, other)")
                }
                if let parsed = try variants(variant, path: "\(path).variations.plural.\(name)") { byCategory[category] = parsed }
            }
            guard byCategory[.other] != nil else { throw fail("\(path).variations.plural", "has no 'other' case (every language needs it)") }
            return .plural(byCategory)
        case "device":
            var byDevice: [String: LocalizedEntry.Variants] = [:]
            for (device, variant) in members {
                if let parsed = try variants(variant, path: "\(path).variations.device.\(device)") { byDevice[device] = parsed }
            }
            return byDevice.isEmpty ? nil : .device(byDevice)
        default:
            throw fail("\(path).variations", "'\(kind)' is not a variation Bezel knows (plural, device)")
        }
    }

    func substitution(_ value: JSONValue, path: String) throws(StringTableError) -> LocalizedEntry.Substitution {
        guard let number = value["argNum"]?.numberValue, number >= 1, number <= 99, number == number.rounded() else {
            throw fail(path, "argNum must be a whole number from 1 to 99")
        }
        let specifier = value["formatSpecifier"]?.stringValue ?? "lld"
        guard FormatSpecifier.isNumeric(conversion: specifier) else {
            throw fail(path, "formatSpecifier '\(specifier)' is not a number's (a plural varies by a number)")
        }
        guard let plural = value["variations"]?["plural"]?.members else { throw fail(path, "has no plural variations") }
        var variants: [PluralCategory: String] = [:]
        for (name, variant) in plural {
            guard let category = PluralCategory(rawValue: name) else { throw fail("\(path).variations.plural", "'\(name)' is not a plural category") }
            guard let text = variant["stringUnit"]?["value"]?.stringValue else { throw fail("\(path).variations.plural.\(name)", "has no string value") }
            variants[category] = text
        }
        guard variants[.other] != nil else { throw fail("\(path).variations.plural", "has no 'other' case") }
        return LocalizedEntry.Substitution(argumentNumber: Int(number), formatSpecifier: specifier, variants: variants)
    }
}
