/// UIKit's `UISegmentedControl`: a row of titled segments, one selected. Touching a segment
/// selects it when the finger lifts inside and sends `valueChanged`.
@MainActor
open class SegmentedControl: Control {
    // A fingertip's target around the drawn control (Control.minimumTouchTarget).
    override var defaultMinimumTouchTarget: Size { Control.fingertipTarget }
    open override func point(inside point: Point, with event: Event?) -> Bool { touchTargetContains(point) }

    // Accessibility: each segment an element, a button named by its title, selected when it
    // is, valued "2 of 3" (UIKit's); activating one selects it and sends valueChanged.
    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        let count = titles.count
        return titles.indices.map { index in
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = titles[index]
            element.accessibilityValue = Localization.bezelString("%lld of %lld", filling: [index + 1, count], language: language)
            element.accessibilityTraits = controlStateTraits.subtracting(.selected).union(index == selectedSegmentIndex ? [.button, .selected] : .button)
            let width = bounds.width / Double(max(1, count))
            let column = effectiveUserInterfaceLayoutDirection == .rightToLeft ? count - 1 - index : index
            element.accessibilityFrameInContainerSpace = Rect(x: bounds.minX + Double(column) * width, y: bounds.minY, width: width, height: bounds.height)
            element.onActivate = { [weak self] in
                guard let self, self.isEnabled else { return false }
                if self.selectedSegmentIndex != index {
                    self.selectedSegmentIndex = index
                    self.sendActions(for: .valueChanged)
                }
                return true
            }
            return element
        }
    }

    public private(set) var titles: [String]
    /// -1: none selected (UIKit's `noSegment`).
    public var selectedSegmentIndex = -1 {
        didSet {
            if selectedSegmentIndex < -1 || selectedSegmentIndex >= titles.count { selectedSegmentIndex = -1 }
            if selectedSegmentIndex != oldValue {
                stopDrawnValueAnimation(Self.selectionKey)
                setNeedsDisplay()
            }
        }
    }
    /// The selection's slide to a tapped segment (0.25 s, Bezel's choice, as iOS 13's
    /// segmented control slides its selection).
    public static let selectionDuration: TimeInterval = 0.25
    private static let selectionKey = 0
    /// Where the selection is drawn, in segments (between two while it slides).
    private var shownSelection: Double { presentedDrawnValue(Self.selectionKey, model: Double(selectedSegmentIndex)) }
    public var titleStyle = TextStyle(size: 15, alignment: .center) { didSet { setNeedsDisplay(); invalidateIntrinsicContentSize() } }

    /// UIKit's `setTitleTextAttributes(_:for:)`: the titles' attributes in a state, over
    /// `titleStyle` (`.selected` over `.normal` for the selected segment; nil removes them).
    /// Unset, titles are drawn in the label colour, the selected one semibold.
    public func setTitleTextAttributes(_ attributes: TextAttributes?, for state: Button.State) {
        titleAttributes[state] = attributes
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    public func titleTextAttributes(for state: Button.State) -> TextAttributes? { titleAttributes[state] }
    private var titleAttributes: [Button.State: TextAttributes] = [:]

    /// The title's style in `state`: `titleStyle` in the label colour (semibold when
    /// selected, iOS 13's), with that state's attributes over it.
    private func titleStyle(selected: Bool) -> TextStyle {
        var style = titleStyle
        style.color = .label
        if selected { style.weight = .semibold }
        for state in selected ? [Button.State.normal, .selected] : [.normal] {
            guard let attributes = titleAttributes[state] else { continue }
            if let color = attributes.foregroundColor { style.color = color }
            if let size = attributes.size { style.size = size }
            if let weight = attributes.weight { style.weight = weight }
            if let family = attributes.family { style.family = family }
        }
        return style
    }

    public static let noSegment = -1
    private var touchedSegment = -1

    public init(frame: Rect = .zero, items: [String]) {
        titles = items
        super.init(frame: frame)
    }

    public var numberOfSegments: Int { titles.count }

    public func setTitle(_ title: String, forSegmentAt index: Int) {
        guard titles.indices.contains(index) else {
            Diagnostics.report(.apiMisuse, "setTitle(forSegmentAt: \(index)): \(titles.count) segments; ignored")
            return
        }
        titles[index] = title
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    public func insertSegment(withTitle title: String, at index: Int) {
        titles.insert(title, at: max(0, min(index, titles.count)))
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    func segment(at point: Point) -> Int {
        guard !titles.isEmpty, bounds.width > 0 else { return -1 }
        let index = min(max(0, Int((point.x - bounds.minX) / (bounds.width / Double(titles.count)))), titles.count - 1)
        return isRightToLeft ? titles.count - 1 - index : index
    }

    /// Segment 0 at the right in a right-to-left language (UIKit reverses the order).
    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// Where segment `index` (or a fractional position between two, while the selection
    /// glides) is drawn, left to right on screen.
    private func position(of index: Double) -> Double {
        isRightToLeft ? Double(titles.count - 1) - index : index
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        touchedSegment = segment(at: touch.location(in: self))
        setNeedsDisplay()
        return touchedSegment >= 0
    }

    open override func reasonForDecliningTracking(_ touch: Touch) -> String { "no segment under the touch" }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        defer {
            touchedSegment = -1
            setNeedsDisplay()
        }
        guard let touch, isTouchInside else { return }
        let index = segment(at: touch.location(in: self))
        guard index == touchedSegment, index != selectedSegmentIndex else { return }
        let previous = selectedSegmentIndex, shown = shownSelection
        selectedSegmentIndex = index
        if previous >= 0 {
            animateDrawnValue(Self.selectionKey, to: Double(index), from: shown, duration: Self.selectionDuration)
        }
        sendActions(for: .valueChanged, with: event)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }

    /// Equal segments (UIKit's default), each the widest title plus 12 points a side
    /// (Bezel's padding), 32 points high (UIKit's, iOS 13 and later).
    open override var intrinsicContentSize: Size {
        let widest = titles.map { TextMetrics.layout.measureText($0, style: titleStyle, width: nil).width }.max() ?? 0
        return Size(width: titles.isEmpty ? 0 : Double(titles.count) * (widest.rounded(.up) + 24), height: 32)
    }

    /// iOS 13's look: a grey track, the selected segment a raised white (dark: grey) pill
    /// with a soft shadow that slides to the tapped segment, titles in the label colour (the
    /// selected one semibold), thin separators between the unselected ones.
    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard !titles.isEmpty else { return }
        let width = bounds.width / Double(titles.count)
        let selection = selectedSegmentIndex >= 0 ? shownSelection : -1
        context.fillRoundedRect(bounds, radius: Self.cornerRadius, color: Self.trackColor)
        // The pressed segment (not the selected one) darkens a little under the finger.
        if isHighlighted, touchedSegment >= 0, abs(Double(touchedSegment) - selection) >= 0.5 {
            let segment = Rect(x: bounds.minX + position(of: Double(touchedSegment)) * width, y: bounds.minY, width: width, height: bounds.height)
            context.fillRoundedRect(segment.insetBy(dx: Self.selectionInset, dy: Self.selectionInset), radius: Self.selectionCornerRadius,
                                    color: Self.pressedColor)
        }
        // Separators, hidden beside the selection (as iOS hides them there).
        for i in 1..<titles.count {
            let x = bounds.minX + Double(i) * width
            let nearSelection = selection >= 0 && abs(position(of: selection) + 0.5 - Double(i)) < 1
            guard !nearSelection else { continue }
            context.fill(Rect(x: x - hairlineWidth / 2, y: bounds.minY + bounds.height / 4, width: hairlineWidth, height: bounds.height / 2),
                         color: Self.separatorColor)
        }
        if selection >= 0 {
            let pill = Rect(x: bounds.minX + position(of: selection) * width, y: bounds.minY, width: width, height: bounds.height)
                .insetBy(dx: Self.selectionInset, dy: Self.selectionInset)
            var shape = Path()
            shape.addRoundedRect(pill, cornerRadius: Self.selectionCornerRadius)
            context.drawShadow(of: shape, shadow: Self.selectionShadow)
            context.fillRoundedRect(pill, radius: Self.selectionCornerRadius, color: selectedSegmentTintColor ?? Self.selectionColor)
            context.strokeRoundedRect(pill, radius: Self.selectionCornerRadius, lineWidth: hairlineWidth, color: Self.selectionBorderColor)
        }
        for (i, title) in titles.enumerated() {
            let segment = Rect(x: bounds.minX + position(of: Double(i)) * width, y: bounds.minY, width: width, height: bounds.height)
            let isUnderSelection = selection >= 0 && abs(Double(i) - selection) < 0.5
            var style = titleStyle(selected: isUnderSelection)
            if !isEnabled { style.color = style.color.multiplyingAlpha(by: 0.35) }
            context.drawText(title, in: segment.insetBy(dx: 4, dy: 0), style: style)
        }
    }

    /// UIKit's `selectedSegmentTintColor` (iOS 13): the selected segment's fill; nil: white,
    /// systemGray's #636366 in the dark style.
    public var selectedSegmentTintColor: Color? { didSet { setNeedsDisplay() } }

    // iOS 13's segmented control, measured on iOS 17 screenshots at 3x: the track is
    // tertiarySystemFill (#767680 at 12 %, 24 % in the dark), corners 9 pt outside and 7 pt
    // on the selection, which sits 2 pt inside; the selection's shadow black at 12 %, 3 pt
    // down, 8 pt blur, with a 4 % hairline edge; separators systemGray at 30 %, half the
    // height; a pressed segment's fill the label colour at 6 %.
    public static let cornerRadius = 9.0
    static let selectionCornerRadius = 7.0
    static let selectionInset = 2.0
    static let trackColor = Color(light: Color(rgb: 0x767680).withAlpha(0.12), dark: Color(rgb: 0x767680).withAlpha(0.24))
    static let selectionColor = Color(light: .white, dark: Color(rgb: 0x636366))
    static let selectionBorderColor = Color.black.withAlpha(0.04)
    static let selectionShadow = Shadow(color: Color.black.withAlpha(0.12), offset: Size(width: 0, height: 3), blurRadius: 8)
    static let separatorColor = Color(rgb: 0x8E8E93).withAlpha(0.3)
    static let pressedColor = Color(light: Color.black.withAlpha(0.06), dark: Color.white.withAlpha(0.08))
}
