/// The on-screen keyboard (the default `inputView` of `TextField` and `TextView`): letter,
/// symbol and number-pad pages chosen by the text input's `keyboardType`, the letters of the
/// configured XKB layout (`Application.keyboardKeyMap`) at both shift levels, dead keys
/// through the application's composer, shift (double tap: caps lock), backspace with
/// auto-repeat, a preview above a key while it is down, a return key labelled by
/// `returnKeyType`, and a key that hides the keyboard.
///
/// Keys type when their finger lifts, as on iOS, except that a second finger landing on
/// another key types the first one at once (rollover: two thumbs typing fast lose nothing and
/// double nothing). A finger sliding over the keys types the key it lifts on.
@MainActor
open class KeyboardView: View {
    // Accessibility: each key an element (UIKit's keyboard keys), named by what it types or
    // does, in the keyboard's language; activating one types it, as a tap does.
    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        keys.indices.map { index in
            let key = keys[index]
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = accessibilityName(of: key)
            element.accessibilityTraits = key.role == .shift && shiftState != .off ? [.keyboardKey, .selected] : .keyboardKey
            element.accessibilityFrameInContainerSpace = key.frame
            element.accessibilityLanguage = labelLanguage
            element.onActivate = { [weak self] in
                guard let self, self.keys.indices.contains(index) else { return false }
                switch self.keys[index].role {
                case .backspace: self.client?.deleteBackward()
                case .shift: self.setShift(self.shiftState == .off ? .on : .off)
                default: _ = self.commit(index)
                }
                return true
            }
            return element
        }
    }

    private func accessibilityName(of key: Key) -> String {
        switch key.role {
        case .character: return key.label
        case .space: return key.label
        case .returnKey: return key.label
        case .shift: return Localization.bezelString("shift", language: labelLanguage)
        case .backspace: return Localization.bezelString("delete", language: labelLanguage)
        case .dismiss: return Localization.bezelString("hide keyboard", language: labelLanguage)
        case .nextKeyboard: return Localization.bezelString("next keyboard", language: labelLanguage)
        case .page(let page):
            switch page {
            case .letters: return Localization.bezelString("letters", language: labelLanguage)
            case .moreSymbols: return Localization.bezelString("more symbols", language: labelLanguage)
            default: return Localization.bezelString("numbers", language: labelLanguage)
            }
        }
    }

    public enum Page: Sendable, Equatable { case letters, symbols, moreSymbols, numberPad, decimalPad, phonePad }
    public enum ShiftState: Sendable, Equatable { case off, on, locked }

    /// What a key does.
    public enum Role: Sendable, Equatable {
        /// Types its output (letters: the layout's key; symbols: the character).
        case character(KeyboardKey)
        case shift, backspace, space, returnKey, dismiss
        case page(Page)
        /// The globe: the next of the app's input languages (`Application.inputLanguages`).
        case nextKeyboard
    }

    /// One key as laid out: what it shows and where (this view's coordinates).
    public struct Key: Sendable, Equatable {
        public let role: Role
        public let label: String
        public let frame: Rect
    }

    /// The letters: the layout of `inputLanguage`.
    public private(set) var keyMap: KeyboardKeyMap {
        didSet { if keyMap != oldValue { hasCapitals = keyMap.hasCapitals } }
    }
    /// Whether shift gives capitals: automatic capitalization only then (Arabic's and
    /// Hebrew's shift level has marks and punctuation, not capitals: iOS does not shift them).
    private var hasCapitals = true
    /// The language the letters and the space and return keys are in: the text input's when
    /// the keyboard appeared (`Application.keyboardKeyMap(forLanguage:)`), or the one the
    /// globe key moved to; nil: the configured layout, labels in the keyboard's language.
    public private(set) var inputLanguage: String?
    public private(set) var page: Page = .letters
    public private(set) var shiftState: ShiftState = .off
    public private(set) var keys: [Key] = []

    /// The keyboard's configuration, taken from the text input it types into.
    public private(set) var keyboardType: KeyboardType = .default
    public private(set) var returnKeyType: ReturnKeyType = .default

    /// Two taps on shift within this time lock the capitals (iOS's double-tap, measured by
    /// feel at about 0.3 s; Bezel's choice).
    public static let capsLockInterval: TimeInterval = 0.3
    /// Backspace held: after 0.5 s it repeats every 0.1 s (UIKit's start delay; the rate is
    /// Bezel's, near iOS's before it switches to whole words).
    public static let backspaceRepeatDelay: TimeInterval = 0.5
    public static let backspaceRepeatInterval: TimeInterval = 0.1

    private var lastShiftTap: TimeInterval = -1
    private var repeatTimer: TimerHandle?
    /// The key under each finger (by touch identity), and whether it has typed already.
    private var fingers: [(touch: Touch, key: Int, committed: Bool)] = []

    public init(frame: Rect = .zero, keyMap: KeyboardKeyMap = .us) {
        self.keyMap = keyMap
        hasCapitals = keyMap.hasCapitals
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        backgroundColor = KeyboardView.backgroundTone
        name = "keyboard"
    }

    // MARK: Looks (iOS's light and dark keyboards, measured from screenshots of iOS 16)

    static let backgroundTone = Color(light: Color(rgb: 0xD1D4DA), dark: Color(rgb: 0x2B2B2D))
    static let keyTone = Color(light: .white, dark: Color(rgb: 0x6B6B6D))
    static let functionKeyTone = Color(light: Color(rgb: 0xABB0BA), dark: Color(rgb: 0x464648))
    static let keyShadowTone = Color(light: Color(rgb: 0x898A8D), dark: Color(rgb: 0x000000))

    /// The height the keyboard wants in a window of `size`: four rows of keys 9 % of the
    /// window's height each, between 38 and 56 pt (a 7" 800×480 panel gets 43 pt keys, about
    /// 9 mm: above the 7 mm minimum of touch guidelines; a 720×1280 portrait panel gets 56),
    /// with 8 pt between rows and at the edges.
    public static func preferredHeight(for size: Size) -> Double {
        let row = rowHeight(for: size)
        return 4 * row + 5 * rowGap
    }

    static let rowGap = 8.0
    static let keyGap = 6.0

    static func rowHeight(for size: Size) -> Double {
        clampedRowHeight(size.height * 0.09)
    }

    /// The rows a keyboard `height` tall holds (`preferredHeight`'s inverse): what a keyboard
    /// out of a window lays out with.
    static func rowHeight(forKeyboardHeight height: Double) -> Double {
        clampedRowHeight((height - 5 * rowGap) / 4)
    }

    /// Whole points, 38 to 56.
    private static func clampedRowHeight(_ height: Double) -> Double {
        min(56, max(38, height.rounded()))
    }

    /// Configures the keyboard for `input` (page, return key, automatic shift, and the
    /// letters of its language).
    public func configure(for input: TextInput) {
        client = input
        if let application = window?.application ?? (input as? View)?.window?.application {
            let language = (input as? View)?.language ?? Localization.language
            inputLanguage = language
            keyMap = application.keyboardKeyMap(forLanguage: language)
            showsNextKeyboardKey = application.inputLanguages.count > 1
        }
        keyboardType = input.keyboardType
        returnKeyType = input.returnKeyType
        switch keyboardType {
        case .numberPad: page = .numberPad
        case .decimalPad: page = .decimalPad
        case .phonePad: page = .phonePad
        case .default, .emailAddress, .URL: page = .letters
        }
        shiftState = .off
        updateAutomaticShift()
        relayoutKeys()
    }

    /// Shows `page` (the 123/ABC keys do this).
    public func show(_ page: Page) {
        self.page = page
        relayoutKeys()
    }

    /// The text input the keys type into (the first responder that showed the keyboard).
    private weak var client: TextInput?

    private func updateAutomaticShift() {
        guard shiftState != .locked, let client else { return }
        let capital = hasCapitals && client.autocapitalizationType.capitalizesNext(after: client.textBeforeCaret)
        setShift(capital ? .on : .off)
    }

    private func setShift(_ state: ShiftState) {
        guard state != shiftState else { return }
        shiftState = state
        relayoutKeys()
    }

    open override func layoutSubviews() {
        relayoutKeys()
    }

    /// The space and return keys' labels are Bezel's own strings, in the keyboard's language.
    override func localizedContentDidChange() { relayoutKeys() }

    // MARK: Layout

    private func relayoutKeys() {
        // Each edge on a whole pixel: crisp key edges, and keys the drawing context can stamp
        // from its cache of rounded shapes instead of filling paths (M7: 125 -> 72 us, 1.7x).
        func snapped(_ r: Rect) -> Rect {
            let x0 = r.minX.rounded(), y0 = r.minY.rounded()
            return Rect(x: x0, y: y0, width: r.maxX.rounded() - x0, height: r.maxY.rounded() - y0)
        }
        keys = KeyboardKeyLayout(keyboard: self).keys().map { Key(role: $0.role, label: $0.label, frame: snapped($0.frame)) }
        setNeedsDisplay()
    }

    /// The key a finger at `point` presses: the key containing it, else the nearest one on
    /// its row (the gaps between keys belong to their neighbours, as on iOS).
    public func keyIndex(at point: Point) -> Int? {
        guard bounds.contains(point), !keys.isEmpty else { return nil }
        if let inside = keys.firstIndex(where: { $0.frame.insetBy(dx: -KeyboardView.keyGap / 2, dy: -KeyboardView.rowGap / 2).contains(point) }) {
            return inside
        }
        var best: (index: Int, distance: Double)?
        for (index, key) in keys.enumerated() {
            let dx = max(key.frame.minX - point.x, 0, point.x - key.frame.maxX)
            let dy = max(key.frame.minY - point.y, 0, point.y - key.frame.maxY)
            let distance = dx * dx + dy * dy
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best?.index
    }

    /// The centre of the first key labelled `label` (tests and scripted demos tap keys by label).
    public func center(ofKey label: String) -> Point? {
        keys.first { $0.label == label }.map { Point(x: $0.frame.midX, y: $0.frame.midY) }
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            // Rollover: a new finger types what the others are on, now.
            for index in fingers.indices where !fingers[index].committed {
                fingers[index].committed = commit(fingers[index].key)
                invalidateKey(fingers[index].key)
            }
            guard let key = keyIndex(at: touch.location(in: self)) else { continue }
            var committed = false
            switch keys[key].role {
            case .backspace:
                client?.deleteBackward()
                startBackspaceRepeat()
                committed = true
            case .shift:
                tapShift(at: touch.timestamp)
                committed = true
            default: break
            }
            fingers.append((touch, key, committed))
            invalidateKey(key)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let index = fingers.firstIndex(where: { $0.touch === touch }), !fingers[index].committed,
                  let key = keyIndex(at: touch.location(in: self)), key != fingers[index].key else { continue }
            invalidateKey(fingers[index].key)
            fingers[index].key = key
            invalidateKey(key)
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let index = fingers.firstIndex(where: { $0.touch === touch }) else { continue }
            let finger = fingers.remove(at: index)
            invalidateKey(finger.key)
            if keys.indices.contains(finger.key), keys[finger.key].role == .backspace { stopBackspaceRepeat() }
            if !finger.committed { _ = commit(finger.key) }
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let index = fingers.firstIndex(where: { $0.touch === touch }) else { continue }
            if keys.indices.contains(fingers[index].key), keys[fingers[index].key].role == .backspace { stopBackspaceRepeat() }
            invalidateKey(fingers.remove(at: index).key)
        }
    }

    /// Does what key `index` does when it types; true (it has typed).
    private func commit(_ index: Int) -> Bool {
        guard keys.indices.contains(index) else { return true }
        let key = keys[index]
        let input = client
        switch key.role {
        case .character(let keyboardKey):
            guard let output = keyboardKey.output(shifted: page == .letters && shiftState != .off) else { return true }
            if let text = window?.application?.compose(output) { input?.insertText(text) }
            if shiftState == .on { setShift(.off) }
            updateAutomaticShift()
        case .space:
            if let text = window?.application?.compose(KeyOutput(" ")) { input?.insertText(text) }
            if page == .symbols || page == .moreSymbols { show(.letters) }
            updateAutomaticShift()
        case .returnKey:
            input?.returnKeyPressed()
            updateAutomaticShift()
        case .dismiss:
            _ = input?.resignFirstResponder()
        case .page(let target):
            show(target)
        case .nextKeyboard:
            switchToNextLanguage()
        case .shift, .backspace:
            break
        }
        return true
    }

    /// The globe key: the next input language's letters (after the last, the first again).
    private func switchToNextLanguage() {
        guard let application = window?.application else { return }
        let languages = application.inputLanguages
        guard languages.count > 1 else { return }
        let current = languages.firstIndex { application.keyboardKeyMap(forLanguage: $0).name == keyMap.name } ?? languages.count - 1
        let next = languages[(current + 1) % languages.count]
        inputLanguage = next
        keyMap = application.keyboardKeyMap(forLanguage: next)
        page = .letters
        shiftState = .off
        updateAutomaticShift()
        relayoutKeys()
    }

    /// Whether the bottom row has a globe key: the app has two input languages or more
    /// (decided when the keyboard is configured, not at each relayout: shift relays out).
    private(set) var showsNextKeyboardKey = false

    /// The language of the space and return keys' labels (iOS: the keyboard's language).
    var labelLanguage: String { inputLanguage ?? language }

    private func tapShift(at time: TimeInterval) {
        if shiftState == .locked {
            setShift(.off)
        } else if shiftState == .on, time - lastShiftTap <= KeyboardView.capsLockInterval {
            setShift(.locked)
        } else {
            setShift(shiftState == .off ? .on : .off)
        }
        lastShiftTap = time
    }

    private func startBackspaceRepeat() {
        repeatTimer?.cancel()
        repeatTimer = window?.application?.runLoop.schedule(after: KeyboardView.backspaceRepeatDelay) { [weak self] in
            self?.repeatBackspace()
        }
    }

    private func repeatBackspace() {
        client?.deleteBackward()
        repeatTimer = window?.application?.runLoop.schedule(after: KeyboardView.backspaceRepeatInterval) { [weak self] in
            self?.repeatBackspace()
        }
    }

    private func stopBackspaceRepeat() {
        repeatTimer?.cancel()
        repeatTimer = nil
        updateAutomaticShift()
    }

    open override func didMoveToWindow() {
        if window == nil {
            stopBackspaceRepeat()
            fingers.removeAll()
        } else {
            // Rows sized for this window (a window of another size than the last one).
            relayoutKeys()
        }
    }

    // MARK: Drawing

    /// Redraws one key and its preview only: a key press damages a few thousand pixels, not
    /// the keyboard (what a key tap costs to draw is benchmark M7).
    private func invalidateKey(_ index: Int) {
        guard keys.indices.contains(index) else { return }
        let frame = keys[index].frame
        setNeedsDisplay(previewRect(for: frame).union(frame.insetBy(dx: -1, dy: -1).offsetBy(dx: 0, dy: 1)))
    }

    private func previewRect(for key: Rect) -> Rect {
        Rect(x: key.minX - 6, y: key.minY - key.height - 10, width: key.width + 12, height: key.height + 11)
    }

    /// A key's preview rises above it by up to one row: drawn outside the bounds.
    open override var drawingOverflow: Double { 64 }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let pressed = Set(fingers.map(\.key))
        let size = KeyboardView.rowHeight(for: window?.bounds.size ?? bounds.size)
        for (index, key) in keys.enumerated() {
            // Only the keys in the damaged area: a tap redraws one key, not forty (M7: the
            // whole keyboard's paths and labels were 60 % of a key tap's instructions; 212 -> 125 us).
            guard Rect(x: key.frame.minX, y: key.frame.minY, width: key.frame.width, height: key.frame.height + 1).intersects(rect) else { continue }
            let isFunction: Bool
            switch key.role {
            case .character, .space: isFunction = false
            case .shift: isFunction = shiftState == .off
            default: isFunction = true
            }
            let down = pressed.contains(index)
            var tone = isFunction ? KeyboardView.functionKeyTone : KeyboardView.keyTone
            if down { tone = isFunction ? KeyboardView.keyTone : KeyboardView.functionKeyTone }
            context.fillRoundedRect(key.frame.offsetBy(dx: 0, dy: 1), radius: 5, color: KeyboardView.keyShadowTone)
            context.fillRoundedRect(key.frame, radius: 5, color: tone)
            if key.role == .nextKeyboard {
                drawGlobe(in: key.frame, size: size * 0.42, context: context)
            } else {
                context.drawText(key.label, in: key.frame, style: labelStyle(key, rowHeight: size))
            }
        }
    }

    /// iOS's globe: a circle, two meridians and two parallels, drawn (no emoji font needed).
    private func drawGlobe(in frame: Rect, size: Double, context: any DrawingContext) {
        let r = size / 2, c = Point(x: frame.midX, y: frame.midY)
        let circle = Rect(x: c.x - r, y: c.y - r, width: size, height: size)
        let stroke = StrokeStyle(lineWidth: max(1, size / 14))
        var lines = Path()
        lines.addEllipse(in: circle)
        lines.addEllipse(in: circle.insetBy(dx: r * 0.5, dy: 0))
        lines.move(to: Point(x: c.x, y: c.y - r))
        lines.addLine(to: Point(x: c.x, y: c.y + r))
        lines.move(to: Point(x: c.x - r, y: c.y))
        lines.addLine(to: Point(x: c.x + r, y: c.y))
        for dy in [-r * 0.5, r * 0.5] {
            let half = (r * r - dy * dy).squareRoot()
            lines.move(to: Point(x: c.x - half, y: c.y + dy))
            lines.addLine(to: Point(x: c.x + half, y: c.y + dy))
        }
        context.stroke(lines, color: .label, style: stroke)
    }

    /// Letters at half the key's height, words smaller, both growing with the content size
    /// category (as body does) up to 70 % of the key; a label wider than its key shrinks to
    /// fit (the hide key on a narrow portrait panel).
    func labelStyle(_ key: Key, rowHeight: Double) -> TextStyle {
        let base = TextStyle(size: (key.label.count > 2 ? 0.34 : 0.5) * rowHeight, color: .label, alignment: .center)
        var style = FontMetrics.default.scaledStyle(for: base, maximumPointSize: 0.7 * rowHeight)
        guard key.label.count > 1 else { return style }
        let width = TextMetrics.layout.measureText(key.label, style: style, width: nil).width
        if width > key.frame.width - 6 { style.size = max(8, style.size * (key.frame.width - 6) / width) }
        return style
    }

    open override func drawOverlay(_ rect: Rect, in context: any DrawingContext) {
        // The preview: the character under a finger, enlarged above its key (character pages).
        for finger in fingers where !finger.committed && keys.indices.contains(finger.key) {
            let key = keys[finger.key]
            guard case .character = key.role, key.frame.width < bounds.width / 5 else { continue }
            let bubble = previewRect(for: key.frame).insetBy(dx: 0, dy: 0.5).offsetBy(dx: 0, dy: -0.5)
            context.fillRoundedRect(bubble.offsetBy(dx: 0, dy: 1), radius: 8, color: KeyboardView.keyShadowTone)
            context.fillRoundedRect(bubble, radius: 8, color: KeyboardView.keyTone)
            context.drawText(key.label, in: bubble, style: TextStyle(size: key.frame.height * 0.7, color: .label, alignment: .center))
        }
    }
}
