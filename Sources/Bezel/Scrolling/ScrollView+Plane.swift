/// Scrolling on a display plane (issue 35): the content is drawn once into a buffer taller
/// (or wider) than the scroll view, which an overlay plane shows through a source rectangle
/// at the offset; scrolling moves that rectangle, and the CPU draws only what is newly
/// exposed and what changed. The runtime decides (`Window.scrollPlaneRequests`), keeps the
/// buffers (BezelCairo's `ScrollPlaneContent`) and sets `isOnPlane`; here the scroll view
/// stops damaging the UI while on a plane and records its content's damage for the plane.
extension ScrollView {
    /// How far beyond the bounds a plane's buffer draws content before it scrolls in (and a
    /// table lays out rows for it): 168 pt, three rows of a 56-pt list, so that during a fling
    /// of 1,000 pt/s whole rows are drawn once every several frames rather than a clipped
    /// strip of one in every frame (each partial draw of a row costs most of a whole one: its
    /// text is laid out and clipped, M9_plane). Bezel's choice, measured: 112 pt (two rows)
    /// cut a row at each edge of every band drawn, 168 pt cuts a third fewer (M9_plane
    /// 137,986 -> 132,926 instructions a frame; the shadow grows by 112 pt of rows, and where
    /// the memory budget leaves less margin, as at scale 2, it stays as large as the margin).
    public static let planeLookahead = 168.0

    /// The content's damage since the last call (content coordinates), leaving none.
    public func takePlaneDamage() -> [Rect] {
        defer { planeDamage.removeAll(keepingCapacity: true) }
        return planeDamage
    }

    /// Whether content damage waits for the plane.
    public var hasPlaneDamage: Bool { !planeDamage.isEmpty }

    /// Damage of the content while on a plane: kept for the plane's buffers. A few rectangles
    /// at most (a fling damages the rows it exposes and a sticky header, 2-4 a frame); beyond
    /// 16 they are merged into one (over-drawing is always correct).
    func recordPlaneDamage(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        if planeDamage.count >= 16 {
            let union = planeDamage.reduce(rect) { $0.union($1) }
            planeDamage = [union]
        } else {
            planeDamage.append(rect)
        }
    }

    /// The indicators appeared, vanished or changed colour: redrawn in the UI, or (on a plane)
    /// drawn into the plane's buffer by its next update, which compares their frames.
    func indicatorsChanged() {
        if !isOnPlane { setNeedsDisplay() }
    }

    func planeStateChanged() {
        routesDamageToPlane = isOnPlane
        planeDamage.removeAll()
        // Off the plane: the UI's pixels under it are stale, the whole view is drawn in this frame.
        if !isOnPlane { setNeedsDisplay() }
    }

    /// Whether the content can go on a plane now, and where (window points, whole device
    /// pixels): it scrolls, and it is drawn plainly and last where it is, as for a pixel move
    /// (`pixelMoveRegion`: clipped to its opaque bounds, no corner radius, border, transform,
    /// alpha or animation on the way up), its offset on whole device pixels, not cut by a clip, and not covered by a view drawn
    /// after it (including views on their way there).
    func planeRegion(in window: Window) -> Rect? {
        let scale = window.screenScale
        func whole(_ v: Double) -> Bool { (v * scale).rounded() == v * scale }
        guard canScrollVertically || canScrollHorizontally, presentationState == nil, whole(boundsOrigin.x), whole(boundsOrigin.y),
              let region = pixelMoveRegion(delta: .zero, in: window) else { return nil }
        guard region == window.windowRect(of: Rect(origin: .zero, size: frame.size), in: self) else { return nil }
        return region
    }
}

/// A scroll view whose content a display plane could show (`Window.scrollPlaneRequests`).
public struct ScrollPlaneRequest {
    public var scrollView: ScrollView
    /// Where the scroll view is, window points (whole device pixels).
    public var windowRect: Rect
}

extension Window {
    /// The scroll views whose content a plane can show exactly as the software composition
    /// would (`ScrollView.planeRegion`), in drawing order; none inside another (its content
    /// is drawn into the outer one's buffer). A view drawn after one covers it: checked as
    /// for a video (`isCovered`).
    public func scrollPlaneRequests() -> [ScrollPlaneRequest] {
        allPlaneRequests(scrollViews: true).scrollViews
    }
}
