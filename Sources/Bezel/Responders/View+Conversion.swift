extension View {
    /// The view at the root of this view's tree (a window, or a detached view).
    var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The centre of the bounds (the point the transform turns about).
    private var boundsCenter: Point {
        Point(x: boundsOrigin.x + frame.width / 2, y: boundsOrigin.y + frame.height / 2)
    }

    /// `point` (this view's coordinates) in the superview's.
    func pointToSuperview(_ point: Point) -> Point {
        guard hasTransform else { return point - boundsOrigin + frame.origin }
        return transform.apply(to: point - boundsCenter) + frame.center
    }

    /// `point` (the superview's coordinates) in this view's; nil when the transform is
    /// singular (a zero scale: no point of the superview lands on the view).
    func pointFromSuperview(_ point: Point) -> Point? {
        guard hasTransform else { return point - frame.origin + boundsOrigin }
        guard let inverse = transform.inverted() else { return nil }
        return inverse.apply(to: point - frame.center) + boundsCenter
    }

    /// `point` (in this view's coordinates) in the root view's bounds coordinates.
    func pointInRoot(_ point: Point) -> Point {
        var p = point
        var view = self
        while let parent = view.superview {
            p = view.pointToSuperview(p)
            view = parent
        }
        return p
    }

    /// Whether this view or an ancestor below the root is transformed.
    private var hasTransformedAncestry: Bool {
        var view = self
        while let parent = view.superview {
            if view.hasTransform { return true }
            view = parent
        }
        return false
    }

    /// `point` (in the root view's bounds coordinates) in this view's coordinates. Without
    /// transforms, conversion is a translation: undo `pointInRoot`'s offset.
    func pointFromRoot(_ point: Point) -> Point {
        guard hasTransformedAncestry else { return point - pointInRoot(.zero) }
        guard let parent = superview else { return point }
        let inParent = parent.pointFromRoot(point)
        return pointFromSuperview(inParent) ?? Point(x: Double.nan, y: Double.nan)
    }

    /// Converts `point` from this view's coordinates to `view`'s (to window coordinates when
    /// `view` is nil). Views in different trees convert through their roots' frames (screen space).
    public func convert(_ point: Point, to view: View?) -> Point {
        let (inRoot, root, _) = walkToRoot(point)
        guard let view else { return inRoot }
        // One walk for the other view too: its root, its offset and whether it is transformed
        // (three walks before: a touch's `location(in:)` cost ~360 instructions, M3).
        let (offset, otherRoot, otherIsTransformed) = view.walkToRoot(.zero)
        var target = inRoot
        if otherRoot !== root {
            let onScreen = inRoot - root.boundsOrigin + root.frame.origin
            target = onScreen - otherRoot.frame.origin + otherRoot.boundsOrigin
        }
        // Untransformed, `pointFromRoot` is this very subtraction.
        return otherIsTransformed ? view.pointFromRoot(target) : target - offset
    }

    /// `pointInRoot(point)`, the root, and whether a view below the root is transformed, in one
    /// walk up.
    private func walkToRoot(_ point: Point) -> (point: Point, root: View, isTransformed: Bool) {
        // Each view borrowed, not retained: the walk only reads (Platform/UnownedReferences.swift).
        var p = point
        var view = Unmanaged.passUnretained(self)
        var isTransformed = false
        while let parent = withBorrowed(view, { view -> Unmanaged<View>? in
            guard let parent = view.unretainedSuperview else { return nil }
            if view.hasTransform { isTransformed = true }
            p = view.pointToSuperview(p)
            return parent
        }) {
            view = parent
        }
        return (p, view.takeUnretainedValue(), isTransformed)
    }

    /// `point` from the coordinates of `window`, this view's root, to this view's: what
    /// `convert(point, from: window)` gives, in one walk up (a touch's `location(in:)` on every
    /// report; `convert` also walks from the window and compares the roots, M3).
    func convert(_ point: Point, fromRoot window: Window) -> Point {
        let (offset, root, isTransformed) = walkToRoot(.zero)
        guard root === window else { return convert(point, from: window) }
        return isTransformed ? pointFromRoot(point) : point - offset
    }

    /// Converts `point` from `view`'s coordinates (window coordinates when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return pointFromRoot(point) }
        return view.convert(point, to: self)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (window coordinates when
    /// nil): the bounding box of its converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let s = rect.standardized
        guard hasTransformedAncestry || view?.hasTransformedAncestry == true else {
            return Rect(origin: convert(s.origin, to: view), size: s.size)
        }
        let corners = [Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY),
                       Point(x: s.minX, y: s.maxY), Point(x: s.maxX, y: s.maxY)].map { convert($0, to: view) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        guard let view else {
            let s = rect.standardized
            guard hasTransformedAncestry else { return Rect(origin: convert(s.origin, from: nil), size: s.size) }
            let corners = [Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY),
                           Point(x: s.minX, y: s.maxY), Point(x: s.maxX, y: s.maxY)].map { convert($0, from: nil) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        return view.convert(rect, to: self)
    }
}
