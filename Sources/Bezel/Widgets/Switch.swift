/// UIKit's `UISwitch`: on or off. A tap toggles it; dragging the knob across flips it at the
/// halfway point. `valueChanged` is sent when the value changes by touch.
@MainActor
open class Switch: Control {
    public var isOn = false {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }
    /// The track when on (default: UIKit's systemGreen).
    public var onTintColor = Color(rgb: 0x34C759)
    /// The track when off.
    public var offTintColor = Color(rgb: 0xE0E0E0)
    public var thumbTintColor = Color.white

    private var dragged = false
    private var startX = 0.0

    public func setOn(_ on: Bool, animated: Bool = false) {
        isOn = on
    }

    /// The knob's frame: a circle inset 3 pt in the track, at the end of the current value.
    public var knobRect: Rect {
        let d = max(0, bounds.height - 6)
        let x = isOn ? bounds.maxX - 3 - d : bounds.minX + 3
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
        let newValue = dragged ? touch.location(in: self).x > bounds.midX : !isOn
        if newValue != isOn {
            isOn = newValue
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
        let track = isOn ? onTintColor : offTintColor
        context.fillRoundedRect(bounds, radius: radius, color: isEnabled ? track : track.withAlpha(0.5))
        context.fillEllipse(in: knobRect, color: isHighlighted ? thumbTintColor.withAlpha(0.9) : thumbTintColor)
    }
}
