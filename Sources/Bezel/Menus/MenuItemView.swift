/// One row of a shown menu: an action, a row that opens a submenu, the header that goes back
/// out of one, or the menu's title. The row draws itself; its touches go to its `MenuView`,
/// which highlights the row under the finger and chooses the one it lifts from.
@MainActor
final class MenuItemView: View {
    enum Kind {
        case action(Action)
        case submenu(Menu)
        /// The header of an open submenu: chevron back and the submenu's title.
        case back(Menu)
        /// The menu's own title, small and grey, not choosable.
        case title(String)
    }
    let kind: Kind
    /// Whether the level has a checkmark column (some action in it has a state).
    let reservesCheckmark: Bool
    /// Whether a hairline is drawn under the row (not under a group's last row).
    var showsSeparator = true
    weak var menuView: MenuView?

    var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    // UIKit's menu rows as measured on iOS 16 screenshots at 1x: 44 pt, 58 with a subtitle;
    // 16-pt margins; the checkmark in a 28-pt leading column; a 22-pt trailing image.
    static let height = 44.0
    static let heightWithSubtitle = 58.0
    static let titleHeight = 34.0
    static let margin = 16.0
    static let checkmarkColumn = 28.0
    static let imageSize = 22.0
    static let titleStyle = TextStyle(size: 17)
    static let subtitleStyle = TextStyle(size: 15, color: .secondaryLabel)
    static let headerStyle = TextStyle(size: 13, color: .secondaryLabel)
    static let highlightColor = Color(light: Color.black.withAlpha(0.1), dark: Color.white.withAlpha(0.12))

    init(kind: Kind, reservesCheckmark: Bool) {
        self.kind = kind
        self.reservesCheckmark = reservesCheckmark
        super.init(frame: .zero)
        switch kind {
        case let .action(action): name = action.identifier ?? "menu.\(action.title)"
        case let .submenu(menu): name = menu.identifier ?? "menu.\(menu.title)"
        case let .back(menu): name = "menu.back.\(menu.title)"
        case let .title(title): name = "menu.title.\(title)"
        }
    }

    var element: MenuElement? {
        switch kind {
        case let .action(action): return action
        case let .submenu(menu), let .back(menu): return menu
        case .title: return nil
        }
    }

    /// Whether the row can be chosen (a title cannot, nor a disabled action).
    var isChoosable: Bool {
        switch kind {
        case let .action(action): return !action.attributes.contains(.disabled)
        case .submenu, .back: return true
        case .title: return false
        }
    }

    var isDestructive: Bool {
        switch kind {
        case let .action(action): return action.attributes.contains(.destructive)
        case let .submenu(menu): return menu.options.contains(.destructive)
        default: return false
        }
    }

    var rowHeight: Double {
        switch kind {
        case .title: return Self.titleHeight
        default: return element?.subtitle?.isEmpty == false ? Self.heightWithSubtitle : Self.height
        }
    }

    /// The width the row's content asks for: margins, checkmark column, title, image.
    func preferredWidth(measuring measure: (String, TextStyle) -> Double) -> Double {
        guard let element else {
            if case let .title(title) = kind { return 2 * Self.margin + measure(title, Self.headerStyle) }
            return 0
        }
        let text = max(measure(element.title, Self.titleStyle), measure(element.subtitle ?? "", Self.subtitleStyle))
        let leading = reservesCheckmark || isBack ? Self.checkmarkColumn : 0
        let trailing = element.image != nil || isSubmenu ? Self.imageSize + 12 : 0
        return 2 * Self.margin + leading + text + trailing
    }

    private var isBack: Bool { if case .back = kind { return true } else { return false } }
    private var isSubmenu: Bool { if case .submenu = kind { return true } else { return false } }

    // MARK: Accessibility: each choosable row is a button named by its title

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? {
        switch kind {
        case let .back(menu): return Localization.bezelString("Back", language: language) + ", " + menu.title
        case let .title(title): return title
        default: return element?.title
        }
    }
    override var defaultAccessibilityValue: String? { element?.subtitle }
    override var defaultAccessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits
        switch kind {
        case .title: traits = .header
        default: traits = .button
        }
        if case let .action(action) = kind {
            if action.state == .on { traits.insert(.selected) }
            if action.attributes.contains(.disabled) { traits.insert(.notEnabled) }
        }
        return traits
    }

    override func accessibilityActivate() -> Bool {
        guard isChoosable, let menuView else { return false }
        menuView.choose(self)
        return true
    }

    // MARK: Touches: handed to the menu view, which tracks the finger across rows

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { menuView?.rowTouches(touches, phase: .began) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { menuView?.rowTouches(touches, phase: .moved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { menuView?.rowTouches(touches, phase: .ended) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { menuView?.rowTouches(touches, phase: .cancelled) }

    // MARK: Drawing

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let b = bounds
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if isHighlighted { context.fill(b, color: Self.highlightColor) }
        if case let .title(title) = kind {
            var style = Self.headerStyle
            style.alignment = .center
            context.drawText(title, in: b.insetBy(dx: Self.margin, dy: 0), style: style)
            drawSeparator(in: context)
            return
        }
        guard let element else { return }
        let enabled = isChoosable
        let color: Color = !enabled ? .tertiaryLabel : isDestructive ? .systemRed : .label
        // Leading: the checkmark (or a dash for mixed), or the back chevron of a submenu.
        var leading = Self.margin
        if reservesCheckmark || isBack { leading += Self.checkmarkColumn }
        let markX = rightToLeft ? b.maxX - Self.margin - 14 : b.minX + Self.margin
        if case let .action(action) = kind, action.state != .off {
            var mark = Path()
            let y = b.midY
            if action.state == .on {
                mark.move(to: Point(x: markX, y: y))
                mark.addLine(to: Point(x: markX + 5, y: y + 5))
                mark.addLine(to: Point(x: markX + 14, y: y - 6))
            } else {
                mark.move(to: Point(x: markX + 1, y: y))
                mark.addLine(to: Point(x: markX + 13, y: y))
            }
            context.stroke(mark, color: color, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
        }
        if isBack { drawChevron(at: rightToLeft ? b.maxX - Self.margin - 4 : b.minX + Self.margin + 4, pointingBack: true, rightToLeft: rightToLeft, color: .label, in: context) }
        // Trailing: the image, or a submenu's chevron.
        var trailing = Self.margin
        if let image = element.image {
            let size = Self.imageSize
            let x = rightToLeft ? b.minX + Self.margin : b.maxX - Self.margin - size
            context.drawImage(image, in: Rect(x: x, y: b.midY - size / 2, width: size, height: size), tintColor: color)
            trailing += size + 12
        } else if isSubmenu {
            drawChevron(at: rightToLeft ? b.minX + Self.margin + 4 : b.maxX - Self.margin - 4, pointingBack: false, rightToLeft: rightToLeft, color: .secondaryLabel, in: context)
            trailing += Self.imageSize + 12
        }
        // The title (bold in a submenu's header) and the subtitle under it.
        var titleStyle = Self.titleStyle
        titleStyle.color = color
        if isBack { titleStyle.weight = .semibold }
        titleStyle.alignment = rightToLeft ? .right : .left
        let textRect = Rect(x: b.minX + (rightToLeft ? trailing : leading), y: b.minY,
                            width: max(0, b.width - leading - trailing), height: b.height)
        if let subtitle = element.subtitle, !subtitle.isEmpty {
            var subtitleStyle = Self.subtitleStyle
            subtitleStyle.alignment = titleStyle.alignment
            if !enabled { subtitleStyle.color = .tertiaryLabel }
            context.drawText(element.title, in: Rect(x: textRect.minX, y: b.minY + 8, width: textRect.width, height: 22), style: titleStyle)
            context.drawText(subtitle, in: Rect(x: textRect.minX, y: b.minY + 30, width: textRect.width, height: 20), style: subtitleStyle)
        } else {
            context.drawText(element.title, in: textRect, style: titleStyle)
        }
        drawSeparator(in: context)
    }

    /// A chevron centred on `x`: pointing to the trailing side, or back (leading) in a header.
    private func drawChevron(at x: Double, pointingBack: Bool, rightToLeft: Bool, color: Color, in context: any DrawingContext) {
        let towardsLeft = pointingBack != rightToLeft
        let y = bounds.midY
        var chevron = Path()
        chevron.move(to: Point(x: x + (towardsLeft ? 3 : -3), y: y - 6))
        chevron.addLine(to: Point(x: x + (towardsLeft ? -3 : 3), y: y))
        chevron.addLine(to: Point(x: x + (towardsLeft ? 3 : -3), y: y + 6))
        context.stroke(chevron, color: color, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
    }

    private func drawSeparator(in context: any DrawingContext) {
        guard showsSeparator else { return }
        let h = hairlineWidth
        context.fill(Rect(x: bounds.minX, y: bounds.maxY - h, width: bounds.width, height: h), color: .separator)
    }
}
