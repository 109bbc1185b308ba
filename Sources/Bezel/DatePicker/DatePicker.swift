#if canImport(Glibc)
import Glibc
#endif

/// UIKit's `UIDatePicker`: a date, a time, both, or a countdown's length, chosen on wheels
/// (`PickerView`), on an inline month calendar, or in a compact field that opens the
/// calendar in a card. It sends `valueChanged` when the user changes the value (a wheel come
/// to rest, a day tapped), not when the app sets it.
///
/// Dates are seconds since 1970 (UTC), as `DateFormatStyle` takes them: Bezel's core has no
/// Foundation `Date`. The calendar is the Gregorian one, with `CalendarDate` as its small
/// date model; names, field order, 12 or 24 hours and the week's first day are the
/// language's, from CLDR through ICU (`LocaleFormatting`).
@MainActor
open class DatePicker: Control {
    /// UIKit's `UIDatePicker.Mode`.
    public enum Mode: Sendable, Hashable { case time, date, dateAndTime, countDownTimer }
    /// UIKit's `UIDatePickerStyle`. `.automatic` is `.compact` (UIKit's since iOS 14), except
    /// for a countdown, which has only wheels.
    public enum Style: Sendable, Hashable { case automatic, wheels, compact, inline }

    public var datePickerMode: Mode = .dateAndTime {
        didSet { if datePickerMode != oldValue { rebuild() } }
    }
    public var preferredDatePickerStyle: Style = .automatic {
        didSet { if preferredDatePickerStyle != oldValue { rebuild() } }
    }
    /// The style shown: `.automatic` resolved; a countdown is always wheels; time alone has
    /// no calendar, so inline time is wheels.
    public var datePickerStyle: Style {
        if datePickerMode == .countDownTimer { return .wheels }
        switch preferredDatePickerStyle {
        case .automatic: return .compact
        case .inline: return datePickerMode == .time ? .wheels : .inline
        case let style: return style
        }
    }

    /// The moment shown (seconds since 1970), kept within `minimumDate...maximumDate` and on
    /// a multiple of `minuteInterval` minutes. The default: now.
    public var date: Double {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    private var storedDate: Double

    /// Earlier moments cannot be chosen: a wheel turned past it springs back (UIKit's).
    public var minimumDate: Double? {
        didSet { limitsChanged() }
    }
    public var maximumDate: Double? {
        didSet { limitsChanged() }
    }
    /// Minutes between the choices, 1 to 30 and a divisor of 60 (UIKit's rule); any other
    /// value is reported and 1 used.
    public var minuteInterval = 1 {
        didSet {
            if minuteInterval < 1 || minuteInterval > 30 || 60 % minuteInterval != 0 {
                Diagnostics.report(.apiMisuse, "DatePicker.minuteInterval \(minuteInterval): must divide 60 and be 1 to 30; 1 is used")
                minuteInterval = 1
            }
            if minuteInterval != oldValue { rebuild() }
        }
    }
    /// The countdown's length in seconds (`.countDownTimer`), under 24 hours, a multiple of
    /// `minuteInterval` minutes; 0 shows as the interval (UIKit's).
    public var countDownDuration: Double = 0 {
        didSet {
            let clean = countDownDuration.isFinite ? min(max(0, countDownDuration), 86400 - 60) : 0
            if clean != countDownDuration { countDownDuration = clean }
            if datePickerMode == .countDownTimer, countDownDuration != oldValue { wheels?.show(animated: false) }
        }
    }
    /// An IANA time zone (`Europe/Zurich`); nil: the system's.
    public var timeZone: String? {
        didSet { if timeZone != oldValue { rebuild() } }
    }
    /// The language whose names and order are used (BCP 47); nil: the view's language.
    public var locale: String? {
        didSet { if locale != oldValue { rebuild() } }
    }

    /// Now, in seconds since 1970: the system's real-time clock (UIKit's `Date()`).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// What the pickers take as now (a new picker's date, "Today" and today's day in the
    /// calendar): `now()`. An app's tests set a fixed one, so their screenshots do not change
    /// with the day they run.
    public static var currentTime: @MainActor () -> Double = { DatePicker.now() }

    var wheels: DatePickerWheels?
    var calendarView: MonthCalendarView?
    var compactView: CompactDateView?

    public override init(frame: Rect = .zero) {
        storedDate = (DatePicker.currentTime() / 60).rounded(.down) * 60
        super.init(frame: frame)
        rebuild()
    }

    // MARK: Value

    /// UIKit's: shows `date` (limited and rounded as `date` is); no `valueChanged`.
    public func setDate(_ date: Double, animated: Bool) {
        guard date.isFinite else {
            Diagnostics.report(.apiMisuse, "DatePicker.setDate(\(date)): not a moment; ignored")
            return
        }
        storedDate = limited(date)
        show(animated: animated)
    }

    /// The picker's language: its `locale`, else its view's.
    var pickerLocale: DatePickerLocale {
        DatePickerLocale.forLanguage(locale ?? language)
    }

    /// `moment` within the limits and rounded down to the minute interval.
    func limited(_ moment: Double) -> Double {
        var value = moment
        if let minimumDate, value < minimumDate { value = minimumDate }
        if let maximumDate, value > maximumDate { value = maximumDate }
        // Rounded in the zone's minutes (a zone may be off by 30 or 45 minutes).
        let fields = CalendarDate(secondsSince1970: value, timeZone: timeZone)
        let minute = fields.minute - fields.minute % minuteInterval
        let rounded = CalendarDate(year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: minute)
            .secondsSince1970(timeZone: timeZone)
        if let minimumDate, rounded < minimumDate { return min(rounded + Double(minuteInterval * 60), maximumDate ?? .infinity) }
        return rounded
    }

    /// The user chose `moment` (a wheel at rest, a day tapped): limited, shown, announced.
    func userChose(_ moment: Double) {
        let value = limited(moment)
        let changed = value != storedDate
        storedDate = value
        show(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    /// The user chose a countdown length.
    func userChoseDuration(_ seconds: Double) {
        let value = max(Double(minuteInterval * 60), seconds)
        let changed = value != countDownDuration
        countDownDuration = value
        wheels?.show(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    private func limitsChanged() {
        if let minimumDate, let maximumDate, minimumDate > maximumDate {
            Diagnostics.report(.apiMisuse, "DatePicker: minimumDate \(minimumDate) is after maximumDate \(maximumDate); the limits are ignored until they are in order")
        }
        storedDate = limited(storedDate)
        rebuild()
    }

    private func show(animated: Bool) {
        wheels?.show(animated: animated)
        calendarView?.show()
        compactView?.setNeedsDisplay()
        compactView?.invalidateIntrinsicContentSize()
    }

    // MARK: Building

    /// Puts the parts for the mode and style in place (a change of either rebuilds them).
    func rebuild() {
        for part in [wheels?.picker as View?, calendarView, compactView] { part?.removeFromSuperview() }
        wheels = nil
        calendarView = nil
        compactView = nil
        switch datePickerStyle {
        case .wheels, .automatic:
            let made = DatePickerWheels(owner: self)
            wheels = made
            addSubview(made.picker)
        case .inline:
            let calendar = MonthCalendarView(owner: self)
            calendarView = calendar
            addSubview(calendar)
            if datePickerMode == .dateAndTime {
                let made = DatePickerWheels(owner: self, timeOnly: true)
                wheels = made
                addSubview(made.picker)
            }
        case .compact:
            let compact = CompactDateView(owner: self)
            compactView = compact
            addSubview(compact)
        }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
        show(animated: false)
    }

    /// The language here changed (a switch, or the picker joining a view in another
    /// language): the names and the wheels' order are made again.
    override func localizedContentDidChange() { rebuild() }

    /// UIKit's sizes: wheels 320 x 216; the inline calendar 320 x 330 (plus 120 of time
    /// wheels with the time); compact its field's width and 34 tall.
    open override var intrinsicContentSize: Size {
        switch datePickerStyle {
        case .wheels, .automatic: return Size(width: 320, height: PickerView.defaultHeight)
        case .inline: return Size(width: 320, height: MonthCalendarView.height + (datePickerMode == .dateAndTime ? DatePickerWheels.inlineTimeHeight : 0))
        case .compact: return compactView?.intrinsicContentSize ?? Size(width: 120, height: CompactDateView.height)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        if let calendarView {
            calendarView.frame = Rect(x: b.minX, y: b.minY, width: b.width, height: min(b.height, MonthCalendarView.height))
            wheels?.picker.frame = Rect(x: b.minX, y: calendarView.frame.maxY, width: b.width,
                                        height: max(0, b.height - calendarView.frame.height))
        } else {
            wheels?.picker.frame = b
        }
        if let compactView {
            let size = compactView.intrinsicContentSize
            let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
            compactView.frame = Rect(x: rightToLeft ? b.maxX - size.width : b.minX, y: b.midY - size.height / 2, width: size.width, height: size.height)
        }
    }

    // Accessibility: the parts are the elements (wheels, days, the compact field).
    override var defaultIsAccessibilityElement: Bool { false }
}
