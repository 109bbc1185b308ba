import Bezel

/// What a date picker needs of CLDR beyond formatting: a locale's pattern for a skeleton
/// (`udatpg_getBestPattern`: field order, 12 or 24 hours), moments written with a skeleton,
/// a zone's UTC offset at a moment (`ucal_*`: summer time) and the first day of the week.
/// Opened on first use through the same ICU library; each ICU object is kept per key.
@MainActor
final class ICUCalendarFields {
    private typealias Status = ICUFormatting.Status
    private typealias GeneratorOpen = @convention(c) (UnsafePointer<CChar>, Status) -> OpaquePointer?
    private typealias BestPattern = @convention(c) (OpaquePointer, UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, Status) -> Int32
    private typealias DateOpen = @convention(c) (Int32, Int32, UnsafePointer<CChar>, UnsafePointer<UInt16>?, Int32, UnsafePointer<UInt16>?, Int32, Status) -> OpaquePointer?
    private typealias DateFormat = @convention(c) (OpaquePointer, Double, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutableRawPointer?, Status) -> Int32
    private typealias CalendarOpen = @convention(c) (UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, Int32, Status) -> OpaquePointer?
    private typealias CalendarSetMillis = @convention(c) (OpaquePointer, Double, Status) -> Void
    private typealias CalendarGet = @convention(c) (OpaquePointer, Int32, Status) -> Int32
    private typealias CalendarGetAttribute = @convention(c) (OpaquePointer, Int32) -> Int32

    private struct Functions {
        let generatorOpen: GeneratorOpen, bestPattern: BestPattern
        let dateOpen: DateOpen, dateFormat: DateFormat
        let calendarOpen: CalendarOpen, calendarSetMillis: CalendarSetMillis, calendarGet: CalendarGet
        let calendarGetAttribute: CalendarGetAttribute
    }

    // ICU's constants (udat.h, ucal.h): UDAT_PATTERN, UCAL_GREGORIAN, UCAL_ZONE_OFFSET,
    // UCAL_DST_OFFSET, UCAL_FIRST_DAY_OF_WEEK.
    private static let patternStyle: Int32 = -2
    private static let gregorian: Int32 = 1
    private static let zoneOffsetField: Int32 = 15, dstOffsetField: Int32 = 16
    private static let firstDayOfWeekAttribute: Int32 = 1

    private var functions = ICUFunctionTable<Functions>()
    private var objects = ICUObjectCache()
    private var patterns: [String: String] = [:]

    private func loaded() -> Functions? {
        functions.get(fallback: "date pickers use ISO order and UTC") { icu throws(CairoError) in
            Functions(generatorOpen: try icu.function("udatpg_open", as: GeneratorOpen.self),
                      bestPattern: try icu.function("udatpg_getBestPattern", as: BestPattern.self),
                      dateOpen: try icu.function("udat_open", as: DateOpen.self),
                      dateFormat: try icu.function("udat_format", as: DateFormat.self),
                      calendarOpen: try icu.function("ucal_open", as: CalendarOpen.self),
                      calendarSetMillis: try icu.function("ucal_setMillis", as: CalendarSetMillis.self),
                      calendarGet: try icu.function("ucal_get", as: CalendarGet.self),
                      calendarGetAttribute: try icu.function("ucal_getAttribute", as: CalendarGetAttribute.self))
        }
    }

    private func object(_ key: String, _ make: () -> OpaquePointer?) -> OpaquePointer? {
        objects.object(key, make)
    }

    func datePattern(forSkeleton skeleton: String, locale: String) -> String? {
        let icuLocale = ICULibrary.localeIdentifier(locale)
        let key = "\(icuLocale)|\(skeleton)"
        if let known = patterns[key] { return known }
        guard let f = loaded(), let generator = object("udatpg|\(icuLocale)", {
            var status: Int32 = 0
            let made = f.generatorOpen(icuLocale, &status)
            return status <= 0 ? made : nil
        }) else { return nil }
        let units = Array(skeleton.utf16)
        guard let pattern = ICUFormatting.text({ f.bestPattern(generator, units, Int32(units.count), $0, $1, $2) }) else { return nil }
        if patterns.count < 512 { patterns[key] = pattern }
        return pattern
    }

    func string(fromSecondsSince1970 seconds: Double, skeleton: String, timeZone: String?, locale: String) -> String? {
        guard seconds.isFinite, let pattern = datePattern(forSkeleton: skeleton, locale: locale), let f = loaded() else { return nil }
        let icuLocale = ICULibrary.localeIdentifier(locale)
        let zone = timeZone ?? ""
        guard let formatter = object("udat-pattern|\(icuLocale)|\(pattern)|\(zone)", {
            var status: Int32 = 0
            let patternUnits = Array(pattern.utf16), zoneUnits = Array(zone.utf16)
            let made = zoneUnits.isEmpty
                ? f.dateOpen(Self.patternStyle, Self.patternStyle, icuLocale, nil, -1, patternUnits, Int32(patternUnits.count), &status)
                : f.dateOpen(Self.patternStyle, Self.patternStyle, icuLocale, zoneUnits, Int32(zoneUnits.count), patternUnits, Int32(patternUnits.count), &status)
            return status <= 0 ? made : nil
        }) else { return nil }
        return ICUFormatting.text { f.dateFormat(formatter, seconds * 1000, $0, $1, nil, $2) }
    }

    private func calendar(zone: String, locale: String, functions f: Functions) -> OpaquePointer? {
        object("ucal|\(zone)|\(locale)") {
            var status: Int32 = 0
            let zoneUnits = Array(zone.utf16)
            let made = zoneUnits.isEmpty ? f.calendarOpen(nil, 0, locale, Self.gregorian, &status)
                : f.calendarOpen(zoneUnits, Int32(zoneUnits.count), locale, Self.gregorian, &status)
            return status <= 0 ? made : nil
        }
    }

    func utcOffset(atSecondsSince1970 seconds: Double, timeZone: String?) -> Double? {
        guard seconds.isFinite, let f = loaded(), let calendar = calendar(zone: timeZone ?? "", locale: "en", functions: f) else { return nil }
        var status: Int32 = 0
        f.calendarSetMillis(calendar, seconds * 1000, &status)
        let zone = f.calendarGet(calendar, Self.zoneOffsetField, &status), dst = f.calendarGet(calendar, Self.dstOffsetField, &status)
        guard status <= 0 else { return nil }
        return Double(zone + dst) / 1000
    }

    func firstWeekday(locale: String) -> Int? {
        guard let f = loaded(), let calendar = calendar(zone: "UTC", locale: ICULibrary.localeIdentifier(locale), functions: f) else { return nil }
        let day = Int(f.calendarGetAttribute(calendar, Self.firstDayOfWeekAttribute))
        return (1...7).contains(day) ? day : nil
    }
}

extension ICUFormatting {
    func datePattern(forSkeleton skeleton: String, locale: String) -> String? {
        calendarFields.datePattern(forSkeleton: skeleton, locale: locale)
    }
    func string(fromSecondsSince1970 seconds: Double, skeleton: String, timeZone: String?, locale: String) -> String? {
        calendarFields.string(fromSecondsSince1970: seconds, skeleton: skeleton, timeZone: timeZone, locale: locale)
    }
    func utcOffset(atSecondsSince1970 seconds: Double, timeZone: String?) -> Double? {
        calendarFields.utcOffset(atSecondsSince1970: seconds, timeZone: timeZone)
    }
    func firstWeekday(locale: String) -> Int? { calendarFields.firstWeekday(locale: locale) }
}
