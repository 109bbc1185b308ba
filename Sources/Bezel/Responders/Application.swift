/// Receives the app's life-cycle callbacks. If the delegate is a `Responder`, it is the last
/// link of the responder chain (after the application, spec §1).
@MainActor
public protocol ApplicationDelegate: AnyObject {
    func applicationDidFinishLaunching(_ application: Application)
}

extension ApplicationDelegate {
    public func applicationDidFinishLaunching(_ application: Application) {}
}

/// UIKit's `UIApplication`: owns the windows, the run loop and its clock, and is the single
/// funnel for touch events (`sendEvent`) and actions (`sendAction`). Not a singleton: tests
/// create as many as they like, each with its own virtual clock.
@MainActor
open class Application: Responder {
    public let runLoop: RunLoop
    public let tracer: Tracer
    /// Held strongly, as UIApplicationMain holds the app delegate.
    public var delegate: (any ApplicationDelegate)?

    @exclusivity(unchecked) public private(set) var windows: [Window] = []
    /// One of `windows`, which it owns (not a weak reference: Platform/UnownedReferences.swift).
    public internal(set) unowned(unsafe) var keyWindow: Window?
    /// The responder that receives presses, motion and nil-target actions first.
    @exclusivity(unchecked) public internal(set) weak var firstResponder: Responder? {
        didSet {
            guard firstResponder !== oldValue else { return }
            (oldValue as? FirstResponderObserving)?.didResignFirstResponder()
            (firstResponder as? FirstResponderObserving)?.didBecomeFirstResponder()
            keyComposer.reset()
            if !isHandingOverFirstResponder { keyboardPresenter.firstResponderDidChange() }
        }
    }
    /// True while one responder resigns for another to become first responder.
    var isHandingOverFirstResponder = false

    /// The style of every window that does not override it (the system's setting; the
    /// runtime sets it from `appearance`). Changing it redraws what changes, and calls
    /// `traitCollectionDidChange` on each view and controller whose style changed.
    public var userInterfaceStyle: UserInterfaceStyle = .light {
        didSet { if userInterfaceStyle != oldValue { for window in windows { window.updateTraits() } } }
    }

    /// Posts the keyboard notifications (and whatever an app posts).
    public let notificationCenter = NotificationCenter()

    /// The letter page of the on-screen keyboard: the runtime sets it from the configured XKB
    /// layout (`keyboard_layout`), so the screen types what a hardware keyboard would. Lazy:
    /// an app without text input never builds it (it was most of an app's start-up
    /// instructions in bezel-bench's M3 setup, ~95,000).
    public lazy var keyboardKeyMap: KeyboardKeyMap = .us

    /// Loads the on-screen letters of an XKB layout by name ("ara", "il"): the runtime
    /// installs xkbcommon's (BezelInput); nil keeps every language on `keyboardKeyMap`.
    public var keyboardKeyMapLoader: (@MainActor (String) -> KeyboardKeyMap?)? {
        didSet { keyMapsByLayout = [:] }
    }
    /// The layouts loaded so far (nil: it could not be), by XKB name.
    var keyMapsByLayout: [String: KeyboardKeyMap?] = [:]
    /// The languages the keyboard's globe key offers, in order (nil: the app's own; see
    /// `inputLanguages`).
    public var keyboardLanguages: [String]?

    /// Dead keys and compose sequences, for the on-screen keyboard and hardware keyboards
    /// alike; the runtime installs the system's compose tables (xkbcommon).
    public var keyComposer: any KeyComposer = DeadKeyComposer()

    /// When a finger or a key last did something (the clock's time), the spoken mode's
    /// gestures and keys included: what `TimeLimit`s count from.
    // Unchecked exclusivity: read or written on every touch frame, main thread only; the
    // checks were more than half of what the accessibility work added to M3 (~250 of 430
    // instructions a press and release, callgrind).
    @exclusivity(unchecked) public internal(set) var lastUserActivity: TimeInterval = 0
    /// Reduced motion (Accessibility/Application+MotionAndText.swift).
    var reduceMotion = false
    /// The time limits running (Accessibility/TimeLimit.swift).
    @exclusivity(unchecked) var timeLimits: [WeakTimeLimit] = []

    /// A touch frame or a key at `time` (the clock's): time limits count from it.
    private func userDidSomething(at time: TimeInterval) {
        lastUserActivity = time
        if !timeLimits.isEmpty { for entry in timeLimits { entry.limit?.userActivity() } }
    }

    /// The spoken mode once made (Accessibility/Application+SpokenMode.swift).
    @exclusivity(unchecked) var spokenModeIfMade: SpokenMode?
    /// The key that starts the spoken mode while it is off: a keypad's Help key (KEY_HELP,
    /// EZ Access's way in: a customer who cannot see the screen finds the key by touch). While
    /// the mode runs, the same key says the focused element's hint. nil: no key starts it.
    public var spokenModeStartKey: Press.Key? = Press.Key(code: 138)
    /// The spoken mode's voice: the runtime installs a speech engine (BezelSpeech's
    /// espeak-ng); nil: a `SpeechLog`, which says nothing.
    public var speechSynthesizer: (any SpeechSynthesizing)? {
        didSet { if let speechSynthesizer { spokenModeIfMade?.synthesizer = speechSynthesizer } }
    }

    /// Shows and hides the input views of text inputs (Keyboard/KeyboardPresenter.swift).
    private(set) lazy var keyboardPresenter = KeyboardPresenter(application: self)

    /// What typing `output` gives through the composer now (nil while a sequence is pending
    /// or after one was cancelled).
    public func compose(_ output: KeyOutput) -> String? {
        switch keyComposer.feed(output) {
        case .passThrough: return output.text.isEmpty ? nil : output.text
        case .composed(let text): return text
        case .composing, .cancelled: return nil
        }
    }

    /// Frame ticks for animations; headless it ticks on the run loop at 60 Hz while in use.
    public private(set) lazy var displayLink: DisplayLink = {
        let link = DisplayLink()
        link.setSource(TimerFrameSource(runLoop: runLoop))
        return link
    }()

    /// Runs the view animations on the display link (Animation/AnimationEngine.swift).
    private(set) lazy var animationEngine = AnimationEngine(application: self)

    let touchSequencer = TouchSequencer()
    let pressSequencer = PressSequencer()
    /// UIKit's: a shake nobody handled offers to undo or redo the last edit (an alert). On by
    /// default, as UIKit's; a kiosk whose panel moves may turn it off.
    public var applicationSupportsShakeToEdit = true

    /// The end of the chain: an unhandled shake offers undo (Undo/Application+ShakeToEdit.swift).
    open override func motionEnded(_ motion: MotionKind, with event: MotionEvent?) {
        if motion == .shake { offerShakeToEdit() }
    }

    /// The menu shown now (Menus/MenuPresentation.swift), from a button or a bar-button item.
    public internal(set) var presentedMenu: MenuView?

    /// Presses a key command took when they began: their later phases are not delivered.
    var keyCommandPresses = Set<Press>()
    @exclusivity(unchecked) private var ignoringDepth = 0

    /// - Parameters:
    ///   - clock: the time source of every timer and timestamp; `VirtualClock` in tests.
    ///   - tracer: where `BEZEL_TRACE` output goes; by default configured from the environment.
    public init(clock: any Clock = MonotonicClock(), tracer: Tracer? = nil) {
        self.runLoop = RunLoop(clock: clock)
        if RunLoop.mainApplicationRunLoop == nil { RunLoop.mainApplicationRunLoop = runLoop }
        self.tracer = tracer ?? Tracer.fromEnvironment()
        super.init()
        runLoop.afterTimerAction = { [weak self] in
            if let self, !self.queuedTouchFrames.isEmpty { self.deliverQueuedTouchFrames() }
        }
    }

    public var clock: any Clock { runLoop.clock }

    // MARK: Screen power

    /// UIKit's: while true, the screen does not dim or turn off for lack of touches (a video,
    /// a timer the user watches). The runtime's off hours still apply; `screenPowerRequest =
    /// .on` overrides those too.
    public var isIdleTimerDisabled = false {
        didSet { if isIdleTimerDisabled != oldValue { postScreenPowerChange() } }
    }

    /// Not in UIKit (phones have a lock button; a kiosk has the app): the app's say over the
    /// panel's power. `.automatic` leaves it to the idle policy and off hours; `.on` keeps
    /// it lit; `.off` turns it off now, until a touch wakes it (that touch is swallowed, and
    /// the request returns to `.automatic`) or the app asks otherwise.
    public var screenPowerRequest: ScreenPowerRequest = .automatic {
        didSet { if screenPowerRequest != oldValue { postScreenPowerChange() } }
    }

    /// Posted when `isIdleTimerDisabled` or `screenPowerRequest` changes (the runtime's
    /// idle controller observes it).
    public static let screenPowerSettingsDidChangeNotification: Notification.Name = "screenPowerSettingsDidChange"

    private func postScreenPowerChange() {
        notificationCenter.post(name: Self.screenPowerSettingsDidChangeNotification, object: self)
    }

    open override var next: Responder? { delegate as? Responder }

    override var owningApplication: Application? { self }

    deinit {
        // Windows point back here (unowned: Platform/UnownedReferences.swift).
        let windows = windows
        cleanUpAsMainActor { for window in windows { window.application = nil } }
    }

    func register(_ window: Window) {
        windows.append(window)
    }

    /// The frontmost visible window containing `point` (screen coordinates).
    public func window(at point: Point) -> Window? {
        var best: Window?
        for window in windows where !window.isHidden && window.frame.contains(point) {
            // Later windows are in front of earlier ones of the same level.
            if best == nil || window.windowLevel >= best!.windowLevel { best = window }
        }
        return best
    }

    // MARK: Touch input

    /// Entry point of touch input: one frame of finger reports from a touch source (libinput,
    /// a simulator, a test script). Builds the Touch and Event objects and calls `sendEvent`.
    public func handleTouchFrame(_ frame: TouchFrame) {
        userDidSomething(at: frame.timestamp)
        // The spoken mode's gestures first (Accessibility/SpokenMode+Touch.swift).
        if let spokenModeIfMade, spokenModeIfMade.isRunning, spokenModeIfMade.handleTouchFrame(frame) { return }
        // A frame fed while one is being delivered (an action that feeds a whole tap, a
        // nested dispatch) or while a timer's action runs (a delayed touchesEnded, a
        // recognizer's timer: both deliver actions) waits for that to finish, then goes in
        // order, as UIKit's events wait for the run loop's next turn. Delivered in the
        // middle, it would end touches under the outer delivery's feet and leave the outer
        // finger live after its end (a phantom touch that eats the next tap).
        if isHandlingTouchFrame || runLoop.isFiringTimer {
            queuedTouchFrames.append(frame)
            return
        }
        isHandlingTouchFrame = true
        touchSequencer.process(frame, in: self)
        deliverQueuedTouchFrames()
        isHandlingTouchFrame = false
    }

    /// Delivers the frames fed during a delivery or a timer's action, oldest first (frames
    /// their actions feed join the end of the queue).
    private func deliverQueuedTouchFrames() {
        let outermost = !isHandlingTouchFrame
        isHandlingTouchFrame = true
        while !queuedTouchFrames.isEmpty {
            touchSequencer.process(queuedTouchFrames.removeFirst(), in: self)
        }
        if outermost { isHandlingTouchFrame = false }
    }
    @exclusivity(unchecked) private var isHandlingTouchFrame = false
    @exclusivity(unchecked) private var queuedTouchFrames: [TouchFrame] = []

    /// Delivers a touch event to the windows its touches belong to. While interaction events
    /// are ignored, touches that begin are dropped for their whole life.
    open func sendEvent(_ event: Event) {
        // Set once: the event is reused for every report (a store released and retained it).
        if event.tracer !== tracer { event.tracer = tracer }
        if ignoringDepth > 0 {
            for touch in event.touchList where touch.phase == .began && !touch.isDropped {
                touch.isDropped = true
                tracer.log(.touches, "application ignoring interaction events: touch \(touch.identifier) dropped")
            }
            return
        }
        // Each window involved gets the event once, in the order its first touch landed.
        var delivered: [Window] = []
        var first: Window?
        for touch in event.touchList where !touch.isDropped {
            guard let window = touch.window, window !== first, !delivered.containsObject(window) else { continue }
            if first == nil { first = window } else { delivered.append(window) }
            window.sendEvent(event)
        }
    }

    /// Starts ignoring touch events (nestable; UIKit's `beginIgnoringInteractionEvents`).
    /// Touches already on the screen are cancelled, so no view or recognizer is left waiting
    /// for an end that would never come; touches that land while ignoring are dropped for
    /// their whole life, even after ignoring ends.
    public func beginIgnoringInteractionEvents() {
        if ignoringDepth == 0 {
            touchSequencer.cancelAll(in: self, because: "application began ignoring interaction events")
        }
        ignoringDepth += 1
    }

    /// Ends one `beginIgnoringInteractionEvents()`; an unmatched call is reported and ignored.
    public func endIgnoringInteractionEvents() {
        guard ignoringDepth > 0 else {
            Diagnostics.report(.apiMisuse, "endIgnoringInteractionEvents() without a matching begin; ignored")
            return
        }
        ignoringDepth -= 1
    }

    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    // MARK: Presses, motion, remote control

    /// Entry point of key and button input from a backend: `isDown` true for a press, false for a release.
    public func handleKey(_ key: Press.Key, isDown: Bool, timestamp: TimeInterval? = nil) {
        if isDown { userDidSomething(at: timestamp ?? clock.now) }
        // The spoken mode's keys first (Accessibility/SpokenMode.swift); its start key while off.
        if startSpokenModeIfAsked(by: key, isDown: isDown) { return }
        if let spokenModeIfMade, spokenModeIfMade.isRunning, spokenModeIfMade.handleKey(key, isDown: isDown) { return }
        // Media keys (a keyboard's, an IR remote's through the kernel's rc-core) are
        // remote-control events, as on iOS, not presses.
        if let subtype = RemoteControlKeys.subtype(for: key, isDown: isDown) {
            sendMotionEvent(MotionEvent(subtype: subtype, timestamp: timestamp ?? clock.now))
            return
        }
        if RemoteControlKeys.isMediaKey(key) { return }
        pressSequencer.process(key, isDown: isDown, timestamp: timestamp ?? clock.now, in: self)
    }

    /// Delivers presses to gesture recognizers first (those attached to the first responder's
    /// view and its superviews whose delegate accepts the press when it begins), then to the
    /// first responder (or the key window) and up the chain (spec §6).
    open func sendPressEvent(_ event: PressEvent) {
        guard let responder = firstResponder ?? keyWindow else {
            tracer.log(.presses, "no first responder or key window: presses dropped")
            return
        }
        for phase in [Press.Phase.began, .changed, .ended, .cancelled] {
            var presses = event.allPresses.filter { $0.phase == phase }
            // Key commands first (KeyCommand.swift): a press one takes goes no further.
            if phase == .began {
                for press in presses where performKeyCommand(for: press) { keyCommandPresses.insert(press) }
            }
            if !keyCommandPresses.isEmpty {
                presses = presses.filter { !keyCommandPresses.contains($0) }
                if phase == .ended || phase == .cancelled {
                    for press in event.allPresses where press.phase == phase { keyCommandPresses.remove(press) }
                }
            }
            guard !presses.isEmpty else { continue }
            if phase == .began {
                for press in presses { press.gestureRecognizers = pressRecognizers(from: responder, for: press) }
            }
            deliverToRecognizers(presses, phase: phase, event: event)
            tracer.log(.presses, "\(responder.debugName) presses\(phase) \(presses.map { $0.key.code }.sorted())")
            switch phase {
            case .began: responder.pressesBegan(presses, with: event)
            case .changed: responder.pressesChanged(presses, with: event)
            case .ended: responder.pressesEnded(presses, with: event)
            case .cancelled: responder.pressesCancelled(presses, with: event)
            case .stationary: break
            }
        }
    }

    /// The enabled recognizers on the views from `responder` up to its window that accept `press`.
    private func pressRecognizers(from responder: Responder, for press: Press) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var view = responder as? View
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled {
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: press) ?? true { found.append(recognizer) }
            }
            view = current.superview
        }
        return found
    }

    private func deliverToRecognizers(_ presses: Set<Press>, phase: Press.Phase, event: PressEvent) {
        var recognizers: [GestureRecognizer] = []
        for press in presses {
            for recognizer in press.gestureRecognizers where !recognizers.containsObject(recognizer) { recognizers.append(recognizer) }
        }
        for recognizer in recognizers {
            let mine = presses.filter { $0.gestureRecognizers.containsObject(recognizer) }
            tracer.log(.presses, "\(recognizer.debugName) presses\(phase) \(mine.map { $0.key.code }.sorted())")
            switch phase {
            case .began: recognizer.pressesBegan(mine, with: event)
            case .changed: recognizer.pressesChanged(mine, with: event)
            case .ended: recognizer.pressesEnded(mine, with: event)
            case .cancelled: recognizer.pressesCancelled(mine, with: event)
            case .stationary: break
            }
        }
    }

    // MARK: Actions

    /// The single funnel for every action (spec §5). With a target, runs the target's handler
    /// for `action`; with a nil target, walks the responder chain from the first responder
    /// (or, if there is none, from the sender) to the first responder that can perform it.
    /// Returns false when nobody handled it (traced, never fatal).
    @discardableResult
    open func sendAction(_ action: Selector, to target: AnyObject?, from sender: AnyObject?, for event: Event?) -> Bool {
        let senderName = (sender as? Responder)?.debugName ?? sender.map { String(describing: type(of: $0)) } ?? "nil"
        if let target {
            let targetName = (target as? Responder)?.debugName ?? String(describing: type(of: target))
            guard let handler = (target as? ActionTarget)?.actionHandler(for: action) else {
                tracer.log(.actions, "\(action) from \(senderName): target \(targetName) does not implement it")
                return false
            }
            tracer.log(.actions, "\(action) from \(senderName) to \(targetName)")
            handler(sender, event)
            return true
        }
        let start = firstResponder ?? (sender as? Responder)
        guard let responder = start?.target(forAction: action, withSender: sender),
              let handler = responder.actionHandler(for: action) else {
            tracer.log(.actions, "\(action) from \(senderName): no responder in the chain implements it")
            return false
        }
        tracer.log(.actions, "\(action) from \(senderName) to nil target, resolved to \(responder.debugName)")
        handler(sender, event)
        return true
    }
}
