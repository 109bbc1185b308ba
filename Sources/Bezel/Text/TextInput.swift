/// UIKit's `UIKeyInput` with `UITextInputTraits`: a responder that text can be typed into.
/// The on-screen keyboard and hardware keyboards type into the first responder when it is
/// one; `TextField` and `TextView` are, and an app's own responder can be too.
@MainActor
public protocol TextInput: Responder {
    var hasText: Bool { get }
    /// Types `text` at the caret (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the selection, or the character before the caret.
    func deleteBackward()
    /// The on-screen keyboard's return key.
    func returnKeyPressed()

    var keyboardType: KeyboardType { get }
    var returnKeyType: ReturnKeyType { get }
    var autocapitalizationType: AutocapitalizationType { get }
    var isSecureTextEntry: Bool { get }
    /// The text before the caret, for autocapitalization.
    var textBeforeCaret: Substring { get }

    /// Replaces the system keyboard while this input is first responder (UIKit's `inputView`).
    var inputView: View? { get }
    /// Shown above the keyboard (or the `inputView`) while this input is first responder.
    var inputAccessoryView: View? { get }
}

extension TextInput {
    public var keyboardType: KeyboardType { .default }
    public var returnKeyType: ReturnKeyType { .default }
    public var autocapitalizationType: AutocapitalizationType { .none }
    public var isSecureTextEntry: Bool { false }
    public var textBeforeCaret: Substring { "" }
    public var inputView: View? { nil }
    public var inputAccessoryView: View? { nil }
    public func returnKeyPressed() { insertText("\n") }
}
