/// UIKit's `UIGestureRecognizer`: watches the touches that land on its view (or the view's
/// subviews) and turns them into a gesture with a state and actions.
///
/// **Subclassing** (UIKit's `UIGestureRecognizerSubclass`): override the touches methods
/// (calling super is optional), set `state` as the gesture develops, and reset your own
/// variables in `reset()`. The engine (`GestureArbiter`) does the rest: failure
/// requirements, `gestureRecognizerShouldBegin`, actions, cancelling the views' touches,
/// making the other recognizers fail. Use `schedule(after:_:)` for timeouts so they run on
/// the runtime's clock. Setting an illegal state transition is reported through
/// `Diagnostics` (kind `.illegalStateTransition`) and ignored.
@MainActor
open class GestureRecognizer {
    /// A name for traces and debugging.
    public var name: String?
    @exclusivity(unchecked) public weak var delegate: (any GestureRecognizerDelegate)?
    /// The view the recognizer is attached to (`View.addGestureRecognizer`). Not a weak
    /// reference (Platform/UnownedReferences.swift): the view clears it when it goes.
    public internal(set) var view: View? {
        get { viewReference?.takeUnretainedValue() }
        set {
            if let newValue { viewReference = Unmanaged.passUnretained(newValue) } else { viewReference = nil }
        }
    }
    /// `view`'s storage, unretained: `GestureArbiter.isReceiving` asks whether there is one
    /// without a retain and a release (Platform/UnownedReferences.swift).
    @exclusivity(unchecked) var viewReference: Unmanaged<View>?

    /// When the recognizer recognizes, its touches are cancelled in their views (default true).
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    /// While the recognizer is undecided, began and moved reports are withheld from the view (default false).
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// While the recognizer is undecided, ended reports are withheld from the view (default true).
    @exclusivity(unchecked) public var delaysTouchesEnded = true

    /// Disabling a recognizer that is tracking cancels it (if it had begun) or makes it fail.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { arbiter?.recognizerWithdrawn(self, detached: false) }
        }
    }

    /// Removed from its view: withdraw from the touch sequence (cancelled or failed, then reset).
    func detach() {
        arbiter?.recognizerWithdrawn(self, detached: true)
    }

    // MARK: Engine state (owned by GestureArbiter)

    @exclusivity(unchecked) var storedState: State = .possible
    /// The state a recognizer asked for when leaving `possible`, while the engine decides
    /// (failure requirements, shouldBegin). Its visible `state` is still `possible` meanwhile.
    @exclusivity(unchecked) var pendingState: State?
    /// Every touch delivered to this recognizer since its last reset, in landing order.
    @exclusivity(unchecked) var trackedTouches: [Touch] = []
    /// The arbiter of the arena it is in, nil outside one. Not a weak reference
    /// (Platform/UnownedReferences.swift): reset and the arbiter's deinit clear it.
    var arbiter: GestureArbiter? {
        get { arbiterReference?.takeUnretainedValue() }
        set {
            if let newValue { arbiterReference = Unmanaged.passUnretained(newValue) } else { arbiterReference = nil }
        }
    }
    /// `arbiter`'s storage, unretained: `GestureArbiter.isUndecided` compares it with itself
    /// without a retain and a release (Platform/UnownedReferences.swift).
    @exclusivity(unchecked) var arbiterReference: Unmanaged<GestureArbiter>?
    @exclusivity(unchecked) private var failureRequirements: [WeakRecognizer] = []
    @exclusivity(unchecked) private var timers: [TimerHandle] = []
    /// Timers from `makeTimer`, kept for the recognizer's life and started again and again.
    @exclusivity(unchecked) private var reusableTimers: [TimerHandle] = []

    private struct TargetAction {
        weak var target: AnyObject?
        let action: Selector
    }
    @exclusivity(unchecked) private var targetActions: [TargetAction] = []
    @exclusivity(unchecked) private var handlers: [@MainActor (GestureRecognizer) -> Void] = []

    /// A recognizer that sends `action` to `target` (held weakly, as UIKit does). Both may be nil.
    public init(target: AnyObject? = nil, action: Selector? = nil) {
        if let target, let action { targetActions.append(TargetAction(target: target, action: action)) }
    }

    /// A recognizer that calls `handler` each time it sends its actions.
    public convenience init(handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        self.init()
        handlers.append(handler)
    }

    public var debugName: String { name ?? String(describing: type(of: self)) }

    // MARK: Actions

    public func addTarget(_ target: AnyObject, action: Selector) {
        targetActions.append(TargetAction(target: target, action: action))
    }

    /// Removes the matching pairs; nil matches any target or any action.
    public func removeTarget(_ target: AnyObject?, action: Selector?) {
        targetActions.removeAll { pair in
            (target == nil || pair.target === target) && (action == nil || pair.action == action)
        }
    }

    public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Sends every action: targets first (in the order added), then closures. A target that
    /// has been freed is skipped (and traced), never messaged.
    func invokeActions() {
        let tracer = arbiter?.tracer ?? view?.window?.application?.tracer
        for pair in targetActions {
            guard let target = pair.target else {
                tracer?.log(.actions, "\(debugName) \(state): target of \(pair.action) was freed; skipped")
                continue
            }
            guard let handler = (target as? ActionTarget)?.actionHandler(for: pair.action) else {
                tracer?.log(.actions, "\(debugName) \(state): \(type(of: target)) does not implement \(pair.action)")
                continue
            }
            tracer?.log(.actions, "\(debugName) \(state): \(pair.action) to \((target as? Responder)?.debugName ?? String(describing: type(of: target)))")
            handler(self, nil)
        }
        for handler in handlers {
            tracer?.log(.actions, "\(debugName) \(state): action closure")
            handler(self)
        }
    }

    // MARK: State

    /// The recognizer's state. Subclasses set it; everyone else reads it.
    public var state: State {
        get { storedState }
        set {
            if let arbiter {
                arbiter.requestTransition(self, to: newValue)
            } else {
                applyDetachedTransition(to: newValue)
            }
        }
    }

    /// A recognizer outside any touch sequence (not attached, or no touch yet) has nobody to
    /// arbitrate with: legal transitions apply at once and recognition sends the actions.
    private func applyDetachedTransition(to new: State) {
        guard State.isLegal(from: storedState, to: new) else {
            reportIllegalTransition(to: new)
            return
        }
        let target: State = (storedState == .possible && new == .cancelled) ? .failed : new
        storedState = target
        if target != .failed { invokeActions() }
    }

    func reportIllegalTransition(to new: State) {
        Diagnostics.report(.illegalStateTransition,
                           "\(debugName): illegal state transition \(storedState) -> \(new); ignored. "
                           + "Legal: possible -> began|recognized|failed, began|changed -> changed|ended|cancelled; "
                           + "the engine alone resets to possible.")
    }

    // MARK: Touches

    /// The number of touches currently down that this recognizer is tracking.
    public var numberOfTouches: Int {
        var count = 0
        for touch in trackedTouches where !touch.phase.isFinal { count += 1 }
        return count
    }

    /// The tracked touches whose finger is still down.
    var touchesDown: [Touch] {
        var down: [Touch] = []
        for touch in trackedTouches where !touch.phase.isFinal { down.append(touch) }
        return down
    }

    /// The centroid of the recognizer's touches (those down, or the last ones if all lifted), in `view`'s coordinates.
    public func location(in view: View?) -> Point {
        let onlyDown = numberOfTouches > 0
        var sum = Point.zero
        var count = 0
        for touch in trackedTouches where !onlyDown || !touch.phase.isFinal {
            sum = sum + touch.location(in: view)
            count += 1
        }
        guard count > 0 else { return .zero }
        return Point(x: sum.x / Double(count), y: sum.y / Double(count))
    }

    /// The location of the `index`th touch currently down (out of range: `.zero`, reported).
    public func location(ofTouch index: Int, in view: View?) -> Point {
        let down = touchesDown
        guard down.indices.contains(index) else {
            Diagnostics.report(.apiMisuse, "\(debugName).location(ofTouch: \(index)): only \(down.count) touches")
            return .zero
        }
        return down[index].location(in: view)
    }

    /// Stops delivering `touch` to this recognizer (UIKit's `ignore(_:for:)`).
    public func ignore(_ touch: Touch, for event: Event?) {
        trackedTouches.removeObject(touch)
        touch.gestureRecognizers.removeObject(self)
    }

    /// Keeps the first `limit` fingers down (in landing order) and ignores the rest of the new
    /// `touches`: deterministic, whatever order a Set iterates in.
    public func ignoreTouches(beyond limit: Int, among touches: Set<Touch>, for event: Event?) {
        var down = 0
        for touch in trackedTouches where !touch.phase.isFinal {
            down += 1
            if down > limit, touches.contains(touch) { ignore(touch, for: event) }
        }
    }

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// A continuous recognizer's fingers moved: undecided, it begins once `thresholdCrossed`;
    /// already going, it reports a change.
    public func continueGesture(thresholdCrossed: @autoclosure () -> Bool) {
        switch state {
        case .possible: if thresholdCrossed() { state = .began }
        case .began, .changed: state = .changed
        case .ended, .cancelled, .failed: break
        }
    }

    /// What a continuous recognizer does when its touches are cancelled: an undecided one
    /// fails, an ongoing one is cancelled (with its actions).
    public func failOrCancel() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        case .ended, .cancelled, .failed: break
        }
    }

    /// Presses (keys, buttons) reach the recognizers of the first responder's view and its
    /// superviews before the responder chain, when the delegate accepts them (spec §6); the
    /// built-in recognizers ignore them.
    open func pressesBegan(_ presses: Set<Press>, with event: PressEvent) {}
    open func pressesChanged(_ presses: Set<Press>, with event: PressEvent) {}
    open func pressesEnded(_ presses: Set<Press>, with event: PressEvent) {}
    open func pressesCancelled(_ presses: Set<Press>, with event: PressEvent) {}

    /// Called by the engine when the recognizer goes back to `possible` after a sequence.
    /// Subclasses clear their own tracking here (calling super is optional).
    open func reset() {}

    // MARK: Relationships

    /// Makes this recognizer wait until `other` fails, and fail if `other` recognizes
    /// (classic use: single tap requires double tap to fail).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self else {
            Diagnostics.report(.apiMisuse, "\(debugName).require(toFail: self) would never decide; ignored")
            return
        }
        failureRequirements.removeAll { $0.recognizer == nil }
        if !failureRequirements.contains(where: { $0.recognizer === other }) {
            failureRequirements.append(WeakRecognizer(recognizer: other))
        }
    }

    func explicitlyRequiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
    }

    /// Subclass hook: true makes this recognizer wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Subclass hook: true makes `other` wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// Whether this recognizer's recognition may make `preventedGestureRecognizer` fail. Default true.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`'s recognition may make this one fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Timers

    /// Runs `action` after `delay` seconds on the runtime's clock, as part of the engine's
    /// dispatch (state changes it makes are arbitrated like those from touches). Cancelled
    /// automatically when the recognizer reaches a final state or is reset. Returns nil when
    /// the recognizer is not tracking touches (it has no clock then).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> TimerHandle? {
        guard let arbiter, let runLoop = arbiter.runLoop else {
            Diagnostics.report(.apiMisuse, "\(debugName).schedule(after:): the recognizer is not tracking touches; no timer")
            return nil
        }
        pruneTimers()
        // The arbiter is read when the timer fires: timers are cancelled when the recognizer
        // leaves the arena (reset), so it is the same one, alive.
        // Not a weak capture (Platform/UnownedReferences.swift): the recognizer cancels its
        // timers when it is reset and in its deinit.
        let handle = runLoop.schedule(after: delay) { [unowned(unsafe) self] in
            guard let arbiter = self.arbiter else { return }
            arbiter.timerTurn { action() }
            self.pruneTimers()
        }
        timers.append(handle)
        return handle
    }

    /// A timer of this recognizer's own, made once and started for each touch with
    /// `start(_:after:)` (the built-in recognizers' timeouts): no timer and no closure made
    /// per touch (issue 17 item 2). `action` gets the recognizer, so it needs to capture
    /// nothing; it runs as `schedule(after:_:)`'s do, as part of the engine's dispatch, and the
    /// timer is cancelled with the others (final state, reset, deinit).
    func makeTimer(_ action: @escaping @MainActor (GestureRecognizer) -> Void) -> TimerHandle {
        // Not a weak capture (Platform/UnownedReferences.swift): the recognizer owns the
        // timer and cancels it in its reset and its deinit.
        let handle = RunLoop.makeTimer { [unowned(unsafe) self] in
            guard let arbiter = self.arbiter else { return }
            arbiter.timerTurn { action(self) }
        }
        reusableTimers.append(handle)
        return handle
    }

    /// Starts (or restarts) `timer` from `makeTimer`, `delay` seconds from now on the
    /// runtime's clock. Does nothing, reported, when the recognizer is not tracking touches.
    func start(_ timer: TimerHandle, after delay: TimeInterval) {
        guard let arbiter, let runLoop = arbiter.runLoop else {
            Diagnostics.report(.apiMisuse, "\(debugName): a timer started while the recognizer is not tracking touches; not started")
            return
        }
        runLoop.start(timer, after: delay)
    }

    /// The usual timeout: a recognizer still undecided when its time is up fails.
    func failIfStillPossible() {
        if state == .possible { state = .failed }
    }

    var hasScheduledTimers: Bool {
        for timer in timers where timer.isScheduled { return true }
        for timer in reusableTimers where timer.isScheduled { return true }
        return false
    }

    private func pruneTimers() {
        for i in timers.indices.reversed() where !timers[i].isScheduled { timers.remove(at: i) }
    }

    deinit {
        // Its timers' closures do not keep it (see `schedule(after:_:)` and `makeTimer`).
        let timers = timers + reusableTimers
        guard !timers.isEmpty else { return }
        cleanUpAsMainActor { for timer in timers { timer.cancel() } }
    }

    func cancelTimers() {
        for timer in reusableTimers { timer.cancel() }
        guard !timers.isEmpty else { return }
        for timer in timers { timer.cancel() }
        timers.removeAllKeepingStorage()
    }
}

struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
