/// A view whose picture a display can scan out from a plane of its own (a video): the
/// display's hardware puts it over the UI, so a new picture costs no drawing of the UI and no
/// copy through it. The runtime asks each frame (`Window.planeRequests`) and tells the view
/// whether a plane shows it (`isOnPlane`); while one does, the view leaves the picture's
/// rectangle to the plane, and it is drawn again in software in the very frame the plane
/// stops (a view moving over it, an animation, a transform, a clip).
@MainActor
public protocol PlaneContent: View {
    /// The picture, where it goes (this view's bounds coordinates) and its revision (which
    /// changes with the picture); nil while there is none (then nothing goes on a plane).
    var planePicture: PlanePicture? { get }
    /// Set by the runtime: whether a display plane shows the picture from the next frame.
    var isOnPlane: Bool { get set }
}

/// A `PlaneContent` view's picture.
public struct PlanePicture {
    public var image: Image
    /// Where it is shown, in the view's bounds coordinates.
    public var rect: Rect
    /// Changes whenever the picture does.
    public var revision: Int
    /// The same pixels as a DMA-BUF, when the decoder gave one: a display that imports it
    /// shows the picture without a copy (else it draws `image`).
    public var dmaBuf: DMABuf?

    public init(image: Image, rect: Rect, revision: Int, dmaBuf: DMABuf? = nil) {
        self.image = image
        self.rect = rect
        self.revision = revision
        self.dmaBuf = dmaBuf
    }
}

/// A picture a display plane could show: the view, and where (window points, on whole
/// device pixels).
public struct PlaneRequest {
    /// The view asking.
    public var view: any PlaneContent
    /// Its picture now.
    public var picture: PlanePicture
    /// Where the picture goes, in window points (whole device pixels).
    public var windowRect: Rect
}

extension Window {
    /// The `PlaneContent` views whose picture a plane can show exactly as the software
    /// composition would: drawn plainly and last where the picture is (`plainWindowRegion`:
    /// nothing over it, no transform, alpha or animation on the way up), with no corner
    /// radius, not cut by a clip, on whole device pixels. Depth first, in drawing order.
    public func planeRequests() -> [PlaneRequest] {
        allPlaneRequests(scrollViews: false).pictures
    }

    /// The pictures (`planeRequests`) and the scroll views (`scrollPlaneRequests`) a plane can
    /// show, in one walk of the tree: the runtime asks before every frame.
    /// - Parameter scrollViews: whether scroll views are looked for too (none on a turned panel).
    public func allPlaneRequests(scrollViews: Bool) -> (pictures: [PlaneRequest], scrollViews: [ScrollPlaneRequest]) {
        var pictures: [PlaneRequest] = [], scrolls: [ScrollPlaneRequest] = []
        collectPlaneRequests(in: self, pictures: &pictures, scrollViews: &scrolls, collectingScrollViews: scrollViews)
        return (pictures, scrolls)
    }

    private func collectPlaneRequests(in view: View, pictures: inout [PlaneRequest], scrollViews: inout [ScrollPlaneRequest],
                                      collectingScrollViews: Bool) {
        for subview in view.subviews where !subview.isHidden && subview.alpha > 0 {
            if let content = subview as? any PlaneContent, let request = planeRequest(for: content) {
                pictures.append(request)
            }
            // None inside another scroll view offered a plane: its content is drawn into the
            // outer one's buffer.
            var inside = collectingScrollViews
            if collectingScrollViews, let scrollView = subview as? ScrollView, let region = scrollView.planeRegion(in: self),
               !isCovered(region, byViewsDrawnAfter: scrollView) {
                scrollViews.append(ScrollPlaneRequest(scrollView: scrollView, windowRect: region))
                inside = false
            }
            // Inside a scroll view on a plane, everything is drawn into the plane's buffer.
            if subview.routesDamageToPlane { continue }
            collectPlaneRequests(in: subview, pictures: &pictures, scrollViews: &scrollViews, collectingScrollViews: inside)
        }
    }

    private func planeRequest(for view: any PlaneContent) -> PlaneRequest? {
        guard let picture = view.planePicture, view.cornerRadius == 0, view.borderWidth == 0 else { return nil }
        // The picture in the view's frame coordinates (its bounds may be scrolled).
        let local = picture.rect.offsetBy(dx: -view.boundsOrigin.x, dy: -view.boundsOrigin.y)
        // The view's own subviews are drawn over its picture.
        for subview in view.subviews where !subview.isHidden && subview.alpha > 0 {
            if subview.visualFrame(for: subview.frame, transform: subview.transform).intersects(picture.rect) { return nil }
        }
        guard let region = view.plainWindowRegion(local, in: self), !isCovered(region, byViewsDrawnAfter: view) else { return nil }
        // Cut by a clip: the plane would show what the clip hides.
        let unclipped = windowRect(of: local, in: view)
        guard region == unclipped else { return nil }
        let scale = screenScale
        func whole(_ v: Double) -> Bool { (v * scale).rounded() == v * scale }
        guard whole(region.minX), whole(region.minY), whole(region.maxX), whole(region.maxY) else { return nil }
        return PlaneRequest(view: view, picture: picture, windowRect: region)
    }

    /// Whether anything drawn after `view` may cover `region` (window coordinates): the later
    /// siblings of it and of its ancestors with all their subviews, each where it is now
    /// shown and where its model is (an animating view is drawn at its presentation frame,
    /// which its model frame does not tell).
    func isCovered(_ region: Rect, byViewsDrawnAfter view: View) -> Bool {
        var current = view
        while let parent = current.superview {
            let origin = windowRect(of: .zero, in: parent).origin - parent.boundsOrigin
            if let index = parent.subviews.lastIndex(where: { $0 === current }) {
                for later in parent.subviews[(index + 1)...] where mayCover(region, later, superviewOrigin: origin) { return true }
            }
            current = parent
        }
        return false
    }

    /// Whether `view` or its subviews may draw in `region`; `superviewOrigin`: where the
    /// superview's bounds origin is in the window.
    private func mayCover(_ region: Rect, _ view: View, superviewOrigin: Point) -> Bool {
        let presentation = view.presentationState
        guard !view.isHidden, view.alpha > 0 || (presentation?.alpha ?? 0) > 0 else { return false }
        let frames = [view.frame] + (presentation?.frame.map { [$0] } ?? [])
        let transforms = [view.transform] + (presentation?.transform.map { [$0] } ?? [])
        for frame in frames {
            for transform in transforms where view.visualFrame(for: frame, transform: transform).offsetBy(dx: superviewOrigin.x, dy: superviewOrigin.y).intersects(region) {
                return true
            }
        }
        guard !view.subviews.isEmpty, !view.clipsToBounds else { return false }
        // Subviews of a turned or scaled view: where they go is not worked out here.
        if view.hasTransform || presentation?.transform != nil { return true }
        for frame in frames {
            let origin = superviewOrigin + frame.origin - (presentation?.boundsOrigin ?? view.boundsOrigin)
            for subview in view.subviews where mayCover(region, subview, superviewOrigin: origin) { return true }
        }
        return false
    }

    /// `rect` (in `view`'s frame coordinates) in the window, through plain (untransformed)
    /// ancestors.
    func windowRect(of rect: Rect, in view: View) -> Rect {
        var rect = rect
        var current: View = view
        while let parent = current.superview {
            rect.origin = rect.origin + current.frame.origin - parent.boundsOrigin
            current = parent
        }
        return rect
    }
}
