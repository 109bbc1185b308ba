/// UIKit's `UITabBar`: a row of items along the bottom, one selected (drawn in the tint
/// colour, the others in `unselectedItemTintColor`). A tap on an item asks the tab bar
/// controller to select it. 64 pt tall: UIKit's 49 pt bar grown to a kiosk finger's size
/// (the 44 pt minimum target plus room for a title under the image).
@MainActor
open class TabBar: View {
    // Accessibility: the container of the tabs (UIKit's tab-bar trait).
    override var defaultAccessibilityTraits: AccessibilityTraits { .tabBar }

    public static let height = 64.0
    /// The bar and its top hairline in light and dark (UIKit's opaque bar appearance:
    /// #F7F7F7 light, #161618 dark; the hairline is the separator's shade).
    static let barColor = Color(light: Color(rgb: 0xF7F7F7), dark: Color(rgb: 0x161618))
    static let hairlineColor = Color(light: Color.black.withAlpha(0.15), dark: Color.white.withAlpha(0.15))

    public private(set) var items: [TabBarItem] = []
    public var selectedItem: TabBarItem? {
        didSet { for button in buttons { button.isSelected = button.item === selectedItem } }
    }
    /// The colour of items not selected (UIKit's default: a mid grey).
    public var unselectedItemTintColor = Color(rgb: 0x999999) { didSet { for b in buttons { b.setNeedsDisplay() } } }
    /// The bar's background (UIKit's `barTintColor`).
    public var barTintColor: Color? {
        get { backgroundColor }
        set { backgroundColor = newValue }
    }
    /// Called when an item is tapped (the tab bar controller decides).
    var onItemTapped: ((TabBarItem) -> Void)?

    private var buttons: [TabBarButton] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        name = "tabBar"
        backgroundColor = Self.barColor
    }

    public func setItems(_ items: [TabBarItem], animated: Bool = false) {
        for button in buttons { button.removeFromSuperview() }
        self.items = items
        buttons = items.map { item in
            let button = TabBarButton(item: item)
            button.addAction(for: .touchUpInside) { [weak self, weak item] _, _ in
                if let item { self?.onItemTapped?(item) }
            }
            button.isSelected = item === selectedItem
            return button
        }
        for button in buttons { addSubview(button) }
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The button drawing `item` (for tests and custom hit areas).
    public func view(for item: TabBarItem) -> View? {
        for button in buttons where button.item === item { return button }
        return nil
    }

    /// Equal widths across the bar.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !buttons.isEmpty else { return }
        let width = bounds.width / Double(buttons.count)
        // The first tab at the right in a right-to-left language (UIKit reverses the order).
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for (i, button) in buttons.enumerated() {
            let column = rightToLeft ? buttons.count - 1 - i : i
            button.frame = Rect(x: Double(column) * width, y: 0, width: width, height: bounds.height)
        }
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        // The hairline along the top edge (UIKit's shadow image).
        context.fill(Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: hairlineWidth), color: Self.hairlineColor)
    }
}

/// One tab: image above title, tinted when selected, with the item's badge.
@MainActor
final class TabBarButton: Control {
    // Accessibility: a button named by its item's title, valued "2 of 3" and its badge,
    // selected when it is (UIKit's tabs).
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { item.title }
    override var defaultAccessibilityValue: String? {
        let tabs = (superview as? TabBar)?.items ?? []
        let position = tabs.firstIndex { $0 === item }.map { Localization.bezelString("%lld of %lld", filling: [$0 + 1, tabs.count], language: language) }
        return [item.badgeValue, position].compactMap { $0 }.joined(separator: ", ")
    }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.button) }

    let item: TabBarItem
    /// Image size in the bar (UIKit's tab images are 25-30 pt; 28 here).
    static let imageSide = 28.0

    init(item: TabBarItem) {
        self.item = item
        super.init(frame: .zero)
        name = "tab(\(item.title ?? "?"))"
        identify()
        isEnabled = item.isEnabled
        item.button = self
    }

    func itemChanged() {
        isEnabled = item.isEnabled
        identify()
        setNeedsDisplay()
    }

    override func localizedContentDidChange() { if item.localizedTitle != nil { setNeedsDisplay() } }

    /// The item's identifier on the tab's view, and as its name when there is one.
    private func identify() {
        guard let identifier = item.accessibilityIdentifier else { return }
        accessibilityIdentifier = identifier
        name = identifier
    }

    private var color: Color {
        let base = isSelected ? tintColor : ((superview as? TabBar)?.unselectedItemTintColor ?? Color(rgb: 0x999999))
        if !isEnabled { return base.withAlpha(0.35) }
        return isHighlighted ? base.withAlpha(0.6) : base
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let side = Self.imageSide
        let hasTitle = !(item.title ?? "").isEmpty
        let imageTop = hasTitle ? bounds.minY + 8 : bounds.midY - side / 2
        let imageRect = Rect(x: bounds.midX - side / 2, y: imageTop, width: side, height: side)
        if let image = item.image {
            // A tab's image is a template unless made `.alwaysOriginal` (UIKit's tab bar):
            // tinted when selected, grey otherwise.
            context.drawImage(image, in: imageRect, for: self, templateColor: color, automaticIsTemplate: true)
        } else {
            // No image: a tinted dot marks the tab, so titles line up with the other tabs.
            context.fillEllipse(in: imageRect.insetBy(dx: 8, dy: 8), color: color)
        }
        if let title = item.title, hasTitle {
            // 13 pt at `.large`, growing as caption 1 does up to 17 pt: what the 64 pt bar
            // holds under the image (UIKit's bar keeps its height too).
            let style = FontMetrics(forTextStyle: .caption1).scaledStyle(for: TextStyle(size: 13, color: color, alignment: .center), maximumPointSize: 17)
            context.drawText(title, in: Rect(x: bounds.minX + 2, y: imageRect.maxY + 2, width: max(0, bounds.width - 4), height: max(18, (style.size * 1.3).rounded(.up))),
                             style: style)
        }
        if let badge = item.badgeValue {
            let style = TextStyle(size: 13, weight: .bold, color: .white, alignment: .center)
            let textWidth = badge.isEmpty ? 0 : context.measureText(badge, style: style, width: nil).width
            let height = badge.isEmpty ? 10.0 : 20.0
            let width = max(height, textWidth + 10)
            let bubble = Rect(x: imageRect.maxX - 6, y: imageRect.minY - 4, width: width, height: height)
            context.fillRoundedRect(bubble, radius: height / 2, color: item.badgeColor)
            if !badge.isEmpty { context.drawText(badge, in: bubble, style: style) }
        }
    }
}
