/// UIKit's `UITextFieldDelegate`. Every method is optional; the defaults are UIKit's.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Asked before the field becomes first responder; false keeps it from editing.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Asked before the field resigns; false keeps it editing (unless forced).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before every edit by the user (typing, deleting, cutting, pasting): `range` of
    /// the current `text` would become `string`. False vetoes it; to rewrite an edit, set
    /// `text` yourself and return false (e.g. digits only, a maximum length, formatting).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool
    /// Asked when the clear button is tapped; false keeps the text.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Asked when return is pressed; true sends `primaryActionTriggered` and
    /// `editingDidEndOnExit` (and resigns if something listens to the latter).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool { true }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
