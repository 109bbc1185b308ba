/// UIKit's `UITableViewHeaderFooterView`: the standard section header and footer (a title in
/// `textLabel`), reusable like cells; put custom content in `contentView`.
@MainActor
open class TableViewHeaderFooterView: View {
    // Accessibility: a section header is a heading read as its title (UIKit's).
    override var defaultIsAccessibilityElement: Bool { !(textLabel.text ?? "").isEmpty }
    override var defaultAccessibilityLabel: String? { textLabel.text }
    override var defaultAccessibilityTraits: AccessibilityTraits { [.staticText, .header] }

    public let reuseIdentifier: String?
    public let contentView = View()
    public let textLabel = Label()

    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 28))
        addSubview(contentView)
        contentView.addSubview(textLabel)
    }

    /// Called before the view is handed out again. Call super.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        contentView.frame = Rect(origin: .zero, size: bounds.size)
        // Grouped titles sit at the bottom of their (taller) header, plain ones in the middle.
        let height = min(bounds.height, textLabel.style.size * 1.25 + 6)
        let top = textLabel.style.numberOfLines == 1 && bounds.height > 30 ? bounds.height - height : (bounds.height - height) / 2
        textLabel.frame = Rect(x: TableViewCell.margin, y: top, width: max(0, bounds.width - 2 * TableViewCell.margin), height: height)
    }
}
