/// The name of an action, UIKit's `Selector`. Swift on Linux has no Objective-C runtime, so
/// a responder says which actions it implements by registering a handler for the name
/// (`Responder.handle(_:with:)`) or by overriding `actionHandler(for:)`; nil-target actions
/// are then found by walking the responder chain exactly as UIKit does.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }
}

/// Code run when an action arrives: the sender (a control or a gesture recognizer) and the
/// event that triggered it, if any.
public typealias ActionHandler = @MainActor (_ sender: AnyObject?, _ event: Event?) -> Void

/// Anything that can be the explicit target of a target-action pair. Every `Responder` is one;
/// a plain object can adopt it too.
@MainActor
public protocol ActionTarget: AnyObject {
    /// The code for `action`, or nil if this object does not implement it.
    func actionHandler(for action: Selector) -> ActionHandler?
}
