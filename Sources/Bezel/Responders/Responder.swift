/// UIKit's `UIResponder`: something that can receive touches, presses, motion and actions,
/// and that knows the next responder in the chain.
///
/// The default implementations of the event methods forward the same call, with the same
/// arguments, to `next`. A subclass that overrides one without calling `super` stops the
/// walk up the chain there (seed 001).
@MainActor
open class Responder: ActionTarget {
    private var registeredActions: [Selector: ActionHandler] = [:]

    public init() {}

    /// The next responder in the chain (nil at its end).
    open var next: Responder? { nil }

    /// A short name for traces and logs: `name` for views when set, else the type name.
    open var debugName: String { String(describing: type(of: self)) }

    // MARK: Touches

    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses (physical keys and buttons, spec §6)

    /// UIKit's `undoManager`: the nearest one up the responder chain (every window has one).
    open var undoManager: UndoManager? { next?.undoManager }

    /// UIKit's `keyCommands`: the hardware-key shortcuts this responder offers while it is in
    /// the chain from the first responder (Responders/KeyCommand.swift). None by default.
    open var keyCommands: [KeyCommand]? { nil }

    open func pressesBegan(_ presses: Set<Press>, with event: PressEvent?) {
        next?.pressesBegan(presses, with: event)
    }

    open func pressesChanged(_ presses: Set<Press>, with event: PressEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    open func pressesEnded(_ presses: Set<Press>, with event: PressEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    open func pressesCancelled(_ presses: Set<Press>, with event: PressEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    // MARK: Motion and remote control (no hit-testing: sent to the first responder)

    open func motionBegan(_ motion: MotionKind, with event: MotionEvent?) {
        next?.motionBegan(motion, with: event)
    }

    open func motionEnded(_ motion: MotionKind, with event: MotionEvent?) {
        next?.motionEnded(motion, with: event)
    }

    open func motionCancelled(_ motion: MotionKind, with event: MotionEvent?) {
        next?.motionCancelled(motion, with: event)
    }

    open func remoteControlReceived(with event: MotionEvent?) {
        next?.remoteControlReceived(with: event)
    }

    // MARK: Actions

    /// Declares that this responder implements `action`: nil-target actions walking the chain
    /// stop here, and explicit targets run `handler`. Registering the same name again replaces it.
    public func handle(_ action: Selector, with handler: @escaping ActionHandler) {
        registeredActions[action] = handler
    }

    /// Stops implementing `action`.
    public func stopHandling(_ action: Selector) {
        registeredActions[action] = nil
    }

    /// The code for `action`: by default what `handle(_:with:)` registered. Subclasses may
    /// override it to implement actions as methods (`case "save": return { [unowned self] _, _ in save() }`).
    open func actionHandler(for action: Selector) -> ActionHandler? {
        registeredActions[action]
    }

    /// UIKit's `canPerformAction(_:withSender:)`: true when this responder implements the action.
    open func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
        actionHandler(for: action) != nil
    }

    /// UIKit's `target(forAction:withSender:)`: self if it can perform the action, otherwise
    /// the next responder's answer.
    open func target(forAction action: Selector, withSender sender: AnyObject?) -> Responder? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    // MARK: First responder

    /// The application this responder belongs to, if it is attached to one.
    var owningApplication: Application? { nil }

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    public var isFirstResponder: Bool { owningApplication?.firstResponder === self }

    /// Makes this responder the target of presses, motion and nil-target actions. Fails
    /// (returns false) when it cannot become first responder, is not attached to an
    /// application, or the current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let app = owningApplication else { return false }
        if app.firstResponder === self { return true }
        if let current = app.firstResponder {
            // A hand-over: the keyboard stays up from one text input to the next (UIKit).
            app.isHandingOverFirstResponder = true
            let resigned = current.resignFirstResponder()
            app.isHandingOverFirstResponder = false
            guard resigned else { return false }
        }
        app.firstResponder = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let app = owningApplication, app.firstResponder === self { app.firstResponder = nil }
        return true
    }
}

/// Responders told when they gain or lose first-responder status by any path: their own
/// `becomeFirstResponder`/`resignFirstResponder`, or Bezel taking it away when the view is
/// hidden or leaves its window (text inputs end editing then, as in UIKit).
@MainActor
protocol FirstResponderObserving: AnyObject {
    func didBecomeFirstResponder()
    func didResignFirstResponder()
}
