extension View {
    /// `region` (in this view's frame: its top-left corner at 0,0) in window coordinates, cut
    /// by the clipping ancestors, when its pixels are exactly what this view and those under
    /// it draw, untouched by anything else: this view and every ancestor untransformed, opaque
    /// (alpha 1), visible and not animating; no view drawn after this one (later siblings of it
    /// and of its ancestors) overlapping it; the window plain, with no presentation moving over
    /// it. Nil otherwise, or when nothing of it is left. Such a region can have its pixels
    /// moved (`ScrollMove`) or be shown by a display plane of its own (`PlaneContent`).
    func plainWindowRegion(_ region: Rect, in window: Window) -> Rect? {
        var region = region
        var view: View = self
        while let parent = view.superview {
            guard !view.hasTransform, view.alpha >= 1, view.presentationState == nil, !view.isHidden else { return nil }
            // Inside a scroll view on a display plane: the plane shows it, not the UI.
            if parent.routesDamageToPlane { return nil }
            region.origin = region.origin + view.frame.origin - parent.boundsOrigin
            if parent.clipsToBounds || parent === window {
                region = region.intersection(Rect(origin: .zero, size: parent.frame.size))
            }
            // Views drawn after `view` must not cover the region.
            if let index = parent.subviews.lastIndex(where: { $0 === view }) {
                for later in parent.subviews[(index + 1)...] where !later.isHidden && later.alpha > 0 {
                    let frame = later.visualFrame(for: later.frame, transform: later.transform)
                        .offsetBy(dx: -parent.boundsOrigin.x, dy: -parent.boundsOrigin.y)
                    if frame.intersects(region) { return nil }
                }
            }
            view = parent
        }
        guard view === window, !window.hasTransform, window.alpha >= 1, !region.isEmpty,
              !window.subviews.contains(where: { $0.wantsBackdropCapture }) else { return nil }
        return region
    }
}
