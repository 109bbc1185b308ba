/// UIKit's `UIStepper`: minus and plus halves change `value` by `stepValue` within
/// `minimumValue...maximumValue`, sending `valueChanged`. Holding a half repeats
/// (`autorepeat`, default on): after 0.5 s, then every 0.1 s (UIKit's observed timing).
@MainActor
open class Stepper: Control {
    // A fingertip's target around the drawn control (Control.minimumTouchTarget).
    override var defaultMinimumTouchTarget: Size { Control.fingertipTarget }
    open override func point(inside point: Point, with event: Event?) -> Bool { touchTargetContains(point) }

    // Accessibility: adjustable, its value the number; a step is `stepValue`, sending
    // valueChanged as a tap on plus or minus would.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { value.formatted() }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.adjustable) }
    open override func accessibilityIncrement() { accessibilityStep(by: 1) }
    open override func accessibilityDecrement() { accessibilityStep(by: -1) }
    private func accessibilityStep(by steps: Double) {
        guard isEnabled else { return }
        let old = value
        value = min(max(value + steps * stepValue, min(minimumValue, maximumValue)), max(minimumValue, maximumValue))
        if value != old { sendActions(for: .valueChanged) }
    }

    public var minimumValue: Double = 0 { didSet { value = clamped(value) } }
    public var maximumValue: Double = 100 { didSet { value = clamped(value) } }
    public var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) || !stepValue.isFinite { stepValue = 1 } }
    }
    public var value: Double = 0 {
        didSet {
            if value.isNaN { value = oldValue }
            value = clamped(value)
            if value != oldValue { setNeedsDisplay() }
        }
    }
    public var autorepeat = true
    /// Past the maximum, continue from the minimum (and the other way round).
    public var wraps = false

    static let repeatDelay: TimeInterval = 0.5
    static let repeatInterval: TimeInterval = 0.1

    private var direction: Double = 0
    private var repeatTimer: TimerHandle?

    private func clamped(_ v: Double) -> Double {
        min(max(v, min(minimumValue, maximumValue)), max(minimumValue, maximumValue))
    }

    private func step(with event: Event?) {
        var next = value + direction * stepValue
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        let old = value
        value = next
        if value != old { sendActions(for: .valueChanged, with: event) }
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        // Plus at the trailing end: the left in a right-to-left language.
        let trailingHalf = (touch.location(in: self).x >= bounds.midX) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
        direction = trailingHalf ? 1 : -1
        step(with: event)
        if autorepeat, let runLoop = window?.application?.runLoop {
            repeatTimer = runLoop.schedule(after: Self.repeatDelay) { [weak self] in self?.repeatStep(runLoop) }
        }
        return true
    }

    private func repeatStep(_ runLoop: RunLoop) {
        guard isTracking, isTouchInside else { return }
        step(with: nil)
        repeatTimer = runLoop.schedule(after: Self.repeatInterval) { [weak self] in self?.repeatStep(runLoop) }
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        repeatTimer?.cancel()
        repeatTimer = nil
    }

    open override func cancelTracking(with event: Event?) {
        repeatTimer?.cancel()
        repeatTimer = nil
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }

    /// UIKit's stepper: 94 x 32 points (iOS 13 and later).
    open override var intrinsicContentSize: Size { Size(width: 94, height: 32) }

    /// iOS 13's look: a grey rounded track (the segmented control's), a short separator in
    /// the middle, minus and plus in the label colour (faded at a limit), the pressed half
    /// darkened under the finger.
    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let half = bounds.width / 2
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let minusX = rightToLeft ? bounds.midX : bounds.minX, plusX = rightToLeft ? bounds.minX : bounds.midX
        context.fillRoundedRect(bounds, radius: SegmentedControl.cornerRadius, color: SegmentedControl.trackColor)
        if isHighlighted {
            let pressed = Rect(x: direction > 0 ? plusX : minusX, y: bounds.minY, width: half, height: bounds.height)
            context.saveState()
            context.clip(to: pressed)
            context.fillRoundedRect(bounds, radius: SegmentedControl.cornerRadius, color: SegmentedControl.pressedColor)
            context.restoreState()
        }
        context.fill(Rect(x: bounds.midX - hairlineWidth / 2, y: bounds.minY + bounds.height / 4, width: hairlineWidth, height: bounds.height / 2),
                     color: SegmentedControl.separatorColor)
        let enabled = isEnabled ? 1.0 : 0.35
        let minus = Color.label.multiplyingAlpha(by: (value > minimumValue || wraps ? 1 : 0.3) * enabled)
        let plus = Color.label.multiplyingAlpha(by: (value < maximumValue || wraps ? 1 : 0.3) * enabled)
        let bar = min(14.0, half / 3)
        context.fill(Rect(x: minusX + half / 2 - bar / 2, y: bounds.midY - 1, width: bar, height: 2), color: minus)
        context.fill(Rect(x: plusX + half / 2 - bar / 2, y: bounds.midY - 1, width: bar, height: 2), color: plus)
        context.fill(Rect(x: plusX + half / 2 - 1, y: bounds.midY - bar / 2, width: 2, height: bar), color: plus)
    }
}
