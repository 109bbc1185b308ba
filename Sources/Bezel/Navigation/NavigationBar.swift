/// The bar at the top of a `NavigationController` (UIKit's `UINavigationBar`): the top item's
/// title (or title view) centred, its left and right bar-button items, and a back button on
/// the left whenever there is somewhere to go back to, titled after the item below.
/// 60 pt tall, the header of the standard kiosk scene (design.md §5).
@MainActor
open class NavigationBar: View {
    public static let height = 60.0
    /// Bezel's bar: a blue band with white items in the light style, UIKit's dark bar (#1C1C1E)
    /// in the dark one (items stay white: they read on both).
    /// High contrast: a darker blue, 7:1 under the white title (WCAG AAA; #2E86DE is 3.6:1).
    public static let barColor = Color(light: Color(rgb: 0x2E86DE), dark: Color(rgb: 0x1C1C1E),
                                       highContrastLight: Color(rgb: 0x0B4F94), highContrastDark: .black)
    /// Margin at the bar's ends and between items (UIKit's 8 pt spacing on a kiosk scale).
    static let itemSpacing = 8.0
    /// Width left to each end for the items when the title is centred (a back button's room).
    static let sideWidth = 120.0

    public let titleLabel: Label
    public let backButton: Button

    /// The bar's background (UIKit's `barTintColor`).
    public var barTintColor: Color? {
        get { backgroundColor }
        set { backgroundColor = newValue }
    }
    /// The title's font and colour (UIKit's `titleTextAttributes`).
    /// At `.large`; the title grows with the content size category up to what the bar holds.
    public var titleTextStyle = TextStyle(size: 28, color: .white, alignment: .center) {
        didSet { followContentSizeCategory() }
    }
    /// The bar-button items' font (at `.large`, grown as the title is).
    public var itemTextStyle = TextStyle(size: 18, alignment: .center) {
        didSet { setNeedsItemRebuild() }
    }

    /// The item on top and the one below it (the back button's), set by the navigation controller.
    public private(set) var topItem: NavigationItem?
    public private(set) var backItem: NavigationItem?

    private var itemViews: [View] = []
    private var shownTitleView: View?
    private var needsItemRebuild = false

    public override init(frame: Rect) {
        titleLabel = Label(frame: Rect(x: Self.sideWidth, y: 0, width: max(0, frame.width - 2 * Self.sideWidth), height: frame.height),
                           style: TextStyle(size: 28, color: .white, alignment: .center))
        backButton = Button(frame: Rect(x: 8, y: 8, width: 110, height: frame.height - 16))
        super.init(frame: frame)
        name = "navigationBar"
        backgroundColor = Self.barColor
        tintColor = .white
        autoresizingMask = [.flexibleWidth]
        titleLabel.name = "navigationTitle"
        titleLabel.accessibilityTraits = [.staticText, .header]  // the screen's heading (UIKit's)
        backButton.title = "‹ Back"
        backButton.name = "back"
        backButton.setTitleColor(.white, for: .normal)
        backButton.setTitleColor(Color.white.withAlpha(0.5), for: .highlighted)
        backButton.isHidden = true
        addSubview(titleLabel)
        addSubview(backButton)
        backTitleStyle = backButton.titleStyle
        followContentSizeCategory()
    }

    /// The back button's title style at `.large`.
    private var backTitleStyle = TextStyle()
    /// The back button's titles, the preferred first and UIKit's "Back" after it.
    private var backTitles: [String] = []
    /// The back button's least width (Bezel's bar since the first release: the demo's titles
    /// fit it); a longer title widens it up to the centred title.
    static let backButtonMinimumWidth = 110.0

    /// The bar's texts grow with the content size category (the title as headline, the items
    /// as body) up to what its fixed height holds: 60 % of it for the title, 45 % for the
    /// items (36 and 27 pt in the 60 pt bar). The bar keeps its height, as UIKit's does.
    private func followContentSizeCategory() {
        let height = bounds.height > 0 ? bounds.height : Self.height
        let title = FontMetrics(forTextStyle: .headline).scaledStyle(for: titleTextStyle, maximumPointSize: height * 0.6)
        if titleLabel.style != title { titleLabel.style = title }
        let back = FontMetrics.default.scaledStyle(for: backTitleStyle, maximumPointSize: height * 0.45)
        if backButton.titleStyle != back { backButton.titleStyle = back }
    }

    override func contentSizeCategoryDidChange() {
        followContentSizeCategory()
        setNeedsItemRebuild()
    }

    /// Shows `top` with a back button to `back` (nil: no back button).
    func setItems(top: NavigationItem?, back: NavigationItem?) {
        topItem?.bar = nil
        backItem?.bar = nil
        topItem = top
        backItem = back
        top?.bar = self
        back?.bar = self
        rebuildItems()
    }

    /// Items' localized titles are read again in the new language.
    override func localizedContentDidChange() { setNeedsItemRebuild() }

    func setNeedsItemRebuild() {
        guard !needsItemRebuild else { return }
        needsItemRebuild = true
        setNeedsLayout()
    }

    /// The views of the bar-button items now shown, left items first.
    public var itemViewsShown: [View] { itemViews }

    private func rebuildItems() {
        needsItemRebuild = false
        for view in itemViews { view.removeFromSuperview() }
        itemViews = []
        if shownTitleView !== topItem?.titleView {
            shownTitleView?.removeFromSuperview()
            shownTitleView = topItem?.titleView
            if let titleView = shownTitleView { addSubview(titleView) }
        }
        titleLabel.text = topItem?.title
        titleLabel.isHidden = topItem?.titleView != nil
        let showsBack = backItem != nil && !(topItem?.hidesBackButton ?? false)
            && ((topItem?.leftBarButtonItems.isEmpty ?? true) || (topItem?.leftItemsSupplementBackButton ?? false))
        backButton.isHidden = !showsBack
        if let back = backItem {
            // UIKit's order: the item's back bar-button item, its back title, its title, "Back";
            // layoutItems falls back to "Back" and then the chevron alone when it is too long.
            let generic = Localization.bezelString("Back", language: language)
            let title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? generic
            backTitles = title == generic ? [generic] : [title, generic]
            let tint = back.backBarButtonItem?.tintColor ?? Color.white
            backButton.setTitleColor(tint, for: .normal)
            backButton.setTitleColor(tint.withAlpha(0.5), for: .highlighted)
        } else {
            backTitles = []
        }
        for item in topItem?.leftBarButtonItems ?? [] { itemViews.append(view(for: item)) }
        for item in topItem?.rightBarButtonItems ?? [] { itemViews.append(view(for: item)) }
        for view in itemViews { addSubview(view) }
        layoutItems()
    }

    private func view(for item: BarButtonItem) -> View {
        item.bar = self
        if let custom = item.customView { return custom }
        let button = Button()
        button.name = item.accessibilityIdentifier ?? item.title ?? "barButtonItem"
        button.accessibilityIdentifier = item.accessibilityIdentifier
        if let label = item.accessibilityLabel { button.accessibilityLabel = label }
        button.title = item.title
        button.image = item.image
        button.drawsAutomaticImagesAsTemplates = true  // a bar's images are templates (UIKit's)
        var style = FontMetrics.default.scaledStyle(for: itemTextStyle, maximumPointSize: (bounds.height > 0 ? bounds.height : Self.height) * 0.45)
        style.weight = item.style == .done ? .bold : style.weight
        button.titleStyle = style
        let color = item.tintColor ?? tintColor
        button.setTitleColor(color, for: .normal)
        button.isEnabled = item.isEnabled
        button.addAction(for: .touchUpInside) { [weak item] control, event in item?.trigger(from: control, event: event) }
        if let menu = item.menu {
            button.showsMenuAsPrimaryAction = item.action == nil && item.primaryAction == nil
            button.menu = menu
        }
        return button
    }

    /// The title stays centred between equal margins whatever the bar's width; items sit at
    /// the ends, at their natural width.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsItemRebuild { rebuildItems() } else { layoutItems() }
    }

    /// UIKit's back title fallback: the previous screen's title when it fits between the
    /// bar's leading margin and the centred title, else "Back", else the chevron alone (its
    /// spoken label stays "Back").
    private func layoutBackButton(height: Double) {
        let spacing = Self.itemSpacing
        guard !backTitles.isEmpty else {
            backButton.frame = Rect(x: spacing, y: spacing, width: Self.backButtonMinimumWidth, height: height)
            return
        }
        // The chevron points back: right in a right-to-left language.
        let chevron = effectiveUserInterfaceLayoutDirection == .rightToLeft ? "›" : "‹"
        let titleWidth = topItem?.titleView?.frame.width ?? (titleLabel.text == nil ? 0 : titleLabel.intrinsicContentSize.width)
        let available = max(0, (bounds.width - titleWidth) / 2 - 2 * spacing)
        var chosen: (text: String, label: String, width: Double)?
        for title in backTitles {
            let text = chevron + " " + title
            let width = backButtonWidth(text)
            if width <= available { chosen = (text, title, width); break }
        }
        let shown = chosen ?? (chevron, backTitles[backTitles.count - 1], backButtonWidth(chevron))
        if backButton.title != shown.text { backButton.title = shown.text }
        backButton.accessibilityLabel = shown.label  // spoken without the chevron
        let width = min(max(Self.backButtonMinimumWidth, shown.width), max(shown.width, available))
        backButton.frame = Rect(x: spacing, y: spacing, width: max(44, width), height: height)
    }

    /// The back button's width with `text`: the text and a button's 12-pt padding each side.
    private func backButtonWidth(_ text: String) -> Double {
        24 + (TextMetrics.measurer?.measureText(text, style: backButton.titleStyle, width: nil).width ?? 0)
    }

    private func layoutItems() {
        let spacing = Self.itemSpacing
        let height = max(0, bounds.height - 2 * spacing)
        layoutBackButton(height: height)
        var left = backButton.isHidden ? spacing : backButton.frame.maxX + spacing
        var right = bounds.width - spacing
        let leftCount = topItem?.leftBarButtonItems.count ?? 0
        for (i, view) in itemViews.enumerated() {
            let width = max(44, view is Button ? view.intrinsicContentSize.width : view.frame.width)
            if i < leftCount {
                view.frame = Rect(x: left, y: spacing, width: width, height: height)
                left += width + spacing
            } else {
                // Right items in order from the right edge inwards, as UIKit lays them out.
                view.frame = Rect(x: right - width, y: spacing, width: width, height: height)
                right -= width + spacing
            }
        }
        // Right to left (Arabic, Hebrew): the back button and the leading items on the right,
        // the trailing items on the left, as UIKit mirrors its bars.
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            for view in [backButton] + itemViews {
                let f = view.frame
                view.frame = Rect(x: bounds.width - f.maxX, y: f.minY, width: f.width, height: f.height)
            }
        }
        let side = max(Self.sideWidth, max(left, bounds.width - right))
        let titleArea = Rect(x: side, y: 0, width: max(0, bounds.width - 2 * side), height: bounds.height)
        titleLabel.frame = titleArea
        if let titleView = topItem?.titleView {
            let size = titleView.frame.size
            titleView.frame = Rect(x: bounds.midX - min(size.width, titleArea.width) / 2, y: bounds.midY - size.height / 2,
                                   width: min(size.width, titleArea.width), height: size.height)
        }
    }
}
