/// UIKit's `UIBarButtonItem`: a button in a navigation bar, with a title or an image (or a
/// custom view), sending its action through the application's target-action funnel (a nil
/// target walks the responder chain) or running its `primaryAction` closure.
@MainActor
public final class BarButtonItem {
    public enum Style: Sendable {
        /// Regular weight.
        case plain
        /// Bold, for the action that finishes a screen (UIKit's `.done`).
        case done
    }

    /// The title. Setting it drops `localizedTitle`.
    public var title: String? {
        get { localizedTitle.map { Localization.string(for: $0, language: (bar ?? backBar?())?.language) } ?? ownTitle }
        set {
            ownTitle = newValue
            localizedTitle = nil
            changed()
        }
    }
    private var ownTitle: String?
    /// The title as a localized resource, in the bar's language (read again when it changes).
    public var localizedTitle: LocalizedStringResource? { didSet { changed() } }
    public var image: Image? { didSet { changed() } }
    public var style: Style { didSet { changed() } }
    public weak var target: AnyObject?
    public var action: Selector?
    /// Runs on a tap, after the target-action (UIKit's `primaryAction`).
    public var primaryAction: (@MainActor (BarButtonItem) -> Void)?
    /// UIKit's (iOS 14): opened by a tap when the item has no `action` and no
    /// `primaryAction`, else by a long press (`Button.menu`).
    public var menu: Menu? { didSet { changed() } }
    /// Shown instead of a button when set.
    public var customView: View? { didSet { changed() } }
    public var isEnabled = true { didSet { changed() } }
    /// The title and image colour; nil: the bar's tint colour.
    public var tintColor: Color? { didSet { changed() } }
    /// For the app's own use.
    public var tag = 0
    /// A stable name for tests and the audit (UIKit's `accessibilityIdentifier` on the item):
    /// the item's button carries it, and its `name` (`AppHarness.view(identifiedBy:)`), so a
    /// test finds the button whatever its title says in the language shown.
    public var accessibilityIdentifier: String? { didSet { changed() } }
    /// What the spoken mode says for the item (UIKit's, on the item): needed for an item
    /// with an image and no title; nil: the title, else the image's label.
    public var accessibilityLabel: String? { didSet { changed() } }

    /// The bar that shows the item, to rebuild it after a change.
    weak var bar: NavigationBar?
    /// When the item is a navigation item's `backBarButtonItem`: the bar showing that item.
    var backBar: (() -> NavigationBar?)?

    public init(title: String?, style: Style = .plain, target: AnyObject?, action: Selector?) {
        ownTitle = title
        self.style = style
        self.target = target
        self.action = action
    }

    public init(image: Image?, style: Style = .plain, target: AnyObject?, action: Selector?) {
        self.image = image
        self.style = style
        self.target = target
        self.action = action
    }

    public init(title: String? = nil, image: Image? = nil, style: Style = .plain, primaryAction: @escaping @MainActor (BarButtonItem) -> Void) {
        ownTitle = title
        self.image = image
        self.style = style
        self.primaryAction = primaryAction
    }

    /// An item whose tap opens `menu` (UIKit's `init(title:image:menu:)`).
    public init(title: String? = nil, image: Image? = nil, style: Style = .plain, menu: Menu) {
        ownTitle = title
        self.image = image
        self.style = style
        self.menu = menu
    }

    public init(customView: View) {
        self.customView = customView
        style = .plain
    }

    private func changed() {
        bar?.setNeedsItemRebuild()
        backBar?()?.setNeedsItemRebuild()
    }

    /// The item was tapped in `control` (its button).
    func trigger(from control: Control, event: Event?) {
        if let action {
            if let app = control.window?.application {
                app.sendAction(action, to: target, from: self, for: event)
            }
        }
        primaryAction?(self)
    }
}
