/// UIKit's `UITextField`: one line of editable text. A tap makes it first responder (the
/// on-screen keyboard slides in) and places the caret at the tapped character; a drag moves
/// the caret; a double tap selects a word; a long press selects the word with handles to drag;
/// tapping the caret or the selection shows the edit menu. Text wider than the field scrolls
/// to keep the caret in view. Typing asks the delegate first; the control events
/// `editingDidBegin`, `editingChanged`, `editingDidEnd`, `editingDidEndOnExit` and
/// `primaryActionTriggered` go through the target-action funnel.
@MainActor
open class TextField: Control, TextInput, TextEditingHost, FirstResponderObserving {
    /// UIKit's: the text takes its text style's size at each content size category (a
    /// `style` from `TextStyle.preferred(forTextStyle:)`).
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { contentSizeCategoryDidChange() } }
    }

    override func contentSizeCategoryDidChange() {
        guard adjustsFontForContentSizeCategory else { return }
        var resized = style
        if resized.followContentSizeCategory() { style = resized }
    }

    // Accessibility, UIKit's defaults: named by its placeholder unless labelled, valued by its
    // text; a secure field's value is one bullet a character (never the characters).
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { placeholder }
    override var defaultAccessibilityValue: String? {
        let typed = engine.buffer.text
        return isSecureTextEntry ? String(repeating: "•", count: typed.count) : typed
    }
    override var defaultAccessibilityTraits: AccessibilityTraits { keyboardType == .default && returnKeyType == .search ? controlStateTraits.union(.searchField) : controlStateTraits }

    public enum BorderStyle: Sendable, CaseIterable { case none, line, bezel, roundedRect }

    private(set) lazy var engine = TextEditingEngine(host: self)
    public weak var delegate: (any TextFieldDelegate)?

    /// The text (UIKit: never nil when read; setting nil empties it). Setting it moves the
    /// caret to the end and sends no control event, as in UIKit.
    public var text: String? {
        get { engine.buffer.text }
        set {
            let text = newValue ?? ""
            guard text != engine.buffer.text else { return }
            engine.buffer = TextBuffer(text)
            engine.textWasReplacedByApp()
            textGeometryDidChange()
        }
    }
    /// Shown while the field is empty. Setting it drops `localizedPlaceholder`.
    public var placeholder: String? {
        didSet {
            if !isResolvingLocalizedPlaceholder { localizedPlaceholder = nil }
            if placeholder != oldValue { setNeedsDisplay() }
        }
    }
    /// The placeholder as a localized resource, in the field's language (resolved again when
    /// it changes). Setting `placeholder` drops it.
    public var localizedPlaceholder: LocalizedStringResource? {
        didSet { if localizedPlaceholder != nil, localizedPlaceholder != oldValue { localizedResourceWasSet() } }
    }
    private var isResolvingLocalizedPlaceholder = false

    override func localizedContentDidChange() {
        guard let localizedPlaceholder else { return }
        isResolvingLocalizedPlaceholder = true
        placeholder = Localization.string(for: localizedPlaceholder, language: language)
        isResolvingLocalizedPlaceholder = false
    }
    /// Font, colour and alignment of the text (one line, never truncated: it scrolls).
    public var style: TextStyle = TextStyle(size: 17) {
        didSet { if style != oldValue { textGeometryDidChange() } }
    }
    public var textColor: Color {
        get { style.color }
        set { style.color = newValue }
    }
    public var textAlignment: TextStyle.Alignment {
        get { style.alignment }
        set { style.alignment = newValue }
    }
    /// UIKit's placeholder colour (`placeholderText`, #3C3C43 at 30 %).
    public var placeholderColor = Color.placeholderText {
        didSet { setNeedsDisplay() }
    }
    public var borderStyle: BorderStyle = .none {
        didSet { if borderStyle != oldValue { textGeometryDidChange() } }
    }
    public var clearButtonMode: TextFieldViewMode = .never {
        didSet { if clearButtonMode != oldValue { textGeometryDidChange() } }
    }
    public var leftView: View? {
        didSet { replaceOverlay(oldValue, with: leftView) }
    }
    public var leftViewMode: TextFieldViewMode = .never {
        didSet { textGeometryDidChange() }
    }
    public var rightView: View? {
        didSet { replaceOverlay(oldValue, with: rightView) }
    }
    public var rightViewMode: TextFieldViewMode = .never {
        didSet { textGeometryDidChange() }
    }
    /// Bullets instead of the characters; the last one typed shows for a second.
    public var isSecureTextEntry = false {
        didSet { if isSecureTextEntry != oldValue { textGeometryDidChange() } }
    }
    public var keyboardType: KeyboardType = .default
    public var returnKeyType: ReturnKeyType = .default
    public var autocapitalizationType: AutocapitalizationType = .sentences
    /// Replaces the on-screen keyboard while editing (nil: the system keyboard).
    public var inputView: View?
    /// Shown above the keyboard while editing.
    public var inputAccessoryView: View?

    public var isEditing: Bool { engine.isEditing }
    /// The selection in characters (an empty range is the caret).
    public var selectedRange: Range<Int> {
        get { engine.buffer.selection }
        set { engine.select(newValue); hideEditMenu() }
    }
    public private(set) var showsSelectionHandles = false
    /// The edit menu while shown.
    public private(set) var editMenu: EditMenuView?

    /// How far the text is scrolled left to keep the caret in view.
    public private(set) var horizontalScrollOffset: Double = 0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        registerEditActions()
    }

    // MARK: Geometry

    /// The padding between the border and the text (UIKit's rounded field: 7 pt).
    private var horizontalPadding: Double { borderStyle == .none ? 0 : 7 }
    /// UIKit's clear button: a 19 pt circle.
    static let clearButtonSize = 19.0

    private var hasText_: Bool { !engine.buffer.text.isEmpty }

    public var isClearButtonShown: Bool { hasText_ && clearButtonMode.shows(editing: isEditing) }

    /// Where the clear button sits (this view's coordinates), when shown.
    /// At the trailing edge: the left in a right-to-left interface, where the left and right
    /// views swap sides too (UIKit's).
    public func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let size = TextField.clearButtonSize
        var right = bounds.maxX - horizontalPadding
        if let rightView, rightViewMode.shows(editing: isEditing) { right -= rightView.frame.width }
        return mirroredInRightToLeft(Rect(x: right - size, y: bounds.midY - size / 2, width: size, height: size), in: bounds)
    }

    /// UIKit's `textRect(forBounds:)`: the area the text is drawn in.
    open func textRect(forBounds bounds: Rect) -> Rect {
        var left = bounds.minX + horizontalPadding
        var right = bounds.maxX - horizontalPadding
        if let leftView, leftViewMode.shows(editing: isEditing) { left += leftView.frame.width + 4 }
        if let rightView, rightViewMode.shows(editing: isEditing) { right -= rightView.frame.width + 4 }
        if isClearButtonShown { right -= TextField.clearButtonSize + 6 }
        return mirroredInRightToLeft(Rect(x: left, y: bounds.minY, width: max(0, right - left), height: bounds.height), in: bounds)
    }

    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// `rect` (laid out left to right) mirrored across `bounds` in a right-to-left interface.
    private func mirroredInRightToLeft(_ rect: Rect, in bounds: Rect) -> Rect {
        guard isRightToLeft else { return rect }
        return Rect(x: bounds.minX + bounds.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The text laid out on one line, never wrapped or truncated.
    private var lineStyle: TextStyle {
        var line = style
        line.numberOfLines = 1
        line.truncation = .none
        return line
    }

    private var layout: any TextMeasuring { TextMetrics.layout }

    /// The text's width, and the x of its layout's origin in this view (alignment and scrolling).
    private func textOrigin(displayed: String) -> (x: Double, width: Double, top: Double, lineHeight: Double) {
        let rect = textRect(forBounds: bounds)
        let width = displayed.isEmpty ? 0 : layout.measureText(displayed, style: lineStyle, width: nil).width
        let lineHeight = layout.caretRect(at: 0, in: displayed, style: lineStyle, width: nil).height
        let top = rect.midY - lineHeight / 2
        guard width <= rect.width else { return (rect.minX - horizontalScrollOffset, width, top, lineHeight) }
        switch style.alignment.resolved(for: effectiveUserInterfaceLayoutDirection) {
        case .left: return (rect.minX, width, top, lineHeight)
        case .center: return (rect.minX + (rect.width - width) / 2, width, top, lineHeight)
        case .right: return (rect.maxX - width, width, top, lineHeight)
        case .natural, .justified:
            // One line: justified is the interface's natural side.
            return effectiveUserInterfaceLayoutDirection == .rightToLeft ? (rect.maxX - width, width, top, lineHeight) : (rect.minX, width, top, lineHeight)
        }
    }

    /// The caret before character `offset`, in this view's coordinates.
    public func caretRect(at offset: Int) -> Rect {
        let displayed = engine.displayText()
        let origin = textOrigin(displayed: displayed)
        let caret = layout.caretRect(at: offset, in: displayed, style: lineStyle, width: nil)
        return Rect(x: origin.x + caret.minX, y: origin.top + caret.minY, width: 0, height: caret.height)
    }

    /// Where the characters in `range` are drawn, in this view's coordinates (UIKit's
    /// `selectionRects(for:)`): one piece, or several where the range crosses bidi runs.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        let displayed = engine.displayText()
        let origin = textOrigin(displayed: displayed)
        guard let pieces = layout.selectionRects(for: range, in: displayed, style: lineStyle, width: nil) else {
            let start = caretRect(at: range.lowerBound), end = caretRect(at: range.upperBound)
            return range.isEmpty ? [] : [Rect(x: min(start.minX, end.minX), y: start.minY, width: abs(end.minX - start.minX), height: start.height)]
        }
        return pieces.map { $0.offsetBy(dx: origin.x, dy: origin.top) }
    }

    /// The character offset of the caret position nearest `point` (this view's coordinates).
    public func characterOffset(at point: Point) -> Int {
        let displayed = engine.displayText()
        let origin = textOrigin(displayed: displayed)
        return layout.caretOffset(at: Point(x: point.x - origin.x, y: origin.lineHeight / 2), in: displayed, style: lineStyle, width: nil)
    }

    /// Scrolls the text so the caret stays inside the text rect (2 pt of room for the caret).
    private func scrollToCaret() {
        let displayed = engine.displayText()
        let rect = textRect(forBounds: bounds)
        let width = displayed.isEmpty ? 0 : layout.measureText(displayed, style: lineStyle, width: nil).width
        guard width > rect.width else {
            horizontalScrollOffset = 0
            return
        }
        let caretX = layout.caretRect(at: engine.buffer.caret, in: displayed, style: lineStyle, width: nil).minX
        let room = TextSelectionDrawing.caretWidth
        if caretX - horizontalScrollOffset < room { horizontalScrollOffset = max(0, caretX - room) }
        if caretX - horizontalScrollOffset > rect.width - room { horizontalScrollOffset = caretX - rect.width + room }
        horizontalScrollOffset = max(0, min(horizontalScrollOffset, width - rect.width + room))
    }

    private func textGeometryDidChange() {
        scrollToCaret()
        layoutOverlays()
        setNeedsDisplay()
    }

    private func replaceOverlay(_ old: View?, with new: View?) {
        if old !== new { old?.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        textGeometryDidChange()
    }

    private func layoutOverlays() {
        if let leftView {
            leftView.isHidden = !leftViewMode.shows(editing: isEditing)
            leftView.frame = mirroredInRightToLeft(Rect(origin: Point(x: horizontalPadding, y: (bounds.height - leftView.frame.height) / 2),
                                                        size: leftView.frame.size), in: Rect(origin: .zero, size: bounds.size))
        }
        if let rightView {
            rightView.isHidden = !rightViewMode.shows(editing: isEditing)
            rightView.frame = mirroredInRightToLeft(Rect(origin: Point(x: bounds.width - horizontalPadding - rightView.frame.width,
                                                                       y: (bounds.height - rightView.frame.height) / 2),
                                                         size: rightView.frame.size), in: Rect(origin: .zero, size: bounds.size))
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutOverlays()
        scrollToCaret()
    }

    open override var intrinsicContentSize: Size {
        let line = layout.caretRect(at: 0, in: "", style: lineStyle, width: nil).height
        // UIKit's rounded field is 34 pt tall with 17 pt text: the line plus 14.
        return Size(width: View.noIntrinsicMetric, height: (line + 14).rounded(.up))
    }

    // MARK: Drawing

    /// The rounded field's hairline and the clear button (UIKit's systemGray3: #C7C7CC, dark #48484A).
    static let hairlineColor = Color(light: Color(rgb: 0xC7C7CC), dark: Color(rgb: 0x48484A))

    /// The selection handles reach outside the line.
    open override var drawingOverflow: Double { TextSelectionDrawing.handleDotDiameter + 2 }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        switch borderStyle {
        case .none: break
        case .line:
            context.strokeRoundedRect(bounds, radius: 0, lineWidth: 1, color: .label)
        case .bezel:
            context.fill(bounds, color: .systemBackground)
            context.strokeRoundedRect(bounds, radius: 0, lineWidth: 1, color: .systemGray)
        case .roundedRect:
            // UIKit's rounded field: white (black in the dark style), 5 pt corners, a grey hairline.
            context.fillRoundedRect(bounds, radius: 5, color: .systemBackground)
            context.strokeRoundedRect(bounds, radius: 5, lineWidth: 1, color: Self.hairlineColor)
        }
        let textArea = textRect(forBounds: bounds)
        let displayed = engine.displayText()
        let origin = textOrigin(displayed: displayed)
        context.saveState()
        context.clip(to: textArea.insetBy(dx: -TextSelectionDrawing.caretWidth, dy: 0))
        if displayed.isEmpty {
            if let placeholder, !placeholder.isEmpty {
                var placeholderStyle = style
                placeholderStyle.alignment = style.alignment == .justified ? .natural : style.alignment
                placeholderStyle.alignment = placeholderStyle.alignment.resolved(for: effectiveUserInterfaceLayoutDirection)
                placeholderStyle.color = placeholderColor
                placeholderStyle.numberOfLines = 1
                context.drawText(placeholder, in: textArea, style: placeholderStyle)
            }
        } else {
            context.drawText(displayed, in: Rect(x: origin.x, y: origin.top, width: origin.width, height: origin.lineHeight), style: lineStyle)
        }
        context.restoreState()
        if isEditing {
            TextSelectionDrawing.draw(selection: engine.buffer.selection, showCaret: engine.isCaretVisible,
                                      showHandles: showsSelectionHandles, tint: tintColor, lines: textArea,
                                      caretRect: { caretRect(at: $0) }, selectionRects: { selectionRects(for: $0) }, in: context)
        }
        if isClearButtonShown {
            let button = clearButtonRect(forBounds: bounds)
            context.fillEllipse(in: button, color: Self.hairlineColor)
            context.drawText("×", in: button, style: TextStyle(size: 15, weight: .bold, color: .systemBackground, alignment: .center))
        }
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        return super.becomeFirstResponder()
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isFirstResponder, !(delegate?.textFieldShouldEndEditing(self) ?? true) { return false }
        return super.resignFirstResponder()
    }

    /// UIKit's `clearsOnBeginEditing`: each editing session starts from an empty field (the
    /// delegate's `textFieldShouldClear` may refuse). Off by default.
    public var clearsOnBeginEditing = false

    func didBecomeFirstResponder() {
        engine.beginEditing()
        if clearsOnBeginEditing, engine.buffer.count > 0, delegate?.textFieldShouldClear(self) ?? true {
            engine.buffer = TextBuffer()
        }
        engine.select(engine.buffer.count..<engine.buffer.count)
        replacesSecretOnFirstEdit = isSecureTextEntry && engine.buffer.count > 0
        textGeometryDidChange()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
    }

    func didResignFirstResponder() {
        replacesSecretOnFirstEdit = false
        engine.endEditing()
        hideEditMenu()
        showsSelectionHandles = false
        horizontalScrollOffset = 0
        textGeometryDidChange()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    // MARK: TextInput

    public var hasText: Bool { hasText_ }
    public var textBeforeCaret: Substring { engine.buffer.textBeforeCaret }

    public func insertText(_ text: String) {
        guard isEditing else { return }
        selectSecretIfReplaced()
        engine.insert(text)
    }

    public func deleteBackward() {
        guard isEditing else { return }
        selectSecretIfReplaced()
        engine.deleteBackward()
    }

    /// UIKit's secure field edited again: the first key replaces the whole secret and a delete
    /// clears it (nobody can edit characters they cannot see).
    private var replacesSecretOnFirstEdit = false
    private func selectSecretIfReplaced() {
        guard replacesSecretOnFirstEdit else { return }
        replacesSecretOnFirstEdit = false
        engine.select(0..<engine.buffer.count)
    }

    public func returnKeyPressed() {
        guard isEditing, delegate?.textFieldShouldReturn(self) ?? true else { return }
        let listens = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .primaryActionTriggered)
        sendActions(for: .editingDidEndOnExit)
        if listens { resignFirstResponder() }
    }

    // MARK: TextEditingHost

    func engineShouldChange(_ range: Range<Int>, replacement: String) -> Bool {
        guard let delegate else { return true }
        return delegate.textField(self, shouldChangeCharactersIn: engine.buffer.range(range), replacementString: replacement)
    }

    func engineTextDidChange() {
        hideEditMenu()
        showsSelectionHandles = false
        textGeometryDidChange()
        sendActions(for: .editingChanged)
    }

    func engineSelectionDidChange() {
        scrollToCaret()
        setNeedsDisplay()
    }

    func engineNeedsDisplay() {
        setNeedsDisplay()
    }

    var engineIsMultiline: Bool { false }

    func engineCaretOffset(movingVisuallyFrom offset: Int, right: Bool) -> Int {
        layout.caretOffset(movingVisuallyFrom: offset, right: right, in: engine.displayText(), style: lineStyle, width: nil)
    }

    // MARK: Hardware keys

    open override func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) {
        var unhandled: Set<Press> = []
        for press in presses where !engine.pressBegan(press) { unhandled.insert(press) }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    open override func pressesEnded(_ presses: Set<Press>, with event: PressEvent?) {
        for press in presses { engine.pressEnded(press) }
        super.pressesEnded(presses, with: event)
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: PressEvent?) {
        for press in presses { engine.pressEnded(press) }
        super.pressesCancelled(presses, with: event)
    }

    // MARK: Touches (Control tracking)

    private enum Drag { case caret, startHandle, endHandle, clearButton, none }
    private var drag: Drag = .none
    private var touchStart: Point = .zero
    private var caretBeforeTouch: Range<Int>?
    private var longPressTimer: TimerHandle?
    /// UIKit's long-press duration (`UILongPressGestureRecognizer.minimumPressDuration`).
    static let longPressDuration: TimeInterval = 0.5
    /// A finger moving this far is a drag, not a press (UIKit's tap slop, about 10 pt).
    static let dragThreshold = 10.0

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        touchStart = point
        caretBeforeTouch = engine.buffer.selection
        if isClearButtonShown, clearButtonRect(forBounds: bounds).insetBy(dx: -8, dy: -8).contains(point) {
            drag = .clearButton
            return true
        }
        guard isEditing else {
            drag = .none
            return true
        }
        if showsSelectionHandles, engine.buffer.hasSelection {
            if TextSelectionDrawing.grabs(point, handleAt: caretRect(at: engine.buffer.selection.lowerBound)) {
                drag = .startHandle
                return true
            }
            if TextSelectionDrawing.grabs(point, handleAt: caretRect(at: engine.buffer.selection.upperBound)) {
                drag = .endHandle
                return true
            }
        }
        if touch.tapCount == 2 {
            drag = .none
            selectWord(at: point, handles: false)
            return true
        }
        drag = .caret
        longPressTimer = window?.application?.runLoop.schedule(after: TextField.longPressDuration) { [weak self] in
            guard let self, self.drag == .caret else { return }
            self.drag = .none
            self.selectWord(at: self.touchStart, handles: true)
        }
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        let moved = point.distance(to: touchStart) > TextField.dragThreshold
        if moved { cancelLongPress() }
        let offset = characterOffset(at: point)
        switch drag {
        case .caret where moved:
            engine.select(offset..<offset)
            hideEditMenu()
        case .startHandle:
            let end = engine.buffer.selection.upperBound
            engine.select(min(offset, end - 1)..<end)
        case .endHandle:
            let start = engine.buffer.selection.lowerBound
            engine.select(start..<max(offset, start + 1))
        default: break
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        cancelLongPress()
        defer { drag = .none }
        guard let touch else { return }
        let point = touch.location(in: self)
        let inside = bounds.contains(point)
        switch drag {
        case .clearButton:
            if inside, clearButtonRect(forBounds: bounds).insetBy(dx: -8, dy: -8).contains(point) { clear() }
        case .none where !isEditing:
            guard inside, becomeFirstResponder() else { return }
            let offset = characterOffset(at: point)
            engine.select(offset..<offset)
        case .caret:
            let offset = characterOffset(at: point)
            if caretBeforeTouch == offset..<offset, editMenu == nil {
                engine.select(offset..<offset)
                showEditMenu()
            } else if point.distance(to: touchStart) <= TextField.dragThreshold {
                engine.select(offset..<offset)
                hideEditMenu()
                showsSelectionHandles = false
            }
        case .startHandle, .endHandle:
            showEditMenu()
        case .none:
            break
        }
    }

    open override func cancelTracking(with event: Event?) {
        cancelLongPress()
        drag = .none
    }

    private func cancelLongPress() {
        longPressTimer?.cancel()
        longPressTimer = nil
    }

    private func selectWord(at point: Point, handles: Bool) {
        let offset = characterOffset(at: point)
        let word = engine.buffer.wordRange(at: offset)
        engine.select(word)
        showsSelectionHandles = handles || !word.isEmpty
        showEditMenu()
    }

    private func clear() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { becomeFirstResponder() }
        guard engine.buffer.count > 0 else { return }
        engine.replace(0..<engine.buffer.count, with: "")
    }

    // MARK: Edit menu

    /// Shows the edit menu above the selection or the caret.
    public func showEditMenu() {
        hideEditMenu()
        guard isEditing, let window, let menu = EditMenuView(target: self) else { return }
        let selection = engine.buffer.selection
        let start = caretRect(at: selection.lowerBound), end = caretRect(at: selection.upperBound)
        let anchor = Rect(x: min(start.minX, end.minX), y: start.minY, width: abs(end.minX - start.minX), height: start.height)
        menu.show(above: convert(anchor, to: window), in: window)
        editMenu = menu
    }

    public func hideEditMenu() {
        editMenu?.removeFromSuperview()
        editMenu = nil
    }

    private func registerEditActions() {
        handle("cut:") { [unowned self] _, _ in engine.cut() }
        handle("copy:") { [unowned self] _, _ in engine.copy(); hideEditMenu() }
        handle("paste:") { [unowned self] _, _ in engine.paste() }
        handle("selectAll:") { [unowned self] _, _ in
            engine.select(0..<engine.buffer.count)
            showsSelectionHandles = true
            showEditMenu()
        }
    }

    /// Cut and copy need a selection (and no secure entry), paste a string on the pasteboard,
    /// select all some text not all selected yet (UIKit's rules).
    open override func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
        let buffer = engine.buffer
        switch action.name {
        case "cut:", "copy:": return isEditing && buffer.hasSelection && !isSecureTextEntry
        case "paste:": return isEditing && Pasteboard.general.hasStrings
        case "selectAll:": return isEditing && buffer.count > 0 && buffer.selection != 0..<buffer.count
        default: return super.canPerformAction(action, withSender: sender)
        }
    }
}
