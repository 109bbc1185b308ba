/// A moment's fields on the Gregorian calendar in one time zone: the date picker's small
/// date model. Bezel's core has no Foundation `Date`: moments are seconds since 1970 (UTC),
/// as `DateFormatStyle` takes them; the fields come from Howard Hinnant's civil-date
/// arithmetic, the zone's offset (summer time included) from the platform's ICU
/// (`LocaleFormatting.utcOffset`), UTC without it.
public struct CalendarDate: Hashable, Sendable {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the month's length.
    public var day: Int
    /// 0 to 23.
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Days since 1970-01-01 of a civil date (Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days in `month` of `year`.
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The weekday: 1 Sunday ... 7 Saturday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let days = Self.days(year: year, month: month, day: day)
        return ((days % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// The fields as if the zone were UTC: seconds since 1970 of the wall-clock reading.
    var wallClockSeconds: Double {
        Double(Self.days(year: year, month: month, day: day)) * 86400 + Double(hour * 3600 + minute * 60 + second)
    }

    /// The fields a wall clock shows `seconds` after 1970-01-01 00:00 (no zone).
    init(wallClockSeconds seconds: Double) {
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86400 : (whole - 86399) / 86400
        let secondOfDay = whole - days * 86400
        let civil = Self.civil(fromDays: days)
        self.init(year: civil.year, month: civil.month, day: civil.day,
                  hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, second: secondOfDay % 60)
    }

    /// The moment's fields in `timeZone` (nil: the system's; UTC without ICU).
    @MainActor
    public init(secondsSince1970 seconds: Double, timeZone: String? = nil) {
        let offset = CalendarDate.offset(at: seconds, timeZone: timeZone)
        self.init(wallClockSeconds: seconds + offset)
    }

    /// The moment these fields show in `timeZone`: the zone's offset taken at a first guess,
    /// then at the moment that guess gives (two passes settle summer time's changes; a
    /// wall-clock time the spring change skips comes out on the other side of it).
    @MainActor
    public func secondsSince1970(timeZone: String? = nil) -> Double {
        let wall = wallClockSeconds
        let guess = wall - CalendarDate.offset(at: wall, timeZone: timeZone)
        return wall - CalendarDate.offset(at: guess, timeZone: timeZone)
    }

    @MainActor
    static func offset(at seconds: Double, timeZone: String?) -> Double {
        guard seconds.isFinite, let formatter = Localization.formatter else { return 0 }
        return formatter.utcOffset(atSecondsSince1970: seconds, timeZone: timeZone) ?? 0
    }

    /// The same fields `days` later (the time kept).
    public func addingDays(_ days: Int) -> CalendarDate {
        let civil = Self.civil(fromDays: Self.days(year: year, month: month, day: day) + days)
        return CalendarDate(year: civil.year, month: civil.month, day: civil.day, hour: hour, minute: minute, second: second)
    }

    /// The same day and time `months` later, the day cut to that month's length.
    public func addingMonths(_ months: Int) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return CalendarDate(year: newYear, month: newMonth, day: min(day, Self.daysInMonth(newMonth, year: newYear)),
                            hour: hour, minute: minute, second: second)
    }
}

extension CalendarDate: Comparable {
    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.wallClockSeconds < b.wallClockSeconds }
}
