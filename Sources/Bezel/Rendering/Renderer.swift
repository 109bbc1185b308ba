/// Draws a window's view tree through a `DrawingContext`: where a frame is drawn.
///
/// Back to front, each view: its background (rounded by `cornerRadius`), its own `draw`, its
/// subviews (cut to its bounds with `clipsToBounds`), then its border on top; a view with
/// `alpha` < 1 is drawn as one group composited at that opacity. Hidden and fully transparent
/// views are skipped with their subviews. Only `dirty` is drawn (the caller clips to it);
/// views whose area misses it are skipped.
@MainActor
public enum Renderer {
    /// Draws the window's tree, clipped to `dirty` (window coordinates).
    public static func render(_ window: Window, in context: any DrawingContext, dirty: Rect) {
        if let index = backdropIndex(in: window), let capture = backdrop(of: window, below: index, in: context) {
            // A presentation moving over an unchanged screen: what lies under it is one
            // recorded layer, painted back instead of drawing those views again each frame.
            context.saveState()
            context.clip(to: dirty)
            context.drawCapture(capture)
            context.userInterfaceStyle = window.resolvedStyle
            for subview in window.subviews[index...] { draw(subview, in: context, dirty: dirty, isRoot: false, style: window.resolvedStyle) }
            context.restoreState()
            return
        }
        context.saveState()
        context.clip(to: dirty)
        context.userInterfaceStyle = window.resolvedStyle
        draw(window, in: context, dirty: dirty, isRoot: true, style: window.resolvedStyle)
        context.restoreState()
    }

    /// Draws what a display plane shows of a scroll view (`ScrollPlaneContent`): its
    /// background, its own drawing and its subviews in `dirty` (its bounds coordinates, which
    /// may lie outside its bounds: content out of sight), without what goes over the content
    /// (indicators, border). The context maps the scroll view's bounds coordinates.
    public static func renderContent(of view: View, in context: any DrawingContext, dirty: Rect) {
        context.saveState()
        context.clip(to: dirty)
        let style = view.resolvedStyle
        context.userInterfaceStyle = style
        // The background where no opaque row covers it (OpaqueCover, as `draw` does): a plane's
        // lookahead rows are drawn in bands of whole rows, which an opaque cell covers from
        // edge to edge (M9_plane: the fill under them was 15.5 M of 391 M instructions).
        if let background = view.backgroundColor, background.alpha > 0 { fill(dirty, of: view, with: background, coveredWithin: dirty, in: context) }
        view.draw(dirty, in: context)
        for subview in view.subviews { draw(subview, in: context, dirty: dirty, isRoot: false, style: style) }
        context.restoreState()
    }

    /// `view`'s background over `rect`, less what its descendants paint opaquely within `area`
    /// (OpaqueCover: those pixels would be drawn over anyway).
    private static func fill(_ rect: Rect, of view: View, with background: Color, coveredWithin area: Rect, in context: any DrawingContext) {
        let covered = background.isDynamic || background.alpha >= 1 ? OpaqueCover.rects(of: view, within: area) : []
        if covered.isEmpty { context.fill(rect, color: background) } else { context.fill(rect, color: background, excluding: covered) }
    }

    /// The index of the frontmost subview of the window asking for a backdrop (a presentation
    /// in transition), when the window itself is drawn plainly.
    private static func backdropIndex(in window: Window) -> Int? {
        guard window.presentationState == nil, window.alpha >= 1, !window.hasTransform else { return nil }
        var i = window.subviews.count - 1
        while i >= 0 {
            if window.subviews[i].wantsBackdropCapture { return i }
            i -= 1
        }
        return nil
    }

    /// The window's background and its subviews below `index`, recorded once over the whole
    /// window (kept on the view asking for it until it stops asking).
    private static func backdrop(of window: Window, below index: Int, in context: any DrawingContext) -> DrawingCapture? {
        let owner = window.subviews[index]
        if let capture = owner.backdropCapture { return capture }
        context.saveState()
        context.clip(to: window.bounds)
        context.beginCapture()
        context.userInterfaceStyle = window.resolvedStyle
        if let background = window.backgroundColor, background.alpha > 0 { context.fill(window.bounds, color: background) }
        window.draw(window.bounds, in: context)
        for subview in window.subviews[..<index] { draw(subview, in: context, dirty: window.bounds, isRoot: false, style: window.resolvedStyle) }
        let capture = context.endCapture()
        context.restoreState()
        owner.backdropCapture = capture
        return capture
    }

    /// Whether the window, or a visible full-size view at the bottom of it, paints every pixel
    /// opaquely: then the display need not clear damaged areas first (one fewer full fill).
    public static func isCoveredByOpaqueBackground(_ window: Window) -> Bool {
        var view: View? = window
        while let v = view, !v.isHidden, v.alpha >= 1 {
            if let color = v.backgroundColor, color.alpha >= 1, v.cornerRadius == 0 { return true }
            guard let first = v.subviews.first, first.frame.contains(v.bounds) else { return false }
            view = first
        }
        return false
    }

    /// Subviews are cut to the view's bounds, rounded by its corner radius as UIKit's
    /// `masksToBounds` rounds them (a highlighted button in an alert's rounded corner): the
    /// rounded outline and its four corner squares, nil without a radius.
    private static func roundedCorners(of view: View, bounds: Rect) -> (path: Path, squares: [Rect])? {
        let radius = min(view.cornerRadius, bounds.width / 2, bounds.height / 2)
        guard radius > 0 else { return nil }
        var rounded = Path()
        rounded.addRoundedRect(bounds, cornerRadius: radius)
        return (rounded, [Rect(x: bounds.minX, y: bounds.minY, width: radius, height: radius),
                          Rect(x: bounds.maxX - radius, y: bounds.minY, width: radius, height: radius),
                          Rect(x: bounds.minX, y: bounds.maxY - radius, width: radius, height: radius),
                          Rect(x: bounds.maxX - radius, y: bounds.maxY - radius, width: radius, height: radius)])
    }

    private static func reachesCorner(_ subview: View, _ corners: [Rect]) -> Bool {
        let reach = subview.visualFrame(for: subview.frame, transform: subview.transform)
        return corners.contains { reach.intersects($0) }
    }

    /// `style`: the style the context resolves colours with when the view is reached (its
    /// superview's). Set only where a view's differs, and put back after it: one property
    /// set per view through the protocol was 155,000 instructions of bezel-bench's M1+M2 run
    /// (callgrind), for nothing in a tree of one style.
    private static func draw(_ view: View, in context: any DrawingContext, dirty: Rect, isRoot: Bool, style: UserInterfaceStyle) {
        // `dirty` is in the superview's coordinate space (the window's own for the root).
        guard !view.isHidden else { return }
        if view.depth > View.maximumDepth { return view.reportTooDeep("drawing") }
        // Culled first, from the model frame, before anything else is read: of a screen of 500
        // buttons, 499 miss one button's damage, and the full set-up below cost ~460
        // instructions each (callgrind, bezel-bench M2_500).
        if !isRoot, view.presentationState == nil, view.clipsToBounds || view.subviews.isEmpty,
           !view.visualFrame(for: view.frame, transform: view.transform).intersects(dirty) { return }
        // The model values, or what an animation shows (Animation/PresentationState.swift).
        var frame = view.frame, boundsOrigin = view.boundsOrigin, alpha = view.alpha
        var transform = view.transform, hasTransform = view.hasTransform, background = view.backgroundColor
        var resized = false
        if let presented = view.presentationState, !isRoot {
            frame = presented.frame ?? frame
            boundsOrigin = presented.boundsOrigin ?? boundsOrigin
            alpha = presented.alpha ?? alpha
            if let t = presented.transform {
                transform = t
                hasTransform = !t.isIdentity
            }
            background = presented.backgroundColor ?? background
            resized = frame.size != view.frame.size
        }
        // What the view shows of its background in its state (a pressed button's darkened one).
        if let shown = background { background = view.backgroundColorToDraw(shown) }
        guard alpha > 0 else { return }
        let visual = isRoot ? view.bounds : view.visualFrame(for: frame, transform: transform)
        let drawsInDirty = visual.intersects(dirty)
        if view.clipsToBounds || view.subviews.isEmpty, !drawsInDirty { return }
        // A view that does not clip and lies outside `dirty` is walked for its subviews only
        // (they may reach beyond it): its own shadow, background, drawing, overlay and border
        // would all be clipped away. A plane's band of rows ahead missed most of a table's
        // cells, and each still filled its background and drew its separator under the clip
        // (M9_plane, callgrind: 1,234 overlays for 85 bands). Not in a group (alpha < 1),
        // which is made as it always is.
        let ownDrawing = drawsInDirty || isRoot || alpha < 1
        context.saveState()
        let ownStyle = view.resolvedStyle
        if ownStyle != style { context.userInterfaceStyle = ownStyle }
        defer { if ownStyle != style { context.userInterfaceStyle = style } }
        let bounds = Rect(origin: boundsOrigin, size: frame.size)
        let local: Rect
        if isRoot {
            local = dirty
        } else if hasTransform {
            // Into the view's space: to its centre, through its transform, back from its bounds' centre.
            context.translate(by: frame.center)
            context.concatenate(transform)
            context.translate(by: Point(x: -(boundsOrigin.x + bounds.width / 2), y: -(boundsOrigin.y + bounds.height / 2)))
            let inverse = transform.inverted() ?? .identity
            let aboutCenter = AffineTransform(translationX: -frame.center.x, y: -frame.center.y).concatenating(inverse)
                .concatenating(AffineTransform(translationX: boundsOrigin.x + bounds.width / 2, y: boundsOrigin.y + bounds.height / 2))
            local = aboutCenter.boundingBox(of: dirty)
        } else {
            context.translate(by: frame.origin - boundsOrigin)
            local = Rect(origin: dirty.origin - frame.origin + boundsOrigin, size: dirty.size)
        }
        let grouped = alpha < 1
        if grouped {
            // A group is an offscreen layer as large as the clip: a view that clips to its
            // bounds needs no more than them (an alert fading in: its box, not the screen).
            if view.clipsToBounds { context.clip(to: bounds) }
            context.beginGroup()
        }
        // A layer shadow under everything the view draws (clipped away by its own
        // clipsToBounds, as Core Animation's masksToBounds does).
        if ownDrawing, let shadow = view.layerShadow, shadow.opacity > 0, !view.clipsToBounds {
            view.drawLayerShadow(shadow, bounds: bounds, in: context)
        }
        if ownDrawing, let background, background.alpha > 0 {
            if view.cornerRadius > 0 {
                context.fillRoundedRect(bounds, radius: view.cornerRadius, color: background)
            } else {
                fill(bounds, of: view, with: background, coveredWithin: bounds.intersection(local), in: context)
            }
        }
        let modelSize = view.frame.size
        if !ownDrawing {
            // Nothing of its own in `dirty` (above).
        } else if !resized {
            if view.clipsToBounds, view.cornerRadius > 0 {
                // Its own content rounded too (an image view with rounded corners).
                context.saveState()
                var rounded = Path()
                rounded.addRoundedRect(bounds, cornerRadius: min(view.cornerRadius, bounds.width / 2, bounds.height / 2))
                context.clip(to: rounded, rule: .winding)
                view.draw(local.intersection(bounds), in: context)
                context.restoreState()
            } else {
                view.draw(local.intersection(bounds), in: context)
            }
        } else if modelSize.width > 0, modelSize.height > 0 {
            // A size on its way to the model's: the content, drawn at the model size, is
            // stretched to the shown size (a layer's contents under UIKit's default scaleToFill);
            // the background, the border and the subviews use the shown bounds.
            let sx = frame.width / modelSize.width, sy = frame.height / modelSize.height
            context.saveState()
            context.translate(by: boundsOrigin)
            context.concatenate(AffineTransform(scaleX: sx, y: sy))
            context.translate(by: Point(x: -boundsOrigin.x, y: -boundsOrigin.y))
            view.draw(Rect(origin: boundsOrigin, size: modelSize), in: context)
            context.restoreState()
        }
        if !view.subviews.isEmpty {
            context.saveState()
            if view.clipsToBounds { context.clip(to: bounds) }
            let corners = view.clipsToBounds ? roundedCorners(of: view, bounds: bounds) : nil
            for subview in view.subviews {
                if let corners, reachesCorner(subview, corners.squares) {
                    // Only a subview in a rounded corner is drawn under the rounded clip (cairo
                    // masks everything drawn under a path clip: the rest keeps the cheap one).
                    context.saveState()
                    context.clip(to: corners.path, rule: .winding)
                    draw(subview, in: context, dirty: local, isRoot: false, style: ownStyle)
                    context.restoreState()
                } else {
                    draw(subview, in: context, dirty: local, isRoot: false, style: ownStyle)
                }
            }
            context.restoreState()
        }
        if ownDrawing { view.drawOverlay(local.intersection(bounds), in: context) }
        if ownDrawing, view.borderWidth > 0, view.borderColor.alpha > 0 {
            context.strokeRoundedRect(bounds, radius: view.cornerRadius, lineWidth: view.borderWidth, color: view.borderColor)
        }
        if grouped { context.endGroup(alpha: alpha) }
        context.restoreState()
    }
}
