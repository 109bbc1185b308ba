/// A shown menu (UIKit's pull-down menu card): the rows of one level of a `Menu`, its inline
/// groups set apart by a wider band, scrolling when taller than the room it has. Choosing a
/// submenu's row shows that submenu in place, under a header that goes back (iOS 14's
/// pull-down menus). A finger tracked across the rows highlights the row under it and
/// chooses the one it lifts from; keys move a highlight (Up, Down), choose (Return, space),
/// go back (Escape, the leading arrow) and open (the trailing arrow).
@MainActor
public final class MenuView: View {
    /// The menu shown, its root.
    public let menu: Menu
    /// The submenus opened, outermost first; the rows show the last one (or `menu`).
    public private(set) var openSubmenus: [Menu] = []
    /// The level shown now.
    public var shownMenu: Menu { openSubmenus.last ?? menu }
    /// The control the menu came from (an action's `sender` while its handler runs).
    weak var source: Control?
    /// Runs when an action is chosen (the presenter closes the menu, then runs the handler).
    var onChoose: ((Action) -> Void)?
    /// Runs when Escape (or the spoken mode's escape) asks to close at the outermost level.
    var onEscape: (() -> Void)?

    private let scrollView = ScrollView()
    private(set) var rows: [MenuItemView] = []
    /// The row a finger or the keys highlight.
    private(set) var highlightedRow: MenuItemView?
    /// The touch followed across the rows, until it lifts.
    private var trackedTouch: Touch?
    /// The longest the card grows before it scrolls.
    var maximumHeight = Double.infinity

    // UIKit's pull-down menu, as measured on iOS 16 (1x): 250 pt wide at least, 13-pt
    // corners, an 8-pt band between inline groups, a soft shadow.
    public static let minimumWidth = 250.0
    static let cornerRadius = 13.0
    static let groupGap = 8.0
    static let cardColor = Color(light: Color(rgb: 0xF2F2F2), dark: Color(rgb: 0x2C2C2E))
    static let groupGapColor = Color(light: Color.black.withAlpha(0.08), dark: Color.black.withAlpha(0.35))

    init(menu: Menu) {
        self.menu = menu
        super.init(frame: .zero)
        name = "menu"
        backgroundColor = Self.cardColor
        cornerRadius = Self.cornerRadius
        // The rows are cut to the rounded card by the scroll view, so the card itself need
        // not clip: a view that clips loses its layer shadow (Core Animation's rule).
        scrollView.cornerRadius = Self.cornerRadius
        scrollView.clipsToBounds = true
        scrollView.name = "menu.scroll"
        scrollView.showsVerticalScrollIndicator = true
        addSubview(scrollView)
        rebuildRows()
    }

    // MARK: Rows

    /// The rows of `shownMenu`: its header or title, its elements and inline groups' elements
    /// with a band before and after each group, hidden actions left out.
    private func rebuildRows() {
        for row in rows { row.removeFromSuperview() }
        for gap in scrollView.subviews where gap.name == "menu.gap" { gap.removeFromSuperview() }
        rows = []
        highlightedRow = nil
        let level = shownMenu
        let reservesCheckmark = level.shownActions.contains { $0.state != .off }
            || level.options.contains(.singleSelection)
        var entries: [(MenuItemView?, Bool)] = []  // a row, or nil for a band
        if !openSubmenus.isEmpty {
            entries.append((MenuItemView(kind: .back(level), reservesCheckmark: false), false))
        } else if !level.title.isEmpty {
            entries.append((MenuItemView(kind: .title(level.title), reservesCheckmark: false), false))
        }
        for element in level.children {
            if let action = element as? Action {
                guard !action.attributes.contains(.hidden) else { continue }
                entries.append((MenuItemView(kind: .action(action), reservesCheckmark: reservesCheckmark), false))
            } else if let submenu = element as? Menu {
                if submenu.options.contains(.displayInline) {
                    let groupRows = submenu.children.compactMap { child -> MenuItemView? in
                        if let action = child as? Action {
                            return action.attributes.contains(.hidden) ? nil : MenuItemView(kind: .action(action), reservesCheckmark: reservesCheckmark)
                        }
                        return (child as? Menu).map { MenuItemView(kind: .submenu($0), reservesCheckmark: reservesCheckmark) }
                    }
                    guard !groupRows.isEmpty else { continue }
                    if !entries.isEmpty, entries.last?.0 != nil { entries.append((nil, true)) }
                    if !submenu.title.isEmpty { entries.append((MenuItemView(kind: .title(submenu.title), reservesCheckmark: false), false)) }
                    for row in groupRows { entries.append((row, false)) }
                    entries.append((nil, true))
                } else {
                    entries.append((MenuItemView(kind: .submenu(submenu), reservesCheckmark: reservesCheckmark), false))
                }
            }
        }
        while entries.last?.0 == nil, !entries.isEmpty { entries.removeLast() }
        var y = 0.0
        for (index, entry) in entries.enumerated() {
            if let row = entry.0 {
                row.menuView = self
                // No hairline under the last row or above a band.
                row.showsSeparator = index + 1 < entries.count && entries[index + 1].0 != nil
                row.frame = Rect(x: 0, y: y, width: 0, height: row.rowHeight)
                scrollView.addSubview(row)
                rows.append(row)
                y += row.rowHeight
            } else {
                let gap = View(frame: Rect(x: 0, y: y, width: 0, height: Self.groupGap))
                gap.name = "menu.gap"
                gap.backgroundColor = Self.groupGapColor
                scrollView.addSubview(gap)
                y += Self.groupGap
            }
        }
        contentHeight = y
        setNeedsLayout()
    }
    private var contentHeight = 0.0

    /// The card's size: wide enough for its widest row (at least `minimumWidth`, at most
    /// `maximumWidth`), as tall as its rows up to `maximumHeight`.
    func preferredSize(maximumWidth: Double) -> Size {
        let measure: (String, TextStyle) -> Double = { text, style in
            text.isEmpty ? 0 : (TextMetrics.measurer?.measureText(text, style: style, width: nil).width ?? 0)
        }
        let widest = rows.map { $0.preferredWidth(measuring: measure) }.max() ?? 0
        let width = min(max(Self.minimumWidth, widest.rounded(.up)), maximumWidth)
        return Size(width: width, height: min(contentHeight, maximumHeight))
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        scrollView.frame = bounds
        for view in scrollView.subviews where view is MenuItemView || view.name == "menu.gap" {
            view.frame = Rect(x: 0, y: view.frame.minY, width: bounds.width, height: view.frame.height)
        }
        scrollView.contentSize = Size(width: bounds.width, height: contentHeight)
        scrollView.isScrollEnabled = contentHeight > bounds.height + 0.5
    }

    // MARK: Choosing

    /// Chooses `row`: opens a submenu, goes back out of one, or hands the action over.
    func choose(_ row: MenuItemView) {
        guard row.isChoosable else { return }
        switch row.kind {
        case let .submenu(submenu): open(submenu)
        case .back: goBack()
        case let .action(action):
            menu.applySingleSelection(choosing: action)
            if action.attributes.contains(.keepsMenuPresented) {
                for row in rows { row.setNeedsDisplay() }
            }
            onChoose?(action)
        case .title: break
        }
    }

    /// Shows `submenu` in place (the rows of the new level).
    public func open(_ submenu: Menu) {
        openSubmenus.append(submenu)
        rebuildRows()
        resizeForLevel()
        postScreenChanged()
    }

    /// Back to the level before; false at the outermost one.
    @discardableResult
    public func goBack() -> Bool {
        guard !openSubmenus.isEmpty else { return false }
        openSubmenus.removeLast()
        rebuildRows()
        resizeForLevel()
        postScreenChanged()
        return true
    }

    /// A new level keeps the card's top-leading corner and takes the new level's size.
    private func resizeForLevel() {
        guard let superview else { return }
        let size = preferredSize(maximumWidth: max(Self.minimumWidth, superview.bounds.width - 16))
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var newFrame = Rect(x: rightToLeft ? frame.maxX - size.width : frame.minX, y: frame.minY, width: size.width, height: size.height)
        newFrame.origin.x = max(8, min(newFrame.minX, superview.bounds.width - 8 - size.width))
        frame = newFrame
        layoutIfNeeded()
    }

    func postScreenChanged() {
        Accessibility.post(notification: .screenChanged, argument: rows.first { $0.isChoosable })
    }

    // MARK: A finger across the rows

    private func row(atWindowPoint point: Point) -> MenuItemView? {
        let local = convert(point, from: nil)
        guard bounds.contains(local) else { return nil }
        return rows.first { row in row.bounds.contains(row.convert(point, from: nil)) }
    }

    /// Highlights the choosable row under `point` (window coordinates), or none.
    func trackFinger(at point: Point) {
        setHighlighted(row(atWindowPoint: point).flatMap { $0.isChoosable ? $0 : nil })
    }

    /// The finger lifted at `point` (window coordinates): the row under it is chosen.
    func releaseFinger(at point: Point) {
        let row = row(atWindowPoint: point)
        setHighlighted(nil)
        if let row, row.isChoosable { choose(row) }
    }

    func setHighlighted(_ row: MenuItemView?) {
        guard row !== highlightedRow else { return }
        highlightedRow?.isHighlighted = false
        highlightedRow = row
        row?.isHighlighted = true
    }

    /// A finger that landed on a row: followed until it lifts, through the scroll view's pan
    /// cancelling it when the card scrolls.
    func rowTouches(_ touches: Set<Touch>, phase: Touch.Phase) {
        switch phase {
        case .began:
            guard trackedTouch == nil, let touch = touches.first else { return }
            trackedTouch = touch
            trackFinger(at: touch.location(in: nil))
        case .moved:
            guard let touch = trackedTouch, touches.contains(touch) else { return }
            trackFinger(at: touch.location(in: nil))
        case .ended:
            guard let touch = trackedTouch, touches.contains(touch) else { return }
            trackedTouch = nil
            releaseFinger(at: touch.location(in: nil))
        default:
            guard let touch = trackedTouch, touches.contains(touch) else { return }
            trackedTouch = nil
            setHighlighted(nil)
        }
    }

    // MARK: Keys

    /// A key while the menu is up: true when the menu used it.
    func handleKey(_ key: Press.Key) -> Bool {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let choosable = rows.filter(\.isChoosable)
        switch key.code {
        case Press.Key.downArrow.code, Press.Key.upArrow.code:
            guard !choosable.isEmpty else { return true }
            let current = highlightedRow.flatMap { row in choosable.firstIndex { $0 === row } }
            let next: Int
            if key.code == Press.Key.downArrow.code { next = current.map { min($0 + 1, choosable.count - 1) } ?? 0 } else { next = current.map { max($0 - 1, 0) } ?? choosable.count - 1 }
            setHighlighted(choosable[next])
            scrollView.scrollRectToVisible(choosable[next].frame, animated: false)
        case Press.Key.enter.code, Press.Key.keypadEnter.code, Press.Key.space.code:
            if let highlightedRow { choose(highlightedRow) }
        case Press.Key.escape.code:
            if !goBack() { onEscape?() }
        case Press.Key.leftArrow.code, Press.Key.rightArrow.code:
            let back = (key.code == Press.Key.leftArrow.code) != rightToLeft
            if back {
                goBack()
            } else if let row = highlightedRow, case let .submenu(submenu) = row.kind {
                open(submenu)
            }
        default:
            return false
        }
        return true
    }

    public override func accessibilityPerformEscape() -> Bool {
        if !goBack() { onEscape?() }
        return true
    }
}
