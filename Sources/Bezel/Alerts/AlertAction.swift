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

    /// The title (in the alert's language when made with a localized one).
    public var title: String? { localizedTitle.map { Localization.string(for: $0, language: button?.language) } ?? ownTitle }
    private let ownTitle: String?
    /// The title as a localized resource: the alert's button resolves it again when the
    /// language changes while the alert is up.
    public let localizedTitle: LocalizedStringResource?
    public let style: Style
    /// A disabled action is drawn dimmed and cannot be tapped.
    public var isEnabled = true {
        didSet { button?.isEnabled = isEnabled }
    }
    let handler: ((AlertAction) -> Void)?
    weak var button: Button?

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        ownTitle = title
        localizedTitle = nil
        self.style = style
        self.handler = handler
    }

    /// An action titled with a localized resource.
    public init(localizedTitle: LocalizedStringResource, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        ownTitle = nil
        self.localizedTitle = localizedTitle
        self.style = style
        self.handler = handler
    }
}
