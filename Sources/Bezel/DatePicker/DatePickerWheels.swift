/// A date picker's wheels: a `PickerView` whose columns are the mode's fields in the
/// language's order (month, day and year; the day of a date-and-time with its hour, minute
/// and AM/PM; a countdown's hours and minutes), turned as iOS's are. At rest the fields make
/// the new moment: a day past the month's end goes back to its last day, a moment outside the
/// limits springs back to the nearest allowed one (UIKit's), and the picker says
/// `valueChanged`.
@MainActor
final class DatePickerWheels: PickerViewDataSource, PickerViewDelegate {
    enum Column: Hashable { case year, month, day, dayOfDates, hour, minute, period, durationHours, durationMinutes }

    unowned let owner: DatePicker
    let picker = PickerView()
    let columns: [Column]
    let names: DatePickerLocale
    /// The years the year wheel offers: 1900 to 2200, widened to take in the limits.
    let years: ClosedRange<Int>
    /// A date-and-time's day wheel: days since 1970 of its first row, and how many rows.
    private(set) var firstDay = 0
    private(set) var dayCount = 0
    /// The height of the time wheels under an inline calendar.
    static let inlineTimeHeight = 132.0
    /// Rows around the date a date-and-time's day wheel offers without limits (UIKit's wheel
    /// runs on; 1,000 days either way is more than a kiosk scrolls).
    static let openDayRange = 1000

    init(owner: DatePicker, timeOnly: Bool = false) {
        self.owner = owner
        names = owner.pickerLocale
        let zone = owner.timeZone
        let minYear = owner.minimumDate.map { CalendarDate(secondsSince1970: $0, timeZone: zone).year } ?? 1900
        let maxYear = owner.maximumDate.map { CalendarDate(secondsSince1970: $0, timeZone: zone).year } ?? 2200
        years = min(minYear, 1900)...max(maxYear, 2200)
        var columns: [Column]
        let time: [Column] = names.uses12Hours ? (names.periodFirst ? [.period, .hour, .minute] : [.hour, .minute, .period]) : [.hour, .minute]
        switch timeOnly ? .time : owner.datePickerMode {
        case .date: columns = names.dateOrder.map { field in field == .year ? .year : field == .month ? .month : .day }
        case .time: columns = time
        case .dateAndTime: columns = [.dayOfDates] + time
        case .countDownTimer: columns = [.durationHours, .durationMinutes]
        }
        self.columns = columns
        picker.name = "datePicker.wheels"
        picker.accessibilityLabel = owner.accessibilityLabel
        if columns.contains(.dayOfDates) { centreDays() }
        picker.dataSource = self
        picker.delegate = self
    }

    /// The day wheel's rows: from the minimum to the maximum date, else 1,000 days either side.
    private func centreDays() {
        let zone = owner.timeZone
        let today = CalendarDate(secondsSince1970: owner.date, timeZone: zone)
        let day = CalendarDate.days(year: today.year, month: today.month, day: today.day)
        let low = owner.minimumDate.map { CalendarDate(secondsSince1970: $0, timeZone: zone) }.map { CalendarDate.days(year: $0.year, month: $0.month, day: $0.day) }
        let high = owner.maximumDate.map { CalendarDate(secondsSince1970: $0, timeZone: zone) }.map { CalendarDate.days(year: $0.year, month: $0.month, day: $0.day) }
        firstDay = low ?? day - Self.openDayRange
        let last = high ?? max(firstDay, day) + Self.openDayRange
        dayCount = max(1, last - firstDay + 1)
    }

    // MARK: Showing the value

    func show(animated: Bool) {
        guard picker.numberOfComponents == columns.count else { return }
        if owner.datePickerMode == .countDownTimer {
            let minutes = Int(owner.countDownDuration / 60)
            select(.durationHours, minutes / 60, animated: animated)
            select(.durationMinutes, (minutes % 60) / owner.minuteInterval, animated: animated)
            return
        }
        let fields = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        if columns.contains(.dayOfDates) {
            let day = CalendarDate.days(year: fields.year, month: fields.month, day: fields.day)
            if day < firstDay || day >= firstDay + dayCount {
                centreDays()
                picker.reloadAllComponents()
            }
            select(.dayOfDates, day - firstDay, animated: animated)
        }
        select(.year, fields.year - years.lowerBound, animated: animated)
        select(.month, fields.month - 1, animated: animated)
        select(.day, fields.day - 1, animated: animated)
        if names.uses12Hours {
            select(.hour, fields.hour % 12, animated: animated)
            select(.period, fields.hour >= 12 ? 1 : 0, animated: animated)
        } else {
            select(.hour, fields.hour, animated: animated)
        }
        select(.minute, fields.minute / owner.minuteInterval, animated: animated)
    }

    private func select(_ column: Column, _ row: Int, animated: Bool) {
        guard let index = columns.firstIndex(of: column) else { return }
        let rows = picker.numberOfRows(inComponent: index)
        let clamped = max(0, min(rows - 1, row))
        if picker.selectedRow(inComponent: index) != clamped { picker.selectRow(clamped, inComponent: index, animated: animated) }
    }

    private func row(_ column: Column) -> Int? {
        columns.firstIndex(of: column).map { picker.selectedRow(inComponent: $0) }
    }

    // MARK: PickerViewDataSource

    func numberOfComponents(in pickerView: PickerView) -> Int { columns.count }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        switch columns[component] {
        case .year: return years.count
        case .month: return 12
        case .day: return 31
        case .dayOfDates: return dayCount
        case .hour: return names.uses12Hours ? 12 : 24
        case .minute, .durationMinutes: return 60 / owner.minuteInterval
        case .period: return 2
        case .durationHours: return 24
        }
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        switch columns[component] {
        case .year: return names.number(years.lowerBound + row)
        case .month: return names.monthNames[row]
        case .day: return names.number(row + 1)
        case .dayOfDates:
            let day = firstDay + row
            let now = CalendarDate(secondsSince1970: DatePicker.currentTime(), timeZone: owner.timeZone)
            if CalendarDate.days(year: now.year, month: now.month, day: now.day) == day {
                return Localization.bezelString("Today", language: names.locale)
            }
            // Noon UTC of that day, written in UTC: the day's own name whatever the zone.
            let noon = Double(day) * 86400 + 43200
            return names.string(noon, skeleton: "MMMEd", timeZone: "UTC")
        case .hour: return names.uses12Hours ? names.number(row == 0 ? 12 : row) : names.number(row, digits: 2)
        case .minute: return names.number(row * owner.minuteInterval, digits: 2)
        case .period: return names.periodNames[row]
        case .durationHours: return "\(names.number(row)) \(Localization.bezelString(row == 1 ? "hour" : "hours", language: names.locale))"
        case .durationMinutes: return "\(names.number(row * owner.minuteInterval)) \(Localization.bezelString("min", language: names.locale))"
        }
    }

    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? {
        let width = pickerView.bounds.width
        let share: Double = switch columns[component] {
        case .month: 0.42
        case .day: 0.2
        case .year: 0.3
        case .dayOfDates: 0.44
        case .hour, .minute: columns.contains(.dayOfDates) ? 0.16 : 0.28
        case .period: columns.contains(.dayOfDates) ? 0.18 : 0.28
        case .durationHours, .durationMinutes: 0.45
        }
        return (width * share).rounded(.down)
    }

    // MARK: PickerViewDelegate: a wheel at rest makes the new value

    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        if owner.datePickerMode == .countDownTimer, !columns.contains(.hour) {
            let minutes = (self.row(.durationHours) ?? 0) * 60 + (self.row(.durationMinutes) ?? 0) * owner.minuteInterval
            owner.userChoseDuration(Double(minutes * 60))
            return
        }
        var fields = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        if let day = self.row(.dayOfDates) {
            let civil = CalendarDate.civil(fromDays: firstDay + day)
            (fields.year, fields.month, fields.day) = (civil.year, civil.month, civil.day)
        }
        if let year = self.row(.year) { fields.year = years.lowerBound + year }
        if let month = self.row(.month) { fields.month = month + 1 }
        if let day = self.row(.day) { fields.day = day + 1 }
        // A day the month lacks (February 30th) becomes its last (UIKit's).
        fields.day = min(fields.day, CalendarDate.daysInMonth(fields.month, year: fields.year))
        if let hour = self.row(.hour) {
            fields.hour = names.uses12Hours ? hour + ((self.row(.period) ?? 0) == 1 ? 12 : 0) : hour
        }
        if let minute = self.row(.minute) { fields.minute = minute * owner.minuteInterval }
        fields.second = 0
        owner.userChose(fields.secondsSince1970(timeZone: owner.timeZone))
    }
}
