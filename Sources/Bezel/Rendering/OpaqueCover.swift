/// Where a view's background need not be filled: the parts of it that views drawn later (its
/// descendants) paint over with opaque colour anyway (issue 17: occlusion). Filling them
/// first was pure memory traffic: in the standard scene at 1920x1080 the header and the buttons
/// cover 52 % of the root's background, whose fill wrote 8.3 MB a full frame.
///
/// A descendant counts only when what it paints there is certain to be opaque and where the
/// model says: visible, fully opaque (`alpha` 1, an opaque background colour in every style),
/// untransformed, not animating, not too deep to draw, and not under a rounded clip. A rounded
/// background counts without the bands that hold its corners. The pixels are exactly those of
/// filling first: an opaque pixel drawn over anything is that pixel (the backend leaves out
/// only the device pixels a rectangle covers whole).
@MainActor
enum OpaqueCover {
    /// At most this many rectangles: past it, the rest is filled.
    static let maximumRects = 64
    /// A container's subviews are searched only when the area still to fill inside it is at
    /// least this many square points per subview: looking costs ~30 instructions a subview,
    /// leaving out a pixel saves about one (callgrind). It keeps one of 500 small buttons'
    /// redraw (M2_500) from walking the other 499.
    static let minimumAreaPerSubview = 64.0
    /// Levels of descendants searched (a background under a container under a button).
    static let maximumLevels = 3

    /// The rectangles, in `view`'s bounds coordinates (those of its subviews' frames), that
    /// its descendants paint opaquely within `area`; empty when none.
    static func rects(of view: View, within area: Rect) -> [Rect] {
        guard !view.subviews.isEmpty, !area.isEmpty, view.depth + maximumLevels <= View.maximumDepth else { return [] }
        var rects: [Rect] = []
        collect(view.subviews, offset: .zero, clip: area, level: 1, into: &rects)
        return rects
    }

    private static func collect(_ subviews: [View], offset: Point, clip: Rect, level: Int, into rects: inout [Rect]) {
        guard clip.width * clip.height >= minimumAreaPerSubview * Double(subviews.count) else { return }
        for subview in subviews where rects.count < maximumRects {
            guard !subview.isHidden, subview.alpha >= 1, subview.presentationState == nil, !subview.hasTransform else { continue }
            let frame = Rect(origin: subview.frame.origin + offset, size: subview.frame.size)
            let visible = frame.intersection(clip)
            guard !visible.isEmpty else { continue }
            if let background = subview.backgroundColor, isOpaque(background) {
                let radius = min(max(0, subview.cornerRadius), frame.width / 2, frame.height / 2)
                if radius > 0 {
                    // The rounded shape without its corners: the larger of its two bands between
                    // them (one rectangle, not the cross of both: each more one splits the
                    // background into more boxes, ~3 K instructions more than it saves in M2).
                    let band = frame.width >= frame.height ? frame.insetBy(dx: 0, dy: radius) : frame.insetBy(dx: radius, dy: 0)
                    let inside = band.intersection(clip)
                    if !inside.isEmpty { rects.append(inside) }
                } else {
                    rects.append(visible)
                }
            }
            // Its subviews, drawn in place after it: cut to it when it clips, not searched under
            // a rounded clip (its subviews' corners are masked).
            guard level < maximumLevels, !subview.subviews.isEmpty, !(subview.clipsToBounds && subview.cornerRadius > 0) else { continue }
            collect(subview.subviews, offset: frame.origin - subview.boundsOrigin,
                    clip: subview.clipsToBounds ? visible : clip, level: level + 1, into: &rects)
        }
    }

    /// Opaque in whichever style it is drawn in.
    private static func isOpaque(_ color: Color) -> Bool {
        guard color.isDynamic else { return color.alpha >= 1 }
        return color.resolved(in: .light).alpha >= 1 && color.resolved(in: .dark).alpha >= 1
    }
}
