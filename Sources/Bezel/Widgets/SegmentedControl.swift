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
    /// Unset, titles are drawn in the tint, the selected one in white on the tint's fill.
    public func setTitleTextAttributes(_ attributes: TextAttributes?, for state: Button.State) {
        titleAttributes[state] = attributes
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    public func titleTextAttributes(for state: Button.State) -> TextAttributes? { titleAttributes[state] }
    private var titleAttributes: [Button.State: TextAttributes] = [:]

    /// The title's style in `state`: `titleStyle` with that state's attributes over it.
    private func titleStyle(selected: Bool, tint: Color) -> TextStyle {
        var style = titleStyle
        style.color = selected ? .white : tint
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

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard !titles.isEmpty else { return }
        let tint = isEnabled ? tintColor : tintColor.withAlpha(0.35)
        let width = bounds.width / Double(titles.count)
        let selection = selectedSegmentIndex >= 0 ? shownSelection : -1
        // Rounded like the buttons beside it (UIKit's bordered style: 5 pt corners); the
        // selection and the pressed segment are clipped to the rounded outline.
        var outline = Path()
        outline.addRoundedRect(bounds, cornerRadius: Self.cornerRadius)
        context.saveState()
        context.clip(to: outline, rule: .winding)
        if selection >= 0 {
            context.fill(Rect(x: bounds.minX + position(of: selection) * width, y: bounds.minY, width: width, height: bounds.height), color: tint)
        }
        for (i, title) in titles.enumerated() {
            let segment = Rect(x: bounds.minX + position(of: Double(i)) * width, y: bounds.minY, width: width, height: bounds.height)
            let isUnderSelection = selection >= 0 && abs(Double(i) - selection) < 0.5
            if !isUnderSelection, i == touchedSegment && isHighlighted {
                context.fill(segment, color: tint.withAlpha(0.15))
            }
            if position(of: Double(i)) > 0 { context.fill(Rect(x: segment.minX - hairlineWidth / 2, y: bounds.minY, width: hairlineWidth, height: bounds.height), color: tint) }
            context.drawText(title, in: segment.insetBy(dx: 4, dy: 0), style: titleStyle(selected: isUnderSelection, tint: tint))
        }
        context.restoreState()
        context.strokeRoundedRect(bounds, radius: Self.cornerRadius, lineWidth: 1, color: tint)
    }

    /// The corners' radius (UIKit's bordered segmented control, before iOS 13: 5 pt).
    public static let cornerRadius = 5.0
}
