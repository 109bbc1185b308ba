/// What a date picker shows in one language: the order of the date's wheels, 12 or 24 hours,
/// month, weekday and AM/PM names, the first day of the week, and numbers in the language's
/// digits, all from CLDR through the platform's ICU (`LocaleFormatting`). Without ICU: year,
/// month, day (ISO 8601's order), 24 hours, month numbers, Monday first (ISO), one report.
@MainActor
struct DatePickerLocale {
    enum DateField: Hashable { case year, month, day }

    let locale: String
    let dateOrder: [DateField]
    let uses12Hours: Bool
    /// The AM/PM wheel comes before the hours (Japanese, Korean, Chinese: "午前 9:41").
    let periodFirst: Bool
    let monthNames: [String]
    let periodNames: [String]
    /// Short weekday names, Sunday first (index 0).
    let weekdayNames: [String]
    /// 1 Sunday, 2 Monday...
    let firstWeekday: Int

    /// A Sunday at noon UTC (2001-01-07), for weekday names; months' names from the 15th.
    private static let aSunday = Double(CalendarDate.days(year: 2001, month: 1, day: 7)) * 86400 + 43200

    init(locale: String) {
        self.locale = locale
        let formatter = Localization.formatter
        func named(_ seconds: Double, _ skeleton: String) -> String? {
            formatter?.string(fromSecondsSince1970: seconds, skeleton: skeleton, timeZone: "UTC", locale: locale)
        }
        if formatter == nil { Localization.reportMissingFormatter() }
        // The date's order: where y, M and d first appear in the locale's "yMMMd" pattern.
        if let pattern = formatter?.datePattern(forSkeleton: "yMMMd", locale: locale) {
            let fields: [(DateField, Set<Character>)] = [(.year, ["y"]), (.month, ["M", "L"]), (.day, ["d"])]
            let positions = fields.map { field in (field.0, Self.unquoted(pattern).firstIndex { field.1.contains($0) }) }
            dateOrder = positions.sorted { ($0.1 ?? pattern.endIndex) < ($1.1 ?? pattern.endIndex) }.map(\.0)
        } else {
            dateOrder = [.year, .month, .day]
        }
        if let hours = formatter?.datePattern(forSkeleton: "jm", locale: locale) {
            let plain = Self.unquoted(hours)
            uses12Hours = plain.contains("h") || plain.contains("K")
            let period = plain.firstIndex(of: "a"), hour = plain.firstIndex { "hHkK".contains($0) }
            periodFirst = uses12Hours && period != nil && hour != nil && period! < hour!
        } else {
            uses12Hours = false
            periodFirst = false
        }
        monthNames = (1...12).map { month in
            named(Double(CalendarDate.days(year: 2001, month: month, day: 15)) * 86400 + 43200, "LLLL") ?? "\(month)"
        }
        periodNames = [named(9 * 3600, "a") ?? "AM", named(21 * 3600, "a") ?? "PM"]
        weekdayNames = (0..<7).map { named(Self.aSunday + Double($0) * 86400, "EEE") ?? ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][$0] }
        firstWeekday = formatter?.firstWeekday(locale: locale) ?? 2
    }

    /// The pattern without its quoted literals ('o''clock').
    private static func unquoted(_ pattern: String) -> String {
        var out = "", quoted = false
        for c in pattern {
            if c == "'" { quoted.toggle(); continue }
            if !quoted { out.append(c) }
        }
        return out
    }

    /// `n` in the language's digits, without grouping (a year is "2026", not "2,026").
    func number(_ n: Int, digits: Int = 1) -> String {
        var text = NumberFormatStyle.number.grouping(false).locale(locale).format(Double(n))
        if digits == 2, n >= 0, n < 10 {
            text = NumberFormatStyle.number.grouping(false).locale(locale).format(0) + text
        }
        return text
    }

    /// The moment written with a CLDR skeleton in `timeZone` (ISO 8601 without ICU).
    func string(_ seconds: Double, skeleton: String, timeZone: String?) -> String {
        Localization.formatter?.string(fromSecondsSince1970: seconds, skeleton: skeleton, timeZone: timeZone, locale: locale)
            ?? DateFormatStyle.iso8601(seconds)
    }

    /// Kept per language: the names take a few dozen ICU formats to make.
    private static var cache: [String: DatePickerLocale] = [:]
    static func forLanguage(_ locale: String) -> DatePickerLocale {
        // Keyed by the backend too: names made without ICU are not kept once it is there.
        let key = Localization.formatter == nil ? "plain|" + locale : locale
        if let known = cache[key] { return known }
        let made = DatePickerLocale(locale: locale)
        if cache.count < 32 { cache[key] = made }
        return made
    }
}
