/// UIKit's `UIControl`: a view that tracks one touch through its own touches methods and
/// turns it into control events sent to targets (spec §5, seed 003).
///
/// The touches methods call `beginTracking`, `continueTracking`, `endTracking` and
/// `cancelTracking`; a subclass that overrides a touches method without calling super gets
/// no tracking and sends no actions. Controls do not forward touches up the responder chain.
@MainActor
open class Control: View {
    /// The smallest area a finger can hit the control in: the bounds grown around their middle
    /// to at least this size (touches there reach the control as on it). 44 x 44 pt for the
    /// built-in controls drawn smaller than a fingertip (switches, sliders, steppers,
    /// segmented and page controls): Apple's minimum target, and EN 301 549's concern on a
    /// self-service panel; zero (the bounds) for the rest. The accessibility frame is this
    /// area too. Hit-testing honours it where `point(inside:)` asks `touchTargetContains`:
    /// the small built-in controls do, and so can an app's own control.
    public var minimumTouchTarget: Size {
        get { resolvedTouchTarget }
        set {
            touchTarget = Size(width: newValue.width.isFinite ? max(0, newValue.width) : 0,
                               height: newValue.height.isFinite ? max(0, newValue.height) : 0)
        }
    }
    /// The target once known (the default is asked once): hit-testing reads it for every
    /// control a touch passes (M3: a computed default there cost 2 % of a press and release).
    @exclusivity(unchecked) private var touchTarget: Size?
    private var resolvedTouchTarget: Size {
        if let touchTarget { return touchTarget }
        let target = defaultMinimumTouchTarget
        touchTarget = target
        return target
    }
    /// The built-in controls' own minimum (zero: the bounds).
    var defaultMinimumTouchTarget: Size { Size(width: 0, height: 0) }

    /// 44 x 44 pt: the built-in small controls' `minimumTouchTarget`.
    public static let fingertipTarget = Size(width: 44, height: 44)

    /// The bounds grown to `minimumTouchTarget`.
    public var touchTargetRect: Rect {
        let b = bounds
        let dx = max(0, minimumTouchTarget.width - b.width) / 2, dy = max(0, minimumTouchTarget.height - b.height) / 2
        return b.insetBy(dx: -dx, dy: -dy)
    }

    /// Whether `point` is in the touch target: what the built-in small controls answer for
    /// `point(inside:)` (a custom control wanting a target does the same). Not every control:
    /// a button's plain bounds test keeps hit-testing as cheap as it was (M3: overriding it
    /// for all controls cost 2 % of a press and release).
    public func touchTargetContains(_ point: Point) -> Bool {
        // Straight from the stored frame and origin: hit-testing asks this of every small
        // control a touch passes (M3's scene has a switch and a slider).
        let size = frame.size, target = resolvedTouchTarget
        let dx = target.width > size.width ? (target.width - size.width) / 2 : 0
        let dy = target.height > size.height ? (target.height - size.height) / 2 : 0
        let x = point.x - boundsOrigin.x, y = point.y - boundsOrigin.y
        return x >= -dx && x < size.width + dx && y >= -dy && y < size.height + dy
    }

    open override var accessibilityFrame: Rect {
        get { accessibilityProperties?.frame ?? convert(touchTargetRect, to: nil) }
        set { super.accessibilityFrame = newValue }
    }

    // Accessibility: a control's state traits (subclasses add what they are).
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits }

    /// "Inside" while tracking includes this margin around the bounds, so a finger that slides
    /// a little off a button still counts as inside (UIKit's expanded area, measured ~70 pt).
    public static let trackingMargin: Double = 70

    /// A disabled control cannot be hit (touches go to the view behind it) and is drawn dimmed.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled, let touch = trackedTouch { stopTracking(touch, cancelled: true, event: nil) }
            if oldValue != isEnabled { stateDidChange() }
        }
    }
    @exclusivity(unchecked) public var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// True while a tracked touch is inside (with the margin).
    @exclusivity(unchecked) public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// Enabled, selected or highlighted changed: redraw (a configured button also runs its
    /// update handler). One hook, not observers overridden per property in Button: those made
    /// every read of the state a dynamic call (M3 27,264 instructions with them, 27,167 with
    /// this hook).
    func stateDidChange() { setNeedsDisplay() }
    @exclusivity(unchecked) public private(set) var isTracking = false
    /// Whether the tracked touch is inside the bounds plus `trackingMargin`.
    @exclusivity(unchecked) public private(set) var isTouchInside = false

    @exclusivity(unchecked) private var trackedTouch: Touch?
    @exclusivity(unchecked) private var registrations: [ControlRegistration] = []

    open override var canBeHit: Bool { super.canBeHit && isEnabled }

    // MARK: Targets and actions

    /// Sends `action` to `target` (held weakly) when any of `events` happens. A nil target
    /// sends the action up the responder chain from the first responder (or this control).
    public func addTarget(_ target: AnyObject?, action: Selector, for events: Events) {
        if let i = registrations.firstIndex(where: { reg in
            if case let .targetAction(t, had, a) = reg.kind { return a == action && had == (target != nil) && t.object === target }
            return false
        }) {
            registrations[i].events.formUnion(events)
            return
        }
        registrations.append(ControlRegistration(kind: .targetAction(target: WeakObject(object: target), hadTarget: target != nil, action: action), events: events))
    }

    /// Removes `events` from the matching pairs; a nil target or action matches any.
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: Events) {
        for i in registrations.indices {
            if case let .targetAction(t, _, a) = registrations[i].kind,
               target == nil || t.object === target, action == nil || a == action {
                registrations[i].events.subtract(events)
            }
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Calls `handler` when any of `events` happens; returns the action so it can be removed.
    @discardableResult
    public func addAction(for events: Events, _ handler: @escaping @MainActor (Control, Event?) -> Void) -> ControlAction {
        let action = ControlAction(handler: handler)
        addAction(action, for: events)
        return action
    }

    public func addAction(_ action: ControlAction, for events: Events) {
        registrations.append(ControlRegistration(kind: .closure(action), events: events))
    }

    public func removeAction(_ action: ControlAction, for events: Events) {
        for i in registrations.indices {
            if case let .closure(a) = registrations[i].kind, a === action { registrations[i].events.subtract(events) }
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The events that have at least one registration.
    public var allControlEvents: Events {
        registrations.reduce(into: Events()) { $0.formUnion($1.events) }
    }

    /// Sends the actions registered for `events`, in registration order (UIKit's
    /// `sendActions(for:)`); also how subclasses announce `valueChanged`.
    public func sendActions(for events: Events, with event: Event? = nil) {
        // The event knows the tracer; walking up to the window is only needed without one.
        let tracer = event != nil ? event?.tracer : window?.application?.tracer
        // The registrations as they are now (an action that adds or removes one changes the
        // next sending, not this one); each copied only when it fires: a copy of one holding
        // a weak target or a closure cost ~100 instructions (M3).
        let snapshot = registrations
        for i in snapshot.indices where !snapshot[i].events.isDisjoint(with: events) {
            let registration = snapshot[i]
            let fired = registration.events.intersection(events)
            switch registration.kind {
            case let .targetAction(target, hadTarget, action):
                if hadTarget && target.object == nil {
                    tracer?.log(.actions, "\(debugName) \(fired): target of \(action) was freed; skipped")
                    continue
                }
                tracer?.log(.actions, "\(debugName) \(fired) -> \(action)")
                sendAction(action, to: target.object, for: event)
            case let .closure(action):
                tracer?.log(.actions, "\(debugName) \(fired) -> closure \(action.identifier)")
                sendAction(action, for: event)
            }
        }
    }

    /// The funnel for target-action pairs: hands the action to `Application.sendAction`.
    /// Override to redirect or filter (seed 003), calling super to send.
    open func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        guard let application = window?.application else {
            Diagnostics.report(.apiMisuse, "\(debugName): action \(action) sent while the control is in no window; dropped")
            return
        }
        application.sendAction(action, to: target, from: self, for: event)
    }

    /// The funnel for closure actions. Override to filter, calling super to run it.
    open func sendAction(_ action: ControlAction, for event: Event?) {
        action.handler(self, event)
    }

    // MARK: Tracking

    /// A touch landed; return false to not track it. Default true.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Why `beginTracking` declined `touch`, for the trace (`BEZEL_TRACE=actions`). Controls
    /// that decline some touches say why; the default names no reason.
    open func reasonForDecliningTracking(_ touch: Touch) -> String { "the control's own rule" }

    // MARK: Priority over ancestors' recognizers

    /// The default actions this control claims over gesture recognizers on its ancestors,
    /// as UIKit's built-in controls claim theirs (a button's tap beats a tap recognizer on
    /// the view behind it). Bezel's addition: UIKit keeps this private, and gives custom
    /// controls none (T15), which stays the default here. A custom button-like control
    /// returns `[.singleTap]`; a custom slider `[.horizontalDragOnThumb(thumbFrame)]`.
    open var prioritizedDefaultActions: [ControlDefaultAction] { [] }

    /// Declines an ancestor's recognizer that overlaps one of `prioritizedDefaultActions`.
    /// Built-in controls override it with their own actions.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        for action in prioritizedDefaultActions where !BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: action) {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    /// The tracked touch moved; return false to stop tracking. Default true.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// The tracked touch lifted.
    open func endTracking(_ touch: Touch?, with event: Event?) {}
    /// Tracking was cancelled (a recognizer took the touch, the touch was cancelled).
    open func cancelTracking(with event: Event?) {}

    /// Events sent with touchUpInside; built-in buttons add primaryActionTriggered.
    var eventsForTouchUpInside: Events { .touchUpInside }

    private func isInsideTrackingArea(_ touch: Touch) -> Bool {
        let m = Control.trackingMargin
        return bounds.insetBy(dx: -m, dy: -m).contains(touch.location(in: self))
    }

    private func tracked(in touches: Set<Touch>) -> Touch? {
        guard let trackedTouch else { return nil }
        // One touch (the usual report): compared, not hashed (~120 instructions, M3).
        if touches.count == 1 { return touches.first === trackedTouch ? trackedTouch : nil }
        return touches.contains(trackedTouch) ? trackedTouch : nil
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        var mine: Touch?
        for touch in touches where touch.view === self {
            mine = touch
            break
        }
        guard trackedTouch == nil, let touch = mine ?? touches.first else { return }
        guard isEnabled else {
            event?.tracer?.log(.actions, "\(debugName) declined touch \(touch.identifier): the control is disabled (isEnabled false)")
            return
        }
        trackedTouch = touch
        isTouchInside = true
        guard beginTracking(touch, with: event) else {
            // BEZEL_TRACE must explain a tap that did nothing (a slider touched off its thumb).
            event?.tracer?.log(.actions, "\(debugName) declined touch \(touch.identifier): beginTracking returned false (\(reasonForDecliningTracking(touch)))")
            trackedTouch = nil
            return
        }
        isTracking = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches), isTracking else { return }
        let wasInside = isTouchInside
        let inside = isInsideTrackingArea(touch)
        isTouchInside = inside
        guard continueTracking(touch, with: event) else {
            stopTracking(touch, cancelled: false, event: event, sendEnd: false)
            return
        }
        isHighlighted = inside
        var events: Events = inside ? .touchDragInside : .touchDragOutside
        if inside != wasInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches) else { return }
        stopTracking(touch, cancelled: false, event: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches) else { return }
        stopTracking(touch, cancelled: true, event: event)
    }

    private func stopTracking(_ touch: Touch, cancelled: Bool, event: Event?, sendEnd: Bool = true) {
        let wasTracking = isTracking
        trackedTouch = nil
        isTracking = false
        isHighlighted = false
        guard wasTracking, sendEnd else { return }
        if cancelled {
            cancelTracking(with: event)
            sendActions(for: .touchCancel, with: event)
        } else {
            let inside = isInsideTrackingArea(touch)
            isTouchInside = inside
            endTracking(touch, with: event)
            sendActions(for: inside ? eventsForTouchUpInside : .touchUpOutside, with: event)
        }
    }
}
