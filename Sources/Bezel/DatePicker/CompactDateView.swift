/// The compact date picker (UIKit's iOS 14 default): the date and the time in grey rounded
/// fields; a tap on one opens a card over the screen with the inline calendar (the date) or
/// the wheels (the time), whose choices go straight to the picker. A tap outside the card
/// closes it and goes no further (as a menu's).
@MainActor
final class CompactDateView: Control {
    unowned let owner: DatePicker
    enum Part: Hashable { case date, time }
    /// The card open now, and which part it edits.
    private(set) weak var card: DatePicker?
    private(set) var openPart: Part?
    private weak var overlay: View?

    // UIKit's compact fields at 1x: 34 pt tall, 11 pt of padding, 6-pt corners, 8 pt apart.
    static let height = 34.0
    static let padding = 11.0
    static let gap = 8.0
    static let cornerRadius = 6.0
    static let textStyle = TextStyle(size: 17, color: .label, alignment: .center)

    init(owner: DatePicker) {
        self.owner = owner
        super.init(frame: .zero)
        name = "datePicker.compact"
    }

    var parts: [Part] {
        switch owner.datePickerMode {
        case .date: [.date]
        case .time: [.time]
        case .dateAndTime: [.date, .time]
        case .countDownTimer: []
        }
    }

    func text(of part: Part) -> String {
        let names = owner.pickerLocale
        return names.string(owner.date, skeleton: part == .date ? "yMMMd" : "jm", timeZone: owner.timeZone)
    }

    private func width(of part: Part) -> Double {
        let measured = TextMetrics.measurer?.measureText(text(of: part), style: Self.textStyle, width: nil).width ?? 80
        return (measured + 2 * Self.padding).rounded(.up)
    }

    override var intrinsicContentSize: Size {
        let widths = parts.map { width(of: $0) }
        return Size(width: widths.reduce(0, +) + Double(max(0, widths.count - 1)) * Self.gap, height: Self.height)
    }

    /// Each part's field, leading first.
    func frame(of part: Part) -> Rect {
        var x = 0.0
        var frames: [Part: Rect] = [:]
        for p in parts {
            let w = width(of: p)
            frames[p] = Rect(x: x, y: 0, width: w, height: Self.height)
            x += w + Self.gap
        }
        guard var frame = frames[part] else { return .zero }
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { frame.origin.x = bounds.width - frame.maxX }
        return frame
    }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        for part in parts {
            let frame = frame(of: part)
            context.fillRoundedRect(frame, radius: Self.cornerRadius, color: .tertiarySystemFill)
            var style = Self.textStyle
            if openPart == part { style.color = owner.tintColor }
            context.drawText(text(of: part), in: frame.insetBy(dx: 2, dy: 0), style: style)
        }
    }

    override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isTouchInside else { return }
        let point = touch.location(in: self)
        if let part = parts.first(where: { frame(of: $0).contains(point) }) { open(part) }
    }

    // MARK: The card

    /// The card's look: UIKit's popover card (13-pt corners) over a light dimming.
    static let cardCornerRadius = 13.0
    static let dimming = Color.black.withAlpha(0.2)

    func open(_ part: Part) {
        guard let window else { return }
        close()
        let dim = CoverView(frame: window.bounds)
        dim.backgroundColor = Self.dimming
        dim.onOutsideTouch = { [weak self] in self?.close() }
        let picker = DatePicker()
        picker.name = "datePicker.card"
        picker.datePickerMode = part == .date ? .date : .time
        picker.preferredDatePickerStyle = part == .date ? .inline : .wheels
        picker.timeZone = owner.timeZone
        picker.locale = owner.locale
        picker.minuteInterval = owner.minuteInterval
        picker.minimumDate = owner.minimumDate
        picker.maximumDate = owner.maximumDate
        picker.date = owner.date
        picker.tintColor = owner.tintColor
        picker.addAction(for: .valueChanged) { [weak self] control, _ in
            guard let self, let card = control as? DatePicker else { return }
            self.owner.userChose(card.date)
            self.setNeedsDisplay()
            self.invalidateIntrinsicContentSize()
            self.owner.setNeedsLayout()
        }
        let size = picker.intrinsicContentSize
        let cardView = View(frame: Rect(x: ((window.bounds.width - size.width - 16) / 2).rounded(),
                                        y: ((window.bounds.height - size.height - 16) / 2).rounded(),
                                        width: size.width + 16, height: size.height + 16))
        cardView.name = "datePicker.cardView"
        cardView.backgroundColor = .secondarySystemGroupedBackground
        cardView.cornerRadius = Self.cardCornerRadius
        cardView.shadowOpacity = 0.2
        cardView.shadowRadius = 16
        cardView.shadowOffset = Size(width: 0, height: 4)
        picker.frame = Rect(x: 8, y: 8, width: size.width, height: size.height)
        cardView.addSubview(picker)
        dim.addSubview(cardView)
        dim.accessibilityViewIsModal = true
        window.addSubview(dim)
        // Laid out now: the card takes taps at once, before the next frame.
        dim.layoutIfNeeded()
        overlay = dim
        card = picker
        openPart = part
        setNeedsDisplay()
        Accessibility.post(notification: .screenChanged, argument: nil)
    }

    /// Closes the card, if open.
    func close() {
        overlay?.removeFromSuperview()
        overlay = nil
        card = nil
        if openPart != nil {
            openPart = nil
            setNeedsDisplay()
            Accessibility.post(notification: .screenChanged, argument: self)
        }
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { close() }
    }

    // MARK: Accessibility: each field a button named by its text

    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        parts.map { part in
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = owner.accessibilityLabel
            element.accessibilityValue = text(of: part)
            element.accessibilityTraits = .button
            element.accessibilityFrameInContainerSpace = frame(of: part)
            element.onActivate = { [weak self] in self?.open(part); return true }
            return element
        }
    }
}
