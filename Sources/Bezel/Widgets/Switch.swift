/// UIKit's `UISwitch`: on or off. A tap toggles it; dragging the knob across flips it at the
/// halfway point. `valueChanged` is sent when the value changes by touch.
@MainActor
open class Switch: Control {
    // A fingertip's target around the drawn control (Control.minimumTouchTarget).
    override var defaultMinimumTouchTarget: Size { Control.fingertipTarget }
    open override func point(inside point: Point, with event: Event?) -> Bool { touchTargetContains(point) }

    // Accessibility: a button whose value is "on" or "off" (iOS's switch); activating toggles it.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { Localization.bezelString(isOn ? "on" : "off", language: language) }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.button) }

    public var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            stopDrawnValueAnimation(Self.knobKey)
            setNeedsDisplay()
        }
    }
    /// The knob's slide when the switch changes (UIKit does not document it; 0.25 s is
    /// Bezel's, close to what iOS shows).
    public static let toggleDuration: TimeInterval = 0.25
    private static let knobKey = 0
    /// Where the knob is drawn, 0 (off) ... 1 (on); between the two while it slides.
    var knobPosition: Double { presentedDrawnValue(Self.knobKey, model: isOn ? 1 : 0) }
    /// The track when on (default: UIKit's systemGreen).
    public var onTintColor = Color(rgb: 0x34C759) { didSet { if onTintColor != oldValue { setNeedsDisplay() } } }
    /// The track when off.
    public var offTintColor = Color(light: Color(rgb: 0xE0E0E0), dark: Color(rgb: 0x39393D)) { didSet { if offTintColor != oldValue { setNeedsDisplay() } } }
    /// The knob (UIKit's default: white).
    public var thumbTintColor = Color.white { didSet { if thumbTintColor != oldValue { setNeedsDisplay() } } }
    /// The knob's shadow: soft, a little below it, so a white knob stays visible on a light
    /// track (Bezel's approximation of iOS's knob: an 8 pt blur 3 pt down, black at 20 %).
    public static let knobShadow = Shadow(color: Color.black.withAlpha(0.2), offset: Size(width: 0, height: 3), blurRadius: 8)

    /// The knob's shadow reaches past the track: its blur (1.5 x the radius) and offset,
    /// less the knob's 3 pt inset.
    open override var drawingOverflow: Double { 1.5 * Self.knobShadow.blurRadius + Self.knobShadow.offset.height }

    /// UIKit's switch: 51 x 31 points (its size since iOS 7).
    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }

    private var dragged = false
    private var startX = 0.0

    /// Sets the value; animated, the knob slides and the track's colour follows it.
    public func setOn(_ on: Bool, animated: Bool = false) {
        let shown = knobPosition
        isOn = on
        if animated { animateDrawnValue(Self.knobKey, to: on ? 1 : 0, from: shown, duration: Self.toggleDuration) }
    }

    /// The knob's frame: a circle inset 3 pt in the track, at the end of the current value
    /// (on at the trailing end: the left in a right-to-left language, as iOS's switch).
    public var knobRect: Rect {
        let d = max(0, bounds.height - 6)
        let along = (bounds.width - 6 - d) * knobPosition
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.maxX - 3 - d - along : bounds.minX + 3 + along
        return Rect(x: x, y: bounds.minY + 3, width: d, height: d)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        dragged = false
        startX = touch.location(in: self).x
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let x = touch.location(in: self).x
        // Past the tap slop the knob follows the finger: which half it is in decides.
        if abs(x - startX) > PanGestureRecognizer.hysteresis { dragged = true }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isTouchInside else { return }
        let trailingHalf = effectiveUserInterfaceLayoutDirection == .rightToLeft
            ? touch.location(in: self).x < bounds.midX : touch.location(in: self).x > bounds.midX
        let newValue = dragged ? trailingHalf : !isOn
        if newValue != isOn {
            // A tapped switch slides its knob, as UIKit's does.
            setOn(newValue, animated: true)
            sendActions(for: .valueChanged, with: event)
        }
    }

    /// A tap (like a button) and a drag of the knob along the switch belong to the switch (spec §5).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
            && BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .horizontalDragOnThumb(knobRect))
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let radius = bounds.height / 2
        let position = knobPosition
        let track = position <= 0 ? offTintColor : position >= 1 ? onTintColor
            : offTintColor.interpolated(to: onTintColor, fraction: position)
        context.fillRoundedRect(bounds, radius: radius, color: isEnabled ? track : track.multiplyingAlpha(by: 0.5))
        var knob = Path()
        knob.addEllipse(in: knobRect)
        context.drawShadow(of: knob, shadow: Self.knobShadow)
        context.fill(knob, color: isHighlighted ? thumbTintColor.interpolated(to: .black, fraction: 0.06) : thumbTintColor, rule: .winding)
    }
}
