extension GestureRecognizer {
    /// UIKit's `UIGestureRecognizer.State`.
    ///
    /// Discrete recognizers (tap, swipe) go possible -> recognized or possible -> failed.
    /// Continuous ones (pan, long press, pinch, rotation) go possible -> began -> changed* ->
    /// ended or cancelled, or possible -> failed. After a final state the engine resets the
    /// recognizer to possible once its touch sequence is over.
    public enum State: Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete recognizer's success: the same state as `ended`.
        public static var recognized: State { .ended }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// No more changes until the engine resets the recognizer.
        public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

        /// The transitions a recognizer (a subclass) may make. `possible` is set only by the
        /// engine's reset. possible -> cancelled is accepted as failed: a subclass that sets
        /// `.cancelled` from `touchesCancelled` without checking its state is common and harmless.
        static func isLegal(from old: State, to new: State) -> Bool {
            switch (old, new) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed), (.possible, .cancelled):
                true
            case (.began, .changed), (.began, .ended), (.began, .cancelled),
                 (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                true
            default:
                false
            }
        }
    }
}
