/// Numbers, currencies, dates and lists written as the user's locale writes them, and text
/// compared and searched as its language sorts, with CLDR's data. The platform installs ICU's
/// (`Localization.formatter`, BezelCairo, opened on first use); without it the numbers are
/// Swift's own descriptions, the dates ISO 8601 in UTC, the lists joined with ", ", the
/// comparisons by Unicode scalars folded to lower case (one report says so).
@MainActor
public protocol LocaleFormatting {
    func string(from number: Double, style: NumberFormatStyle, locale: String) -> String?
    func string(fromSecondsSince1970 seconds: Double, style: DateFormatStyle, locale: String) -> String?
    func string(fromList items: [String], style: ListFormatStyle, locale: String) -> String?
    /// -1, 0 or 1: `a` before, with or after `b` in `locale`'s order; ignoring case and
    /// accents (CLDR's primary strength) when `ignoringCaseAndAccents`.
    func compare(_ a: String, _ b: String, ignoringCaseAndAccents: Bool, locale: String) -> Int?
    /// Whether `text` contains `pattern`, case and accents ignored, as `locale` matches them.
    func contains(_ text: String, _ pattern: String, locale: String) -> Bool?
    /// `locale`'s own pattern for a CLDR skeleton (`yMMMd` is "MMM d, y" in English, "d. MMM y"
    /// in German; `j` is "h a" or "HH": the locale's hour cycle).
    func datePattern(forSkeleton skeleton: String, locale: String) -> String?
    /// The moment written with a CLDR skeleton, in `timeZone` (an IANA name; nil: the system's).
    func string(fromSecondsSince1970 seconds: Double, skeleton: String, timeZone: String?, locale: String) -> String?
    /// `timeZone`'s offset from UTC at the moment, in seconds (summer time included).
    func utcOffset(atSecondsSince1970 seconds: Double, timeZone: String?) -> Double?
    /// The first day of `locale`'s week: 1 Sunday, 2 Monday... (CLDR's).
    func firstWeekday(locale: String) -> Int?
}

extension LocaleFormatting {
    // A backend without calendars (a test's, an app's own): the date picker's fallbacks (ISO
    // order, 24 hours, UTC, Monday first) apply.
    public func datePattern(forSkeleton skeleton: String, locale: String) -> String? { nil }
    public func string(fromSecondsSince1970 seconds: Double, skeleton: String, timeZone: String?, locale: String) -> String? { nil }
    public func utcOffset(atSecondsSince1970 seconds: Double, timeZone: String?) -> Double? { nil }
    public func firstWeekday(locale: String) -> Int? { nil }
}

/// How a number is written (Foundation's `FloatingPointFormatStyle`/`IntegerFormatStyle`
/// and their `.percent` and `.currency(code:)` kinds): `1234.5.formatted()` is "1,234.5" in
/// English, "1.234,5" in German, "١٬٢٣٤٫٥" in Arabic; `9.5.formatted(.currency(code: "EUR"))`
/// "€9.50" / "9,50 €".
public struct NumberFormatStyle: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case decimal
        /// 0.25 is 25 %.
        case percent
        /// An ISO 4217 code (`EUR`, `CHF`, `JPY`): the currency's own fraction digits.
        case currency(code: String)
    }

    /// How many digits after the decimal separator (Foundation's `Precision`).
    public struct Precision: Hashable, Sendable {
        /// The least and most digits after the separator.
        public let fraction: ClosedRange<Int>
        public static func fractionLength(_ length: Int) -> Precision { Precision(fraction: max(0, min(length, 15))...max(0, min(length, 15))) }
        public static func fractionLength(_ range: ClosedRange<Int>) -> Precision {
            Precision(fraction: max(0, min(range.lowerBound, 15))...max(0, min(range.upperBound, 15)))
        }
    }

    public var kind: Kind
    public var precision: Precision?
    /// Thousands separators (on by default, as Foundation's).
    public var usesGrouping = true
    /// The locale (BCP 47: `de-CH`); nil: the app's (`Localization.formattingLocale`).
    public var locale: String?

    public init(_ kind: Kind) { self.kind = kind }

    public static var number: NumberFormatStyle { NumberFormatStyle(.decimal) }
    public static var percent: NumberFormatStyle { NumberFormatStyle(.percent) }
    public static func currency(code: String) -> NumberFormatStyle { NumberFormatStyle(.currency(code: code)) }

    public func precision(_ precision: Precision) -> NumberFormatStyle { var copy = self; copy.precision = precision; return copy }
    public func grouping(_ used: Bool) -> NumberFormatStyle { var copy = self; copy.usesGrouping = used; return copy }
    public func locale(_ identifier: String) -> NumberFormatStyle { var copy = self; copy.locale = identifier; return copy }

    /// `value` written in the style's locale.
    @MainActor
    public func format(_ value: Double) -> String {
        let locale = locale ?? Localization.formattingLocale
        if let formatter = Localization.formatter, let text = formatter.string(from: value, style: self, locale: locale) { return text }
        Localization.reportMissingFormatter()
        switch kind {
        case .decimal: return precision.map { fixed(value, digits: $0.fraction.upperBound) } ?? shortest(value)
        case .percent: return shortest((value * 100).rounded()) + "%"
        case .currency(let code): return code + " " + fixed(value, digits: 2)
        }
    }

    private func shortest(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private func fixed(_ value: Double, digits: Int) -> String {
        var format = FormatSpecifier()
        format.precision = ".\(digits)"
        format.conversion = "f"
        return format.format(.double(value)) ?? String(value)
    }
}

extension BinaryInteger {
    /// The number written as the app's locale writes it (Foundation's `formatted()`).
    @MainActor
    public func formatted(_ style: NumberFormatStyle = .number) -> String { style.format(Double(self)) }
}

extension BinaryFloatingPoint {
    /// The number written as the app's locale writes it (Foundation's `formatted()`).
    @MainActor
    public func formatted(_ style: NumberFormatStyle = .number) -> String { style.format(Double(self)) }
}

/// How a moment is written (Foundation's `Date.FormatStyle` with its date and time styles):
/// `DateFormatStyle(date: .abbreviated, time: .shortened).format(secondsSince1970:)` is
/// "Nov 26, 2026, 9:41 AM" in English, "26.11.2026, 09:41" in German. Bezel's core has no
/// `Date` type (it has no Foundation): moments are seconds since 1970, UTC.
public struct DateFormatStyle: Hashable, Sendable {
    public enum DateStyle: Hashable, Sendable { case omitted, numeric, abbreviated, long, complete }
    public enum TimeStyle: Hashable, Sendable { case omitted, shortened, standard, complete }

    public var date: DateStyle
    public var time: TimeStyle
    /// An IANA zone (`Europe/Zurich`); nil: the system's (`TZ`, `/etc/localtime`).
    public var timeZone: String?
    public var locale: String?

    public init(date: DateStyle = .numeric, time: TimeStyle = .shortened, timeZone: String? = nil, locale: String? = nil) {
        self.date = date
        self.time = time
        self.timeZone = timeZone
        self.locale = locale
    }

    @MainActor
    public func format(secondsSince1970 seconds: Double) -> String {
        let locale = locale ?? Localization.formattingLocale
        if let formatter = Localization.formatter, let text = formatter.string(fromSecondsSince1970: seconds, style: self, locale: locale) { return text }
        Localization.reportMissingFormatter()
        return Self.iso8601(seconds)
    }

    /// `2026-11-26T09:41:00Z` (UTC), what is shown without ICU.
    static func iso8601(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return String(seconds) }
        // The civil date from the date picker's model (Hinnant's algorithm, CalendarDate.swift).
        let fields = CalendarDate(wallClockSeconds: seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(fields.year)-\(two(fields.month))-\(two(fields.day))T\(two(fields.hour)):\(two(fields.minute)):\(two(fields.second))Z"
    }
}

/// How a list is written (Foundation's `ListFormatStyle`): "Bern, Basel and Biel" /
/// "Bern, Basel und Biel" / "Bern، وBasel، وBiel".
public struct ListFormatStyle: Hashable, Sendable {
    public enum ListType: Hashable, Sendable { case and, or }
    public var type: ListType
    public var locale: String?

    public init(type: ListType = .and, locale: String? = nil) {
        self.type = type
        self.locale = locale
    }

    @MainActor
    public func format(_ items: [String]) -> String {
        let locale = locale ?? Localization.formattingLocale
        if let formatter = Localization.formatter, let text = formatter.string(fromList: items, style: self, locale: locale) { return text }
        Localization.reportMissingFormatter()
        return items.joined(separator: ", ")
    }
}

extension Array where Element == String {
    /// The items as one phrase in the app's locale (Foundation's `formatted(.list(type:))`).
    @MainActor
    public func formatted(_ style: ListFormatStyle) -> String { style.format(self) }

    /// Sorted as the app's language sorts (Foundation's `localizedStandardCompare` order:
    /// case and accents second): "Ähre" beside "Ahorn" in German, after "Z" in Swedish.
    @MainActor
    public func localizedSorted(locale: String? = nil) -> [String] {
        let locale = locale ?? Localization.formattingLocale
        guard let formatter = Localization.formatter else {
            Localization.reportMissingFormatter()
            return sorted { $0.lowercased() < $1.lowercased() }
        }
        return sorted { (formatter.compare($0, $1, ignoringCaseAndAccents: false, locale: locale) ?? ($0 < $1 ? -1 : 1)) < 0 }
    }
}

extension String {
    /// Whether the text contains `other`, ignoring case and accents as the app's language
    /// does (Foundation's `localizedStandardContains`): a stop search where "zurich" finds
    /// "Zürich" and "Genève" is found by "geneve".
    @MainActor
    public func localizedStandardContains(_ other: String, locale: String? = nil) -> Bool {
        guard !other.isEmpty else { return true }
        let locale = locale ?? Localization.formattingLocale
        if let formatter = Localization.formatter, let found = formatter.contains(self, other, locale: locale) { return found }
        Localization.reportMissingFormatter()
        return lowercased().contains(other.lowercased())
    }

    /// Whether the two are the same text when case and accents are ignored (CLDR's primary
    /// strength in the app's language).
    @MainActor
    public func localizedCaseAndAccentInsensitiveEquals(_ other: String, locale: String? = nil) -> Bool {
        let locale = locale ?? Localization.formattingLocale
        if let formatter = Localization.formatter, let order = formatter.compare(self, other, ignoringCaseAndAccents: true, locale: locale) { return order == 0 }
        Localization.reportMissingFormatter()
        return lowercased() == other.lowercased()
    }
}

extension Localization {
    /// The platform's formats (ICU's); nil until installed.
    public static var formatter: (any LocaleFormatting)?
    private static var reportedMissingFormatter = false

    /// The locale formats follow: the first preferred language with its region (`de-CH`:
    /// Swiss numbers), as iOS's `Locale.current` follows the user's language and region
    /// whatever languages the app's strings are in.
    public static var formattingLocale: String { preferredLanguages.first ?? developmentLanguage }

    static func reportMissingFormatter() {
        guard !reportedMissingFormatter else { return }
        reportedMissingFormatter = true
        Diagnostics.report(.platform, "localization: no locale formats installed (ICU); numbers, dates and lists are written plainly")
    }
}
