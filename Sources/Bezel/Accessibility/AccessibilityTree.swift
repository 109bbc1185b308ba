/// The elements the spoken mode moves through, in reading order (VoiceOver's model): top to
/// bottom, and along each line from the leading edge (the left, or the right in a
/// right-to-left language). A view that is an element is read as one and its subviews are not;
/// a container's `accessibilityElements` are read in their own order, and
/// `shouldGroupAccessibilityChildren` keeps a container's elements together; hidden,
/// transparent and `accessibilityElementsHidden` views are skipped, and a view that is
/// `accessibilityViewIsModal` hides its siblings (an alert, a presented screen). Elements
/// outside the root's bounds (a screen sliding away, rows scrolled off) are not read.
@MainActor
public enum AccessibilityTree {
    /// `root`'s elements (a window, a screen) in reading order.
    public static func elements(in root: View) -> [any AccessibilityNode] {
        var blocks: [[any AccessibilityNode]] = []
        collect(root, into: &blocks, isRoot: true)
        let visible = root.convert(root.bounds, to: nil)
        let ordered = readingOrder(blocks.map { $0.filter { isShown($0, within: visible) } }.filter { !$0.isEmpty },
                                   rightToLeft: root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        return ordered.flatMap { $0 }
    }

    private static func isShown(_ node: any AccessibilityNode, within visible: Rect) -> Bool {
        let frame = node.accessibilityFrame
        return frame.width > 0 && frame.height > 0 && frame.intersects(visible)
    }

    /// Appends `view`'s elements as blocks: one block a single element, or a group whose
    /// order is fixed (explicit elements, grouped children).
    private static func collect(_ view: View, into blocks: inout [[any AccessibilityNode]], isRoot: Bool = false) {
        guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return }
        if !isRoot, view.isAccessibilityElement {
            blocks.append([view])
            return
        }
        if let explicit = view.accessibilityElements {
            var group: [any AccessibilityNode] = []
            for node in explicit {
                if let subview = node as? View {
                    var inner: [[any AccessibilityNode]] = []
                    collect(subview, into: &inner)
                    group += readingOrder(inner, rightToLeft: view.effectiveUserInterfaceLayoutDirection == .rightToLeft).flatMap { $0 }
                } else if node.isAccessibilityElement {
                    group.append(node)
                }
            }
            if !group.isEmpty { blocks.append(group) }
            return
        }
        var children = view.subviews
        if let modal = children.last(where: { $0.accessibilityViewIsModal && !$0.isHidden && $0.alpha > 0.01 }) { children = [modal] }
        if view.shouldGroupAccessibilityChildren, !isRoot {
            var inner: [[any AccessibilityNode]] = []
            for child in children { collect(child, into: &inner) }
            let group = readingOrder(inner, rightToLeft: view.effectiveUserInterfaceLayoutDirection == .rightToLeft).flatMap { $0 }
            if !group.isEmpty { blocks.append(group) }
            return
        }
        for child in children { collect(child, into: &blocks) }
    }

    /// Blocks sorted by where their first element is: two on one line when their tops are
    /// closer than half the shorter one's height, then from the leading edge; otherwise the
    /// higher first. An insertion sort keeps equal ones in the views' order (deterministic).
    static func readingOrder(_ blocks: [[any AccessibilityNode]], rightToLeft: Bool) -> [[any AccessibilityNode]] {
        let framed = blocks.compactMap { block in block.first.map { (block, $0.accessibilityFrame) } }
        func before(_ a: Rect, _ b: Rect) -> Bool {
            if abs(a.minY - b.minY) < min(a.height, b.height) / 2 {
                return rightToLeft ? a.maxX > b.maxX : a.minX < b.minX
            }
            return a.minY < b.minY
        }
        var sorted: [([any AccessibilityNode], Rect)] = []
        for entry in framed {
            var index = sorted.count
            while index > 0, before(entry.1, sorted[index - 1].1) { index -= 1 }
            sorted.insert(entry, at: index)
        }
        return sorted.map(\.0)
    }
}

extension AccessibilityTree {
    /// Whether two nodes are the same element: the same object, or two elements a container
    /// made for the same part of itself (containers such as a segmented control make their
    /// elements anew when asked: the same container, frame and label are the same segment).
    static func isSame(_ a: any AccessibilityNode, _ b: any AccessibilityNode) -> Bool {
        if a === b { return true }
        guard let x = a as? AccessibilityElement, let y = b as? AccessibilityElement,
              let container = x.accessibilityContainer, container === y.accessibilityContainer else { return false }
        return x.accessibilityFrameInContainerSpace == y.accessibilityFrameInContainerSpace && x.accessibilityLabel == y.accessibilityLabel
    }

    /// Where `node` is in `elements`, by `isSame`.
    static func index(of node: any AccessibilityNode, in elements: [any AccessibilityNode]) -> Int? {
        elements.firstIndex { $0 === node } ?? elements.firstIndex { isSame($0, node) }
    }
}
