/// The spoken mode (VoiceOver's model, for a self-service panel): a focus that moves over the
/// accessibility elements of the key window in reading order (`AccessibilityTree`), shown by a
/// focus ring and spoken as it lands (label, value, traits; the hint after a pause), driven by
/// a keypad or any keyboard, EZ Access style:
///
/// | key | does |
/// |---|---|
/// | Right, Down, Tab | next element (Down and Up adjust an adjustable element instead) |
/// | Left, Up, Shift-Tab | previous element |
/// | Enter, keypad Enter, Space | activate (the element's `accessibilityActivate()`, else a tap at its activation point) |
/// | Escape, Backspace | back (`accessibilityPerformEscape()` up the chain: pops, dismisses) |
/// | Help, F1 | the hint |
/// | Again, F5 | say it again |
/// | Page Up, Page Down | adjust |
/// | Volume up, down | the voice's volume |
///
/// While a text field is focused and editing, typing keys go to it. Announcements
/// (`Accessibility.post(notification: .announcement, ...)`) wait their turn; screen and layout
/// changes move the focus as UIKit's do.
@MainActor
public final class SpokenMode {
    unowned let application: Application
    /// The voice (a `SpeechLog` until a speech engine is installed).
    public var synthesizer: any SpeechSynthesizing
    @exclusivity(unchecked) public private(set) var isRunning = false
    /// The element the focus is on.
    public internal(set) var focusedElement: (any AccessibilityNode)?
    private var ring: FocusRingView?
    private var observerToken: Int?
    private var isPaused = false
    /// The touch sequence under way, and the last tap's time (SpokenMode+Touch.swift).
    var touchSequence: TouchSequence?
    var lastTapTime: Double?
    /// How much a volume key changes the voice (of 0...1).
    static let volumeStep = 0.1

    init(application: Application, synthesizer: any SpeechSynthesizing) {
        self.application = application
        self.synthesizer = synthesizer
    }

    /// Starts: the focus on the key window's first element, spoken.
    func start() {
        guard !isRunning else { return }
        isRunning = true
        observerToken = Accessibility.addObserver { [weak self] notification, argument in self?.heard(notification, argument) }
        moveFocus(to: elements().first)
    }

    func stop() {
        guard isRunning else { return }
        isRunning = false
        if let observerToken { Accessibility.removeObserver(observerToken) }
        observerToken = nil
        synthesizer.stopSpeaking()
        focusedElement = nil
        touchSequence = nil
        lastTapTime = nil
        ring?.removeFromSuperview()
        ring = nil
    }

    /// The key window's elements in reading order.
    func elements() -> [any AccessibilityNode] {
        guard let window = application.keyWindow else { return [] }
        return AccessibilityTree.elements(in: window).filter { !($0 is FocusRingView) }
    }

    // MARK: Focus

    /// Puts the focus on `element` (nil: nowhere) and says it, cutting what was being said.
    public func moveFocus(to element: (any AccessibilityNode)?) {
        focusedElement = element
        placeRing()
        guard let element else { return }
        say(element)
    }

    /// The next (or previous) element in reading order, scrolling on at the edge of a scroll
    /// view (SpokenMode+Scrolling.swift); at either end the focus stays, and is said again
    /// (VoiceOver's end-of-screen behaviour, without its sound).
    public func moveFocus(forward: Bool) {
        let all = elements()
        guard !all.isEmpty else { return moveFocus(to: nil) }
        guard let current = focusedElement, let index = AccessibilityTree.index(of: current, in: all) else {
            return moveFocus(to: forward ? all.first : all.last)
        }
        if scrollOnward(from: current, forward: forward, in: all, at: index) { return }
        let next = forward ? min(all.count - 1, index + 1) : max(0, index - 1)
        moveFocus(to: all[next])
    }

    /// Does what a tap on the focused element does.
    public func activate() {
        guard let element = focusedElement else { return }
        let valueBefore = element.accessibilityValue
        if !element.accessibilityActivate() {
            // VoiceOver's way: a tap at the activation point, through the touch pipeline.
            let point = element.accessibilityActivationPoint
            let finger = SpokenMode.activationFinger
            application.handleTouchFrame(TouchFrame([.down(finger, at: point)], timestamp: application.clock.now))
            application.handleTouchFrame(TouchFrame([.up(finger, at: point)], timestamp: application.clock.now))
        }
        afterAction()
        // A switch turned, a segment chosen: its new value is said (VoiceOver's "on").
        if focusedElement === element, let value = element.accessibilityValue, value != valueBefore, !value.isEmpty {
            speak(Utterance(value, language: SpokenDescription.language(of: element)))
        }
    }
    /// The finger number of the spoken mode's taps: far from a touchscreen's slots.
    static let activationFinger = 1_000

    /// An adjustable element's next (up) or previous value, said.
    public func adjust(up: Bool) {
        guard let element = focusedElement, element.accessibilityTraits.contains(.adjustable) else { return }
        if up { element.accessibilityIncrement() } else { element.accessibilityDecrement() }
        if let value = element.accessibilityValue {
            speak(Utterance(value, language: SpokenDescription.language(of: element)))
        }
    }

    /// Back: the focused element's escape, up the chain.
    public func escape() {
        guard let element = focusedElement else { return }
        _ = Accessibility.performEscape(from: element)
    }

    /// Says the focused element again.
    public func repeatFocused() {
        if let element = focusedElement { say(element) }
    }

    /// Says the focused element's hint.
    public func speakHint() {
        guard let element = focusedElement else { return }
        if let hint = SpokenDescription.hint(of: element) {
            speak(Utterance(hint, language: SpokenDescription.language(of: element)))
        }
    }

    /// Pauses or resumes speech (the two-finger tap, a key).
    public func togglePause() {
        isPaused.toggle()
        synthesizer.setPaused(isPaused)
    }

    /// Every utterance goes out here: traced (`BEZEL_TRACE=speech`), then to the voice.
    private func speak(_ utterance: Utterance) {
        application.tracer.log(.speech, "speak \(utterance)")
        synthesizer.speak(utterance)
    }

    private func say(_ element: any AccessibilityNode) {
        let language = SpokenDescription.language(of: element)
        speak(Utterance(SpokenDescription.text(of: element), language: language))
        if let hint = SpokenDescription.hint(of: element) {
            speak(Utterance(hint, language: language, interrupts: false, delay: SpokenDescription.hintDelay))
        }
    }

    /// After an activation the screen may have changed: keep the focus if its element is still
    /// shown, else the first one (a pushed screen posts `.screenChanged` as well).
    private func afterAction() {
        if let current = focusedElement, AccessibilityTree.index(of: current, in: elements()) != nil {
            placeRing()
        }
    }

    private func placeRing() {
        guard let window = application.keyWindow, let element = focusedElement else {
            ring?.removeFromSuperview()
            return
        }
        let ring = self.ring ?? FocusRingView(frame: .zero)
        self.ring = ring
        if ring.superview !== window || window.subviews.last !== ring { window.addSubview(ring) }
        ring.surround(element.accessibilityFrame)
    }

    // MARK: Notifications

    private func heard(_ notification: Accessibility.Notification, _ argument: Any?) {
        switch notification {
        case .announcement:
            if let text = argument as? String {
                speak(Utterance(text, language: Localization.language, interrupts: false))
            }
        case .pageScrolled:
            if let text = argument as? String { speak(Utterance(text, language: Localization.language)) }
        case .screenChanged:
            moveFocus(to: (argument as? any AccessibilityNode) ?? elements().first)
        case .layoutChanged:
            if let target = argument as? any AccessibilityNode {
                moveFocus(to: target)
            } else if let current = focusedElement, AccessibilityTree.index(of: current, in: elements()) != nil {
                placeRing()
            } else {
                moveFocus(to: elements().first)
            }
        default:
            break
        }
    }

    // MARK: Keys

    /// A key while the spoken mode runs: true when it was the spoken mode's (it goes no
    /// further). Keys act when they go down; their release is swallowed with them.
    func handleKey(_ key: Press.Key, isDown: Bool) -> Bool {
        let editing = (focusedElement as? TextInput).map { $0.isFirstResponder } ?? false
        let shifted = application.pressSequencer.modifierFlags.contains(.shift)
        let adjustable = focusedElement?.accessibilityTraits.contains(.adjustable) == true
        let action: (() -> Void)?
        switch key.code {
        case Press.Key.rightArrow.code where !editing: action = { self.moveFocus(forward: true) }
        case Press.Key.leftArrow.code where !editing: action = { self.moveFocus(forward: false) }
        case Press.Key.downArrow.code where !editing: action = adjustable ? { self.adjust(up: false) } : { self.moveFocus(forward: true) }
        case Press.Key.upArrow.code where !editing: action = adjustable ? { self.adjust(up: true) } : { self.moveFocus(forward: false) }
        case Press.Key.tab.code: action = { self.moveFocus(forward: !shifted) }
        case Press.Key.enter.code where !editing, Press.Key.keypadEnter.code where !editing, Press.Key.space.code where !editing:
            action = { self.activate() }
        case Press.Key.escape.code: action = { self.escape() }
        case Press.Key.backspace.code where !editing: action = { self.escape() }
        case 138, 59: action = { self.speakHint() }            // KEY_HELP, F1
        case 129, 63: action = { self.repeatFocused() }        // KEY_AGAIN, F5
        case 119: action = { self.togglePause() }              // KEY_PAUSE
        case Press.Key.pageUp.code: action = { self.adjust(up: true) }
        case Press.Key.pageDown.code: action = { self.adjust(up: false) }
        case 115: action = { self.synthesizer.volume = min(1, self.synthesizer.volume + Self.volumeStep) }   // KEY_VOLUMEUP
        case 114: action = { self.synthesizer.volume = max(0, self.synthesizer.volume - Self.volumeStep) }   // KEY_VOLUMEDOWN
        default: action = nil
        }
        guard let action else { return false }
        if isDown { action() }
        return true
    }
}
