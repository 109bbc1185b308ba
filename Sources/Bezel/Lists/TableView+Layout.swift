/// Which cells, headers and footers exist and where: the rows intersecting the visible
/// area have cells, nothing else does. Runs whenever the offset changes (every frame of a
/// scroll) and at layout.
extension TableView {
    /// What a batch update asks of the rows laid out during it: where a surviving row was
    /// (to move from there), and how inserted rows come in.
    struct AppearanceContext {
        var oldRect: (IndexPath) -> Rect?
        var insertion: [IndexPath: RowAnimation]
    }

    /// Brings the cells on screen up to date with the offset and the geometry.
    func layoutRows(appearing: AppearanceContext? = nil) {
        guard !isLayingOutRows else { return }
        isLayingOutRows = true
        defer { isLayingOutRows = false }
        steadyRows = nil
        loadIfNeeded()
        ensureSectionTops()
        layoutTableHeaderAndFooter()
        // Cells that left the range go back to the pool first, so the rows coming in reuse
        // them (a jump of a whole screen makes no new cells).
        recycleCells(outside: visibleRange())
        var first: IndexPath?
        var last: IndexPath?
        let area = rowLayoutArea
        if area.height > 0, let s = section(atY: max(0, area.minY)) {
            var path: IndexPath? = firstRow(from: s, atOrAfterY: area.minY)
            while let p = path, let rect = rowRect(p), rect.minY < area.maxY {
                if rect.maxY > area.minY || rect.height == 0 {
                    if first == nil { first = p }
                    last = p
                    show(p, appearing: appearing)
                }
                path = indexPath(after: p)
            }
        }
        // Measured heights may have changed the range.
        recycleCells(outside: first.flatMap { f in last.map { f...$0 } })
        layoutHeadersAndFooters()
        if appearing == nil, swipe == nil, let first, let last { steadyRows = SteadyRows(first: first, last: last, width: bounds.width, onPlane: isOnPlane) }
    }

    /// Lays out the rows after a scroll from the last layout's: the cells of the rows that
    /// left the area are recycled and the rows that came are shown, top to bottom, as a whole
    /// layout would; the rows that stay keep their cells and frames (a row's frame is in
    /// content coordinates: a scroll does not move it). Only when nothing changed since a
    /// whole layout (no layout pending, heights and section tops valid, no row swiped open,
    /// the same width) and the rows move by a few: false (nothing done) otherwise, for a
    /// whole layout. In a fling a row comes in one frame in three or four, and laying out
    /// the rows that stay cost ~9 K instructions a frame (callgrind, M9_plane's frame: 87 K).
    func layoutRowsAtEdges() -> Bool {
        guard !isLayingOutRows, let steady = steadyRows, !needsLayout, sectionTopsAreValid, !needsReload, swipe == nil,
              steady.width == bounds.width, steady.onPlane == isOnPlane else { return false }
        let area = rowLayoutArea
        guard area.height > 0, let first = firstRow(near: steady.first, y: area.minY), let last = lastRow(near: steady.last, y: area.maxY),
              first <= last, first <= steady.last, last >= steady.first else { return false }
        if first != steady.first || last != steady.last {
            isLayingOutRows = true
            defer { isLayingOutRows = false }
            // The rows gone, top to bottom, then the rows come.
            recycleCells(outside: first...last)
            var path: IndexPath? = first
            while let p = path, p <= last {
                if cellsOnScreen[p] == nil { show(p, appearing: nil) }
                path = indexPath(after: p)
            }
            // A row measured as it came changed the heights: a whole layout puts it right.
            guard sectionTopsAreValid else {
                steadyRows = nil
                return false
            }
            steadyRows = SteadyRows(first: first, last: last, width: bounds.width, onPlane: isOnPlane)
        }
        layoutHeadersAndFooters()
        numberOfEdgeLayouts += 1
        return true
    }

    /// The first row whose bottom is below `y` (as a whole layout's `firstRow`), found from
    /// `start` by a few steps either way; nil past them or at a row of no height.
    private func firstRow(near start: IndexPath, y: Double) -> IndexPath? {
        var path = start
        for _ in 0..<Self.edgeSteps {
            guard let rect = rowRect(path), rect.height > 0 else { return nil }
            if rect.maxY <= y {
                guard let next = indexPath(after: path) else { return nil }
                path = next
            } else if let previous = indexPath(before: path), let above = rowRect(previous), above.maxY > y {
                guard above.height > 0 else { return nil }
                path = previous
            } else {
                return path
            }
        }
        return nil
    }

    /// The last row whose top is above `y`, found from `start` the same way.
    private func lastRow(near start: IndexPath, y: Double) -> IndexPath? {
        var path = start
        for _ in 0..<Self.edgeSteps {
            guard let rect = rowRect(path), rect.height > 0 else { return nil }
            if rect.minY >= y {
                guard let previous = indexPath(before: path) else { return nil }
                path = previous
            } else if let next = indexPath(after: path), let below = rowRect(next), below.minY < y {
                guard below.height > 0 else { return nil }
                path = next
            } else {
                return path
            }
        }
        return nil
    }

    /// Rows a scroll may bring or take at each edge before a whole layout is the cheaper.
    static let edgeSteps = 8

    /// The rows intersecting the visible area with the current heights.
    private func visibleRange() -> ClosedRange<IndexPath>? {
        let area = rowLayoutArea
        guard area.height > 0, let s = section(atY: max(0, area.minY)), var path = firstRow(from: s, atOrAfterY: area.minY) else { return nil }
        let first = path
        while let next = indexPath(after: path), let rect = rowRect(next), rect.minY < area.maxY { path = next }
        return first...path
    }

    /// Where rows get cells: the bounds, and on a display plane also `planeLookahead` above
    /// and below them (rows its buffer draws before they scroll in: ScrollPlaneContent).
    /// `visibleCells` stays the cells in the bounds, as UIKit's.
    private var rowLayoutArea: Rect {
        isOnPlane ? bounds.insetBy(dx: 0, dy: -Self.planeLookahead) : bounds
    }

    /// Recycles the cells of rows outside `range` (all of them for nil), top to bottom.
    private func recycleCells(outside range: ClosedRange<IndexPath>?) {
        var gone: [IndexPath] = []
        for path in cellsOnScreen.keys where !(range?.contains(path) ?? false) { gone.append(path) }
        guard !gone.isEmpty else { return }
        gone.sort()
        for path in gone {
            if let cell = cellsOnScreen.removeValue(forKey: path) { recycle(cell, at: path) }
        }
    }

    /// The first row whose bottom is below `y`, from section `s` on.
    private func firstRow(from s: Int, atOrAfterY y: Double) -> IndexPath? {
        var s = s
        while s < sections.count {
            let section = sections[s]
            let rowsTop = section.top + section.headerHeight
            if section.rows.count > 0, rowsTop + section.rows.total > y {
                return IndexPath(row: y <= rowsTop ? 0 : section.rows.row(atOffset: y - rowsTop), section: s)
            }
            s += 1
        }
        return nil
    }

    /// Gives row `path` its cell (asking the data source if it has none) at its place.
    private func show(_ path: IndexPath, appearing: AppearanceContext?) {
        if let cell = cellsOnScreen[path] {
            if let rect = rowRect(path) { cell.frame = swipeAdjusted(rect, path) }
            return
        }
        guard let dataSource else { return }
        let cell = dataSource.tableView(self, cellForRowAt: path)
        // A loop, not `first(where:)`: a closure handed to the standard library checks the main
        // actor at each call (Platform/ObjectArray.swift; M9_plane: 7 of its 37 checks a frame).
        var other: IndexPath?
        for (shownPath, shown) in cellsOnScreen where shown === cell {
            other = shownPath
            break
        }
        if let other {
            // One cell for two rows: UIKit asserts; here the row is left empty, and said so.
            Diagnostics.report(.apiMisuse, "cellForRowAt \(path) returned the cell of row \(other): use dequeueReusableCell(withIdentifier:for:) for every row; the row is left empty")
            return
        }
        measure(path, cell: cell)
        guard let rect = rowRect(path) else { return }
        cellsOnScreen[path] = cell
        cell.tableView = self
        configure(cell, at: path)
        if let appearing, let animation = appearing.insertion[path] {
            View.performWithoutAnimation {
                let (from, alpha) = startOfInsertion(rect, animation)
                cell.frame = from
                cell.alpha = alpha
            }
            cell.alpha = 1
        } else if let appearing, let old = appearing.oldRect(path) {
            View.performWithoutAnimation { cell.frame = old }
        } else {
            View.performWithoutAnimation { cell.frame = rect }
        }
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.frame = rect
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
    }

    /// With estimated heights: asks the delegate for the row's height as it appears (or
    /// sizes `cell` by its constraints for `automaticDimension`), and keeps what is on screen
    /// still when a row above the visible top changes height.
    private func measure(_ path: IndexPath, cell: TableViewCell) {
        let rows = sections[path.section].rows
        // Without estimates every height was asked at the reload.
        guard estimatedRowHeight != 0 else { return }
        let asked = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        let height = asked == Self.automaticDimension ? selfSizedHeight(of: cell) : sanitizedHeight(asked)
        let old = rows.height(of: path.row)
        // The same height with no per-row storage yet: nothing to record (no allocation).
        if height == old && !rows.hasOwnHeights { return }
        let top = rowRect(path)?.minY ?? 0
        rows.setHeight(height, of: path.row)
        guard height != old else { return }
        sectionTopsAreValid = false
        updateContentSize()
        if top < bounds.minY {
            // The row is partly above the top edge: the content under the finger stays put.
            shiftContentOffset(by: Point(x: 0, y: height - old))
        }
    }

    /// A self-sizing row's height: the cell at the table's width, its content view as tall as
    /// its constraints make it (UIKit's `systemLayoutSizeFitting` with the width required and
    /// the height at fitting priority). A content view without constraints gives what the
    /// standard labels need (44 at the default text size, as UIKit's does).
    func selfSizedHeight(of cell: TableViewCell) -> Double {
        cell.frame = Rect(x: 0, y: cell.frame.minY, width: bounds.width, height: cell.frame.height)
        cell.layoutIfNeeded()
        let content = cell.contentView
        // Whole pixels up (the separator draws inside the row).
        return content.selfSizingFit(Size(width: content.bounds.width, height: 0), horizontal: .required, vertical: .fittingSizeLevel)?.height
            ?? cell.standardFittingHeight
    }

    func configure(_ cell: TableViewCell, at path: IndexPath) {
        cell.separatorColor = separatorColor
        cell.sectionIndexInset = sectionIndexView == nil ? 0 : Self.sectionIndexWidth
        let lastInSection = path.row == sections[path.section].rows.count - 1
        cell.showsSeparator = separatorStyle == .singleLine && !(style == .grouped && lastInSection)
        if style == .grouped, cell.backgroundColor == .systemBackground { cell.backgroundColor = .secondarySystemGroupedBackground }
        let selected = selectedRows.contains(path)
        if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
    }

    func updateSeparators() {
        for (path, cell) in cellsOnScreen where sections.indices.contains(path.section) { configure(cell, at: path) }
    }

    /// Where an inserted row starts, and its alpha, for `animation`.
    private func startOfInsertion(_ rect: Rect, _ animation: RowAnimation) -> (Rect, Double) {
        switch animation {
        case .none: return (rect, 1)
        case .left: return (rect.offsetBy(dx: -rect.width, dy: 0), 1)
        case .right: return (rect.offsetBy(dx: rect.width, dy: 0), 1)
        case .top: return (rect.offsetBy(dx: 0, dy: -rect.height), 0)
        case .bottom: return (rect.offsetBy(dx: 0, dy: rect.height), 0)
        case .fade, .middle, .automatic: return (rect, 0)
        }
    }

    /// A cell leaves the screen: the delegate hears of it and it waits for reuse.
    func recycle(_ cell: TableViewCell, at path: IndexPath) {
        if highlightedRow == path { highlightedRow = nil }
        cell.removeFromSuperview()
        cell.tableView = nil
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if let identifier = cell.reuseIdentifier { cellPool.enqueue(cell, identifier: identifier) }
    }

    func recycleHeaderFooter(_ view: View) {
        view.removeFromSuperview()
        if let standard = view as? TableViewHeaderFooterView, let identifier = standard.reuseIdentifier {
            headerFooterPool.enqueue(standard, identifier: identifier)
        }
    }

    private func layoutTableHeaderAndFooter() {
        if let header = tableHeaderView {
            header.frame = Rect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
        }
        if let footer = tableFooterView {
            let top = sections.last.map { $0.top + $0.height } ?? tableHeaderHeight
            footer.frame = Rect(x: 0, y: top, width: bounds.width, height: footer.frame.height)
        }
    }

    /// Headers and footers of the sections on screen; in the plain style a header stays at
    /// the top edge while its section scrolls under it, pushed up by the next one.
    func layoutHeadersAndFooters() {
        var onScreen: [Int] = []
        if let firstSection = section(atY: max(0, bounds.minY)) {
            var s = firstSection
            while s < sections.count, sections[s].top < bounds.maxY {
                onScreen.append(s)
                s += 1
            }
        }
        for s in visibleHeaders.keys where !onScreen.contains(s) { if let v = visibleHeaders.removeValue(forKey: s) { recycleHeaderFooter(v) } }
        for s in visibleFooters.keys where !onScreen.contains(s) { if let v = visibleFooters.removeValue(forKey: s) { recycleHeaderFooter(v) } }
        let pinnedTop = bounds.minY + contentInset.top
        for s in onScreen {
            let section = sections[s]
            if section.headerHeight > 0 {
                var y = section.top
                if style == .plain {
                    y = min(max(y, pinnedTop), section.top + section.height - section.headerHeight)
                }
                let frame = Rect(x: 0, y: y, width: bounds.width, height: section.headerHeight)
                if let view = visibleHeaders[s] ?? makeHeaderFooter(s, header: true) {
                    visibleHeaders[s] = view
                    view.frame = frame
                    if view.superview !== self { addSubview(view) }
                }
            }
            if section.footerHeight > 0 {
                let frame = Rect(x: 0, y: section.top + section.height - section.footerHeight, width: bounds.width, height: section.footerHeight)
                if let view = visibleFooters[s] ?? makeHeaderFooter(s, header: false) {
                    visibleFooters[s] = view
                    view.frame = frame
                    if view.superview !== self { addSubview(view) }
                }
            }
        }
    }

    /// The delegate's view, or the standard one with the data source's title (nil: nothing to show).
    private func makeHeaderFooter(_ s: Int, header: Bool) -> View? {
        if let custom = header ? tableDelegate?.tableView(self, viewForHeaderInSection: s) : tableDelegate?.tableView(self, viewForFooterInSection: s) {
            if custom.superview !== self { addSubview(custom) }
            return custom
        }
        guard let title = header ? dataSource?.tableView(self, titleForHeaderInSection: s) : dataSource?.tableView(self, titleForFooterInSection: s),
              let view = dequeueReusableHeaderFooterView(withIdentifier: Self.standardHeaderIdentifier) else { return nil }
        switch (style, header) {
        case (.plain, _):
            view.textLabel.style = Self.plainHeaderMetrics.scaledStyle(for: TextStyle(size: 15, weight: .semibold))
            view.textLabel.text = title
            view.backgroundColor = .secondarySystemBackground
        case (.grouped, true):
            view.textLabel.style = Self.groupedHeaderMetrics.scaledStyle(for: TextStyle(size: 13, color: .secondaryLabel))
            view.textLabel.text = title.uppercased()
            view.backgroundColor = nil
        case (.grouped, false):
            view.textLabel.style = Self.groupedHeaderMetrics.scaledStyle(for: TextStyle(size: 13, color: .secondaryLabel, numberOfLines: 0))
            view.textLabel.text = title
            view.backgroundColor = nil
        }
        addSubview(view)
        return view
    }
}

/// The first and last rows laid out, for `layoutRowsAtEdges`.
struct SteadyRows {
    var first: IndexPath
    var last: IndexPath
    var width: Double
    var onPlane: Bool
}
