/// UIKit's `UIButton`: a built-in control whose default action is a single-finger single
/// tap, sent as touchUpInside and primaryActionTriggered. Its looks come with the rendering
/// layer; here it is the behaviour.
@MainActor
open class Button: Control {
    public var title: String?

    override var eventsForTouchUpInside: Events { [.touchUpInside, .primaryActionTriggered] }

    /// The button's default action beats an ancestor's single-tap recognizer (spec §5, T13);
    /// a recognizer attached to the button itself still wins (T14).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }
}
