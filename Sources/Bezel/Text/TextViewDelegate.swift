/// UIKit's `UITextViewDelegate` (a scroll view delegate too: set it as the text view's
/// `delegate`). Every method is optional; the defaults are UIKit's.
@MainActor
public protocol TextViewDelegate: ScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    func textViewDidBeginEditing(_ textView: TextView)
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    func textViewDidEndEditing(_ textView: TextView)
    /// Asked before every edit by the user: `range` of the current text would become `text`.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>, replacementText text: String) -> Bool
    /// After every edit by the user.
    func textViewDidChange(_ textView: TextView)
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
}
