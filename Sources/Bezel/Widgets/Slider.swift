/// UIKit's `UISlider`: a thumb dragged along a track to choose a value between
/// `minimumValue` and `maximumValue`. Only a touch that lands on the thumb moves it, as in
/// UIKit; `valueChanged` is sent while dragging (`isContinuous`, default) or once at the end.
@MainActor
open class Slider: Control {
    // A fingertip's target around the drawn control (Control.minimumTouchTarget).
    override var defaultMinimumTouchTarget: Size { Control.fingertipTarget }
    open override func point(inside point: Point, with event: Event?) -> Bool { touchTargetContains(point) }

    // Accessibility: adjustable, its value a percentage of the range; a step is a tenth of
    // the range (UIKit's), sending valueChanged as a drag would.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? {
        accessibilityPercent(maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0)
    }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.adjustable) }
    open override func accessibilityIncrement() { accessibilityStep(by: 1) }
    open override func accessibilityDecrement() { accessibilityStep(by: -1) }
    private func accessibilityStep(by steps: Double) {
        guard isEnabled else { return }
        let old = value
        value = value + steps * (maximumValue - minimumValue) / 10
        if value != old { sendActions(for: .valueChanged) }
    }

    public var minimumValue: Double = 0 { didSet { value = clampedValue(value) } }
    public var maximumValue: Double = 1 { didSet { value = clampedValue(value) } }
    /// Always within the range; NaN is refused (kept as it was).
    public var value: Double = 0 {
        didSet {
            if value.isNaN { value = oldValue }
            value = clampedValue(value)
            if value != oldValue {
                stopDrawnValueAnimation(Self.thumbKey)
                setNeedsDisplay()
            }
        }
    }
    public var isContinuous = true
    /// The filled part of the track (default: the tint colour).
    public var minimumTrackTintColor: Color? { didSet { if minimumTrackTintColor != oldValue { setNeedsDisplay() } } }
    public var maximumTrackTintColor = Color.systemFill { didSet { if maximumTrackTintColor != oldValue { setNeedsDisplay() } } }
    /// The thumb's colour (UIKit's: nil, a white thumb).
    public var thumbTintColor: Color? { didSet { if thumbTintColor != oldValue { setNeedsDisplay() } } }
    /// The thumb's shadow (Bezel's approximation of iOS's: a 6 pt blur 2 pt down, black at 25 %).
    public static let thumbShadow = Shadow(color: Color.black.withAlpha(0.25), offset: Size(width: 0, height: 2), blurRadius: 6)

    /// Thumb diameter: the track's height plus 8 pt (UIKit's thumb is 28 pt on a 4 pt track;
    /// Bezel's kiosk tracks are thicker, so the thumb follows the track).
    public var thumbDiameter: Double { bounds.height + 8 }

    /// The thumb reaches 4 pt above and below the track, its shadow 1.5 x its blur and its
    /// offset further (plus a pixel of antialiasing).
    open override var drawingOverflow: Double { 5 + 1.5 * Self.thumbShadow.blurRadius + Self.thumbShadow.offset.height }

    /// As wide as constraints make it; 20 points high, which gives UIKit's 28-point thumb
    /// (the thumb is the track's height plus 8).
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 20) }

    private var grabOffset: Double = 0
    private var changedWhileTracking = false

    /// The thumb's glide for `setValue(_:animated: true)` (0.25 s, Bezel's choice: UIKit
    /// does not document its duration).
    public static let animationDuration: TimeInterval = 0.25
    private static let thumbKey = 0

    /// Sets the value; animated, the thumb and the filled track glide to it.
    public func setValue(_ newValue: Double, animated: Bool = false) {
        let shown = shownFraction
        value = newValue
        if animated { animateDrawnValue(Self.thumbKey, to: fraction, from: shown, duration: Self.animationDuration) }
    }

    /// The fraction drawn: the value's, or where an animated change has got to.
    private var shownFraction: Double { presentedDrawnValue(Self.thumbKey, model: fraction) }

    private func clampedValue(_ v: Double) -> Double {
        let lo = min(minimumValue, maximumValue), hi = max(minimumValue, maximumValue)
        return min(max(v, lo), hi)
    }

    private var fraction: Double {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
    }

    /// The thumb's centre along the track, in the slider's coordinates: the minimum at the
    /// leading end (the right in a right-to-left language, as UIKit's slider).
    var thumbCenterX: Double {
        let r = thumbDiameter / 2
        let offset = r / 2 + (bounds.width - r) * shownFraction
        return effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.maxX - offset : bounds.minX + offset
    }

    /// The thumb's frame (it may extend past the bounds vertically).
    public var thumbRect: Rect {
        let d = thumbDiameter
        return Rect(x: thumbCenterX - d / 2, y: bounds.midY - d / 2, width: d, height: d)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let p = touch.location(in: self)
        // A fingertip-sized allowance around the thumb (10 pt, the tap slop).
        guard thumbRect.insetBy(dx: -10, dy: -10).contains(p) else { return false }
        grabOffset = p.x - thumbCenterX
        changedWhileTracking = false
        return true
    }

    open override func reasonForDecliningTracking(_ touch: Touch) -> String {
        let p = touch.location(in: self)
        return "the touch at x \(Int(p.x.rounded())) is off the thumb at x \(Int(thumbRect.minX.rounded()))...\(Int(thumbRect.maxX.rounded())) (10 pt allowance); a slider moves only by its thumb"
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let r = thumbDiameter / 2
        let span = bounds.width - r
        guard span > 0 else { return true }
        let x = touch.location(in: self).x - grabOffset
        let old = value
        let along = effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.maxX - r / 2 - x : x - bounds.minX - r / 2
        value = minimumValue + along / span * (maximumValue - minimumValue)
        if value != old {
            changedWhileTracking = true
            if isContinuous { sendActions(for: .valueChanged, with: event) }
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if changedWhileTracking, !isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    /// Drags along the slider belong to the slider, not to an ancestor's pan or swipe (spec §5).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .horizontalDragOnThumb(thumbRect))
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let radius = bounds.height / 2
        context.fillRoundedRect(bounds, radius: radius, color: isEnabled ? maximumTrackTintColor : maximumTrackTintColor.multiplyingAlpha(by: 0.5))
        let center = thumbCenterX
        let filled = effectiveUserInterfaceLayoutDirection == .rightToLeft
            ? Rect(x: min(center, bounds.maxX - bounds.height), y: bounds.minY, width: max(bounds.height, bounds.maxX - center), height: bounds.height)
            : Rect(x: bounds.minX, y: bounds.minY, width: max(bounds.height, center - bounds.minX), height: bounds.height)
        let tint = minimumTrackTintColor ?? tintColor
        context.fillRoundedRect(filled, radius: radius, color: isEnabled ? tint : tint.withAlpha(0.5))
        var thumb = Path()
        thumb.addEllipse(in: thumbRect)
        context.drawShadow(of: thumb, shadow: Self.thumbShadow)
        let thumbColor = thumbTintColor ?? .white
        // Held: a touch darker, so the finger's grip shows.
        context.fill(thumb, color: isHighlighted ? thumbColor.interpolated(to: .black, fraction: 0.08) : thumbColor, rule: .winding)
        if !isEnabled { context.fill(thumb, color: maximumTrackTintColor.multiplyingAlpha(by: 0.4), rule: .winding) }
    }
}
