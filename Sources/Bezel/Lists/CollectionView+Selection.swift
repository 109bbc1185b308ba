/// Touches on items: highlighted while the finger is on one (after the scroll view's
/// delay), selected when it lifts there; UIKit's delegate order: shouldHighlight,
/// didHighlight, didUnhighlight, shouldSelect, then shouldDeselect and didDeselect of the
/// item selected before, then didSelect.
extension CollectionView {
    func cellTouchBegan(_ cell: CollectionViewCell) {
        guard allowsSelection, highlightedItem == nil, let path = indexPath(for: cell) else { return }
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        highlightedItem = path
        cell.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: path)
    }

    func cellTouchEnded(_ cell: CollectionViewCell, inside: Bool) {
        guard let path = highlightedItem, visibleItems[path] === cell else { return }
        unhighlight(cell, at: path)
        guard inside else { return }
        if allowsMultipleSelection, selectedItems.contains(path) {
            deselectByUser(path)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selectedItems.sorted() where old != path { deselectByUser(old) }
        }
        selectedItems.insert(path)
        cell.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: path)
    }

    func cellTouchCancelled(_ cell: CollectionViewCell) {
        guard let path = highlightedItem, visibleItems[path] === cell else { return }
        unhighlight(cell, at: path)
    }

    private func unhighlight(_ cell: CollectionViewCell, at path: IndexPath) {
        highlightedItem = nil
        cell.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }

    private func deselectByUser(_ path: IndexPath) {
        guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
        selectedItems.remove(path)
        visibleItems[path]?.isSelected = false
        collectionDelegate?.collectionView(self, didDeselectItemAt: path)
    }

    /// The selected items in order (UIKit's optional array: nil for none).
    public var indexPathsForSelectedItems: [IndexPath]? { selectedItems.isEmpty ? nil : selectedItems.sorted() }

    /// Selects by code (no delegate calls); nil deselects all.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition?) {
        loadIfNeeded()
        guard let indexPath else {
            for path in selectedItems { visibleItems[path]?.isSelected = false }
            selectedItems.removeAll()
            return
        }
        guard itemFrame(indexPath) != nil else {
            Diagnostics.report(.apiMisuse, "selectItem(at: \(indexPath)): no such item; ignored")
            return
        }
        if !allowsMultipleSelection {
            for path in selectedItems where path != indexPath { visibleItems[path]?.isSelected = false }
            selectedItems.removeAll()
        }
        selectedItems.insert(indexPath)
        visibleItems[indexPath]?.isSelected = true
        if let scrollPosition { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selectedItems.remove(indexPath) != nil else { return }
        visibleItems[indexPath]?.isSelected = false
    }
}
