/// UIKit's section index: the data source's `sectionIndexTitles(for:)` ("A" to "Z") in a
/// narrow column at the table's trailing edge (the left in a right-to-left language), fixed
/// while the rows scroll; a finger on it, or sliding along it, scrolls to the section of the
/// title under it (`tableView(_:sectionForSectionIndexTitle:at:)`).
extension TableView {
    /// UIKit's index column: 15 pt wide, its titles 11 pt semibold in the tint colour, no
    /// background.
    static let sectionIndexWidth = 15.0

    /// Reads the index titles again (with the data): an index for two titles or more.
    func reloadSectionIndex() {
        let titles = dataSource?.sectionIndexTitles(for: self) ?? []
        guard !titles.isEmpty else {
            sectionIndexView?.removeFromSuperview()
            sectionIndexView = nil
            return
        }
        let index = sectionIndexView ?? TableSectionIndexView(table: self)
        index.titles = titles
        if index.superview !== self { addSubview(index) }
        sectionIndexView = index
        placeSectionIndex()
    }

    /// Keeps the index at the trailing edge of what shows, above the rows.
    func placeSectionIndex() {
        guard let index = sectionIndexView else { return }
        let b = bounds
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? b.minX : b.maxX - Self.sectionIndexWidth
        let top = b.minY + contentInset.top, height = max(0, b.height - contentInset.top - contentInset.bottom)
        let frame = Rect(x: x, y: top, width: Self.sectionIndexWidth, height: height)
        if index.frame != frame { index.frame = frame }
        if subviews.last !== index { bringSubviewToFront(index) }
    }

    /// The title at `index` was touched: scroll its section's top to the top.
    func sectionIndexTitleTouched(at index: Int) {
        guard let dataSource, let view = sectionIndexView, view.titles.indices.contains(index) else { return }
        let section = dataSource.tableView(self, sectionForSectionIndexTitle: view.titles[index], at: index)
        guard sections.indices.contains(section) else {
            Diagnostics.report(.apiMisuse, "sectionForSectionIndexTitle returned \(section) (\(sections.count) sections); ignored")
            return
        }
        var offset = contentOffset
        offset.y = rect(forSection: section).minY - contentInset.top
        setContentOffset(clamped(offset), animated: false)
    }
}

/// The index column's view: the titles spread down its height, centred as a group.
@MainActor
final class TableSectionIndexView: View {
    unowned let table: TableView
    var titles: [String] = [] { didSet { if titles != oldValue { setNeedsDisplay() } } }
    /// The row each title takes: 14 pt (UIKit's spacing at 11 pt), less when they do not fit.
    private var rowHeight: Double { titles.isEmpty ? 0 : min(14, bounds.height / Double(titles.count)) }

    init(table: TableView) {
        self.table = table
        super.init(frame: .zero)
        name = "sectionIndex"
    }

    /// The title at `y` (this view's coordinates), clamped to the first and last.
    func titleIndex(at y: Double) -> Int? {
        guard !titles.isEmpty, rowHeight > 0 else { return nil }
        let top = (bounds.height - rowHeight * Double(titles.count)) / 2
        return min(titles.count - 1, max(0, Int(((y - top) / rowHeight).rounded(.down))))
    }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let row = rowHeight
        let top = (bounds.height - row * Double(titles.count)) / 2
        let style = TextStyle(size: min(11, row * 0.8), weight: .semibold, color: tintColor, alignment: .center)
        for (i, title) in titles.enumerated() {
            context.drawText(title, in: Rect(x: 0, y: top + Double(i) * row, width: bounds.width, height: row), style: style)
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { track(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { track(touches) }

    private var lastIndex: Int?
    private func track(_ touches: Set<Touch>) {
        guard let touch = touches.first, let index = titleIndex(at: touch.location(in: self).y), index != lastIndex else { return }
        lastIndex = index
        table.sectionIndexTitleTouched(at: index)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { lastIndex = nil }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { lastIndex = nil }
}
