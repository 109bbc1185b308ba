/// UIKit's `UICollectionViewFlowLayout`, vertical: items in lines that wrap at the
/// collection view's width, sections one under the other with their insets, headers and
/// footers. `grid(columns:...)` makes the kiosk tile menu: a fixed number of columns whose
/// width follows the view's.
///
/// Items of one size (no `sizeForItemAt` from the delegate) are placed by arithmetic: no
/// per-item storage, so a section of a million items costs what one of a hundred does.
/// With sizes per item, each section's lines are computed once per layout pass.
@MainActor
public final class CollectionViewFlowLayout {
    /// UIKit's defaults: 50x50 items, 10 pt between lines and between items.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// A header's height (its width is the view's); zero: no header.
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// Set by `grid`: this many columns, their width from the view's width.
    public var columns: Int? { didSet { invalidateLayout() } }
    /// UIKit's self-sizing cells: not zero, every item is as large as its cell's content view
    /// by its constraints, measured as it is first shown, with this size (or `itemSize`, for
    /// `automaticSize`) until then. Zero (the default): `itemSize` or `sizeForItemAt`.
    public var estimatedItemSize = Size.zero { didSet { measuredSizes = [:]; invalidateLayout() } }
    /// UIKit's `UICollectionViewFlowLayout.automaticSize`: self-sizing, `itemSize` as the estimate.
    public static let automaticSize = Size(width: -1, height: -1)
    /// The sizes self-sizing cells measured, by item (forgotten at `reloadData()`).
    var measuredSizes: [IndexPath: Size] = [:]
    var isSelfSizing: Bool { estimatedItemSize != .zero }

    weak var collectionView: CollectionView?

    public init() {}

    /// A tile grid: `columns` equal columns `spacing` apart, rows of `itemHeight`, inside `insets`.
    public static func grid(columns: Int, itemHeight: Double, spacing: Double = 10, insets: EdgeInsets = .zero) -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        if columns < 1 { Diagnostics.report(.apiMisuse, "grid(columns: \(columns)): at least one column; 1 used") }
        layout.columns = max(1, columns)
        layout.itemSize = Size(width: 0, height: itemHeight.isFinite ? max(0, itemHeight) : 0)
        layout.minimumLineSpacing = spacing
        layout.minimumInteritemSpacing = spacing
        layout.sectionInset = insets
        return layout
    }

    /// UIKit's `invalidateLayout()`: the next layout pass computes the geometry again.
    public func invalidateLayout() {
        collectionView?.layoutInvalidated()
    }

    /// One section's geometry: where it starts and, for items of several sizes, its lines.
    struct Section {
        var top = 0.0
        var header = 0.0
        var footer = 0.0
        var inset = EdgeInsets.zero
        var count = 0
        var lineSpacing = 0.0
        /// Uniform items: their size, how many a line holds and the step between them.
        var item = Size.zero
        var perLine = 1
        var step = 0.0
        var lead = 0.0
        /// Items of several sizes: each item's frame (nil for uniform sections).
        var frames: [Rect]?
        /// The tallest of those items.
        var tallest = 0.0
        var itemsHeight = 0.0
        /// The view's width when it lays out right to left: items then run from the right
        /// (the first at the top right, as UIKit's flow layout in Arabic or Hebrew).
        var mirroredWidth: Double?
        var height: Double { header + inset.top + itemsHeight + inset.bottom + footer }
        var itemsTop: Double { top + header + inset.top }

        func frame(of item: Int) -> Rect {
            let frame: Rect
            if let frames {
                frame = frames[item]
            } else {
                let line = item / perLine, column = item % perLine
                frame = Rect(x: lead + Double(column) * step, y: itemsTop + Double(line) * (self.item.height + lineSpacing),
                             width: self.item.width, height: self.item.height)
            }
            guard let mirroredWidth else { return frame }
            return Rect(x: mirroredWidth - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
        }

        /// The items that may intersect `minY..<maxY` (content coordinates).
        func items(from minY: Double, to maxY: Double) -> Range<Int> {
            guard count > 0 else { return 0..<0 }
            if let frames {
                // Lines run top to bottom: items starting above minY - tallest end above
                // minY; a binary search finds the first that may not.
                var lo = 0, hi = count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if frames[mid].minY + tallest <= minY { lo = mid + 1 } else { hi = mid }
                }
                var end = lo
                while end < count, frames[end].minY < maxY { end += 1 }
                return lo..<end
            }
            let lineHeight = item.height + lineSpacing
            guard lineHeight > 0 else { return 0..<count }
            let firstLine = max(0, Int(((minY - itemsTop - item.height) / lineHeight).rounded(.down)) + 1)
            let lastLine = Int(((maxY - itemsTop) / lineHeight).rounded(.up))
            return min(count, firstLine * perLine)..<min(count, max(0, lastLine) * perLine)
        }

    }

    /// The sections' geometry for a view `width` wide.
    func prepare(width: Double, counts: [Int], top: Double) -> [Section] {
        guard let view = collectionView else { return [] }
        let delegate = view.flowDelegate
        var sections: [Section] = []
        var y = top
        for (s, count) in counts.enumerated() {
            var section = Section()
            section.top = y
            section.count = count
            section.inset = delegate?.collectionView(view, layout: self, insetForSectionAt: s) ?? sectionInset
            section.lineSpacing = delegate?.collectionView(view, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let interitem = delegate?.collectionView(view, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            section.header = count >= 0 ? (delegate?.collectionView(view, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize).height : 0
            section.footer = (delegate?.collectionView(view, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize).height
            let available = max(0, width - section.inset.left - section.inset.right)
            if isSelfSizing || delegate?.providesItemSizes == true {
                let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
                section.frames = lineUp(count: count, available: available, interitem: interitem, section: section) { i in
                    let path = IndexPath(item: i, section: s)
                    if let measured = self.measuredSizes[path] { return measured }
                    if let delegate, delegate.providesItemSizes { return delegate.collectionView(view, layout: self, sizeForItemAt: path) }
                    return estimate
                }
                section.itemsHeight = (section.frames?.map(\.maxY).max() ?? section.itemsTop) - section.itemsTop
                section.tallest = section.frames?.map(\.height).max() ?? 0
            } else {
                var size = itemSize
                if let columns {
                    size.width = max(0, ((available - Double(columns - 1) * interitem) / Double(columns)).rounded(.down))
                }
                section.item = size
                let fits = size.width > 0 ? Int(((available + interitem) / (size.width + interitem)).rounded(.down)) : count
                section.perLine = max(1, columns ?? fits)
                // Extra room is shared between the items of a full line (UIKit's flow
                // layout justifies); a lone item per line is centred.
                if section.perLine == 1 {
                    section.step = 0
                    section.lead = section.inset.left + max(0, (available - size.width) / 2)
                } else {
                    section.step = size.width + max(interitem, (available - Double(section.perLine) * size.width) / Double(section.perLine - 1))
                    section.lead = section.inset.left
                }
                let lines = (count + section.perLine - 1) / section.perLine
                section.itemsHeight = lines > 0 ? Double(lines) * size.height + Double(lines - 1) * section.lineSpacing : 0
            }
            y += section.height
            if view.effectiveUserInterfaceLayoutDirection == .rightToLeft { section.mirroredWidth = width }
            sections.append(section)
        }
        return sections
    }

    /// Places items of their own sizes in lines, left to right, wrapping at `available`.
    private func lineUp(count: Int, available: Double, interitem: Double, section: Section, size: (Int) -> Size) -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(count)
        var x = 0.0, y = section.itemsTop, lineHeight = 0.0
        for i in 0..<count {
            var s = size(i)
            if !(s.width.isFinite && s.height.isFinite) || s.width < 0 || s.height < 0 {
                Diagnostics.report(.apiMisuse, "sizeForItemAt [\(i)] gave \(s); itemSize used")
                s = itemSize
            }
            if x > 0, x + s.width > available {
                x = 0
                y += lineHeight + section.lineSpacing
                lineHeight = 0
            }
            frames.append(Rect(x: section.inset.left + x, y: y, width: s.width, height: s.height))
            x += s.width + interitem
            lineHeight = max(lineHeight, s.height)
        }
        return frames
    }
}
