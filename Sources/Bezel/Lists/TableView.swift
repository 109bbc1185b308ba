/// UIKit's `UITableView`: a vertical list of rows in sections, of any length. Only the rows
/// on screen have cells; cells that scroll away are kept and handed back by
/// `dequeueReusableCell(withIdentifier:for:)`, so a table of a million rows costs what one of
/// a hundred does.
///
/// Where things happen: which cells exist and where (`TableView+Layout`), touches on rows
/// becoming highlight and selection (`TableView+Selection`), inserted, deleted and moved rows
/// (`TableView+Updates`), swipe actions (`TableView+SwipeActions`). The table is its own
/// scroll view: a drag on a row scrolls and cancels the row's (or a button's) touch, as
/// `UITableView` does.
@MainActor
open class TableView: ScrollView {
    /// UIKit's `UITableView.Style`.
    public enum Style: Sendable {
        /// Rows edge to edge; section headers stay at the top while their section scrolls under them.
        case plain
        /// Sections as groups on the grouped background, headers and footers scrolling with them.
        case grouped
    }

    /// UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Sendable { case none, top, middle, bottom }

    /// UIKit's `UITableView.RowAnimation`: how inserted rows come in and deleted ones go.
    public enum RowAnimation: Sendable { case fade, right, left, top, bottom, none, middle, automatic }

    /// UIKit's `UITableView.automaticDimension`: the standard size (headers, estimates).
    public static let automaticDimension = -1.0
    /// UIKit's default row height, 44 pt.
    public static let defaultRowHeight = 44.0
    /// A plain section header with a title: 28 pt (UIKit before iOS 15's larger headers).
    public static let plainHeaderHeight = 28.0
    /// Grouped headers: 38 pt with a title, 18 pt without (UIKit's grouped spacing).
    public static let groupedHeaderHeight = 38.0
    static let groupedEmptyHeaderHeight = 18.0
    /// How long row insertions, deletions and moves take: 0.3 s, UIKit's row animation.
    public static let rowAnimationDuration: TimeInterval = 0.3

    public let style: Style
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }
    /// The table's delegate: also its scroll view delegate.
    open override var delegate: (any ScrollViewDelegate)? {
        didSet { tableDelegate = delegate as? (any TableViewDelegate) }
    }
    weak var tableDelegate: (any TableViewDelegate)?

    /// Every row's height unless the delegate gives its own (44 by default).
    /// `automaticDimension`: each row as tall as its cell's constraints make its content
    /// view (UIKit's self-sizing cells), measured as the row is about to show, with
    /// `estimatedRowHeight` (or 44) until then; a cell whose constraints give no height gets 44.
    /// Left at its default, rows grow with the content size category: above `.large` each
    /// standard row is as tall as its text needs (UIKit's self-sizing cells).
    public var rowHeight = TableView.defaultRowHeight {
        didSet { if !((rowHeight.isFinite && rowHeight >= 0) || rowHeight == Self.automaticDimension) { rowHeight = oldValue; Diagnostics.report(.apiMisuse, "rowHeight must be finite and 0 or more, or automaticDimension; kept \(oldValue)") }
                 if !isFollowingContentSizeCategory { rowHeightIsSet = true }
                 if rowHeight != oldValue { reloadRows() } }
    }
    /// Whether the app gave `rowHeight` (then it is kept at every content size category).
    private var rowHeightIsSet = false
    private var isFollowingContentSizeCategory = false

    /// A default `rowHeight` follows the category: 44 up to `.large` (every built-in size is
    /// right there), self-sized rows above it.
    /// True when it changed `rowHeight` (which reloads).
    @discardableResult
    private func followContentSizeCategory() -> Bool {
        guard !rowHeightIsSet else { return false }
        let wanted = ContentSizeCategory.current > .large ? Self.automaticDimension : Self.defaultRowHeight
        guard rowHeight != wanted else { return false }
        isFollowingContentSizeCategory = true
        rowHeight = wanted
        isFollowingContentSizeCategory = false
        return true
    }

    override func contentSizeCategoryDidChange() {
        // Rows left at the default height follow (a reload); the standard headers are sized
        // and styled again either way.
        if !followContentSizeCategory() { reloadRows() }
    }

    /// `rowHeight`, or 44 where it is `automaticDimension` and nothing was measured.
    var standardRowHeight: Double { rowHeight >= 0 ? rowHeight : Self.defaultRowHeight }
    /// The height rows are given until they are about to show (`automaticDimension`, the
    /// default, uses `rowHeight`; 0 asks the delegate for every row's height at each reload).
    public var estimatedRowHeight = TableView.automaticDimension {
        didSet { if estimatedRowHeight != oldValue { reloadRows() } }
    }
    /// Header and footer heights unless the delegate gives them (`automaticDimension`: the
    /// standard ones, 0 where there is nothing to show).
    public var sectionHeaderHeight = TableView.automaticDimension { didSet { reloadRows() } }
    public var sectionFooterHeight = TableView.automaticDimension { didSet { reloadRows() } }

    /// UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Sendable { case none, singleLine }
    public var separatorStyle = SeparatorStyle.singleLine { didSet { updateSeparators() } }
    public var separatorColor = Color.separator { didSet { updateSeparators() } }

    public var allowsSelection = true
    public var allowsMultipleSelection = false

    /// A view above the first section (UIKit's `tableHeaderView`), as wide as the table.
    public var tableHeaderView: View? {
        didSet {
            guard tableHeaderView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            geometryChanged()
        }
    }
    /// A view below the last section.
    public var tableFooterView: View? {
        didSet {
            guard tableFooterView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            geometryChanged()
        }
    }

    // MARK: State (used by the extensions)

    /// One section's geometry: its header and footer and its rows' heights; `top` is where
    /// its header starts (valid while `sectionTopsAreValid`).
    @MainActor struct Section {
        var headerHeight: Double
        var footerHeight: Double
        var rows: RowHeights
        var top: Double = 0
        var height: Double { headerHeight + rows.total + footerHeight }
    }
    var sections: [Section] = []
    /// The section index column, while the data source gives titles (TableView+SectionIndex).
    var sectionIndexView: TableSectionIndexView?
    var sectionTopsAreValid = false
    var needsReload = true
    var cellsOnScreen: [IndexPath: TableViewCell] = [:]
    var visibleHeaders: [Int: View] = [:]
    var visibleFooters: [Int: View] = [:]
    /// Cells animating out after a deletion: neither visible nor reusable until they finish.
    var disappearingCells: [TableViewCell] = []
    var cellPool = ReusePool<TableViewCell>()
    var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
    var selectedRows: Set<IndexPath> = []
    var highlightedRow: IndexPath?
    var isLayingOutRows = false
    /// Where the rows last laid out stay the rows to lay out (`SteadyRows`): nil after any
    /// layout that could not say.
    var steadyRows: SteadyRows?
    /// Scrolls laid out at the edges only (for tests).
    var numberOfEdgeLayouts = 0
    var pendingUpdate: ListUpdate?
    var batchDepth = 0
    var swipe: SwipeState?
    /// The horizontal drag that reveals swipe actions.
    public private(set) lazy var swipeActionsGestureRecognizer = PanGestureRecognizer()

    static let standardHeaderIdentifier = "bezel.standardHeader"

    public init(frame: Rect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .grouped ? .systemGroupedBackground : .systemBackground
        // UITableView's rule: a drag that starts on a control in a row scrolls.
        scrollingCancelsControlTouches = true
        // UIScrollView's default: content is cut to the bounds (and pixels can move).
        clipsToBounds = true
        // A UITableView bounces even when its rows fit (a UICollectionView does not).
        alwaysBounceVertical = true
        headerFooterPool.register(Self.standardHeaderIdentifier) { TableViewHeaderFooterView(reuseIdentifier: TableView.standardHeaderIdentifier) }
        swipeActionsGestureRecognizer.name = "swipeActions"
        swipeActionsGestureRecognizer.addAction { [unowned self] recognizer in
            self.handleSwipe(recognizer as! PanGestureRecognizer)
        }
        addGestureRecognizer(swipeActionsGestureRecognizer)
        followContentSizeCategory()
    }

    // MARK: Registration and reuse

    /// Cells for `identifier` are made as `cellClass.init(style: .default, reuseIdentifier:)`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        cellPool.register(identifier) { cellClass.init(style: .default, reuseIdentifier: identifier) }
    }

    /// Cells for `identifier` are made by `make` (a style other than the default, or an
    /// initializer of your own).
    public func register(forCellReuseIdentifier identifier: String, _ make: @escaping @MainActor () -> TableViewCell) {
        cellPool.register(identifier, make: make)
    }

    public func register(_ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterPool.register(identifier) { viewClass.init(reuseIdentifier: identifier) }
    }

    /// A cell that scrolled away (after its `prepareForReuse()`), or a new one, sized for the
    /// row. An identifier never registered is API misuse (UIKit raises): it is reported and a
    /// default-style cell returned, so the row still shows.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        let cell: TableViewCell
        if let (reusable, reused) = cellPool.dequeue(identifier) {
            cell = reusable
            if reused { cell.resetForReuse() }
        } else {
            Diagnostics.report(.apiMisuse, "dequeueReusableCell(withIdentifier: \"\(identifier)\"): nothing registered for it; a default cell is used (register a class first)")
            cellPool.countCreated()
            cell = TableViewCell(style: .default, reuseIdentifier: identifier)
        }
        // A cell that waited in the pool through a change of text size catches up.
        cell.followContentSizeCategory()
        View.performWithoutAnimation {
            cell.frame = Rect(x: 0, y: cell.frame.minY, width: bounds.width, height: rowRect(indexPath)?.height ?? standardRowHeight)
        }
        return cell
    }

    /// A header or footer view waiting for reuse, or a new one; nil if `identifier` was never registered.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        guard let (view, reused) = headerFooterPool.dequeue(identifier) else { return nil }
        if reused { view.prepareForReuse() }
        return view
    }

    /// How many cell objects the table has made (reuse keeps this near the rows on screen).
    public var numberOfCellsCreated: Int { cellPool.created }

    // MARK: Data

    /// Forgets the rows and asks the data source again; cells on screen are reused.
    /// Rows and headers are asked for again in the new language (a data source that returns
    /// `String(localized:)` switches with the app).
    override func localizedContentDidChange() { if dataSource != nil { reloadRows() } }

    /// UIKit's: the selection is cleared, and an offset past the end of shorter content comes
    /// back to its end (a filtered list shows its rows, not blank space).
    public func reloadData() {
        selectedRows.removeAll()
        reloadRows()
    }

    /// A reload the table makes itself (a new row height, the text size, the language): the
    /// selection stays where its rows still are.
    func reloadRows() {
        needsReload = true
        pendingUpdate = nil
        setNeedsLayout()
        if window != nil { layoutRows() }
    }

    public var numberOfSections: Int {
        loadIfNeeded()
        return sections.count
    }

    public func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        return sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    func loadIfNeeded() {
        if needsReload { reloadGeometry() }
    }

    /// Reads the counts (and, without estimates, every height) from the data source.
    func reloadGeometry() {
        needsReload = false
        for (path, cell) in cellsOnScreen { recycle(cell, at: path) }
        cellsOnScreen.removeAll()
        for (_, view) in visibleHeaders { recycleHeaderFooter(view) }
        for (_, view) in visibleFooters { recycleHeaderFooter(view) }
        visibleHeaders.removeAll()
        visibleFooters.removeAll()
        highlightedRow = nil
        closeSwipe(animated: false)
        sections = []
        guard let dataSource else { updateContentSize(); return }
        let count = max(0, dataSource.numberOfSections(in: self))
        sections.reserveCapacity(count)
        for s in 0..<count {
            sections.append(makeSection(s))
        }
        selectedRows = selectedRows.filter { $0.section < count && $0.row < sections[$0.section].rows.count }
        sectionTopsAreValid = false
        updateContentSize()
        // Shorter content than the offset reached: back to its end (not while a finger or a
        // fling moves it: the bounce brings it back then).
        let end = maximumContentOffset.y
        if contentOffset.y > end, !isDragging, !isDecelerating {
            contentOffset = Point(x: contentOffset.x, y: end)
        }
        reloadSectionIndex()
    }

    func makeSection(_ s: Int) -> Section {
        let rows = max(0, dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0)
        let section = Section(headerHeight: headerHeight(s), footerHeight: footerHeight(s),
                              rows: RowHeights(count: rows, defaultHeight: defaultRowHeight))
        if estimatedRowHeight == 0, let tableDelegate {
            // No estimates: every height now, as UIKit does.
            for r in 0..<rows {
                let h = sanitizedHeight(tableDelegate.tableView(self, heightForRowAt: IndexPath(row: r, section: s)))
                if h != section.rows.defaultHeight { section.rows.setHeight(h, of: r) }
            }
        }
        return section
    }

    /// The height a row has before it is asked for: the estimate, or `rowHeight`.
    var defaultRowHeight: Double {
        estimatedRowHeight > 0 ? estimatedRowHeight : standardRowHeight
    }

    func sanitizedHeight(_ h: Double) -> Double {
        if h == Self.automaticDimension { return standardRowHeight }
        guard h.isFinite, h >= 0 else {
            Diagnostics.report(.apiMisuse, "heightForRowAt gave \(h); rowHeight \(standardRowHeight) used")
            return standardRowHeight
        }
        return h
    }

    private func headerHeight(_ s: Int) -> Double {
        let h = tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? standardHeaderHeight(s)
        return h.isFinite && h >= 0 ? h : standardHeaderHeight(s)
    }

    private func footerHeight(_ s: Int) -> Double {
        let h = tableDelegate?.tableView(self, heightForFooterInSection: s) ?? standardFooterHeight(s)
        return h.isFinite && h >= 0 ? h : standardFooterHeight(s)
    }

    /// The header height used when the delegate gives none: `sectionHeaderHeight`, or the
    /// style's standard one (0 in the plain style for a section without a title or view).
    public func standardHeaderHeight(_ section: Int) -> Double {
        if sectionHeaderHeight >= 0 { return sectionHeaderHeight }
        let hasContent = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
            || tableDelegate?.tableView(self, viewForHeaderInSection: section) != nil
        switch style {
        case .plain: return hasContent ? Self.plainHeaderHeight + Self.headerGrowth(.plain) : 0
        case .grouped: return hasContent ? Self.groupedHeaderHeight + Self.headerGrowth(.grouped) : Self.groupedEmptyHeaderHeight
        }
    }

    /// The standard headers' and footers' titles grow with the content size category as
    /// UIKit's do: the plain style's 15 pt as subheadline, the grouped style's 13 pt as footnote.
    static let plainHeaderMetrics = FontMetrics(forTextStyle: .subheadline)
    static let groupedHeaderMetrics = FontMetrics(forTextStyle: .footnote)

    /// How much taller a standard header is for its grown title: its line's growth (0 at the
    /// default size).
    static func headerGrowth(_ style: Style) -> Double {
        let (metrics, size) = style == .plain ? (plainHeaderMetrics, 15.0) : (groupedHeaderMetrics, 13.0)
        return ((metrics.scaledValue(for: size) - size) * 1.25).rounded(.up)
    }

    public func standardFooterHeight(_ section: Int) -> Double {
        if sectionFooterHeight >= 0 { return sectionFooterHeight }
        let title = dataSource?.tableView(self, titleForFooterInSection: section)
        let hasView = tableDelegate?.tableView(self, viewForFooterInSection: section) != nil
        switch style {
        case .plain: return title != nil || hasView ? Self.plainHeaderHeight + Self.headerGrowth(.plain) : 0
        case .grouped: return title != nil || hasView ? Self.groupedHeaderHeight + Self.headerGrowth(.grouped) : Self.groupedEmptyHeaderHeight
        }
    }

    // MARK: Geometry

    var tableHeaderHeight: Double { tableHeaderView?.frame.height ?? 0 }

    func ensureSectionTops() {
        guard !sectionTopsAreValid else { return }
        sectionTopsAreValid = true
        var y = tableHeaderHeight
        for i in sections.indices {
            sections[i].top = y
            y += sections[i].height
        }
    }

    /// Section tops and the content size after heights changed.
    func geometryChanged() {
        sectionTopsAreValid = false
        updateContentSize()
        setNeedsLayout()
    }

    func updateContentSize() {
        ensureSectionTops()
        let sectionsEnd = sections.last.map { $0.top + $0.height } ?? tableHeaderHeight
        let height = sectionsEnd + (tableFooterView?.frame.height ?? 0)
        let size = Size(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    /// A row's rectangle in the table's content, nil for a row that does not exist.
    func rowRect(_ path: IndexPath) -> Rect? {
        guard sections.indices.contains(path.section), path.row >= 0, path.row < sections[path.section].rows.count else { return nil }
        ensureSectionTops()
        let section = sections[path.section]
        let y = section.top + section.headerHeight + section.rows.offset(of: path.row)
        return Rect(x: 0, y: y, width: bounds.width, height: section.rows.height(of: path.row))
    }

    /// UIKit's `rectForRow(at:)`: `.zero` for a row that does not exist.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        loadIfNeeded()
        return rowRect(indexPath) ?? .zero
    }

    /// The whole section: header, rows and footer.
    public func rect(forSection section: Int) -> Rect {
        loadIfNeeded()
        guard sections.indices.contains(section) else { return .zero }
        ensureSectionTops()
        return Rect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].height)
    }

    public func rectForHeader(inSection section: Int) -> Rect {
        let r = rect(forSection: section)
        guard sections.indices.contains(section) else { return .zero }
        return Rect(x: 0, y: r.minY, width: r.width, height: sections[section].headerHeight)
    }

    public func rectForFooter(inSection section: Int) -> Rect {
        let r = rect(forSection: section)
        guard sections.indices.contains(section) else { return .zero }
        return Rect(x: 0, y: r.maxY - sections[section].footerHeight, width: r.width, height: sections[section].footerHeight)
    }

    /// The section containing content offset `y` (the last one starting at or before it).
    func section(atY y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        ensureSectionTops()
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].top <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The row under `point` (table content coordinates), nil over headers, footers or nothing.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        loadIfNeeded()
        guard let s = section(atY: point.y) else { return nil }
        let section = sections[s]
        let y = point.y - section.top - section.headerHeight
        guard y >= 0, y < section.rows.total, point.x >= 0, point.x < bounds.width else { return nil }
        return IndexPath(row: section.rows.row(atOffset: y), section: s)
    }

    /// The row before `path`, skipping empty sections; nil before the first.
    func indexPath(before path: IndexPath) -> IndexPath? {
        if path.row > 0 { return IndexPath(row: path.row - 1, section: path.section) }
        var s = path.section - 1
        while s >= 0 {
            if sections[s].rows.count > 0 { return IndexPath(row: sections[s].rows.count - 1, section: s) }
            s -= 1
        }
        return nil
    }

    /// The row after `path`, skipping empty sections; nil after the last.
    func indexPath(after path: IndexPath) -> IndexPath? {
        if path.row + 1 < sections[path.section].rows.count { return IndexPath(row: path.row + 1, section: path.section) }
        var s = path.section + 1
        while s < sections.count {
            if sections[s].rows.count > 0 { return IndexPath(row: 0, section: s) }
            s += 1
        }
        return nil
    }

    // MARK: Cells on screen

    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { cellsOnScreen[indexPath] }

    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        cellsOnScreen.first { $0.value === cell }?.key
    }

    /// UIKit's `visibleCells`: the cells on screen, top to bottom (as `CollectionView.visibleCells`).
    public var visibleCells: [TableViewCell] { indexPathsForVisibleRows.compactMap { cellsOnScreen[$0] } }

    /// UIKit's `indexPathsForVisibleRows`, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        cellsOnScreen.keys.filter { p in (rowRect(p)?.intersects(bounds)) ?? false }.sorted()
    }

    public func headerView(forSection section: Int) -> View? { visibleHeaders[section] }
    public func footerView(forSection section: Int) -> View? { visibleFooters[section] }

    // MARK: Scrolling to rows

    /// Scrolls so that the row shows at `position` (`.none`: the least movement that shows it).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        loadIfNeeded()
        guard let rect = rowRect(indexPath) else {
            Diagnostics.report(.apiMisuse, "scrollToRow(at: \(indexPath)): no such row (\(sections.count) sections); ignored")
            return
        }
        var offset = contentOffset
        let top = contentInset.top
        let stickyHeader = style == .plain ? sections[indexPath.section].headerHeight : 0
        switch position {
        case .top: offset.y = rect.minY - top - stickyHeader
        case .middle: offset.y = rect.midY - (bounds.height - contentInset.bottom + top) / 2
        case .bottom: offset.y = rect.maxY - bounds.height + contentInset.bottom
        case .none:
            scrollRectToVisible(Rect(x: rect.minX, y: rect.minY - stickyHeader, width: rect.width, height: rect.height + stickyHeader), animated: animated)
            return
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Scroll view hooks

    /// The swipe-actions drag only for a horizontal drag on a row with actions; a scroll
    /// closes an open row.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === swipeActionsGestureRecognizer { return swipeShouldBegin() }
        // A finger on the section index moves through the titles; it does not scroll.
        if gestureRecognizer === panGestureRecognizer, let index = sectionIndexView,
           index.frame.contains(gestureRecognizer.location(in: self)) { return false }
        let begins = super.gestureRecognizerShouldBegin(gestureRecognizer)
        if begins, gestureRecognizer === panGestureRecognizer, swipe != nil { closeSwipe(animated: true) }
        return begins
    }

    override func receivesTouchesWithoutDelay(_ view: View) -> Bool { view === sectionIndexView }

    override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        if !layoutRowsAtEdges() { layoutRows() }
        placeSectionIndex()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateContentSize()
        layoutRows()
        placeSectionIndex()
    }
}
