/// UIKit's `UICollectionView` with its flow layout: items in wrapping lines, in sections,
/// with headers and footers. Like `TableView`, only the items on screen have cells, reused
/// through `dequeueReusableCell(withReuseIdentifier:for:)`; selection, highlight and batch
/// updates follow UIKit's rules. Kiosk tile menus: `CollectionViewFlowLayout.grid(...)`.
@MainActor
open class CollectionView: ScrollView {
    /// UIKit's supplementary view kinds.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    /// Where `scrollToItem` puts the item (UIKit's vertical `ScrollPosition`s).
    public enum ScrollPosition: Sendable { case top, centeredVertically, bottom }
    /// Item insertions, deletions and moves animate for 0.3 s, as table rows do.
    public static let updateAnimationDuration = TableView.rowAnimationDuration

    public let collectionViewLayout: CollectionViewFlowLayout
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }
    open override var delegate: (any ScrollViewDelegate)? {
        didSet {
            collectionDelegate = delegate as? (any CollectionViewDelegate)
            flowDelegate = delegate as? (any CollectionViewDelegateFlowLayout)
            layoutInvalidated()
        }
    }
    weak var collectionDelegate: (any CollectionViewDelegate)?
    weak var flowDelegate: (any CollectionViewDelegateFlowLayout)?

    public var allowsSelection = true
    public var allowsMultipleSelection = false

    var sections: [CollectionViewFlowLayout.Section] = []
    var needsReload = true
    var needsGeometry = true
    var layoutWidth = -1.0
    var visibleItems: [IndexPath: CollectionViewCell] = [:]
    var visibleSupplementary: [String: CollectionReusableView] = [:]
    var cellPool = ReusePool<CollectionViewCell>()
    var supplementaryPool = ReusePool<CollectionReusableView>()
    var selectedItems: Set<IndexPath> = []
    var highlightedItem: IndexPath?
    var isLayingOutItems = false
    var pendingUpdate: ListUpdate?
    var batchDepth = 0

    public init(frame: Rect = .zero, collectionViewLayout layout: CollectionViewFlowLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        // UICollectionView's rule, like UITableView's: a drag on a control in an item scrolls.
        scrollingCancelsControlTouches = true
        // UIScrollView's default: content is cut to the bounds (and pixels can move).
        clipsToBounds = true
    }

    // MARK: Registration and reuse

    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        cellPool.register(identifier) {
            let cell = cellClass.init(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            cell.reuseIdentifier = identifier
            return cell
        }
    }

    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        supplementaryPool.register(kind + "/" + identifier) {
            let view = viewClass.init(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            view.reuseIdentifier = identifier
            return view
        }
    }

    /// A cell waiting for reuse (after `prepareForReuse()`) or a new one. An identifier never
    /// registered is reported and a plain cell returned (UIKit raises).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell: CollectionViewCell
        if let (reusable, reused) = cellPool.dequeue(identifier) {
            cell = reusable
            if reused { cell.resetForReuse() }
        } else {
            Diagnostics.report(.apiMisuse, "dequeueReusableCell(withReuseIdentifier: \"\(identifier)\"): nothing registered for it; a plain cell is used")
            cellPool.countCreated()
            cell = CollectionViewCell(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            cell.reuseIdentifier = identifier
        }
        let frame = itemFrame(indexPath) ?? cell.frame
        View.performWithoutAnimation { cell.frame = frame }
        return cell
    }

    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionReusableView {
        if let (view, reused) = supplementaryPool.dequeue(kind + "/" + identifier) {
            if reused { view.prepareForReuse() }
            return view
        }
        Diagnostics.report(.apiMisuse, "dequeueReusableSupplementaryView(ofKind: \(kind), withReuseIdentifier: \"\(identifier)\"): nothing registered; a plain view is used")
        let view = CollectionReusableView(frame: .zero)
        view.reuseIdentifier = identifier
        return view
    }

    public var numberOfCellsCreated: Int { cellPool.created }

    // MARK: Data and geometry

    /// Cells are asked for again in the new language.
    override func localizedContentDidChange() { if dataSource != nil { reloadData() } }

    public func reloadData() {
        collectionViewLayout.measuredSizes = [:]
        needsReload = true
        pendingUpdate = nil
        setNeedsLayout()
        if window != nil { layoutItems() }
    }

    func layoutInvalidated() {
        needsGeometry = true
        setNeedsLayout()
        if window != nil, !needsReload { layoutItems() }
    }

    public var numberOfSections: Int {
        loadIfNeeded()
        return sections.count
    }

    public func numberOfItems(inSection section: Int) -> Int {
        loadIfNeeded()
        return sections.indices.contains(section) ? sections[section].count : 0
    }

    func loadIfNeeded() {
        var counts: [Int]?
        if needsReload {
            needsReload = false
            counts = itemCounts()
            for (path, cell) in visibleItems { recycle(cell, at: path) }
            visibleItems.removeAll()
            for (_, view) in visibleSupplementary { recycleSupplementary(view) }
            visibleSupplementary.removeAll()
            highlightedItem = nil
        }
        if counts != nil || needsGeometry || layoutWidth != bounds.width { computeGeometry(counts: counts ?? sections.map(\.count)) }
    }

    func itemCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<max(0, dataSource.numberOfSections(in: self))).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    }

    /// The layout's geometry for `counts` items per section at the current width.
    func computeGeometry(counts: [Int]) {
        needsGeometry = false
        layoutWidth = bounds.width
        sections = collectionViewLayout.prepare(width: bounds.width, counts: counts, top: 0)
        selectedItems = selectedItems.filter { $0.section < sections.count && $0.item < sections[$0.section].count }
        let height = sections.last.map { $0.top + $0.height } ?? 0
        let size = Size(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    func itemFrame(_ path: IndexPath) -> Rect? {
        guard sections.indices.contains(path.section), path.item >= 0, path.item < sections[path.section].count else { return nil }
        return sections[path.section].frame(of: path.item)
    }

    /// UIKit's `layoutAttributesForItem(at:)?.frame`: nil for an item that does not exist.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        loadIfNeeded()
        return itemFrame(indexPath)
    }

    public func indexPathForItem(at point: Point) -> IndexPath? {
        loadIfNeeded()
        for (s, section) in sections.enumerated() where section.top <= point.y && point.y < section.top + section.height {
            for i in section.items(from: point.y, to: point.y + 1) where section.frame(of: i).contains(point) {
                return IndexPath(item: i, section: s)
            }
        }
        return nil
    }

    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { visibleItems[indexPath] }

    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        visibleItems.first { $0.value === cell }?.key
    }

    public var indexPathsForVisibleItems: [IndexPath] {
        visibleItems.keys.filter { itemFrame($0)?.intersects(bounds) ?? false }.sorted()
    }

    public var visibleCells: [CollectionViewCell] { indexPathsForVisibleItems.compactMap { visibleItems[$0] } }

    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        visibleSupplementary["\(kind)/\(indexPath.section)"]
    }

    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        loadIfNeeded()
        guard let frame = itemFrame(indexPath) else {
            Diagnostics.report(.apiMisuse, "scrollToItem(at: \(indexPath)): no such item; ignored")
            return
        }
        var offset = contentOffset
        switch position {
        case .top: offset.y = frame.minY - contentInset.top
        case .centeredVertically: offset.y = frame.midY - bounds.height / 2
        case .bottom: offset.y = frame.maxY - bounds.height + contentInset.bottom
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Cells on screen

    override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        layoutItems()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems()
    }

    /// Gives every item intersecting the visible area its cell; recycles the rest.
    func layoutItems(appearing: ((IndexPath) -> (from: Rect?, inserted: Bool))? = nil) {
        guard !isLayingOutItems else { return }
        isLayingOutItems = true
        defer { isLayingOutItems = false }
        loadIfNeeded()
        var wanted: [IndexPath] = []
        var wantedSupplementary: [(String, Int, Rect)] = []
        for (s, section) in sections.enumerated() where section.top < bounds.maxY && section.top + section.height > bounds.minY {
            for i in section.items(from: bounds.minY, to: bounds.maxY) where section.frame(of: i).intersects(bounds) {
                wanted.append(IndexPath(item: i, section: s))
            }
            if section.header > 0 {
                wantedSupplementary.append((Self.elementKindSectionHeader, s, Rect(x: 0, y: section.top, width: bounds.width, height: section.header)))
            }
            if section.footer > 0 {
                wantedSupplementary.append((Self.elementKindSectionFooter, s, Rect(x: 0, y: section.top + section.height - section.footer,
                                                                                 width: bounds.width, height: section.footer)))
            }
        }
        let wantedSet = Set(wanted)
        let gone = visibleItems.keys.filter { !wantedSet.contains($0) }.sorted()
        for path in gone { if let cell = visibleItems.removeValue(forKey: path) { recycle(cell, at: path) } }
        var resized = false
        for path in wanted {
            guard var frame = itemFrame(path) else { continue }
            if let cell = visibleItems[path] {
                cell.frame = frame
                continue
            }
            guard let dataSource else { break }
            let cell = dataSource.collectionView(self, cellForItemAt: path)
            visibleItems[path] = cell
            cell.collectionView = self
            if collectionViewLayout.isSelfSizing, collectionViewLayout.measuredSizes[path] == nil, let size = selfSizedSize(of: cell, estimate: frame.size) {
                collectionViewLayout.measuredSizes[path] = size
                if size != frame.size {
                    resized = true
                    frame.size = size
                }
            }
            let selected = selectedItems.contains(path)
            if cell.isSelected != selected { cell.isSelected = selected }
            let start = appearing?(path)
            View.performWithoutAnimation {
                cell.frame = start?.from ?? frame
                if start?.inserted == true { cell.alpha = 0 }
            }
            if cell.superview !== self { insertSubview(cell, at: 0) }
            cell.frame = frame
            cell.alpha = 1
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        layoutSupplementary(wantedSupplementary)
        // Cells that measured another size than their estimate: the items are placed again
        // (once: every shown item now has its size).
        if resized {
            needsGeometry = true
            isLayingOutItems = false
            layoutItems(appearing: appearing)
        }
    }

    /// A self-sizing cell's size: its content view as large as its constraints make it
    /// (UIKit's `preferredLayoutAttributesFitting`, both dimensions at fitting priority, from
    /// the estimate); nil for a content view without constraints (the estimate stays).
    private func selfSizedSize(of cell: CollectionViewCell, estimate: Size) -> Size? {
        cell.frame = Rect(origin: cell.frame.origin, size: estimate)
        cell.layoutIfNeeded()
        return cell.contentView.selfSizingFit(estimate, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel)
    }

    private func layoutSupplementary(_ wanted: [(kind: String, section: Int, frame: Rect)]) {
        let keys = Set(wanted.map { "\($0.kind)/\($0.section)" })
        for key in visibleSupplementary.keys where !keys.contains(key) {
            if let view = visibleSupplementary.removeValue(forKey: key) { recycleSupplementary(view) }
        }
        for (kind, s, frame) in wanted {
            let key = "\(kind)/\(s)"
            if let view = visibleSupplementary[key] {
                view.frame = frame
                continue
            }
            guard let view = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: IndexPath(item: 0, section: s)) else { continue }
            visibleSupplementary[key] = view
            View.performWithoutAnimation { view.frame = frame }
            view.supplementaryKind = kind
            if view.superview !== self { addSubview(view) }
        }
    }

    func recycle(_ cell: CollectionViewCell, at path: IndexPath) {
        if highlightedItem == path { highlightedItem = nil }
        cell.removeFromSuperview()
        cell.collectionView = nil
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        if let identifier = cell.reuseIdentifier { cellPool.enqueue(cell, identifier: identifier) }
    }

    private func recycleSupplementary(_ view: CollectionReusableView) {
        view.removeFromSuperview()
        if let kind = view.supplementaryKind, let identifier = view.reuseIdentifier {
            supplementaryPool.enqueue(view, identifier: kind + "/" + identifier)
        }
    }
}
