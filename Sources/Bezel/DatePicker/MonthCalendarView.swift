/// The inline date picker's month (UIKit's iOS 14 calendar): the month and year with arrows
/// to the months before and after, the weekdays from the language's first, and the days in
/// a grid; the chosen day on a tinted disc, today in the tint, days outside the limits
/// greyed. A tap on a day chooses it (the time kept); the arrows only turn the page.
@MainActor
final class MonthCalendarView: View {
    unowned let owner: DatePicker
    /// The month shown (its first day's fields).
    private(set) var shownMonth: CalendarDate

    // UIKit's inline calendar at 1x, measured on iOS 16 screenshots: a 44-pt header, a 20-pt
    // weekday row, six 44-pt weeks; the day's disc 40 pt across.
    static let headerHeight = 44.0
    static let weekdayHeight = 20.0
    static let weekHeight = 44.0
    static let height = headerHeight + weekdayHeight + 6 * weekHeight + 2
    static let discDiameter = 40.0
    static let margin = 16.0

    init(owner: DatePicker) {
        self.owner = owner
        let date = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        shownMonth = CalendarDate(year: date.year, month: date.month, day: 1)
        super.init(frame: .zero)
        name = "datePicker.calendar"
    }

    /// The chosen date changed: its month is shown.
    func show() {
        let date = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        shownMonth = CalendarDate(year: date.year, month: date.month, day: 1)
        setNeedsDisplay()
    }

    /// Turns the page `months` on (negative: back).
    func turnMonth(by months: Int) {
        shownMonth = shownMonth.addingMonths(months)
        setNeedsDisplay()
        Accessibility.post(notification: .layoutChanged, argument: nil)
    }

    // MARK: Geometry

    private var rightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }
    private var columnWidth: Double { max(0, bounds.width - 2 * Self.margin) / 7 }

    /// The grid position (0-based week and column) of `day` in the shown month.
    private func cell(ofDay day: Int) -> (week: Int, column: Int) {
        let first = shownMonth.weekday  // 1 Sunday
        let lead = (first - owner.pickerLocale.firstWeekday + 7) % 7
        let index = lead + day - 1
        return (index / 7, index % 7)
    }

    private func frame(week: Int, column: Int) -> Rect {
        let visualColumn = rightToLeft ? 6 - column : column
        return Rect(x: bounds.minX + Self.margin + Double(visualColumn) * columnWidth,
                    y: bounds.minY + Self.headerHeight + Self.weekdayHeight + Double(week) * Self.weekHeight,
                    width: columnWidth, height: Self.weekHeight)
    }

    func frame(ofDay day: Int) -> Rect {
        let (week, column) = cell(ofDay: day)
        return frame(week: week, column: column)
    }

    /// The arrows' targets: 44 x 44 at the trailing end of the header.
    var previousArrowFrame: Rect {
        Rect(x: rightToLeft ? bounds.minX + 8 + 44 : bounds.maxX - 8 - 88, y: bounds.minY, width: 44, height: Self.headerHeight)
    }
    var nextArrowFrame: Rect {
        Rect(x: rightToLeft ? bounds.minX + 8 : bounds.maxX - 8 - 44, y: bounds.minY, width: 44, height: Self.headerHeight)
    }

    private func moment(ofDay day: Int) -> Double {
        let time = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        return CalendarDate(year: shownMonth.year, month: shownMonth.month, day: day, hour: time.hour, minute: time.minute)
            .secondsSince1970(timeZone: owner.timeZone)
    }

    /// Whether some moment of `day` is within the limits.
    private func isChoosable(day: Int) -> Bool {
        let start = CalendarDate(year: shownMonth.year, month: shownMonth.month, day: day).secondsSince1970(timeZone: owner.timeZone)
        let end = start + 86400 - 1
        if let minimum = owner.minimumDate, end < minimum { return false }
        if let maximum = owner.maximumDate, start > maximum { return false }
        return true
    }

    // MARK: Touches: a tap on a day or an arrow

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        if previousArrowFrame.contains(point) { turnMonth(by: -1); return }
        if nextArrowFrame.contains(point) { turnMonth(by: 1); return }
        let days = CalendarDate.daysInMonth(shownMonth.month, year: shownMonth.year)
        for day in 1...days where frame(ofDay: day).contains(point) {
            choose(day: day)
            return
        }
    }

    private func choose(day: Int) {
        guard isChoosable(day: day) else { return }
        owner.userChose(moment(ofDay: day))
    }

    // MARK: Drawing

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let names = owner.pickerLocale
        let tint = owner.tintColor
        // Header: "November 2026" and the arrows.
        let title = names.string(Double(CalendarDate.days(year: shownMonth.year, month: shownMonth.month, day: 15)) * 86400 + 43200,
                                 skeleton: "yMMMM", timeZone: "UTC")
        var titleStyle = TextStyle(size: 17, weight: .semibold, color: .label, alignment: rightToLeft ? .right : .left)
        titleStyle.numberOfLines = 1
        context.drawText(title, in: Rect(x: bounds.minX + Self.margin, y: bounds.minY, width: max(0, bounds.width - 2 * Self.margin - 96),
                                         height: Self.headerHeight).offsetBy(dx: rightToLeft ? 96 : 0, dy: 0), style: titleStyle)
        drawChevron(in: previousArrowFrame, pointingLeft: !rightToLeft, color: tint, in: context)
        drawChevron(in: nextArrowFrame, pointingLeft: rightToLeft, color: tint, in: context)
        // Weekdays from the language's first.
        let weekdayStyle = TextStyle(size: 13, weight: .semibold, color: .tertiaryLabel, alignment: .center)
        for column in 0..<7 {
            let weekday = (names.firstWeekday - 1 + column) % 7
            var frame = self.frame(week: 0, column: column)
            frame.origin.y = bounds.minY + Self.headerHeight
            frame.size.height = Self.weekdayHeight
            context.drawText(names.weekdayNames[weekday].uppercased(), in: frame, style: weekdayStyle)
        }
        // Days.
        let chosen = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        let now = CalendarDate(secondsSince1970: DatePicker.currentTime(), timeZone: owner.timeZone)
        let days = CalendarDate.daysInMonth(shownMonth.month, year: shownMonth.year)
        for day in 1...days {
            let frame = frame(ofDay: day)
            let isChosen = chosen.year == shownMonth.year && chosen.month == shownMonth.month && chosen.day == day
            let isToday = now.year == shownMonth.year && now.month == shownMonth.month && now.day == day
            var style = TextStyle(size: 20, weight: isChosen ? .semibold : .regular, color: .label, alignment: .center)
            if !isChoosable(day: day) {
                style.color = .tertiaryLabel
            } else if isChosen || isToday {
                style.color = tint
            }
            if isChosen {
                let d = min(Self.discDiameter, frame.width, frame.height)
                context.fillEllipse(in: Rect(x: frame.midX - d / 2, y: frame.midY - d / 2, width: d, height: d), color: tint.multiplyingAlpha(by: 0.15))
            }
            context.drawText(names.number(day), in: frame, style: style)
        }
    }

    private func drawChevron(in frame: Rect, pointingLeft: Bool, color: Color, in context: any DrawingContext) {
        var path = Path()
        let x = frame.midX, y = frame.midY
        path.move(to: Point(x: x + (pointingLeft ? 4 : -4), y: y - 8))
        path.addLine(to: Point(x: x + (pointingLeft ? -4 : 4), y: y))
        path.addLine(to: Point(x: x + (pointingLeft ? 4 : -4), y: y + 8))
        context.stroke(path, color: color, style: StrokeStyle(lineWidth: 2.5, lineCap: .round, lineJoin: .round))
    }

    // MARK: Accessibility: the month, the arrows and each day

    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        let names = owner.pickerLocale
        var elements: [any AccessibilityNode] = []
        let header = AccessibilityElement(accessibilityContainer: self)
        header.accessibilityLabel = names.string(Double(CalendarDate.days(year: shownMonth.year, month: shownMonth.month, day: 15)) * 86400 + 43200,
                                                 skeleton: "yMMMM", timeZone: "UTC")
        header.accessibilityTraits = .header
        header.accessibilityFrameInContainerSpace = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width - 96, height: Self.headerHeight)
        elements.append(header)
        for (frame, label, months) in [(previousArrowFrame, "Previous month", -1), (nextArrowFrame, "Next month", 1)] {
            let arrow = AccessibilityElement(accessibilityContainer: self)
            arrow.accessibilityLabel = Localization.bezelString(label, language: names.locale)
            arrow.accessibilityTraits = .button
            arrow.accessibilityFrameInContainerSpace = frame
            arrow.onActivate = { [weak self] in self?.turnMonth(by: months); return true }
            elements.append(arrow)
        }
        let chosen = CalendarDate(secondsSince1970: owner.date, timeZone: owner.timeZone)
        for day in 1...CalendarDate.daysInMonth(shownMonth.month, year: shownMonth.year) {
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = names.string(Double(CalendarDate.days(year: shownMonth.year, month: shownMonth.month, day: day)) * 86400 + 43200,
                                                      skeleton: "EEEEMMMMd", timeZone: "UTC")
            var traits: AccessibilityTraits = .button
            if chosen.year == shownMonth.year && chosen.month == shownMonth.month && chosen.day == day { traits.insert(.selected) }
            if !isChoosable(day: day) { traits.insert(.notEnabled) }
            element.accessibilityTraits = traits
            element.accessibilityFrameInContainerSpace = frame(ofDay: day)
            element.onActivate = { [weak self] in self?.choose(day: day); return true }
            elements.append(element)
        }
        return elements
    }
}
