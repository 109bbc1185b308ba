/// UIKit's `UITableViewCell`: one row of a `TableView`. Put custom content in `contentView`;
/// the standard styles fill `textLabel`, `detailTextLabel` and `imageView`, and an accessory
/// (a checkmark, a disclosure indicator or a view of your own) sits at the trailing edge.
///
/// Cells are reused: the table keeps the ones that scrolled away and hands them back from
/// `dequeueReusableCell(withIdentifier:for:)` after `prepareForReuse()`.
@MainActor
open class TableViewCell: View {
    // Accessibility, UIKit's defaults: a cell is one element, read as its labels joined,
    // valued by its place in its section ("row 3 of 40"), selected when it is. A control in
    // `accessoryView` stays an element of its own (a settings switch, a button): the cell is
    // then read as two, its text and the control after it.
    override var defaultIsAccessibilityElement: Bool { !hasAccessoryElement }
    override var defaultAccessibilityLabel: String? { contentView.joinedSubviewLabels }
    override var defaultAccessibilityValue: String? { positionDescription }
    override var defaultAccessibilityTraits: AccessibilityTraits { isSelected ? .selected : [] }
    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        guard hasAccessoryElement, let accessoryView else { return nil }
        let text = textElement ?? AccessibilityElement(accessibilityContainer: self)
        textElement = text
        text.accessibilityLabel = contentView.joinedSubviewLabels
        text.accessibilityValue = positionDescription
        text.accessibilityTraits = isSelected ? .selected : []
        text.accessibilityFrameInContainerSpace = contentView.frame
        return [text, accessoryView]
    }
    /// The element standing for the text beside an accessory control (kept: the focus knows it
    /// again).
    private var textElement: AccessibilityElement?
    private var hasAccessoryElement: Bool { accessoryView?.isAccessibilityElement == true }
    /// "Row 3 of 40" in the cell's language, while a table shows it.
    private var positionDescription: String? {
        guard let tableView, let path = tableView.indexPath(for: self) else { return nil }
        return Localization.bezelString("Row %lld of %lld", filling: [path.row + 1, tableView.numberOfRows(inSection: path.section)], language: language)
    }

    /// UIKit's `UITableViewCell.CellStyle`.
    public enum CellStyle: Sendable {
        /// One label on the left.
        case `default`
        /// A label and a smaller detail label under it.
        case subtitle
        /// A label on the left and a secondary detail label on the right (settings rows).
        case value1
        /// A small tinted label on the left, the detail label after it.
        case value2
    }

    /// UIKit's `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Sendable { case none, disclosureIndicator, checkmark }
    /// UIKit's `UITableViewCell.SelectionStyle`: `.none` shows nothing while selected.
    public enum SelectionStyle: Sendable { case none, `default` }
    /// UIKit's `UITableViewCell.EditingStyle`: what the data source's `commit` is asked to do.
    public enum EditingStyle: Sendable { case none, delete, insert }

    /// Standard content inset, UIKit's layout margin of 16 pt (on a 320-414 pt wide screen).
    public static let margin = 16.0
    /// The image's side when it has no size of its own: 29 pt, UIKit's settings icons.
    static let imageSide = 29.0
    /// Space between the standard parts: UIKit's 16 pt between image and text, 8 pt elsewhere.
    static let imageSpacing = 16.0
    static let spacing = 8.0
    /// The highlighted and selected background: UIKit's `systemGray4`.
    public static let defaultSelectedBackgroundColor = Color(light: Color(rgb: 0xD1D1D6), dark: Color(rgb: 0x3A3A3C))
    /// How long `deselectRow(at:animated: true)` fades the selection: 0.25 s (Bezel's choice,
    /// close to UIKit's visible fade).
    public static let deselectionDuration: TimeInterval = 0.25

    public let style: CellStyle
    public let reuseIdentifier: String?
    /// Where custom content goes: sized to the cell less its accessory.
    public let contentView = View()
    /// The main label (every style).
    public let textLabel: Label
    /// The second label (nil in the default style).
    public let detailTextLabel: Label?
    /// The leading image, created on first use (hidden while it has no image).
    public private(set) lazy var imageView: ImageView = {
        let view = ImageView()
        view.contentMode = .scaleAspectFit
        view.showsPlaceholder = false
        contentView.addSubview(view)
        hasImageView = true
        setNeedsLayout()
        return view
    }()
    private var hasImageView = false

    public var accessoryType: AccessoryType = .none { didSet { if accessoryType != oldValue { accessoryChanged() } } }
    /// A view of your own at the trailing edge (a switch, a button); wins over `accessoryType`.
    public var accessoryView: View? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            accessoryChanged()
        }
    }
    public var selectionStyle: SelectionStyle = .default { didSet { updateSelectionBackground(animated: false) } }
    /// Shown while highlighted or selected (its colour is UIKit's `systemGray4` by default).
    public let selectedBackgroundView = View()

    public private(set) var isSelected = false
    public private(set) var isHighlighted = false
    /// The separator's insets from the cell's edges. Until the app sets it, the separator
    /// starts where the text does (after the image, when there is one), as UIKit's automatic
    /// inset does; reading it then gives that inset.
    public var separatorInset: EdgeInsets {
        get { customSeparatorInset ?? EdgeInsets(top: 0, left: textLeading, bottom: 0, right: 0) }
        set {
            customSeparatorInset = newValue
            setNeedsDisplay()
        }
    }
    private var customSeparatorInset: EdgeInsets?
    /// Where the standard text starts (from the leading edge), set by layout.
    private var textLeading = TableViewCell.margin {
        didSet { if textLeading != oldValue, customSeparatorInset == nil { setNeedsDisplay() } }
    }

    /// The image view's size: the image's own (UIKit's), shrunk to fit the row less 4 pt above
    /// and below, its shape kept. An image without a size gets the 29 pt square.
    func imageSize(in rowHeight: Double) -> Size {
        guard let size = imageView.image?.size, size.width > 0, size.height > 0 else {
            return Size(width: Self.imageSide, height: Self.imageSide)
        }
        let room = max(0, rowHeight - 8)
        let scale = size.height > room ? room / size.height : 1
        return Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    /// The table showing the cell (nil while it waits for reuse).
    public internal(set) weak var tableView: TableView?
    /// Drawn under the cell's bottom edge (the table decides: not under a section's last
    /// row in the grouped style, nor with `separatorStyle = .none`).
    var showsSeparator = false { didSet { if showsSeparator != oldValue { setNeedsDisplay() } } }
    var separatorColor = Color.separator
    /// Room the table's section index takes at the trailing edge: the content and the
    /// accessory keep clear of it (UIKit's).
    var sectionIndexInset = 0.0 { didSet { if sectionIndexInset != oldValue { setNeedsLayout(); setNeedsDisplay() } } }

    /// A cell of `style` (the table makes registered cells with `.default`).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        // UIKit's text styles (body, footnote, subheadline: 17, 13 and 15 pt at the default
        // size), following the content size category.
        func styled(_ role: FontTextStyle, color: Color = .label, alignment: TextStyle.Alignment = .natural, weight: TextStyle.Weight? = nil) -> Label {
            var text = TextStyle.preferred(forTextStyle: role)
            text.color = color
            text.alignment = alignment
            if let weight { text.weight = weight }
            let label = Label(style: text)
            label.adjustsFontForContentSizeCategory = true
            return label
        }
        textLabel = style == .value2 ? styled(.footnote, color: .systemTint, alignment: .right, weight: .semibold) : styled(.body)
        switch style {
        case .default: detailTextLabel = nil
        case .subtitle: detailTextLabel = styled(.footnote, color: .secondaryLabel)
        case .value1: detailTextLabel = styled(.body, color: .secondaryLabel, alignment: .right)
        case .value2: detailTextLabel = styled(.subheadline)
        }
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: TableView.defaultRowHeight))
        textSizeCategory = ContentSizeCategory.current
        backgroundColor = .systemBackground
        selectedBackgroundView.backgroundColor = Self.defaultSelectedBackgroundColor
        selectedBackgroundView.alpha = 0
        selectedBackgroundView.isUserInteractionEnabled = false
        addSubview(selectedBackgroundView)
        addSubview(contentView)
        contentView.addSubview(textLabel)
        if let detailTextLabel { contentView.addSubview(detailTextLabel) }
    }

    /// Called before the table hands the cell out again: reset what the previous row set
    /// (the table already cleared highlight and selection). Call super.
    open func prepareForReuse() {}

    /// Shows or hides the selection (the table calls this; an app uses `selectRow`).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != isSelected else { return }
        isSelected = selected
        updateSelectionBackground(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        updateSelectionBackground(animated: animated)
    }

    private func updateSelectionBackground(animated: Bool) {
        let shown: Double = (isSelected || isHighlighted) && selectionStyle != .none ? 1 : 0
        guard selectedBackgroundView.alpha != shown else { return }
        if animated {
            View.animate(withDuration: Self.deselectionDuration, options: [.allowUserInteraction]) { self.selectedBackgroundView.alpha = shown }
        } else {
            View.performWithoutAnimation { selectedBackgroundView.alpha = shown }
        }
    }

    /// Clears the table's per-row state for reuse.
    /// The labels' sizes at the current content size category (a cell may have waited in the
    /// reuse pool, out of every window, through a change).
    func followContentSizeCategory() {
        guard textSizeCategory != ContentSizeCategory.current else { return }
        textSizeCategory = ContentSizeCategory.current
        textLabel.contentSizeCategoryDidChange()
        detailTextLabel?.contentSizeCategoryDidChange()
        setNeedsLayout()
    }
    /// The category the labels were last sized for (set in `init`).
    private var textSizeCategory = ContentSizeCategory.large

    /// UIKit's space above and below a standard cell's text: 11 pt (44 = 11 + 22 + 11 for
    /// body's 17 pt line).
    static let verticalPadding = 11.0

    /// The height the standard parts need at their text sizes: their lines (1.25 x the size,
    /// as `layoutSubviews` gives them) with the padding above and below, at least 44.
    var standardFittingHeight: Double {
        var lines = textLabel.style.size * 1.25
        if style == .subtitle, let detail = detailTextLabel, !(detail.text ?? "").isEmpty { lines += detail.style.size * 1.25 }
        // A tall image keeps its size: the row grows to it and its 4 pt above and below.
        let image = hasImageViewWithImage ? (imageView.image?.size.height ?? 0) + 8 : 0
        return max(TableView.defaultRowHeight, (lines + 2 * Self.verticalPadding).rounded(.up), image.rounded(.up))
    }

    func resetForReuse() {
        View.performWithoutAnimation {
            isSelected = false
            isHighlighted = false
            selectedBackgroundView.alpha = 0
            alpha = 1
            transform = .identity
            contentView.frame.origin.x = 0
        }
        prepareForReuse()
    }

    private func accessoryChanged() {
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Layout

    /// The accessory's width (0 without one) and the space it keeps from the content.
    private var accessoryWidth: Double {
        if let accessoryView { return accessoryView.frame.width + Self.margin }
        switch accessoryType {
        case .none: return 0
        case .disclosureIndicator: return 8 + Self.margin
        case .checkmark: return 14 + Self.margin
        }
    }

    open override func layoutSubviews() {
        let b = bounds
        selectedBackgroundView.frame = Rect(origin: .zero, size: b.size)
        let accessory = accessoryWidth + sectionIndexInset
        let contentWidth = max(0, b.width - accessory)
        // Laid out left to right, then mirrored in a right-to-left interface: the accessory
        // at the left, the image at the right, the detail on the text's left (UIKit's).
        let rightToLeft = isRightToLeft
        contentView.frame = Rect(x: rightToLeft ? b.width - contentWidth : 0, y: 0, width: contentWidth, height: b.height)
        if let accessoryView {
            let s = accessoryView.frame.size
            let x = rightToLeft ? Self.margin + sectionIndexInset : b.width - Self.margin - sectionIndexInset - s.width
            accessoryView.frame = Rect(x: x, y: ((b.height - s.height) / 2).rounded(), width: s.width, height: s.height)
        }
        defer { if rightToLeft { mirrorStandardParts(in: contentWidth) } }
        alignDetailTrailing(rightToLeft)
        var x = Self.margin
        if hasImageViewWithImage {
            let size = imageSize(in: b.height)
            imageView.frame = Rect(x: x, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x += size.width + Self.imageSpacing
        }
        textLeading = x
        let right = contentWidth - (accessory > 0 ? Self.spacing : Self.margin)
        let width = max(0, right - x)
        switch style {
        case .default:
            textLabel.frame = Rect(x: x, y: 0, width: width, height: b.height)
        case .subtitle:
            let textHeight = textLabel.style.size * 1.25, detailHeight = (detailTextLabel?.style.size ?? 0) * 1.25
            let top = ((b.height - textHeight - detailHeight) / 2).rounded()
            textLabel.frame = Rect(x: x, y: top, width: width, height: textHeight)
            detailTextLabel?.frame = Rect(x: x, y: top + textHeight, width: width, height: detailHeight)
        case .value1:
            // The detail keeps the room its text needs; the label gets the rest.
            let detail = detailWidth(max: width / 2)
            textLabel.frame = Rect(x: x, y: 0, width: max(0, width - detail - Self.spacing), height: b.height)
            detailTextLabel?.frame = Rect(x: right - detail, y: 0, width: detail, height: b.height)
        case .value2:
            let leading = min(width, 91)  // UIKit's value2 label column
            textLabel.frame = Rect(x: x, y: 0, width: leading, height: b.height)
            detailTextLabel?.frame = Rect(x: x + leading + 6, y: 0, width: max(0, width - leading - 6), height: b.height)
        }
    }

    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// The standard parts' frames, laid out left to right, mirrored across the content view.
    private func mirrorStandardParts(in width: Double) {
        var parts: [View] = [textLabel]
        if let detailTextLabel { parts.append(detailTextLabel) }
        if hasImageViewWithImage { parts.append(imageView) }
        for part in parts { part.frame.origin.x = width - part.frame.maxX }
    }

    /// The side the value1 detail and the value2 label are aligned to (their trailing edge):
    /// right, or left in a right-to-left interface. Swapped only where it is still the
    /// cell's own choice.
    private var trailingAlignment = TextStyle.Alignment.right
    private func alignDetailTrailing(_ rightToLeft: Bool) {
        let wanted: TextStyle.Alignment = rightToLeft ? .left : .right
        guard wanted != trailingAlignment else { return }
        let aligned: Label? = style == .value1 ? detailTextLabel : style == .value2 ? textLabel : nil
        if let aligned, aligned.textAlignment == trailingAlignment { aligned.textAlignment = wanted }
        trailingAlignment = wanted
    }

    private var hasImageViewWithImage: Bool {
        // Reading `imageView` would create it: only when one was asked for.
        guard hasImageView else { return false }
        return imageView.image != nil && !imageView.isHidden
    }

    private func detailWidth(max limit: Double) -> Double {
        guard let detail = detailTextLabel, let text = detail.text, !text.isEmpty, let measurer = TextMetrics.measurer else { return 0 }
        return min(limit, measurer.measureText(text, style: detail.style, width: nil).width.rounded(.up))
    }

    // MARK: Drawing

    open override func drawOverlay(_ rect: Rect, in context: any DrawingContext) {
        let b = bounds
        let rightToLeft = isRightToLeft
        switch accessoryView == nil ? accessoryType : .none {
        case .none: break
        case .disclosureIndicator:
            // UIKit's chevron: 8x13 pt, tertiary label colour; at the left pointing left in a
            // right-to-left interface.
            var chevron = Path()
            let x = rightToLeft ? b.minX + Self.margin + sectionIndexInset + 8 : b.maxX - Self.margin - sectionIndexInset - 8, y = b.midY
            let tip = rightToLeft ? x - 6.5 : x + 6.5
            chevron.move(to: Point(x: x, y: y - 6.5))
            chevron.addLine(to: Point(x: tip, y: y))
            chevron.addLine(to: Point(x: x, y: y + 6.5))
            context.stroke(chevron, color: .tertiaryLabel, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
        case .checkmark:
            // Not mirrored (iOS's checkmark keeps its shape), only moved to the left.
            var check = Path()
            let x = rightToLeft ? b.minX + Self.margin + sectionIndexInset : b.maxX - Self.margin - sectionIndexInset - 14, y = b.midY
            check.move(to: Point(x: x, y: y))
            check.addLine(to: Point(x: x + 5, y: y + 5))
            check.addLine(to: Point(x: x + 14, y: y - 6))
            context.stroke(check, color: tintColor, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
        }
        if showsSeparator {
            // The inset's left is the leading side (UIKit swaps it in right to left).
            let h = hairlineWidth
            let left = rightToLeft ? separatorInset.right : separatorInset.left
            context.fill(Rect(x: b.minX + left, y: b.maxY - h,
                              width: max(0, b.width - separatorInset.left - separatorInset.right), height: h), color: separatorColor)
        }
    }

    // MARK: Touches: highlight and selection through the table

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        tableView?.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        tableView?.cellTouchMoved(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        tableView?.cellTouchEnded(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        tableView?.cellTouchCancelled(self)
    }
}
