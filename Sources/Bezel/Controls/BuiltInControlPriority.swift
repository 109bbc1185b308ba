/// A control's default action that beats an overlapping recognizer on an ancestor (see
/// `Control.prioritizedDefaultActions`).
public enum ControlDefaultAction: Sendable, Equatable {
    /// A single-finger single tap (button, switch, stepper, segmented control, page control).
    case singleTap
    /// A single-finger pan or horizontal swipe that starts on the thumb (its frame in the
    /// control's coordinates; slider's thumb, switch's knob).
    case horizontalDragOnThumb(Rect)
}

/// UIKit's rule that a built-in control's default action beats an overlapping gesture
/// recognizer on an ancestor (iOS 6 and later, documented in UIGestureRecognizer's
/// programming guide and recorded in seed 003): a single-finger single tap on a button,
/// switch, stepper, segmented control or page control; a single-finger swipe or pan on a
/// slider's thumb parallel to it; a single-finger pan on a switch's knob parallel to it.
/// Recognizers attached to the control itself are not affected, and custom `Control`
/// subclasses get no such priority (T15).
@MainActor
enum BuiltInControlPriority {
    typealias DefaultAction = ControlDefaultAction

    static func allows(_ recognizer: GestureRecognizer, on control: Control, overlapping action: DefaultAction) -> Bool {
        guard recognizer.view !== control else { return true }
        switch action {
        case .singleTap:
            if let tap = recognizer as? TapGestureRecognizer,
               max(1, tap.numberOfTapsRequired) == 1, max(1, tap.numberOfTouchesRequired) == 1 {
                return false
            }
            return true
        case .horizontalDragOnThumb(let thumb):
            let horizontal: Bool
            if let pan = recognizer as? PanGestureRecognizer, !(pan is ScreenEdgePanGestureRecognizer) {
                let t = pan.translation(in: nil)
                horizontal = abs(t.x) >= abs(t.y) && pan.numberOfTouches <= 1
            } else if let swipe = recognizer as? SwipeGestureRecognizer {
                horizontal = !swipe.direction.isDisjoint(with: [.left, .right]) && swipe.numberOfTouchesRequired <= 1
            } else {
                return true
            }
            guard horizontal else { return true }
            // Only drags that began on the thumb: where the recognizer's first touch landed.
            guard let touch = recognizer.trackedTouches.first else { return true }
            let landed = control.convert(touch.landingLocationInWindow, from: nil)
            return !thumb.insetBy(dx: -10, dy: -10).contains(landed)
        }
    }
}
