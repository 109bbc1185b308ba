/// UIKit's `UIAlertAction`: a button of an alert or action sheet. Its handler runs after the
/// alert has been dismissed (UIKit's order).
@MainActor
public final class AlertAction {
    public enum Style: Sendable {
        /// A normal choice.
        case `default`
        /// Leaves things as they were; at most one per alert, placed apart (left of two
        /// side-by-side buttons, last in a column, alone at the bottom of an action sheet).
        case cancel
        /// Deletes or changes data: drawn in red.
        case destructive
    }

    public let title: String?
    public let style: Style
    /// A disabled action is drawn dimmed and cannot be tapped.
    public var isEnabled = true {
        didSet { button?.isEnabled = isEnabled }
    }
    let handler: ((AlertAction) -> Void)?
    weak var button: Button?

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
