/// The heights of one section's rows and where each row starts, for a list of any length.
///
/// While every row has the default height (a fixed `rowHeight`, or the estimate of rows not
/// yet shown) nothing is stored per row: a 1,000,000-row section costs what a 100-row one
/// does. The first row with a height of its own allocates one `Float` per row (4 bytes a
/// row; UIKit keeps a height per row too) and sums per block of 256 rows, so finding the
/// row at an offset is a binary search over blocks plus at most 256 additions.
@MainActor
final class RowHeights {
    /// Rows per block of the running sums: 256 keeps both the sums (1/256 of the rows) and
    /// the walk inside one block small.
    static let blockSize = 256

    private(set) var count: Int
    /// The height of a row without one of its own.
    private(set) var defaultHeight: Double
    /// Per row, or empty while all have `defaultHeight`. NaN: not measured yet (the default).
    private var heights: [Float] = []
    /// Running sums of the blocks' heights: `blockStarts[b]` is where block b starts; valid
    /// below `validBlocks`.
    private var blockStarts: [Double] = []
    private var validBlocks = 0

    init(count: Int, defaultHeight: Double) {
        self.count = max(0, count)
        self.defaultHeight = defaultHeight
    }

    /// Whether row heights differ (per-row storage exists).
    var hasOwnHeights: Bool { !heights.isEmpty }

    func height(of row: Int) -> Double {
        guard !heights.isEmpty, row >= 0, row < count else { return defaultHeight }
        let h = heights[row]
        return h.isNaN ? defaultHeight : Double(h)
    }

    /// Whether `row` has a height of its own (measured), not the default.
    func isMeasured(_ row: Int) -> Bool {
        !heights.isEmpty && row >= 0 && row < count && !heights[row].isNaN
    }

    /// Gives `row` its own height (a measured or delegate-given one).
    func setHeight(_ height: Double, of row: Int) {
        guard row >= 0, row < count else { return }
        if heights.isEmpty {
            heights = [Float](repeating: .nan, count: count)
        }
        heights[row] = Float(height)
        invalidate(from: row)
    }

    /// Forgets every row's own height (a changed estimate or `reloadData`).
    func reset(count: Int, defaultHeight: Double) {
        self.count = max(0, count)
        self.defaultHeight = defaultHeight
        heights = []
        blockStarts = []
        validBlocks = 0
    }

    var total: Double { offset(of: count) }

    /// Where `row` starts, from the section's first row (`count` gives the total).
    func offset(of row: Int) -> Double {
        let row = min(max(0, row), count)
        guard !heights.isEmpty else { return Double(row) * defaultHeight }
        let block = row / Self.blockSize
        var y = blockStart(block)
        for r in block * Self.blockSize ..< row { y += height(of: r) }
        return y
    }

    /// The row covering `y` (from the section's first row), clamped to the rows.
    func row(atOffset y: Double) -> Int {
        guard count > 0 else { return 0 }
        guard !heights.isEmpty else {
            guard defaultHeight > 0 else { return 0 }
            return min(count - 1, max(0, Int((y / defaultHeight).rounded(.down))))
        }
        let blocks = (count + Self.blockSize - 1) / Self.blockSize
        _ = blockStart(blocks - 1)
        // The last block starting at or before y.
        var lo = 0, hi = blocks - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if blockStarts[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        var top = blockStarts[lo]
        var r = lo * Self.blockSize
        while r < count - 1 {
            let next = top + height(of: r)
            if next > y { break }
            top = next
            r += 1
        }
        return r
    }

    /// Takes the rows of an update from `old`: `source[i]` is the old row now at i (nil: a
    /// new row, with the default height).
    func remap(count newCount: Int, source: [Int?], from old: RowHeights) {
        heights = []
        count = newCount
        if old.hasOwnHeights {
            heights = [Float](repeating: .nan, count: newCount)
            for (i, o) in source.enumerated() where i < newCount {
                if let o, o < old.heights.count { heights[i] = old.heights[o] }
            }
        }
        validBlocks = 0
    }

    private func invalidate(from row: Int) {
        validBlocks = min(validBlocks, max(0, row / Self.blockSize + 1))
    }

    /// Where block `block` starts, bringing the running sums up to it.
    private func blockStart(_ block: Int) -> Double {
        let blocks = (count + Self.blockSize - 1) / Self.blockSize + 1
        if blockStarts.count != blocks {
            blockStarts = [Double](repeating: 0, count: blocks)
            validBlocks = min(validBlocks, 1)
        }
        if validBlocks == 0 { validBlocks = 1 }
        while validBlocks <= block {
            let b = validBlocks - 1
            var sum = blockStarts[b]
            for r in b * Self.blockSize ..< min(count, (b + 1) * Self.blockSize) { sum += height(of: r) }
            blockStarts[validBlocks] = sum
            validBlocks += 1
        }
        return blockStarts[block]
    }
}
