/// UIKit's rule that a built-in control's default action beats an overlapping gesture
/// recognizer on an ancestor (iOS 6 and later, documented in UIGestureRecognizer's
/// programming guide and recorded in seed 003): a single-finger single tap on a button,
/// switch, stepper, segmented control or page control; a single-finger swipe or pan on a
/// slider's thumb parallel to it; a single-finger pan on a switch's knob parallel to it.
/// Recognizers attached to the control itself are not affected, and custom `Control`
/// subclasses get no such priority (T15).
@MainActor
enum BuiltInControlPriority {
    enum DefaultAction {
        /// Button, switch, stepper, segmented control, page control.
        case singleTap
    }

    static func allows(_ recognizer: GestureRecognizer, on control: Control, overlapping action: DefaultAction) -> Bool {
        guard recognizer.view !== control else { return true }
        switch action {
        case .singleTap:
            if let tap = recognizer as? TapGestureRecognizer,
               max(1, tap.numberOfTapsRequired) == 1, max(1, tap.numberOfTouchesRequired) == 1 {
                return false
            }
            return true
        }
    }
}
