/// CLDR's plural categories (what `.stringsdict` and String Catalogs vary a string by). Which
/// ones a language uses, and which number falls in which, are CLDR's rules (`PluralRules`):
/// English has one and other; Arabic all six; Japanese only other.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    case zero, one, two, few, many, other
}

/// What a key says in one language, before its arguments are put in: a format string, or
/// variations by plural or device, with named substitutions (`%#@name@`) that vary by their
/// own argument. String Catalogs (`.xcstrings`) and `.stringsdict` files both read into this.
public struct LocalizedEntry: Equatable, Sendable {
    public indirect enum Variants: Equatable, Sendable {
        case string(String)
        /// By the plural category of the format's first argument (a catalog's top-level
        /// "Vary by Plural", offered by Xcode when the string has one argument).
        case plural([PluralCategory: Variants])
        /// By device: Bezel is `other` (a panel is none of Apple's iphone, ipad, mac...).
        case device([String: Variants])
    }

    /// A `%#@name@` in the format: replaced by the variant its argument's plural category picks.
    public struct Substitution: Equatable, Sendable {
        /// The argument (from 1) whose number selects the variant.
        public var argumentNumber: Int
        /// The argument's printf conversion without the `%` (`lld`, `d`, `lf`): what `%arg` in a
        /// catalog's variant (or an unnumbered specifier in a `.stringsdict`'s) stands for.
        public var formatSpecifier: String
        public var variants: [PluralCategory: String]

        public init(argumentNumber: Int, formatSpecifier: String, variants: [PluralCategory: String]) {
            self.argumentNumber = argumentNumber
            self.formatSpecifier = formatSpecifier
            self.variants = variants
        }
    }

    public var value: Variants
    public var substitutions: [String: Substitution]

    public init(_ value: Variants, substitutions: [String: Substitution] = [:]) {
        self.value = value
        self.substitutions = substitutions
    }

    public init(_ text: String) { self.init(.string(text)) }

    /// The device Bezel picks in device variations (Apple's names for the others: iphone,
    /// ipad, ipod, mac, applewatch, appletv, applevision).
    public static let device = "other"
}

/// One language's strings of one table (`Localizable` unless a lookup names another).
public struct StringTable: Equatable, Sendable {
    public var entries: [String: LocalizedEntry]

    public init(_ entries: [String: LocalizedEntry] = [:]) { self.entries = entries }

    public subscript(key: String) -> LocalizedEntry? { entries[key] }

    /// `other`'s entries added where this table has none (`.stringsdict` over `.strings`).
    public mutating func merge(_ other: StringTable) {
        entries.merge(other.entries) { mine, _ in mine }
    }
}

/// A file of strings that could not be read: which, and why (a catalog's JSON error, a
/// `.strings` line, a `.stringsdict` element).
public struct StringTableError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
