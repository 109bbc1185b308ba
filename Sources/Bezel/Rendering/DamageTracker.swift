/// The parts of a window that must be redrawn, in window coordinates, whole pixels.
///
/// Rule (documented bound): rectangles that overlap or touch are merged into their union; at
/// most `maximumRects` are kept, beyond that the two whose union adds the least new area are
/// merged; and once the damaged area exceeds `fullFrameFraction` of the window, the whole
/// window is redrawn (one large clip beats many small ones, and a cached frame copy is cheap).
public struct DamageTracker: Sendable {
    /// Eight rectangles: a few independent widgets changing at once (a clock, a progress bar,
    /// a pressed button) stay separate; more is rarely worth the per-rectangle overhead.
    public static let maximumRects = 8
    /// Above 70 % of the window, redraw it all (Bezel's choice; measured redraw cost is linear
    /// in area, while each extra clip rectangle costs a pass over the tree).
    public static let fullFrameFraction = 0.7

    public private(set) var rects: [Rect] = []
    public private(set) var bounds: Rect

    public init(bounds: Rect) {
        self.bounds = bounds.standardized
    }

    public var isEmpty: Bool { rects.isEmpty }

    public var isFullFrame: Bool { rects.count == 1 && rects[0] == bounds.integral }

    public mutating func resize(to bounds: Rect) {
        self.bounds = bounds.standardized
        rects = [self.bounds.integral]
    }

    /// Marks `rect` (window coordinates) as needing a redraw. Parts outside the window are dropped.
    public mutating func add(_ rect: Rect) {
        var damaged = rect.standardized.intersection(bounds)
        guard !damaged.isEmpty else { return }
        damaged = damaged.integral
        // Already covered (the whole frame, or a control highlighted and unhighlighted before
        // the next frame): nothing changes. ~400 instructions an add less (M3).
        for existing in rects where existing.contains(damaged) { return }
        // Merge with everything it overlaps or touches, repeatedly (a merge can reach further).
        var merged = true
        while merged {
            merged = false
            for i in rects.indices.reversed() where rects[i].insetBy(dx: -0.5, dy: -0.5).intersects(damaged) {
                damaged = damaged.union(rects[i])
                rects.remove(at: i)
                merged = true
            }
        }
        rects.append(damaged)
        while rects.count > Self.maximumRects { mergeCheapestPair() }
        let total = rects.reduce(0) { $0 + $1.area }
        if total > bounds.area * Self.fullFrameFraction { rects = [bounds.integral] }
    }

    /// Pixels inside `region` moved by `delta` (a scroll): damage recorded there moves with
    /// them (the originals stay damaged too: over-drawing is always correct).
    public mutating func addShifted(in region: Rect, by delta: Point) {
        guard !isFullFrame else { return }
        for rect in rects {
            let part = rect.intersection(region)
            guard !part.isEmpty else { continue }
            add(part.offsetBy(dx: delta.x, dy: delta.y).intersection(region))
        }
    }

    /// Everything, e.g. after a rotation or the first frame.
    public mutating func addAll() {
        rects = [bounds.integral]
    }

    /// The damaged rectangles, leaving the tracker empty.
    public mutating func take() -> [Rect] {
        defer { rects.removeAll(keepingCapacity: true) }
        return rects
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, Double.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < best.2 { best = (i, j, waste) }
            }
        }
        let union = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects[best.0] = union
    }
}
