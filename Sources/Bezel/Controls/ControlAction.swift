/// A closure registered on a control for some events (UIKit's `UIAction`). Its `identifier`
/// lets it be removed again.
@MainActor
public final class ControlAction {
    public let identifier: String
    public let handler: @MainActor (Control, Event?) -> Void

    public init(identifier: String? = nil, handler: @escaping @MainActor (Control, Event?) -> Void) {
        ControlAction.counter += 1
        self.identifier = identifier ?? "action-\(ControlAction.counter)"
        self.handler = handler
    }

    private static var counter = 0
}

/// One registration on a control: a (weak target, selector) pair or a closure, for some events.
@MainActor
struct ControlRegistration {
    enum Kind {
        /// `hadTarget` distinguishes a nil target (walk the responder chain) from a target that
        /// has been freed since (skip: never redirect an action to an unrelated responder).
        case targetAction(target: WeakObject, hadTarget: Bool, action: Selector)
        case closure(ControlAction)
    }
    let kind: Kind
    var events: Control.Events
}

struct WeakObject {
    weak var object: AnyObject?
}
