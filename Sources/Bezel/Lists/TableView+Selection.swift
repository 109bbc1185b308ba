/// Touches on rows: a row is highlighted while the finger is on it (once the scroll view has
/// let the touch through) and selected when it lifts there; a drag scrolls instead and
/// cancels the highlight. The delegate hears it in UIKit's order: shouldHighlight,
/// didHighlight, didUnhighlight, willSelect, then willDeselect and didDeselect of the row
/// selected before, then didSelect.
extension TableView {
    func cellTouchBegan(_ cell: TableViewCell) {
        if swipe != nil {
            // A touch while a row shows its swipe actions closes them, and does nothing else.
            closeSwipe(animated: true)
            return
        }
        guard allowsSelection, highlightedRow == nil, let path = path(of: cell) else { return }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        highlightedRow = path
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }

    func cellTouchMoved(_ cell: TableViewCell, inside: Bool) {}

    func cellTouchEnded(_ cell: TableViewCell, inside: Bool) {
        guard let path = highlightedRow, cellsOnScreen[path] === cell else { return }
        unhighlight(cell, at: path)
        if inside { selectByUser(path) }
    }

    func cellTouchCancelled(_ cell: TableViewCell) {
        guard let path = highlightedRow, cellsOnScreen[path] === cell else { return }
        unhighlight(cell, at: path)
    }

    private func unhighlight(_ cell: TableViewCell, at path: IndexPath) {
        highlightedRow = nil
        cell.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
    }

    private func path(of cell: TableViewCell) -> IndexPath? {
        indexPath(for: cell)
    }

    /// A tap's selection, with the delegate's say.
    private func selectByUser(_ path: IndexPath) {
        let target = tableDelegate.map { $0.tableView(self, willSelectRowAt: path) } ?? path
        guard let target, rowRect(target) != nil else { return }
        if allowsMultipleSelection, selectedRows.contains(target) {
            deselectByUser(target)
            return
        }
        if !allowsMultipleSelection {
            for old in selectedRows.sorted() where old != target { deselectByUser(old) }
        }
        selectedRows.insert(target)
        cellsOnScreen[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    private func deselectByUser(_ path: IndexPath) {
        let target = tableDelegate.map { $0.tableView(self, willDeselectRowAt: path) } ?? path
        guard let target else { return }
        selectedRows.remove(target)
        cellsOnScreen[target]?.setSelected(false, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }

    /// The selected row (the first, with several), nil for none.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows in order, nil for none (UIKit's optional array).
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects a row by code (no delegate calls, as in UIKit) and scrolls it to `position`;
    /// nil deselects everything. A row that does not exist is reported and ignored.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()
        guard let indexPath else {
            for path in selectedRows { cellsOnScreen[path]?.setSelected(false, animated: animated) }
            selectedRows.removeAll()
            return
        }
        guard rowRect(indexPath) != nil else {
            Diagnostics.report(.apiMisuse, "selectRow(at: \(indexPath)): no such row; ignored")
            return
        }
        if !allowsMultipleSelection {
            for path in selectedRows where path != indexPath { cellsOnScreen[path]?.setSelected(false, animated: animated) }
            selectedRows.removeAll()
        }
        selectedRows.insert(indexPath)
        cellsOnScreen[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row by code (no delegate calls); animated, the highlight fades
    /// (`TableViewCell.deselectionDuration`), as after a tap in UIKit apps.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        cellsOnScreen[indexPath]?.setSelected(false, animated: animated)
    }
}
