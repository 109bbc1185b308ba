extension View {
    /// The view at the root of this view's tree (a window, or a detached view).
    var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// `point` (in this view's coordinates) in the root view's bounds coordinates.
    func pointInRoot(_ point: Point) -> Point {
        var p = point
        var view = self
        while let parent = view.superview {
            p = p - view.boundsOrigin + view.frame.origin
            view = parent
        }
        return p
    }

    /// `point` (in the root view's bounds coordinates) in this view's coordinates. Views only
    /// translate their content today, so this undoes `pointInRoot`'s offset (when view
    /// transforms arrive, this walks the inverse transforms instead).
    func pointFromRoot(_ point: Point) -> Point {
        point - pointInRoot(.zero)
    }

    /// Converts `point` from this view's coordinates to `view`'s (to window coordinates when
    /// `view` is nil). Views in different trees convert through their roots' frames (screen space).
    public func convert(_ point: Point, to view: View?) -> Point {
        let root = rootView
        let inRoot = pointInRoot(point)
        guard let view else { return inRoot }
        let otherRoot = view.rootView
        if otherRoot === root { return view.pointFromRoot(inRoot) }
        let onScreen = inRoot - root.boundsOrigin + root.frame.origin
        return view.pointFromRoot(onScreen - otherRoot.frame.origin + otherRoot.boundsOrigin)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return pointFromRoot(point) }
        return view.convert(point, to: self)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (window coordinates when nil).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let s = rect.standardized
        return Rect(origin: convert(s.origin, to: view), size: s.size)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let s = rect.standardized
        return Rect(origin: convert(s.origin, from: view), size: s.size)
    }
}
