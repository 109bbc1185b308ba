/// What an editing engine asks of the view that owns it (`TextField`, `TextView`).
@MainActor
protocol TextEditingHost: TextInput {
    /// The delegate's `shouldChangeCharacters(in:replacementString:)`: false vetoes the edit.
    func engineShouldChange(_ range: Range<Int>, replacement: String) -> Bool
    /// The text changed (by typing, deleting, pasting): redraw, send `editingChanged`.
    func engineTextDidChange()
    /// The selection changed: redraw, keep the caret in view.
    func engineSelectionDidChange()
    /// Only the looks changed (the caret blinked, a revealed character turned into a bullet).
    func engineNeedsDisplay()
    /// Whether Enter inserts a new line (a text view) or is the return key (a field).
    var engineIsMultiline: Bool { get }
    /// The offset one caret position to the right (left) of `offset` on screen: the arrow
    /// keys follow the text as drawn, through bidi runs (`TextMeasuring`).
    func engineCaretOffset(movingVisuallyFrom offset: Int, right: Bool) -> Int
}

/// The editing engine shared by `TextField` and `TextView`: the text and its selection
/// (`TextBuffer`), edits that ask the delegate first, hardware keys (arrows, Home/End,
/// Delete, Backspace, Enter, Tab, shortcuts) with key repeat, the caret's blink while
/// editing, and the secure-entry reveal of the last character typed. It owns timers only
/// while its view is editing, so an idle UI schedules nothing (zero wake-ups).
@MainActor
final class TextEditingEngine {
    unowned let host: any TextEditingHost
    var buffer = TextBuffer()
    private(set) var isEditing = false

    /// Caret blink: shown 0.5 s, hidden 0.5 s (iOS's caret period is about a second): two
    /// wake-ups per second while editing, none otherwise. Typing keeps the caret solid.
    static let caretBlinkInterval: TimeInterval = 0.5
    private(set) var isCaretVisible = false
    private var blinkTimer: TimerHandle?

    /// Secure entry shows the last character typed this long before it turns into a bullet
    /// (iOS shows it about a second; Bezel's choice, stated here).
    static let secureRevealDuration: TimeInterval = 1.0
    /// The character offset shown in clear while secure, if any.
    private(set) var revealedOffset: Int?
    private var revealTimer: TimerHandle?

    /// Key repeat of held editing keys: after 0.66 s, 25 per second: the X server's defaults
    /// (`xset r rate 660 25`), which most Linux desktops keep; libinput does not repeat keys
    /// and XKB keymaps say which keys repeat but not how fast.
    static let keyRepeatDelay: TimeInterval = 0.66
    static let keyRepeatInterval: TimeInterval = 1.0 / 25
    private var repeatTimer: TimerHandle?
    private var repeatingKey: Press.Key?

    init(host: any TextEditingHost) {
        self.host = host
    }

    private var runLoop: RunLoop? { host.owningApplication?.runLoop }

    // MARK: Editing sessions

    func beginEditing() {
        isEditing = true
        host.owningApplication?.keyComposer.reset()
        restartBlink()
    }

    func endEditing() {
        isEditing = false
        // A field's edits are undoable while it is edited (UIKit's: they go when it resigns).
        textWasReplacedByApp()
        blinkTimer?.cancel()
        blinkTimer = nil
        repeatTimer?.cancel()
        repeatTimer = nil
        repeatingKey = nil
        hideRevealedCharacter()
        isCaretVisible = false
        host.owningApplication?.keyComposer.reset()
        host.engineNeedsDisplay()
    }

    /// Shows the caret and starts the blink over (after a move or an edit, as iOS does).
    func restartBlink() {
        blinkTimer?.cancel()
        blinkTimer = nil
        guard isEditing else { return }
        isCaretVisible = true
        scheduleBlink()
    }

    private func scheduleBlink() {
        blinkTimer = runLoop?.schedule(after: Self.caretBlinkInterval) { [weak self] in
            guard let self, self.isEditing else { return }
            self.isCaretVisible.toggle()
            self.host.engineNeedsDisplay()
            self.scheduleBlink()
        }
    }

    // MARK: Edits

    /// Replaces `range` with `replacement` if the delegate agrees; true when it did.
    @discardableResult
    func replace(_ range: Range<Int>, with replacement: String) -> Bool {
        guard host.engineShouldChange(range, replacement: replacement) else { return false }
        let typed = registerUndo(replacing: range, with: replacement)
        buffer.replace(range, with: replacement)
        typingRunEnd = typed ? buffer.caret : nil
        movingEnd = buffer.caret
        if host.isSecureTextEntry, !replacement.isEmpty, replacement.count == 1 {
            reveal(buffer.caret - 1)
        } else {
            hideRevealedCharacter()
        }
        restartBlink()
        host.engineTextDidChange()
        return true
    }

    /// Every path that adds text goes through here (typed and composed keys, the on-screen
    /// keyboard, pasting, `insertText`): a one-line field takes no line break, whichever path
    /// brought one. A compose sequence's result had skipped the filters the other paths had,
    /// and put a line break into a one-line field (issue 37 item 13).
    func insert(_ text: String) {
        replace(buffer.replacementRange, with: host.engineIsMultiline ? text : text.filter { !$0.isNewline })
    }

    func deleteBackward() {
        guard let range = buffer.backwardDeletionRange else { return }
        replace(range, with: "")
    }

    func deleteForward() {
        guard let range = buffer.forwardDeletionRange else { return }
        replace(range, with: "")
    }

    /// The end of the selection that arrow keys move (the caret when there is no selection).
    private var movingEnd = 0

    // MARK: Undo

    /// Where the typing run being coalesced into one undo step has its caret (nil: none).
    private var typingRunEnd: Int?

    /// Registers the undo of an edit with the host's undo manager (UIKit's text undo): the
    /// text and selection before it, restored in one step. Typing (one character in, or one
    /// out by Backspace) right where the last typing left the caret joins that step, so an
    /// undo takes back the whole run ("Typing"), as UIKit's does; anything else, or a caret
    /// moved in between, starts a new one. A secure field registers nothing (no secret is
    /// kept for undo). Returns whether the edit was typing.
    private func registerUndo(replacing range: Range<Int>, with replacement: String) -> Bool {
        let typed = range.count <= 1 && replacement.count <= 1 && (range.isEmpty != replacement.isEmpty)
        guard !host.isSecureTextEntry, let manager = host.undoManager, !manager.isUndoing, !manager.isRedoing else { return typed }
        if typed, let end = typingRunEnd, end == (replacement.isEmpty ? range.upperBound : range.lowerBound) { return true }
        let before = (text: buffer.text, selection: buffer.selection)
        manager.registerUndo(withTarget: self) { engine in engine.restore(before.text, selection: before.selection) }
        manager.setActionName(typed ? "Typing" : replacement.isEmpty ? "Delete" : "Paste")
        return typed
    }

    /// Puts back an earlier text and selection (an undo or a redo), registering the way back.
    private func restore(_ text: String, selection: Range<Int>) {
        let current = (text: buffer.text, selection: buffer.selection)
        host.undoManager?.registerUndo(withTarget: self) { engine in engine.restore(current.text, selection: current.selection) }
        typingRunEnd = nil
        buffer = TextBuffer(text, selection: selection.clamped(to: 0..<(text.count + 1)))
        movingEnd = buffer.selection.upperBound
        hideRevealedCharacter()
        restartBlink()
        host.engineTextDidChange()
    }

    /// The app set the text: earlier edits cannot be undone into it (UIKit's fields forget them).
    func textWasReplacedByApp() {
        typingRunEnd = nil
        host.undoManager?.removeAllActions(withTarget: self)
    }

    func undo() { host.undoManager?.undo() }
    func redo() { host.undoManager?.redo() }

    /// Sets the selection (a caret when empty).
    func select(_ range: Range<Int>) {
        if range != buffer.selection { typingRunEnd = nil }
        buffer.selection = range
        movingEnd = buffer.selection.upperBound
        host.owningApplication?.keyComposer.reset()
        restartBlink()
        host.engineSelectionDidChange()
    }

    private func reveal(_ offset: Int) {
        revealedOffset = offset
        revealTimer?.cancel()
        revealTimer = runLoop?.schedule(after: Self.secureRevealDuration) { [weak self] in
            self?.hideRevealedCharacter()
            self?.host.engineNeedsDisplay()
        }
    }

    private func hideRevealedCharacter() {
        revealTimer?.cancel()
        revealTimer = nil
        revealedOffset = nil
    }

    /// Types a key's output through the application's composer (dead keys, compose).
    func type(_ output: KeyOutput) {
        let composer = host.owningApplication?.keyComposer
        switch composer?.feed(output) ?? .passThrough {
        case .passThrough: if !output.text.isEmpty { insert(output.text) }
        case .composed(let text): insert(text)
        case .composing, .cancelled: break
        }
    }

    /// The text shown: bullets for secure entry (but the character being revealed).
    func displayText() -> String {
        guard host.isSecureTextEntry else { return buffer.text }
        var shown = ""
        for (offset, character) in buffer.text.enumerated() {
            shown.append(offset == revealedOffset ? character : "•")
        }
        return shown
    }

    // MARK: Hardware keys

    /// A key went down on a hardware keyboard while editing: true when it edited.
    func pressBegan(_ press: Press) -> Bool {
        guard isEditing else { return false }
        let key = press.key
        let handled = perform(key, modifiers: press.modifierFlags)
        if handled, key.repeats, key != .enter, key != .keypadEnter, key != .tab {
            repeatingKey = key
            repeatTimer?.cancel()
            repeatTimer = runLoop?.schedule(after: Self.keyRepeatDelay) { [weak self] in self?.repeatKey(press) }
        }
        return handled
    }

    func pressEnded(_ press: Press) {
        guard press.key == repeatingKey else { return }
        repeatTimer?.cancel()
        repeatTimer = nil
        repeatingKey = nil
    }

    private func repeatKey(_ press: Press) {
        guard isEditing, press.key == repeatingKey else { return }
        _ = perform(press.key, modifiers: press.modifierFlags)
        repeatTimer = runLoop?.schedule(after: Self.keyRepeatInterval) { [weak self] in self?.repeatKey(press) }
    }

    private func perform(_ key: Press.Key, modifiers: Press.ModifierFlags) -> Bool {
        let extend = modifiers.contains(.shift)
        // The end of the selection that moves: Shift-arrows grow it from the other end.
        let caret = buffer.selection.lowerBound == movingEnd ? buffer.selection.lowerBound : buffer.selection.upperBound
        func move(to offset: Int) {
            let target = max(0, min(offset, buffer.count))
            let anchor = caret == buffer.selection.lowerBound ? buffer.selection.upperBound : buffer.selection.lowerBound
            select(extend ? min(anchor, target)..<max(anchor, target) : target..<target)
            movingEnd = target
        }
        if modifiers.contains(.control), let symbol = key.symbol {
            switch symbol {
            case 0x61, 0x41: select(0..<buffer.count); return true   // Ctrl-A
            case 0x63, 0x43: copy(); return true                      // Ctrl-C
            case 0x78, 0x58: cut(); return true                       // Ctrl-X
            case 0x76, 0x56: paste(); return true                     // Ctrl-V
            case 0x7A, 0x5A: modifiers.contains(.shift) ? redo() : undo(); return true  // Ctrl-Z, Ctrl-Shift-Z
            case 0x79, 0x59: redo(); return true                      // Ctrl-Y
            default: break
            }
        }
        switch key {
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        // Arrows move on screen, not in the text's order (through a Hebrew word in a Latin
        // line the right arrow goes back in the text); a selection collapses to its start
        // or end in the text's order.
        case .leftArrow:
            move(to: buffer.hasSelection && !extend ? buffer.selection.lowerBound : host.engineCaretOffset(movingVisuallyFrom: caret, right: false))
        case .rightArrow:
            move(to: buffer.hasSelection && !extend ? buffer.selection.upperBound : host.engineCaretOffset(movingVisuallyFrom: caret, right: true))
        // Home and End always; Up and Down only in one line (a text view moves between lines).
        case .home: move(to: host.engineIsMultiline ? buffer.lineStart(before: caret) : 0)
        case .upArrow where !host.engineIsMultiline: move(to: 0)
        case .end: move(to: host.engineIsMultiline ? buffer.lineEnd(after: caret) : buffer.count)
        case .downArrow where !host.engineIsMultiline: move(to: buffer.count)
        case .enter, .keypadEnter: host.returnKeyPressed()
        case .tab: return FocusNavigation.moveFocus(from: host, backwards: modifiers.contains(.shift))
        default:
            guard !modifiers.contains(.control), !modifiers.contains(.alternate) || !key.characters.isEmpty else { return false }
            let output = KeyOutput(symbol: key.symbol ?? 0, text: key.characters.filter { !$0.isNewline && $0 != "\t" && !$0.isControlCharacter })
            guard !output.text.isEmpty || output.isDeadKey else { return false }
            type(output)
        }
        return true
    }

    // MARK: Pasteboard

    func copy() {
        guard buffer.hasSelection, !host.isSecureTextEntry else { return }
        Pasteboard.general.string = String(buffer.selectedText)
    }

    func cut() {
        guard buffer.hasSelection, !host.isSecureTextEntry else { return }
        let text = String(buffer.selectedText)
        if replace(buffer.selection, with: "") { Pasteboard.general.string = text }
    }

    func paste() {
        guard let text = Pasteboard.general.string, !text.isEmpty else { return }
        insert(text)
    }
}

extension Character {
    var isControlCharacter: Bool {
        unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
}
