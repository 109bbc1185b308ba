/// UIKit's `UITextView`: multi-line editable text that scrolls like a `ScrollView` (it is
/// one). The editing engine is `TextField`'s: the same keys, composer, pasteboard and edit
/// menu. A tap makes it first responder and places the caret at the tapped character, a
/// double tap selects a word, a long press selects it with handles (dragged to change the
/// selection); a drag elsewhere scrolls. Enter types a new line; the view scrolls to keep
/// the caret visible.
@MainActor
open class TextView: ScrollView, TextInput, TextEditingHost, FirstResponderObserving {
    // Accessibility: an element valued by its text.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { engine.buffer.text }

    private(set) lazy var engine = TextEditingEngine(host: self)
    /// The scroll view's `delegate`, when it is a `TextViewDelegate` (as in UIKit, one object
    /// gets both kinds of calls).
    private var textDelegate: (any TextViewDelegate)? { delegate as? any TextViewDelegate }

    public var text: String {
        get { engine.buffer.text }
        set {
            guard newValue != engine.buffer.text else { return }
            engine.buffer = TextBuffer(newValue)
            engine.textWasReplacedByApp()
            textLayoutDidChange()
        }
    }
    /// Font and colour (lines wrap at the view's width; alignment as set).
    public var style = TextStyle(size: 17, numberOfLines: 0, truncation: .none) {
        didSet {
            style.numberOfLines = 0
            style.truncation = .none
            if style != oldValue { textLayoutDidChange() }
        }
    }
    /// Space around the text (UIKit: 8 pt above and below; 5 pt at the sides, its line
    /// fragment padding).
    public var textContainerInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5) {
        didSet { textLayoutDidChange() }
    }
    public var isEditable = true
    public var keyboardType: KeyboardType = .default
    public var returnKeyType: ReturnKeyType = .default
    public var autocapitalizationType: AutocapitalizationType = .sentences
    public var isSecureTextEntry: Bool { false }
    public var inputView: View?
    public var inputAccessoryView: View?

    public var isEditing: Bool { engine.isEditing }
    public var selectedRange: Range<Int> {
        get { engine.buffer.selection }
        set { engine.select(newValue) }
    }
    public private(set) var showsSelectionHandles = false
    public private(set) var editMenu: EditMenuView?

    private let tap = TapGestureRecognizer()
    private let longPress = LongPressGestureRecognizer()
    /// Drags a selection handle: a pan that begins only on a handle, while the scroll view's
    /// own pan begins only elsewhere (a drag on a handle moves the selection, not the text).
    private let handleDrag = PanGestureRecognizer()
    private enum SelectionHandle { case start, end }
    private var draggedHandle: SelectionHandle?
    private var lastTap: (time: TimeInterval, point: Point)?
    /// Where a tap that begins editing puts the caret (else editing begins at the end).
    private var tappedCaret: Int?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        clipsToBounds = true
        alwaysBounceVertical = true
        tap.name = "textView.tap"
        tap.addAction { [unowned self] recognizer in handleTap(recognizer.location(in: self)) }
        addGestureRecognizer(tap)
        longPress.name = "textView.longPress"
        longPress.addAction { [unowned self] recognizer in
            guard recognizer.state == .began, isEditing else { return }
            selectWord(at: recognizer.location(in: self), handles: true)
        }
        addGestureRecognizer(longPress)
        handleDrag.name = "textView.handleDrag"
        handleDrag.addAction { [unowned self] _ in dragHandle(handleDrag) }
        addGestureRecognizer(handleDrag)
        registerEditActions()
    }

    // MARK: Layout

    private var wrapWidth: Double { max(1, bounds.width - textContainerInset.left - textContainerInset.right) }
    private var layout: any TextMeasuring { TextMetrics.layout }

    /// The caret before `offset`, in content coordinates.
    public func caretRect(at offset: Int) -> Rect {
        let caret = layout.caretRect(at: offset, in: engine.buffer.text, style: style, width: wrapWidth)
        return Rect(x: textContainerInset.left + caret.minX, y: textContainerInset.top + caret.minY, width: 0, height: caret.height)
    }

    /// Where the characters in `range` are drawn, in content coordinates (UIKit's
    /// `selectionRects(for:)`), piece by piece; nil without a bidi-aware text layout (the
    /// selection is then drawn between the carets at its ends).
    public func selectionRects(for range: Range<Int>) -> [Rect]? {
        layout.selectionRects(for: range, in: engine.buffer.text, style: style, width: wrapWidth)?
            .map { $0.offsetBy(dx: textContainerInset.left, dy: textContainerInset.top) }
    }

    /// The character offset nearest `point` (content coordinates).
    public func characterOffset(at point: Point) -> Int {
        layout.caretOffset(at: Point(x: point.x - textContainerInset.left, y: point.y - textContainerInset.top),
                           in: engine.buffer.text, style: style, width: wrapWidth)
    }

    private func textLayoutDidChange() {
        let text = engine.buffer.text
        let height = text.isEmpty ? caretRect(at: 0).height : layout.measureText(text, style: style, width: wrapWidth).height
        contentSize = Size(width: bounds.width, height: height + textContainerInset.top + textContainerInset.bottom)
        scrollToCaret()
        setNeedsDisplay()
    }

    private func scrollToCaret() {
        guard isEditing else { return }
        scrollRectToVisible(caretRect(at: engine.buffer.caret).insetBy(dx: -1, dy: -2), animated: false)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if contentSize.width != bounds.width { textLayoutDidChange() }
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        context.saveState()
        context.clip(to: bounds)
        let text = engine.buffer.text
        if !text.isEmpty {
            let size = layout.measureText(text, style: style, width: wrapWidth)
            context.drawText(text, in: Rect(x: textContainerInset.left, y: textContainerInset.top, width: wrapWidth, height: size.height),
                             style: style)
        }
        if isEditing {
            TextSelectionDrawing.draw(selection: engine.buffer.selection, showCaret: engine.isCaretVisible,
                                      showHandles: showsSelectionHandles, tint: tintColor,
                                      lines: Rect(x: textContainerInset.left, y: 0, width: wrapWidth, height: contentSize.height),
                                      caretRect: { caretRect(at: $0) }, selectionRects: { selectionRects(for: $0) }, in: context)
        }
        context.restoreState()
    }

    // MARK: Touches

    /// A second tap this soon and this near is a double tap (UIKit's tap recognizer values).
    private func handleTap(_ point: Point) {
        let now = window?.application?.clock.now ?? 0
        defer { lastTap = (now, point) }
        guard isEditing else {
            // The caret goes where the finger is before editing begins, so that beginning
            // does not scroll to where the caret was (the tapped text stays put, as in UIKit).
            guard isEditable else { return }
            tappedCaret = characterOffset(at: point)
            defer { tappedCaret = nil }
            becomeFirstResponder()
            return
        }
        if let lastTap, now - lastTap.time <= tap.maximumIntervalBetweenSuccessiveTaps,
           abs(lastTap.point.x - point.x) < tap.maximumDistanceBetweenTaps, abs(lastTap.point.y - point.y) < tap.maximumDistanceBetweenTaps {
            selectWord(at: point, handles: false)
            return
        }
        let offset = characterOffset(at: point)
        if engine.buffer.selection == offset..<offset, editMenu == nil {
            showEditMenu()
        } else {
            engine.select(offset..<offset)
            showsSelectionHandles = false
            hideEditMenu()
        }
    }

    // MARK: Selection handles

    /// The handle a finger at `point` (content coordinates) grabs, if handles are shown.
    private func handle(at point: Point) -> SelectionHandle? {
        guard isEditing, showsSelectionHandles, engine.buffer.hasSelection else { return nil }
        if TextSelectionDrawing.grabs(point, handleAt: caretRect(at: engine.buffer.selection.lowerBound)) { return .start }
        if TextSelectionDrawing.grabs(point, handleAt: caretRect(at: engine.buffer.selection.upperBound)) { return .end }
        return nil
    }

    /// Where the finger of a pan landed: its location less the translation so far.
    private func landing(of pan: PanGestureRecognizer) -> Point {
        let location = pan.location(in: self), translation = pan.translation(in: self)
        return Point(x: location.x - translation.x, y: location.y - translation.y)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === handleDrag { return handle(at: landing(of: handleDrag)) != nil }
        if gestureRecognizer === panGestureRecognizer, handle(at: landing(of: panGestureRecognizer)) != nil { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// A handle follows the finger; the selection keeps at least one character, and the edit
    /// menu comes back when the finger lifts, as in UIKit.
    private func dragHandle(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            draggedHandle = handle(at: landing(of: recognizer))
            hideEditMenu()
        case .changed:
            let offset = characterOffset(at: recognizer.location(in: self))
            let selection = engine.buffer.selection
            switch draggedHandle {
            case .start: engine.select(min(offset, selection.upperBound - 1)..<selection.upperBound)
            case .end: engine.select(selection.lowerBound..<max(offset, selection.lowerBound + 1))
            case nil: break
            }
        case .ended, .cancelled, .failed:
            if draggedHandle != nil, isEditing { showEditMenu() }
            draggedHandle = nil
        default:
            break
        }
    }

    private func selectWord(at point: Point, handles: Bool) {
        engine.select(engine.buffer.wordRange(at: characterOffset(at: point)))
        showsSelectionHandles = handles || engine.buffer.hasSelection
        showEditMenu()
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, textDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        return super.becomeFirstResponder()
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isFirstResponder, !(textDelegate?.textViewShouldEndEditing(self) ?? true) { return false }
        return super.resignFirstResponder()
    }

    func didBecomeFirstResponder() {
        engine.beginEditing()
        let caret = tappedCaret ?? engine.buffer.count
        engine.select(caret..<caret)
        textDelegate?.textViewDidBeginEditing(self)
    }

    func didResignFirstResponder() {
        engine.endEditing()
        hideEditMenu()
        showsSelectionHandles = false
        setNeedsDisplay()
        textDelegate?.textViewDidEndEditing(self)
    }

    // MARK: TextInput

    public var hasText: Bool { !engine.buffer.text.isEmpty }
    public var textBeforeCaret: Substring { engine.buffer.textBeforeCaret }

    public func insertText(_ text: String) {
        guard isEditing else { return }
        engine.insert(text)
    }

    public func deleteBackward() {
        guard isEditing else { return }
        engine.deleteBackward()
    }

    public func returnKeyPressed() { insertText("\n") }

    // MARK: TextEditingHost

    func engineShouldChange(_ range: Range<Int>, replacement: String) -> Bool {
        textDelegate?.textView(self, shouldChangeTextIn: engine.buffer.range(range), replacementText: replacement) ?? true
    }

    func engineTextDidChange() {
        hideEditMenu()
        showsSelectionHandles = false
        textLayoutDidChange()
        textDelegate?.textViewDidChange(self)
    }

    func engineSelectionDidChange() {
        scrollToCaret()
        setNeedsDisplay()
        textDelegate?.textViewDidChangeSelection(self)
    }

    func engineNeedsDisplay() {
        setNeedsDisplay()
    }

    var engineIsMultiline: Bool { true }

    func engineCaretOffset(movingVisuallyFrom offset: Int, right: Bool) -> Int {
        layout.caretOffset(movingVisuallyFrom: offset, right: right, in: engine.buffer.text, style: style, width: wrapWidth)
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

    // MARK: Edit menu

    public func showEditMenu() {
        hideEditMenu()
        guard isEditing, let window, let menu = EditMenuView(target: self) else { return }
        let selection = engine.buffer.selection
        let start = caretRect(at: selection.lowerBound), end = caretRect(at: selection.upperBound)
        let anchor = Rect(x: min(start.minX, end.minX), y: start.minY, width: max(1, abs(end.minX - start.minX)), height: end.maxY - start.minY)
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

    open override func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
        let buffer = engine.buffer
        switch action.name {
        case "cut:", "copy:": return isEditing && buffer.hasSelection
        case "paste:": return isEditing && Pasteboard.general.hasStrings
        case "selectAll:": return isEditing && buffer.count > 0 && buffer.selection != 0..<buffer.count
        default: return super.canPerformAction(action, withSender: sender)
        }
    }
}
