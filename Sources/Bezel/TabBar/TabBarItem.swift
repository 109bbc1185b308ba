/// UIKit's `UITabBarItem`: a tab's title, image and badge.
@MainActor
public final class TabBarItem {
    /// The title. Setting it drops `localizedTitle`.
    public var title: String? {
        get { localizedTitle.map { Localization.string(for: $0, language: button?.language) } ?? ownTitle }
        set {
            ownTitle = newValue
            localizedTitle = nil
            changed()
        }
    }
    private var ownTitle: String?
    /// The title as a localized resource, in the tab bar's language (read again when it changes).
    public var localizedTitle: LocalizedStringResource? { didSet { changed() } }
    public var image: Image? { didSet { changed() } }
    /// Shown in a red bubble at the image's top-right corner (nil: no badge).
    public var badgeValue: String? { didSet { changed() } }
    /// The bubble's colour (UIKit's default: systemRed).
    public var badgeColor = Color.systemRed { didSet { changed() } }
    public var isEnabled = true { didSet { changed() } }
    public var tag: Int
    /// A stable name for tests and the audit: the tab's view carries it (and takes it as its
    /// `name`), whatever language its title is shown in.
    public var accessibilityIdentifier: String? { didSet { changed() } }

    weak var button: TabBarButton?

    public init(title: String?, image: Image?, tag: Int = 0) {
        ownTitle = title
        self.image = image
        self.tag = tag
    }

    private func changed() { button?.itemChanged() }
}

extension ViewController {
    /// The item a tab bar shows for this controller (created on first use, titled after it).
    public var tabBarItem: TabBarItem {
        get {
            if let item = tabBarItemIfLoaded { return item }
            let item = TabBarItem(title: localizedTitle == nil ? title : nil, image: nil)
            item.localizedTitle = localizedTitle
            tabBarItemIfLoaded = item
            return item
        }
        set { tabBarItemIfLoaded = newValue }
    }
}
