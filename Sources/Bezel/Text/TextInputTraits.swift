/// UIKit's `UIKeyboardType`: which page of the on-screen keyboard a text input wants.
public enum KeyboardType: Sendable, CaseIterable {
    /// Letters, with a key to the numbers and symbols page.
    case `default`
    /// Digits 0-9 and backspace (a PIN, a quantity).
    case numberPad
    /// Digits and a decimal separator.
    case decimalPad
    /// Digits, `+`, `*` and `#`.
    case phonePad
    /// Letters with `@` and `.` beside the space bar.
    case emailAddress
    /// Letters with `/` and `.` beside the space bar.
    case URL
}

/// UIKit's `UIReturnKeyType`: the return key's label (its action is the text input's).
public enum ReturnKeyType: Sendable, CaseIterable {
    case `default`, go, join, next, route, search, send, done, `continue`

    /// The label UIKit shows (English).
    public var title: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .join: return "Join"
        case .next: return "Next"
        case .route: return "Route"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        case .continue: return "Continue"
        }
    }
}

/// UIKit's `UITextAutocapitalizationType`: when the on-screen keyboard turns shift on by itself.
public enum AutocapitalizationType: Sendable, CaseIterable {
    case none, words, sentences, allCharacters

    /// Whether the next letter typed after `before` (the text before the caret) is a capital.
    public func capitalizesNext(after before: Substring) -> Bool {
        switch self {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let last = before.last else { return true }
            return last.isWhitespace
        case .sentences:
            // The start, or after ". ", "! ", "? " or a new line (UIKit's rule).
            let trimmed = before.reversed().drop { $0 == " " }
            guard let end = trimmed.first else { return true }
            if end.isNewline { return true }
            return before.last == " " && (end == "." || end == "!" || end == "?")
        }
    }
}

/// UIKit's `UITextField.ViewMode`: when an overlay (the clear button, left and right views) shows.
public enum TextFieldViewMode: Sendable, CaseIterable {
    case never, whileEditing, unlessEditing, always

    func shows(editing: Bool) -> Bool {
        switch self {
        case .never: return false
        case .always: return true
        case .whileEditing: return editing
        case .unlessEditing: return !editing
        }
    }
}
