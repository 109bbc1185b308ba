import Bezel

/// CLDR's number, currency, date and list formats and its collation, through ICU's C API
/// (`unum_*`, `udat_*`, `ulistfmt_*`, `ucol_*`, `usearch_*`), opened on first use. One ICU
/// object per (kind, locale, options) is kept (a kiosk formats the same few again and again).
@MainActor
final class ICUFormatting: LocaleFormatting {
    typealias Status = UnsafeMutablePointer<Int32>
    private typealias NumberOpen = @convention(c) (Int32, UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Status) -> OpaquePointer?
    private typealias NumberFormatDouble = @convention(c) (OpaquePointer, Double, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutableRawPointer?, Status) -> Int32
    private typealias NumberSetAttribute = @convention(c) (OpaquePointer, Int32, Int32) -> Void
    private typealias NumberSetTextAttribute = @convention(c) (OpaquePointer, Int32, UnsafePointer<UInt16>, Int32, Status) -> Void
    private typealias DateOpen = @convention(c) (Int32, Int32, UnsafePointer<CChar>, UnsafePointer<UInt16>?, Int32, UnsafePointer<UInt16>?, Int32, Status) -> OpaquePointer?
    private typealias DateFormat = @convention(c) (OpaquePointer, Double, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutableRawPointer?, Status) -> Int32
    private typealias ListOpen = @convention(c) (UnsafePointer<CChar>, Int32, Int32, Status) -> OpaquePointer?
    private typealias ListFormat = @convention(c) (OpaquePointer, UnsafePointer<UnsafePointer<UInt16>?>, UnsafePointer<Int32>, Int32, UnsafeMutablePointer<UInt16>, Int32, Status) -> Int32
    private typealias CollatorOpen = @convention(c) (UnsafePointer<CChar>, Status) -> OpaquePointer?
    private typealias CollatorSetStrength = @convention(c) (OpaquePointer, Int32) -> Void
    private typealias CollatorCompare = @convention(c) (OpaquePointer, UnsafePointer<UInt16>, Int32, UnsafePointer<UInt16>, Int32) -> Int32
    private typealias SearchOpen = @convention(c) (UnsafePointer<UInt16>, Int32, UnsafePointer<UInt16>, Int32, OpaquePointer, UnsafeMutableRawPointer?, Status) -> OpaquePointer?
    private typealias SearchFirst = @convention(c) (OpaquePointer, Status) -> Int32
    private typealias SearchClose = @convention(c) (OpaquePointer) -> Void

    private struct Functions {
        let numberOpen: NumberOpen, numberFormat: NumberFormatDouble, numberSetAttribute: NumberSetAttribute
        let numberSetTextAttribute: NumberSetTextAttribute
        let dateOpen: DateOpen, dateFormat: DateFormat
        let listOpen: ListOpen, listFormat: ListFormat
        let collatorOpen: CollatorOpen, collatorSetStrength: CollatorSetStrength, collatorCompare: CollatorCompare
        let searchOpen: SearchOpen, searchFirst: SearchFirst, searchClose: SearchClose
    }

    // ICU's constants (unum.h, udat.h, ulistformatter.h, ucol.h; stable since ICU 2-67).
    private static let decimalStyle: Int32 = 1, currencyStyle: Int32 = 2, percentStyle: Int32 = 3
    private static let groupingUsed: Int32 = 1, maximumFractionDigits: Int32 = 6, minimumFractionDigits: Int32 = 7
    private static let currencyCode: Int32 = 5
    private static let primaryStrength: Int32 = 0, tertiaryStrength: Int32 = 2
    static let bufferOverflow: Int32 = 15

    private var functions = ICUFunctionTable<Functions>()
    /// Skeletons, calendars and week data (ICUCalendarFields.swift), opened on first use.
    lazy var calendarFields = ICUCalendarFields()
    private var objects = ICUObjectCache()

    private func loaded() -> Functions? {
        functions.get(fallback: "formats are written plainly") { icu throws(CairoError) in
            // uloc, ucol and usearch are in libicuuc/libicui18n; libicui18n needs libicuuc
            // and resolves its symbols, so one handle finds them all.
            Functions(numberOpen: try icu.function("unum_open", as: NumberOpen.self),
                      numberFormat: try icu.function("unum_formatDouble", as: NumberFormatDouble.self),
                      numberSetAttribute: try icu.function("unum_setAttribute", as: NumberSetAttribute.self),
                      numberSetTextAttribute: try icu.function("unum_setTextAttribute", as: NumberSetTextAttribute.self),
                      dateOpen: try icu.function("udat_open", as: DateOpen.self),
                      dateFormat: try icu.function("udat_format", as: DateFormat.self),
                      listOpen: try icu.function("ulistfmt_openForType", as: ListOpen.self),
                      listFormat: try icu.function("ulistfmt_format", as: ListFormat.self),
                      collatorOpen: try icu.function("ucol_open", as: CollatorOpen.self),
                      collatorSetStrength: try icu.function("ucol_setStrength", as: CollatorSetStrength.self),
                      collatorCompare: try icu.function("ucol_strcoll", as: CollatorCompare.self),
                      searchOpen: try icu.function("usearch_openFromCollator", as: SearchOpen.self),
                      searchFirst: try icu.function("usearch_first", as: SearchFirst.self),
                      searchClose: try icu.function("usearch_close", as: SearchClose.self))
        }
    }

    /// The ICU object for `key`, made by `make` once (bounded: a kiosk's few locales and styles).
    private func object(_ key: String, _ make: () -> OpaquePointer?) -> OpaquePointer? {
        objects.object(key, make)
    }

    /// Text ICU writes into a UChar buffer, grown once if 256 units are not enough.
    static func text(_ write: (UnsafeMutablePointer<UInt16>, Int32, Status) -> Int32) -> String? {
        var capacity: Int32 = 256
        for _ in 0..<2 {
            var buffer = [UInt16](repeating: 0, count: Int(capacity))
            var status: Int32 = 0
            let length = write(&buffer, capacity, &status)
            if status == bufferOverflow, length > capacity { capacity = length + 1; continue }
            guard status <= 0, length >= 0, length <= capacity else { return nil }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
        return nil
    }

    private struct NumberKey: Hashable { let number: Double, style: NumberFormatStyle, locale: String }
    /// Numbers written before: a screen shows the same prices and percentages at each refresh,
    /// and one ICU format is ~40,000 instructions (callgrind, M13_settings). Emptied when full.
    private var numbers: [NumberKey: String] = [:]

    func string(from number: Double, style: NumberFormatStyle, locale: String) -> String? {
        let key = NumberKey(number: number, style: style, locale: locale)
        if let known = numbers[key] { return known }
        guard let text = format(number, style: style, locale: locale) else { return nil }
        if numbers.count >= 256 { numbers.removeAll(keepingCapacity: true) }
        numbers[key] = text
        return text
    }

    private func format(_ number: Double, style: NumberFormatStyle, locale: String) -> String? {
        guard let f = loaded(), number.isFinite else { return nil }
        let icuLocale = ICULibrary.localeIdentifier(locale)
        let kind: Int32, code: String
        switch style.kind {
        case .decimal: (kind, code) = (Self.decimalStyle, "")
        case .percent: (kind, code) = (Self.percentStyle, "")
        case .currency(let currency): (kind, code) = (Self.currencyStyle, currency.uppercased())
        }
        let fraction = style.precision.map { "\($0.fraction.lowerBound)-\($0.fraction.upperBound)" } ?? "-"
        let key = "unum|\(icuLocale)|\(kind)|\(code)|\(fraction)|\(style.usesGrouping)"
        guard let formatter = object(key, {
            var status: Int32 = 0
            guard let made = f.numberOpen(kind, nil, 0, icuLocale, nil, &status), status <= 0 else { return nil }
            if !code.isEmpty {
                let units = Array(code.utf16)
                f.numberSetTextAttribute(made, Self.currencyCode, units, Int32(units.count), &status)
            }
            f.numberSetAttribute(made, Self.groupingUsed, style.usesGrouping ? 1 : 0)
            if let precision = style.precision {
                f.numberSetAttribute(made, Self.minimumFractionDigits, Int32(precision.fraction.lowerBound))
                f.numberSetAttribute(made, Self.maximumFractionDigits, Int32(precision.fraction.upperBound))
            } else if kind == Self.decimalStyle {
                // Foundation's default shows the digits a number has (up to 15), not ICU's 3.
                f.numberSetAttribute(made, Self.maximumFractionDigits, 15)
            }
            return status <= 0 ? made : nil
        }) else { return nil }
        return Self.text { f.numberFormat(formatter, number, $0, $1, nil, $2) }
    }

    func string(fromSecondsSince1970 seconds: Double, style: DateFormatStyle, locale: String) -> String? {
        guard let f = loaded(), seconds.isFinite else { return nil }
        // udat's styles: full 0, long 1, medium 2, short 3, none -1.
        let date: Int32 = switch style.date { case .omitted: -1; case .numeric: 3; case .abbreviated: 2; case .long: 1; case .complete: 0 }
        let time: Int32 = switch style.time { case .omitted: -1; case .shortened: 3; case .standard: 2; case .complete: 0 }
        let icuLocale = ICULibrary.localeIdentifier(locale)
        let zone = style.timeZone ?? ""
        guard let formatter = object("udat|\(icuLocale)|\(date)|\(time)|\(zone)", {
            var status: Int32 = 0
            let zoneUnits = Array(zone.utf16)
            let made = zoneUnits.isEmpty ? f.dateOpen(time, date, icuLocale, nil, -1, nil, 0, &status)
                : f.dateOpen(time, date, icuLocale, zoneUnits, Int32(zoneUnits.count), nil, 0, &status)
            return status <= 0 ? made : nil
        }) else { return nil }
        return Self.text { f.dateFormat(formatter, seconds * 1000, $0, $1, nil, $2) }
    }

    func string(fromList items: [String], style: ListFormatStyle, locale: String) -> String? {
        guard let f = loaded() else { return nil }
        let icuLocale = ICULibrary.localeIdentifier(locale)
        let type: Int32 = style.type == .and ? 0 : 1
        guard let formatter = object("ulistfmt|\(icuLocale)|\(type)", {
            var status: Int32 = 0
            let made = f.listOpen(icuLocale, type, 0, &status)
            return status <= 0 ? made : nil
        }) else { return nil }
        let units = items.map { Array($0.utf16) }
        let lengths = units.map { Int32($0.count) }
        return withPointers(units) { pointers in
            Self.text { f.listFormat(formatter, pointers, lengths, Int32(items.count), $0, $1, $2) }
        }
    }

    private func withPointers<R>(_ arrays: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R) -> R {
        // Copies with stable addresses for the call.
        let copies = arrays.map { array -> UnsafeMutablePointer<UInt16> in
            let pointer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, array.count))
            pointer.initialize(from: array, count: array.count)
            return pointer
        }
        defer { for pointer in copies { pointer.deallocate() } }
        return body(copies.map { UnsafePointer($0) })
    }

    private func collator(_ locale: String, primary: Bool, functions f: Functions) -> OpaquePointer? {
        let icuLocale = ICULibrary.localeIdentifier(locale)
        return object("ucol|\(icuLocale)|\(primary)") {
            var status: Int32 = 0
            guard let made = f.collatorOpen(icuLocale, &status), status <= 0 else { return nil }
            f.collatorSetStrength(made, primary ? Self.primaryStrength : Self.tertiaryStrength)
            return made
        }
    }

    func compare(_ a: String, _ b: String, ignoringCaseAndAccents: Bool, locale: String) -> Int? {
        guard let f = loaded(), let collator = collator(locale, primary: ignoringCaseAndAccents, functions: f) else { return nil }
        let x = Array(a.utf16), y = Array(b.utf16)
        return Int(f.collatorCompare(collator, x, Int32(x.count), y, Int32(y.count)))
    }

    func contains(_ text: String, _ pattern: String, locale: String) -> Bool? {
        guard let f = loaded(), let collator = collator(locale, primary: true, functions: f) else { return nil }
        let needle = Array(pattern.utf16), haystack = Array(text.utf16)
        guard !needle.isEmpty else { return true }
        guard !haystack.isEmpty else { return false }
        var status: Int32 = 0
        guard let search = f.searchOpen(needle, Int32(needle.count), haystack, Int32(haystack.count), collator, nil, &status), status <= 0 else { return nil }
        defer { f.searchClose(search) }
        let found = f.searchFirst(search, &status)
        guard status <= 0 else { return nil }
        return found >= 0  // USEARCH_DONE is -1
    }
}
