import Bezel

/// The hidden admin gesture: three fingers held still for 3 s anywhere in the window. Three
/// fingers and 3 s: nothing a visitor does by accident, and no UIKit app gesture uses it. It
/// recognizes alongside everything else and never cancels the touches of the views below.
@MainActor
public enum AdminGesture {
    /// Installs it on `window`; `action` runs once when it is recognized.
    @discardableResult
    public static func install(on window: Window, action: @escaping @MainActor () -> Void) -> LongPressGestureRecognizer {
        let recognizer = LongPressGestureRecognizer { recognizer in
            if recognizer.state == .began { action() }
        }
        recognizer.name = "bezelAdminGesture"
        recognizer.numberOfTouchesRequired = 3
        recognizer.minimumPressDuration = 3
        // Fingers held on glass drift; 30 pt still counts as held.
        recognizer.allowableMovement = 30
        recognizer.cancelsTouchesInView = false
        recognizer.delaysTouchesEnded = false
        window.addGestureRecognizer(recognizer)
        return recognizer
    }
}
