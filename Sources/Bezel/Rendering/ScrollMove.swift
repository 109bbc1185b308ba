/// Pixels a display moves instead of redrawing: a scroll view's visible region whose content
/// moved by `delta` (window points, whole device pixels). The display shifts the region's
/// pixels in its render buffer, then draws the damage, which holds the strip the move
/// uncovered, the scroll indicators and anything else that changed; the region then goes to
/// the screen like any damage.
///
/// A scroll view moves pixels only when that gives exactly the picture a redraw would
/// (`ScrollView.pixelMoveRegion`): it clips to its bounds and paints them opaquely, without
/// a corner radius, a border or alpha; neither it nor any view above it in the tree has a
/// transform, an alpha below 1 or an animation in flight; no view drawn after it overlaps
/// the region; no presentation is moving over the window; the move is a whole number of
/// device pixels; and the window is not redrawn in full anyway. Otherwise the region is
/// redrawn, as before.
public struct ScrollMove: Sendable, Equatable {
    /// The region whose pixels move, window coordinates (whole device pixels).
    public var region: Rect
    /// How far the content moved on screen (the opposite of the offset's change).
    public var delta: Point
}

extension Window {
    /// Records that `region`'s pixels moved by `delta`: the damage already recorded inside
    /// it moves along (the pixels there are stale and now elsewhere) and the strip the move
    /// uncovers is damaged. A second move of another region in the same frame is drawn
    /// instead (one move per frame keeps the display's work simple).
    func recordScrollMove(region: Rect, delta: Point) {
        if damage.isFullFrame { return }
        if let pending = pendingScrollMove, pending.region != region {
            damage.add(region)
            return
        }
        guard abs(delta.x) < region.width, abs(delta.y) < region.height else {
            damage.add(region)
            return
        }
        damage.addShifted(in: region, by: delta)
        let moved = region.offsetBy(dx: delta.x, dy: delta.y)
        // The uncovered strips: where `region` is not covered by its moved self.
        if delta.y > 0 { damage.add(Rect(x: region.minX, y: region.minY, width: region.width, height: delta.y)) }
        if delta.y < 0 { damage.add(Rect(x: region.minX, y: moved.maxY, width: region.width, height: -delta.y)) }
        if delta.x > 0 { damage.add(Rect(x: region.minX, y: region.minY, width: delta.x, height: region.height)) }
        if delta.x < 0 { damage.add(Rect(x: moved.maxX, y: region.minY, width: -delta.x, height: region.height)) }
        let total = (pendingScrollMove?.delta ?? .zero) + delta
        pendingScrollMove = ScrollMove(region: region, delta: total)
    }

    /// The move to apply before drawing this frame's damage (nil: none, or the window is
    /// redrawn in full anyway), leaving none pending.
    public func takeScrollMove() -> ScrollMove? {
        defer { pendingScrollMove = nil }
        guard let move = pendingScrollMove, move.delta != .zero, !damage.isFullFrame else { return nil }
        return move
    }
}
