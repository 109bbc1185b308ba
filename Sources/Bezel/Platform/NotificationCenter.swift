/// UIKit's `Notification`: a named broadcast with the object that posted it and details.
@MainActor
public struct Notification {
    public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }
    }

    public let name: Name
    public let object: AnyObject?
    public let userInfo: [String: Any]

    public init(name: Name, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        self.name = name
        self.object = object
        self.userInfo = userInfo
    }
}

/// UIKit's `NotificationCenter`, one per application (`Application.notificationCenter`):
/// observers are called synchronously, in the order they were added, when a notification of
/// their name is posted. Foundation is not in the core, so this is its own small one.
@MainActor
public final class NotificationCenter {
    /// Returned by `addObserver`; pass it to `removeObserver` (or keep it: observers stay
    /// until removed, as block observers do in UIKit).
    public final class ObserverToken {
        fileprivate let name: Notification.Name?
        fileprivate let handler: @MainActor (Notification) -> Void
        fileprivate init(name: Notification.Name?, handler: @escaping @MainActor (Notification) -> Void) {
            self.name = name
            self.handler = handler
        }
    }

    private var observers: [ObserverToken] = []

    public init() {}

    /// Calls `handler` for every notification named `name` (every notification when nil).
    @discardableResult
    public func addObserver(forName name: Notification.Name?, using handler: @escaping @MainActor (Notification) -> Void) -> ObserverToken {
        let token = ObserverToken(name: name, handler: handler)
        observers.append(token)
        return token
    }

    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0 === token }
    }

    public func post(_ notification: Notification) {
        // A copy: an observer may add or remove observers while being called.
        for observer in observers where observer.name == nil || observer.name == notification.name {
            observer.handler(notification)
        }
    }

    public func post(name: Notification.Name, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }
}
