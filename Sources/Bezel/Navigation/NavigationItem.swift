/// UIKit's `UINavigationItem`: what a navigation bar shows while a controller is on top (and,
/// through `backButtonTitle`, on the back button of the controller above it).
@MainActor
public final class NavigationItem {
    private weak var controller: ViewController?
    private var ownTitle: String?

    init(controller: ViewController) {
        self.controller = controller
    }

    /// The title; nil shows the controller's `title`. Setting it drops `localizedTitle`.
    public var title: String? {
        get { localizedTitle.map { Localization.string(for: $0, language: bar?.language) } ?? ownTitle ?? controller?.title }
        set {
            ownTitle = newValue
            localizedTitle = nil
            changed()
        }
    }
    /// The title as a localized resource, in the bar's language (read again when it changes).
    public var localizedTitle: LocalizedStringResource? { didSet { changed() } }
    /// Shown instead of the title when set (a logo, a segmented control).
    public var titleView: View? { didSet { changed() } }
    public var leftBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The back button's title when this item is the one below the top (nil: this item's title;
    /// UIKit's "Back" when that is missing or too long).
    public var backButtonTitle: String? {
        get { localizedBackButtonTitle.map { Localization.string(for: $0, language: bar?.language) } ?? ownBackButtonTitle }
        set {
            ownBackButtonTitle = newValue
            localizedBackButtonTitle = nil
            changed()
        }
    }
    private var ownBackButtonTitle: String?
    /// `backButtonTitle` as a localized resource, in the bar's language.
    public var localizedBackButtonTitle: LocalizedStringResource? { didSet { changed() } }
    /// UIKit's `backBarButtonItem`: the back button shown while this item is the one below
    /// the top; its title comes first (before `backButtonTitle` and the title), its tint
    /// colours the button. Only its title and tint are read, as UIKit reads them.
    public var backBarButtonItem: BarButtonItem? {
        didSet {
            backBarButtonItem?.backBar = { [weak self] in self?.bar }
            changed()
        }
    }
    /// Hides the back button while this item is on top.
    public var hidesBackButton = false { didSet { changed() } }
    /// Shows the left items next to the back button instead of replacing it.
    public var leftItemsSupplementBackButton = false { didSet { changed() } }

    weak var bar: NavigationBar?

    func controllerTitleChanged() { changed() }

    private func changed() { bar?.setNeedsItemRebuild() }
}

extension ViewController {
    /// The item a navigation bar shows for this controller (created on first use).
    public var navigationItem: NavigationItem {
        if let item = navigationItemIfLoaded { return item }
        let item = NavigationItem(controller: self)
        navigationItemIfLoaded = item
        return item
    }
}
