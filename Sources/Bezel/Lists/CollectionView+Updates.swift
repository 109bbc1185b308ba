/// Items and sections inserted, deleted, reloaded and moved (UIKit's numbering, as for
/// tables): survivors slide from their old frames to their new ones, inserted items fade
/// in, deleted ones fade out, in 0.3 s. Counts that do not add up are reported and the
/// view reloads.
extension CollectionView {
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates?()
        if let completion { pendingUpdate?.completions.append(completion) }
        endBatch()
    }

    private func beginBatch() {
        loadIfNeeded()
        if batchDepth == 0, pendingUpdate == nil { pendingUpdate = ListUpdate() }
        batchDepth += 1
    }

    private func endBatch() {
        batchDepth -= 1
        guard batchDepth == 0, let update = pendingUpdate else { return }
        pendingUpdate = nil
        apply(update)
    }

    private func record(_ change: (inout ListUpdate) -> Void) {
        beginBatch()
        if pendingUpdate == nil { pendingUpdate = ListUpdate() }
        change(&pendingUpdate!)
        endBatch()
    }

    public func insertItems(at indexPaths: [IndexPath]) { record { u in for p in indexPaths { u.insertedRows[p] = .fade } } }
    public func deleteItems(at indexPaths: [IndexPath]) { record { u in for p in indexPaths { u.deletedRows[p] = .fade } } }
    public func reloadItems(at indexPaths: [IndexPath]) { record { u in for p in indexPaths { u.reloadedRows[p] = .fade } } }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { u in u.moves.append((indexPath, newIndexPath)) } }
    public func insertSections(_ sections: [Int]) { record { u in u.insertedSections.formUnion(sections); u.sectionAnimation = .fade } }
    public func deleteSections(_ sections: [Int]) { record { u in u.deletedSections.formUnion(sections); u.sectionAnimation = .fade } }
    public func reloadSections(_ sections: [Int]) { record { u in u.reloadedSections.formUnion(sections); u.sectionAnimation = .fade } }

    private func apply(_ update: ListUpdate) {
        guard dataSource != nil, !needsReload else {
            reloadData()
            for completion in update.completions { completion(true) }
            return
        }
        let oldSections = sections
        let newCounts = itemCounts()
        let mapping: ListUpdateMapping
        do {
            mapping = try ListUpdateMapping(update, oldRowCounts: oldSections.map(\.count), newRowCounts: newCounts)
        } catch {
            Diagnostics.report(.apiMisuse, "invalid collection view update (\(error.detail)): the data source must answer the counts after the update; the view reloads instead")
            reloadData()
            for completion in update.completions { completion(false) }
            return
        }
        func oldFrame(_ old: IndexPath) -> Rect? {
            guard oldSections.indices.contains(old.section), old.item < oldSections[old.section].count else { return nil }
            return oldSections[old.section].frame(of: old.item)
        }
        var rekeyed: [IndexPath: CollectionViewCell] = [:]
        var leaving: [(CollectionViewCell, IndexPath)] = []
        var oldOfNew: [IndexPath: IndexPath] = [:]
        for (old, cell) in visibleItems {
            if update.reloadedRows[old] == nil, !update.sectionIsReplaced(old.section), let new = mapping.newPath(old) {
                rekeyed[new] = cell
            } else {
                leaving.append((cell, old))
            }
        }
        for (old, new) in mapping.moves { oldOfNew[new] = old }
        let reloadedNew = Set(update.reloadedRows.keys.compactMap(mapping.newPath))
        selectedItems = Set(selectedItems.compactMap { update.reloadedRows[$0] == nil ? mapping.newPath($0) : nil })
        highlightedItem = nil
        visibleItems = rekeyed
        computeGeometry(counts: newCounts)
        let appearing: (IndexPath) -> (from: Rect?, inserted: Bool) = { new in
            if reloadedNew.contains(new) { return (nil, true) }
            if let old = oldOfNew[new] ?? mapping.oldPath(new) { return (oldFrame(old), false) }
            return (nil, true)
        }
        let changes = {
            if self.contentOffset != self.clamped(self.contentOffset), !self.isDragging { self.applyOffset(self.clamped(self.contentOffset)) }
            self.layoutItems(appearing: appearing)
            for (cell, _) in leaving { cell.alpha = 0 }
        }
        let finish: (Bool) -> Void = { [weak self] finished in
            for (cell, old) in leaving {
                View.performWithoutAnimation { cell.alpha = 1 }
                self?.recycle(cell, at: old)
            }
            for completion in update.completions { completion(finished) }
        }
        if window?.application != nil {
            View.animate(withDuration: Self.updateAnimationDuration, options: [.allowUserInteraction], animations: changes, completion: finish)
        } else {
            View.performWithoutAnimation(changes)
            finish(true)
        }
    }
}
