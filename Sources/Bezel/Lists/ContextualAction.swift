/// UIKit's `UIContextualAction`: a button a swipe reveals on a row.
@MainActor
public final class ContextualAction {
    /// UIKit's `UIContextualAction.Style`: destructive actions are red and, performed, remove
    /// the row by their handler's `deleteRows`.
    public enum Style: Sendable { case normal, destructive }
    /// The handler gets the action, the button's view and a completion to call with whether
    /// it was performed (the row's buttons close either way).
    public typealias Handler = @MainActor (ContextualAction, View, @escaping @MainActor (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    /// The button's colour: UIKit's red for destructive, grey for normal.
    public var backgroundColor: Color
    let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// UIKit's `UISwipeActionsConfiguration`: the buttons of one side of a row, the first one
/// nearest the row's edge (and performed by a full swipe).
@MainActor
public final class SwipeActionsConfiguration {
    public let actions: [ContextualAction]
    /// A swipe across most of the row performs the first action (UIKit default true).
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
