/// Rows and sections inserted, deleted, reloaded and moved, animated together (UIKit's
/// `performBatchUpdates`). Deletions and reloads name rows as they were before the update,
/// insertions and move destinations as they are after it; the data source must already
/// answer the new counts. Counts that do not add up are UIKit's "invalid update" (it
/// raises): here it is reported and the table reloads instead.
extension TableView {
    /// Makes the changes `updates` records (insertRows, deleteRows...) as one animated update;
    /// `completion` runs when the animations end (true unless interrupted).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { pendingUpdate?.completions.append(completion) }
        endUpdates()
    }

    /// UIKit's older pair: changes between them are one update.
    public func beginUpdates() {
        loadIfNeeded()
        if batchDepth == 0, pendingUpdate == nil { pendingUpdate = ListUpdate() }
        batchDepth += 1
    }

    public func endUpdates() {
        guard batchDepth > 0 else {
            Diagnostics.report(.apiMisuse, "endUpdates() without beginUpdates(); ignored")
            return
        }
        batchDepth -= 1
        guard batchDepth == 0, let update = pendingUpdate else { return }
        pendingUpdate = nil
        apply(update)
    }

    private func record(_ change: (inout ListUpdate) -> Void) {
        beginUpdates()
        if pendingUpdate == nil { pendingUpdate = ListUpdate() }
        change(&pendingUpdate!)
        endUpdates()
    }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { u in for p in indexPaths { u.insertedRows[p] = animation } }
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { u in for p in indexPaths { u.deletedRows[p] = animation } }
    }

    /// The rows get new cells from the data source (the old ones fade out).
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { u in for p in indexPaths { u.reloadedRows[p] = animation } }
    }

    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { u in u.moves.append((indexPath, newIndexPath)) }
    }

    public func insertSections(_ sections: [Int], with animation: RowAnimation) {
        record { u in u.insertedSections.formUnion(sections); u.sectionAnimation = animation }
    }

    public func deleteSections(_ sections: [Int], with animation: RowAnimation) {
        record { u in u.deletedSections.formUnion(sections); u.sectionAnimation = animation }
    }

    public func reloadSections(_ sections: [Int], with animation: RowAnimation) {
        record { u in u.reloadedSections.formUnion(sections); u.sectionAnimation = animation }
    }

    /// Applies a finished batch: new geometry from the data source, cells re-keyed, deleted
    /// ones animated out, inserted ones in, the rest moved from where they were.
    private func apply(_ update: ListUpdate) {
        guard let dataSource, !needsReload else {
            reloadRows()
            for completion in update.completions { completion(true) }
            return
        }
        closeSwipe(animated: false)
        let oldSections = sections
        ensureSectionTops()
        let newCount = max(0, dataSource.numberOfSections(in: self))
        let newSections = (0..<newCount).map { makeSection($0) }
        let mapping: ListUpdateMapping
        do {
            mapping = try ListUpdateMapping(update, oldRowCounts: oldSections.map(\.rows.count), newRowCounts: newSections.map(\.rows.count))
        } catch {
            invalidUpdate(error.detail)
            for completion in update.completions { completion(false) }
            return
        }
        if estimatedRowHeight != 0 {
            // Surviving rows keep the heights they had (no jump for measured rows); without
            // estimates makeSection asked the delegate for every one.
            for (s, section) in newSections.enumerated() {
                if let old = mapping.sections.source[s], let map = mapping.rows[old] {
                    section.rows.remap(count: map.source.count, source: map.source, from: oldSections[old].rows)
                }
            }
        }
        let newPath = mapping.newPath
        // Old geometry answers where surviving rows were, for the move animation.
        let oldRectOf: (IndexPath) -> Rect? = { [oldSections, width = bounds.width] old in
            guard oldSections.indices.contains(old.section), old.row < oldSections[old.section].rows.count else { return nil }
            let section = oldSections[old.section]
            return Rect(x: 0, y: section.top + section.headerHeight + section.rows.offset(of: old.row), width: width,
                        height: section.rows.height(of: old.row))
        }
        var oldOfNew: [IndexPath: IndexPath] = [:]
        var rekeyed: [IndexPath: TableViewCell] = [:]
        var leaving: [(TableViewCell, IndexPath, RowAnimation)] = []
        for (old, cell) in cellsOnScreen {
            let sectionGone = update.sectionIsReplaced(old.section)
            if let reload = update.reloadedRows[old], let new = newPath(old) {
                leaving.append((cell, old, reload))
                oldOfNew[new] = old
            } else if !sectionGone, let new = newPath(old) {
                rekeyed[new] = cell
            } else {
                leaving.append((cell, old, update.deletedRows[old] ?? update.sectionAnimation))
            }
        }
        // Rows that survive off screen may move into view: they come from their old place.
        for (old, new) in mapping.moves { oldOfNew[new] = old }
        selectedRows = Set(selectedRows.compactMap { update.reloadedRows[$0] == nil ? newPath($0) : nil })
        highlightedRow = nil
        sections = newSections
        sectionTopsAreValid = false
        cellsOnScreen = rekeyed
        for (path, cell) in rekeyed { configure(cell, at: path) }
        updateContentSize()
        var insertion: [IndexPath: RowAnimation] = update.insertedRows
        for (old, animation) in update.reloadedRows { if let new = newPath(old) { insertion[new] = animation } }
        for s in 0..<newCount where mapping.sections.source[s] == nil {
            for r in 0..<newSections[s].rows.count { insertion[IndexPath(row: r, section: s)] = update.sectionAnimation }
        }
        let context = AppearanceContext(oldRect: { new in
            // A surviving row not on screen before comes from where it was in the old layout.
            (oldOfNew[new] ?? mapping.oldPath(new)).flatMap(oldRectOf)
        }, insertion: insertion)
        let changes = {
            if self.contentOffset != self.clamped(self.contentOffset), !self.isDragging { self.applyOffset(self.clamped(self.contentOffset)) }
            self.layoutRows(appearing: context)
            for (cell, _, animation) in leaving { self.animateOut(cell, animation) }
        }
        disappearingCells += leaving.map(\.0)
        let finish: (Bool) -> Void = { [weak self] finished in
            for (cell, old, _) in leaving { self?.finishDisappearing(cell, at: old) }
            for completion in update.completions { completion(finished) }
        }
        if update.isAnimated, window?.application != nil {
            View.animate(withDuration: Self.rowAnimationDuration, options: [.allowUserInteraction], animations: changes, completion: finish)
        } else {
            View.performWithoutAnimation(changes)
            finish(true)
        }
    }

    private func invalidUpdate(_ detail: String) {
        Diagnostics.report(.apiMisuse, "invalid table update (\(detail)): the data source must answer the counts after the update; the table reloads instead")
        reloadRows()
    }

    private func animateOut(_ cell: TableViewCell, _ animation: RowAnimation) {
        let f = cell.frame
        switch animation {
        case .none: cell.alpha = 0
        case .left: cell.frame = f.offsetBy(dx: -f.width, dy: 0)
        case .right: cell.frame = f.offsetBy(dx: f.width, dy: 0)
        case .top: cell.frame = f.offsetBy(dx: 0, dy: -f.height); cell.alpha = 0
        case .bottom: cell.frame = f.offsetBy(dx: 0, dy: f.height); cell.alpha = 0
        case .fade, .middle, .automatic: cell.alpha = 0
        }
    }

    private func finishDisappearing(_ cell: TableViewCell, at old: IndexPath) {
        disappearingCells.removeAll { $0 === cell }
        View.performWithoutAnimation { cell.alpha = 1 }
        recycle(cell, at: old)
    }
}
