import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's `DatePicker`: the calendar arithmetic of its small date model (`CalendarDate`,
/// summer time through ICU), each language's wheels (order, 12 or 24 hours, names), wheels
/// turned on the virtual clock with exact `valueChanged` logs (a day past the month's end, the
/// limits springing back, the minute interval, a countdown, a date-and-time's days), the
/// inline calendar's taps and arrows, the compact field's card, misuse, and the looks.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DatePickerTests {
    /// 2026-11-26 09:41 UTC, a Thursday.
    static let moment = 1_795_686_060.0

    func with(_ languages: [String], _ body: () throws -> Void) rethrows {
        let saved = (Localization.preferredLanguages, Localization.formatter, DatePicker.currentTime)
        defer { Localization.preferredLanguages = saved.0; Localization.formatter = saved.1; DatePicker.currentTime = saved.2 }
        Localization.formatter = ICUFormatting()
        Localization.preferredLanguages = languages
        DatePicker.currentTime = { Self.moment }
        try body()
    }

    func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Double {
        CalendarDate(year: year, month: month, day: day, hour: hour, minute: minute).secondsSince1970(timeZone: "UTC")
    }

    @Test func theDateModelsArithmeticAndSummerTime() {
        with(["en"]) {
            let utcFields = CalendarDate(secondsSince1970: Self.moment, timeZone: "UTC")
            #expect(utcFields == CalendarDate(year: 2026, month: 11, day: 26, hour: 9, minute: 41) && utcFields.weekday == 5)
            #expect(CalendarDate(secondsSince1970: Self.moment, timeZone: "Europe/Zurich").hour == 10, "CET: UTC+1")
            let summer = CalendarDate(year: 2026, month: 7, day: 1, hour: 12).secondsSince1970(timeZone: "Europe/Zurich")
            #expect(summer == utc(2026, 7, 1, 10), "CEST: UTC+2")
            #expect(CalendarDate(secondsSince1970: summer, timeZone: "Europe/Zurich").hour == 12, "round trip")
            #expect(CalendarDate.daysInMonth(2, year: 2024) == 29 && CalendarDate.daysInMonth(2, year: 2100) == 28)
            #expect(CalendarDate(year: 2026, month: 1, day: 31).addingMonths(1) == CalendarDate(year: 2026, month: 2, day: 28))
            #expect(CalendarDate(year: 2026, month: 12, day: 31).addingDays(1) == CalendarDate(year: 2027, month: 1, day: 1))
            #expect(CalendarDate(year: 1969, month: 12, day: 31, hour: 23).secondsSince1970(timeZone: "UTC") == -3600)
        }
    }

    @Test func eachLanguageOrdersNamesAndClocksItsWheels() {
        with(["en"]) {
            let en = DatePickerLocale(locale: "en")
            #expect(en.dateOrder == [.month, .day, .year] && en.uses12Hours && !en.periodFirst && en.firstWeekday == 1)
            #expect(en.monthNames.first == "January" && en.periodNames == ["AM", "PM"] && en.weekdayNames[0] == "Sun")
            let de = DatePickerLocale(locale: "de")
            #expect(de.dateOrder == [.day, .month, .year] && !de.uses12Hours && de.firstWeekday == 2 && de.monthNames[2] == "März")
            let ja = DatePickerLocale(locale: "ja")
            #expect(ja.dateOrder == [.year, .month, .day] && ja.monthNames[0] == "1月")
            let ko = DatePickerLocale(locale: "ko")
            #expect(ko.uses12Hours && ko.periodFirst, "Korean: 오전 9:41")
            #expect(DatePickerLocale(locale: "ar").number(26) == "٢٦")
        }
    }

    /// A picker of `mode` and `style` at (40, 100), 320 wide, in a 400 x 800 window, logging.
    func stage(_ mode: DatePicker.Mode, _ style: DatePicker.Style = .wheels, date: Double = moment,
               configure: (DatePicker) -> Void = { _ in }) -> (Stage, DatePicker, Log) {
        let stage = Stage()
        stage.window.backgroundColor = .systemBackground
        let picker = DatePicker()
        picker.timeZone = "UTC"
        picker.datePickerMode = mode
        picker.preferredDatePickerStyle = style
        configure(picker)
        picker.date = date
        let size = picker.intrinsicContentSize
        picker.frame = Rect(x: 40, y: 100, width: 320, height: size.height)
        let log = Log()
        picker.addAction(for: .valueChanged) { control, _ in
            let picker = control as! DatePicker
            log.add(picker.datePickerMode == .countDownTimer ? "duration \(Int(picker.countDownDuration))"
                                                             : DateFormatStyle.iso8601(picker.date))
        }
        _ = stage.add(picker)
        stage.window.layoutIfNeeded()
        return (stage, picker, log)
    }

    /// The centre of wheel `column` (window points).
    func wheel(_ picker: DatePicker, _ column: Int) throws -> Point {
        let wheels = try #require(picker.wheels?.picker.accessibilityElements?.compactMap { $0 as? AccessibilityElement })
        let frame = wheels[column].accessibilityFrame
        return Point(x: frame.midX, y: frame.midY)
    }

    /// A slow drag of `rows` rows (up: forward) on wheel `column`, held, then left to settle.
    func turn(_ stage: Stage, _ picker: DatePicker, column: Int, rows: Double) throws {
        let start = try wheel(picker, column)
        stage.fingers.down(at: start)
        for i in 1...10 {
            stage.fingers.wait(0.05)
            stage.fingers.move(to: Point(x: start.x, y: start.y - 44 * rows * Double(i) / 10))
        }
        stage.fingers.wait(0.3)
        stage.fingers.up()
        stage.fingers.wait(1.5)
    }

    @Test func theDateWheelsTurnAndADayPastTheMonthsEndGoesBack() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.date, date: utc(2026, 1, 31, 9, 41))
            #expect(picker.wheels?.columns == [.month, .day, .year] && picker.datePickerStyle == .wheels)
            #expect(picker.wheels?.picker.selectedRow(inComponent: 0) == 0 && picker.wheels?.picker.selectedRow(inComponent: 1) == 30)
            try turn(stage, picker, column: 0, rows: 1)   // January to February: the 31st is not there
            #expect(log.entries == ["2026-02-28T09:41:00Z"])
            #expect(picker.wheels?.picker.selectedRow(inComponent: 1) == 27, "the day wheel went back to the 28th")
            try turn(stage, picker, column: 2, rows: -2)  // 2026 to 2024: a leap year, still the 28th
            #expect(log.entries == ["2026-02-28T09:41:00Z", "2024-02-28T09:41:00Z"])
            // Set by the app: no valueChanged.
            picker.setDate(utc(2027, 5, 5), animated: true)
            stage.fingers.wait(1)
            #expect(log.entries.count == 2 && picker.wheels?.picker.selectedRow(inComponent: 0) == 4)
        }
    }

    @Test func aWheelTurnedPastTheLimitsSpringsBack() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.date) { picker in
                picker.minimumDate = self.utc(2026, 11, 20)
                picker.maximumDate = self.utc(2026, 12, 10, 23, 59)
            }
            try turn(stage, picker, column: 1, rows: -10)  // the 16th: before the minimum
            #expect(log.entries == ["2026-11-20T00:00:00Z"], "the earliest allowed moment")
            #expect(picker.wheels?.picker.selectedRow(inComponent: 1) == 19)
            try turn(stage, picker, column: 0, rows: 1)   // December 20th: after the maximum
            #expect(log.entries.last == "2026-12-10T23:59:00Z")
            picker.date = utc(2030, 1, 1)
            #expect(picker.date == utc(2026, 12, 10, 23, 59), "set outside: limited too")
        }
    }

    @Test func timeWheelsTakeTheMinuteIntervalAndTwelveHours() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.time) { $0.minuteInterval = 15 }
            #expect(picker.wheels?.columns == [.hour, .minute, .period])
            #expect(picker.date == utc(2026, 11, 26, 9, 30), "09:41 rounded down to the quarter")
            #expect(picker.wheels?.picker.numberOfRows(inComponent: 1) == 4)
            try turn(stage, picker, column: 2, rows: 1)   // AM to PM
            #expect(log.entries == ["2026-11-26T21:30:00Z"])
            let reports = capturingDiagnostics { picker.minuteInterval = 7 }
            #expect(reports.count == 1 && picker.minuteInterval == 1 && picker.wheels?.picker.numberOfRows(inComponent: 1) == 60)
        }
        with(["de"]) {
            let (_, picker, _) = stage(.time) { $0.locale = "de" }
            #expect(picker.wheels?.columns == [.hour, .minute] && picker.wheels?.picker.numberOfRows(inComponent: 0) == 24)
        }
    }

    @Test func aCountdownAndADateAndTimesDays() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.countDownTimer) { $0.countDownDuration = 5400; $0.minuteInterval = 5 }
            #expect(picker.wheels?.picker.selectedRow(inComponent: 0) == 1 && picker.wheels?.picker.selectedRow(inComponent: 1) == 6)
            #expect(picker.wheels?.pickerView(picker.wheels!.picker, titleForRow: 2, forComponent: 1) == "10 min")
            try turn(stage, picker, column: 1, rows: 2)
            #expect(log.entries == ["duration 6000"])
        }
        try with(["en"]) {
            let (stage, picker, log) = stage(.dateAndTime)
            let wheels = try #require(picker.wheels)
            #expect(wheels.columns == [.dayOfDates, .hour, .minute, .period])
            let today = wheels.picker.selectedRow(inComponent: 0)
            #expect(wheels.pickerView(wheels.picker, titleForRow: today, forComponent: 0) == "Today")
            #expect(wheels.pickerView(wheels.picker, titleForRow: today + 1, forComponent: 0) == "Fri, Nov 27")
            try turn(stage, picker, column: 0, rows: 1)
            #expect(log.entries == ["2026-11-27T09:41:00Z"])
        }
    }

    @Test func theInlineCalendarTakesATapOnADayAndTurnsPages() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.date, .inline)
            let calendar = try #require(picker.calendarView)
            #expect(picker.intrinsicContentSize.height == MonthCalendarView.height)
            // November 2026 starts on a Sunday (US weeks start on Sunday): the 1st is top left.
            #expect(calendar.frame(ofDay: 1).minX == 16 && calendar.frame(ofDay: 26).minY == 44 + 20 + 3 * 44)
            let day = calendar.frame(ofDay: 3)
            stage.fingers.tap(at: calendar.convert(Point(x: day.midX, y: day.midY), to: nil))
            #expect(log.entries == ["2026-11-03T09:41:00Z"], "the time kept")
            let next = calendar.nextArrowFrame
            stage.fingers.wait(0.5)
            stage.fingers.tap(at: calendar.convert(Point(x: next.midX, y: next.midY), to: nil))
            #expect(calendar.shownMonth.month == 12 && log.entries.count == 1, "the arrow turns the page only")
            let elements = try #require(calendar.accessibilityElements?.compactMap { $0 as? AccessibilityElement })
            #expect(elements.first?.accessibilityLabel == "December 2026" && elements[1].accessibilityLabel == "Previous month")
            #expect(elements[3].accessibilityLabel == "Tuesday, December 1")
            #expect(elements[3].accessibilityActivate() && log.entries.last == "2026-12-01T09:41:00Z")
        }
        with(["de"]) {
            let (_, picker, _) = stage(.date, .inline) { $0.locale = "de" }
            // German weeks start on Monday: Sunday the 1st of November is in the last column.
            #expect(picker.calendarView?.frame(ofDay: 1).minX == 16 + 6 * (288.0 / 7))
        }
    }

    @Test func anInlineDateAndTimeHasTheCalendarOverTheTimesWheels() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.dateAndTime, .inline)
            let calendar = try #require(picker.calendarView), wheels = try #require(picker.wheels)
            #expect(wheels.columns == [.hour, .minute, .period])
            #expect(picker.intrinsicContentSize.height == MonthCalendarView.height + DatePickerWheels.inlineTimeHeight)
            #expect(wheels.picker.frame.minY == calendar.frame.maxY)
            try turn(stage, picker, column: 0, rows: 2)   // 9 to 11 o'clock, the day kept
            #expect(log.entries == ["2026-11-26T11:41:00Z"])
        }
    }

    @Test func aPickerMadeBeforeItsWindowTakesTheWindowsLanguage() {
        with(["en"]) {
            let savedSource = Localization.source
            defer { Localization.source = savedSource }
            Localization.source = LocalizedStringTests.fixtures  // the app has German tables
            let picker = DatePicker()
            picker.datePickerMode = .date
            picker.preferredDatePickerStyle = .wheels
            #expect(picker.wheels?.names.locale == "en" && picker.wheels?.columns.first == .month)
            let stage = Stage()
            let german = View(frame: stage.window.bounds)
            german.overridePreferredLanguages = ["de"]
            stage.window.addSubview(german)
            german.addSubview(picker)
            #expect(picker.language == "de" && picker.wheels?.names.locale == "de" && picker.wheels?.columns.first == .day)
        }
    }

    @Test func theCompactFieldOpensACardWhoseChoicesGoStraightThrough() throws {
        try with(["en"]) {
            let (stage, picker, log) = stage(.dateAndTime, .automatic)
            #expect(picker.datePickerStyle == .compact)
            let compact = try #require(picker.compactView)
            #expect(compact.text(of: .date) == "Nov 26, 2026" && compact.text(of: .time) == "9:41\u{202F}AM")
            let field = compact.frame(of: .date)
            stage.fingers.tap(at: compact.convert(Point(x: field.midX, y: field.midY), to: nil))
            let card = try #require(compact.card)
            #expect(card.datePickerStyle == .inline && card.date == picker.date)
            let calendar = try #require(card.calendarView)
            let day = calendar.frame(ofDay: 28)
            stage.fingers.wait(0.5)
            stage.fingers.tap(at: calendar.convert(Point(x: day.midX, y: day.midY), to: nil))
            #expect(log.entries == ["2026-11-28T09:41:00Z"] && compact.card != nil, "chosen, the card still open")
            stage.fingers.wait(0.5)
            stage.fingers.tap(at: Point(x: 200, y: 780))
            #expect(compact.card == nil && compact.text(of: .date) == "Nov 28, 2026")
        }
    }

    @Test func misuseIsReportedAndIgnored() {
        with(["en"]) {
            let (_, picker, _) = stage(.date)
            let reports = capturingDiagnostics {
                picker.setDate(.nan, animated: false)
                picker.minimumDate = utc(2027, 1, 1)
                picker.maximumDate = utc(2026, 1, 1)
            }
            #expect(reports.count == 2 && picker.date.isFinite)
        }
    }

    @Test(arguments: [(UserInterfaceStyle.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func theDatePickersLook(style: UserInterfaceStyle, scale: Double) throws {
        try with(["en"]) {
            let stage = Stage()
            stage.window.overrideUserInterfaceStyle = style
            stage.window.backgroundColor = .systemBackground
            let inline = DatePicker(), wheels = DatePicker(), compact = DatePicker()
            for (picker, mode, pickerStyle) in [(inline, DatePicker.Mode.date, DatePicker.Style.inline), (wheels, .dateAndTime, .wheels),
                                                (compact, .dateAndTime, .compact)] {
                picker.timeZone = "UTC"
                picker.datePickerMode = mode
                picker.preferredDatePickerStyle = pickerStyle
                picker.date = Self.moment + 3 * 86400
                stage.window.addSubview(picker)
            }
            inline.frame = Rect(x: 40, y: 10, width: 320, height: inline.intrinsicContentSize.height)
            wheels.frame = Rect(x: 40, y: 350, width: 320, height: 216)
            compact.frame = Rect(x: 40, y: 590, width: 320, height: 34)
            inline.minimumDate = Self.moment - 5 * 86400
            let display = try HeadlessDisplay(window: stage.window, scale: scale)
            display.renderFrame()
            try Snapshot.check(display.framebuffer, named: "date-pickers-\(style == .dark ? "dark" : "light")\(scale == 2 ? "@2x" : "")")
        }
    }
}
