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
        context.saveState()
        context.clip(to: dirty)
        draw(window, in: context, dirty: dirty, isRoot: true)
        context.restoreState()
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

    private static func draw(_ view: View, in context: any DrawingContext, dirty: Rect, isRoot: Bool) {
        // `dirty` is in the superview's coordinate space (the window's own for the root).
        guard !view.isHidden, view.alpha > 0 else { return }
        let visual = isRoot ? view.bounds : view.visualFrame(for: view.frame, transform: view.transform)
        if view.clipsToBounds || view.subviews.isEmpty, !visual.intersects(dirty) { return }
        context.saveState()
        let bounds = view.bounds
        let local: Rect
        if isRoot {
            local = dirty
        } else if view.hasTransform {
            // Into the view's space: to its centre, through its transform, back from its bounds' centre.
            context.translate(by: view.frame.center)
            context.concatenate(view.transform)
            context.translate(by: Point(x: -(view.boundsOrigin.x + bounds.width / 2), y: -(view.boundsOrigin.y + bounds.height / 2)))
            local = view.convert(dirty, from: view.superview)
        } else {
            context.translate(by: view.frame.origin - view.boundsOrigin)
            local = Rect(origin: dirty.origin - view.frame.origin + view.boundsOrigin, size: dirty.size)
        }
        let grouped = view.alpha < 1
        if grouped { context.beginGroup() }
        if let background = view.backgroundColor, background.alpha > 0 {
            if view.cornerRadius > 0 {
                context.fillRoundedRect(bounds, radius: view.cornerRadius, color: background)
            } else {
                context.fill(bounds, color: background)
            }
        }
        view.draw(local.intersection(bounds), in: context)
        if !view.subviews.isEmpty {
            context.saveState()
            if view.clipsToBounds { context.clip(to: bounds) }
            for subview in view.subviews {
                draw(subview, in: context, dirty: local, isRoot: false)
            }
            context.restoreState()
        }
        view.drawOverlay(local.intersection(bounds), in: context)
        if view.borderWidth > 0, view.borderColor.alpha > 0 {
            context.strokeRoundedRect(bounds, radius: view.cornerRadius, lineWidth: view.borderWidth, color: view.borderColor)
        }
        if grouped { context.endGroup(alpha: view.alpha) }
        context.restoreState()
    }
}
