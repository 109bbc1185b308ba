/// The spoken mode past the edge of a scroll view (VoiceOver's way): moving on from the last
/// element shown inside a table, a collection or any scroll view that can scroll further
/// scrolls it a page and puts the focus on the next element that came into view (said as
/// focus moves are). So a customer who cannot see reaches the 100th row by keys
/// or swipes alone.
extension SpokenMode {
    /// The scroll view `node` is shown in (its innermost), or nil.
    static func enclosingScrollView(of node: any AccessibilityNode) -> ScrollView? {
        var view = (node as? View)?.superview ?? (node as? AccessibilityElement)?.accessibilityContainer
        while let current = view {
            if let scroller = current as? ScrollView { return scroller }
            view = current.superview
        }
        return nil
    }

    /// A plain table's section header stays at the top while its rows scroll under it: going
    /// back from the first row shown, the rows above come before it.
    static func isInSectionHeaderOrFooter(_ node: any AccessibilityNode) -> Bool {
        var view = (node as? View) ?? (node as? AccessibilityElement)?.accessibilityContainer
        while let current = view, !(current is ScrollView) {
            if current is TableViewHeaderFooterView { return true }
            view = current.superview
        }
        return false
    }

    /// When the element after `current` (before it, backwards) is not in `current`'s scroll
    /// view and that view can go further: scrolls it and moves the focus. True when it did.
    func scrollOnward(from current: any AccessibilityNode, forward: Bool, in all: [any AccessibilityNode], at index: Int) -> Bool {
        guard let scroller = Self.enclosingScrollView(of: current) else { return false }
        let neighbour = forward ? index + 1 : index - 1
        if all.indices.contains(neighbour), Self.enclosingScrollView(of: all[neighbour]) === scroller,
           forward || !Self.isInSectionHeaderOrFooter(all[neighbour]) { return false }
        let offset = scroller.contentOffset
        let inset = scroller.contentInset
        let lowest = -inset.top
        let highest = max(lowest, scroller.contentSize.height + inset.bottom - scroller.bounds.height)
        // A page, less a fifth so the last row seen stays in view (what VoiceOver's three-finger
        // swipe does).
        let page = max(1, (scroller.bounds.height * 0.8).rounded())
        let target = forward ? min(highest, offset.y + page) : max(lowest, offset.y - page)
        guard abs(target - offset.y) >= 0.5 else { return false }
        scroller.contentOffset = Point(x: offset.x, y: target)
        scroller.window?.layoutIfNeeded()
        let shown = elements()
        let inside = shown.indices.filter { Self.enclosingScrollView(of: shown[$0]) === scroller }
        let next: (any AccessibilityNode)?
        if let still = AccessibilityTree.index(of: current, in: shown) {
            let candidate = forward ? still + 1 : still - 1
            next = shown.indices.contains(candidate) ? shown[candidate] : nil
        } else {
            next = (forward ? inside.first : inside.last).map { shown[$0] }
        }
        guard let next else { return false }
        moveFocus(to: next)
        return true
    }
}
