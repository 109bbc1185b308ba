/// UIKit's `UIAccessibility`: notifications an app posts for the spoken mode, and whether it
/// runs. The spoken mode (and tests) observe the posts through `addObserver`.
public enum Accessibility {
    /// UIKit's `UIAccessibility.Notification`.
    public struct Notification: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        /// Speak the argument (a `String`), after what is being said unless it interrupts.
        public static let announcement = Notification("announcement")
        /// A new screen: the focus goes to the argument (an element), or the screen's first.
        public static let screenChanged = Notification("screenChanged")
        /// Part of the screen changed: the focus goes to the argument, or stays if it can.
        public static let layoutChanged = Notification("layoutChanged")
        /// A scroll by pages finished: speak the argument ("page 2 of 5").
        public static let pageScrolled = Notification("pageScrolled")
        public var description: String { name }
    }

    /// Receives each posted notification with its argument.
    public typealias Observer = @MainActor (Notification, Any?) -> Void
    @MainActor private static var observers: [(id: Int, observer: Observer)] = []
    @MainActor private static var nextObserverID = 0

    /// Posts `notification` to the spoken mode (UIKit's `post(notification:argument:)`); with
    /// no spoken mode running nothing is said.
    @MainActor
    public static func post(notification: Notification, argument: Any?) {
        for entry in observers { entry.observer(notification, argument) }
    }

    /// Observes the posts until `removeObserver` with the returned token.
    @MainActor @discardableResult
    public static func addObserver(_ observer: @escaping Observer) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, observer))
        return nextObserverID
    }

    @MainActor
    public static func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// The spoken mode's escape from `node` (the keypad's Back): asked of the view and its
    /// controller, then up the superviews, until one goes back or dismisses; false if none did.
    @MainActor
    public static func performEscape(from node: any AccessibilityNode) -> Bool {
        var view = (node as? View) ?? (node as? AccessibilityElement)?.accessibilityContainer
        while let current = view {
            if current.accessibilityPerformEscape() { return true }
            if let controller = current.owningViewController, controller.accessibilityPerformEscape() { return true }
            view = current.superview
        }
        return false
    }
}
