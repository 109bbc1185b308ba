/// Scrolling that moves pixels: when the offset changes by whole device pixels and the scroll
/// view's region can be moved exactly (the conditions are listed on `ScrollMove`), the
/// window records a move of the region and damages only the uncovered strip and the
/// indicators, instead of the whole scroll view.
extension ScrollView {
    /// `offset` on whole device pixels: where drags, flings and animations put the content
    /// (UIKit snaps its offsets the same way), so text stays sharp and pixels can move.
    func pixelAligned(_ offset: Point) -> Point {
        let scale = window?.screenScale ?? 1
        return Point(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale)
    }

    /// `offset` on whole device pixels, rounded toward `target`: a glide that rounds never
    /// stalls a pixel short of where it is going.
    func pixelAligned(_ offset: Point, toward target: Point) -> Point {
        let scale = window?.screenScale ?? 1
        func axis(_ v: Double, _ t: Double) -> Double {
            let p = v * scale
            return (t >= v ? p.rounded(.up) : p.rounded(.down)) / scale
        }
        return Point(x: axis(offset.x, target.x), y: axis(offset.y, target.y))
    }

    /// Sets the offset, moving pixels where that is exact.
    func setBoundsOrigin(movingPixels offset: Point) {
        let delta = Point(x: boundsOrigin.x - offset.x, y: boundsOrigin.y - offset.y)
        if isOnPlane {
            // The plane's source rectangle moves: nothing in the UI is damaged, and damage
            // already recorded for the plane is in content coordinates, which did not move.
            movesPixelsForBoundsChange = true
            boundsOrigin = offset
            movesPixelsForBoundsChange = false
            return
        }
        guard let window, AnimationTransaction.current == nil, let region = pixelMoveRegion(delta: delta, in: window) else {
            boundsOrigin = offset
            return
        }
        // The indicators are drawn over the content: where they were (their pixels move with
        // the content) and where they are now are redrawn.
        let indicatorsBefore = [verticalScrollIndicatorFrame, horizontalScrollIndicatorFrame].compactMap { $0 }
        movesPixelsForBoundsChange = true
        boundsOrigin = offset
        movesPixelsForBoundsChange = false
        window.recordScrollMove(region: region, delta: delta)
        for frame in indicatorsBefore {
            // The old frame, read in the new coordinates, is where its pixels moved to.
            setNeedsDisplay(frame.insetBy(dx: -1, dy: -1))
        }
        for frame in [verticalScrollIndicatorFrame, horizontalScrollIndicatorFrame].compactMap({ $0 }) {
            setNeedsDisplay(frame.insetBy(dx: -1, dy: -1))
        }
    }

    /// The window region whose pixels can move by `delta`, nil where a redraw is needed.
    func pixelMoveRegion(delta: Point, in window: Window) -> Rect? {
        let scale = window.screenScale
        func whole(_ v: Double) -> Bool { (v * scale).rounded() == v * scale }
        guard whole(delta.x), whole(delta.y), clipsToBounds, cornerRadius == 0, borderWidth == 0,
              let background = backgroundColor, background.alpha >= 1 else { return nil }
        guard let region = plainWindowRegion(Rect(origin: .zero, size: frame.size), in: window) else { return nil }
        guard whole(region.minX), whole(region.minY), whole(region.maxX), whole(region.maxY) else { return nil }
        return region
    }
}
