#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's `UIScrollView`: shows a movable window onto content larger than itself. The
/// content offset is the view's bounds origin, so subviews scroll by the ordinary coordinate
/// conversion (and hit-testing follows).
///
/// Dragging is a pan recognizer on the scroll view (`panGestureRecognizer`); zooming a pinch
/// (`pinchGestureRecognizer`, present while `maximumZoomScale > minimumZoomScale`). Touches on
/// content follow UIKit's rules: `delaysContentTouches`, `canCancelContentTouches`,
/// `touchesShouldBegin(_:with:in:)` and `touchesShouldCancel(in:)`. Deceleration, bounce and
/// animated offsets run on the application's display link.
@MainActor
open class ScrollView: View {
    /// How long content waits for its touch while the scroll view looks for a drag (UIKit: 150 ms).
    public static let contentTouchDelay: TimeInterval = 0.15

    /// UIKit's `UIScrollView.DecelerationRate.normal`: velocity multiplied by 0.998 per millisecond.
    public static let normalDecelerationRate = 0.998
    /// UIKit's `.fast`: 0.99 per millisecond.
    public static let fastDecelerationRate = 0.99
    /// How fast content dragged past an edge returns to it, and a page snaps into place: 0.99 per millisecond, UIKit's fast
    /// rate (its bounce-back takes about half a second).
    static let bounceBackRate = 0.99
    /// A deceleration ends when less than half a point is left to travel (sub-pixel at 1x).
    static let restingDistance = 0.5
    /// A lifted finger moving slower than this does not fling (UIKit-like; Bezel's choice of
    /// 50 pt/s, Flutter's kMinFlingVelocity): the content stays where it was left.
    static let minimumFlingSpeed = 50.0
    /// Animated `setContentOffset` takes 0.3 s with an ease-out, UIKit's observed duration.
    static let animatedScrollDuration: TimeInterval = 0.3
    /// Shortest scroll indicator, UIKit's observed 36 pt.
    static let minimumIndicatorLength = 36.0
    /// UIKit's default indicator style: dark on light content, light on dark.
    public static let defaultIndicatorColor = Color(light: Color.black.withAlpha(0.35), dark: Color.white.withAlpha(0.35))

    public weak var delegate: (any ScrollViewDelegate)?

    /// The size of the scrollable content.
    public var contentSize: Size = .zero {
        didSet { contentSize = Size(width: max(0, contentSize.width.isFinite ? contentSize.width : 0),
                                    height: max(0, contentSize.height.isFinite ? contentSize.height : 0)) }
    }
    /// Extra scrollable space around the content.
    public var contentInset: EdgeInsets = .zero
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// Stops on multiples of the scroll view's size.
    public var isPagingEnabled = false
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Once a drag is clearly horizontal or vertical, it stays on that axis.
    public var isDirectionalLockEnabled = false
    /// Velocity kept per millisecond while decelerating (0 < rate < 1).
    public var decelerationRate: Double = ScrollView.normalDecelerationRate {
        didSet {
            if !(decelerationRate > 0 && decelerationRate < 1) {
                Diagnostics.report(.apiMisuse, "decelerationRate \(decelerationRate) is outside (0, 1); using the normal rate")
                decelerationRate = ScrollView.normalDecelerationRate
            }
        }
    }
    /// Content gets its touches only after `contentTouchDelay`, if no drag started by then (UIKit default true).
    public var delaysContentTouches = true {
        didSet { contentTouchDelayer.delaysTouchesBegan = delaysContentTouches }
    }
    /// Whether a drag may take touches away from content that already has them (UIKit default true);
    /// `touchesShouldCancel(in:)` decides per view.
    public var canCancelContentTouches = true
    /// The documented option list-like screens want (UITableView behaves this way): a drag that
    /// starts on a control already tracking a touch scrolls and cancels the control. Default
    /// false, UIKit's `UIScrollView` default: controls keep their touch.
    public var scrollingCancelsControlTouches = false

    /// A pull-to-refresh control shown above the content (UIKit's `refreshControl`).
    public var refreshControl: RefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let refreshControl {
                insertSubview(refreshControl, at: 0)
                refreshControl.scrollViewDidScroll(self)
                alwaysBounceVertical = true
            }
        }
    }

    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true

    // Indicators show while any of these is true: a change redraws them.
    public internal(set) var isDragging = false { didSet { if isDragging != oldValue { indicatorsChanged() } } }
    public internal(set) var isDecelerating = false { didSet { if isDecelerating != oldValue { indicatorsChanged() } } }
    public internal(set) var isZooming = false { didSet { if isZooming != oldValue { indicatorsChanged() } } }
    /// True while an animation started by `setContentOffset(_:animated:)` runs.
    public internal(set) var isScrollAnimating = false { didSet { if isScrollAnimating != oldValue { indicatorsChanged() } } }

    public var minimumZoomScale: Double = 1 { didSet { updateZoomRecognizer() } }
    public var maximumZoomScale: Double = 1 { didSet { updateZoomRecognizer() } }
    public internal(set) var zoomScale: Double = 1

    /// The drag recognizer (attached to the scroll view).
    public private(set) lazy var panGestureRecognizer: PanGestureRecognizer = ScrollViewPanGestureRecognizer(scrollView: self)
    /// The zoom recognizer, present while `maximumZoomScale > minimumZoomScale`.
    public internal(set) var pinchGestureRecognizer: PinchGestureRecognizer?
    private(set) lazy var contentTouchDelayer = ContentTouchDelayer(scrollView: self)

    // MARK: State of gestures and animations (used by the extensions)

    var dragStartOffset = Point.zero
    /// Where a running deceleration or animated scroll goes, and where the animation started.
    var animationTarget = Point.zero
    var animationStart = Point.zero
    var lockedAxis: Axis?
    var animation: DisplayLink.Subscription?
    var zoomStartScale: Double = 1
    var zoomBaseSize = Size.zero
    var indicatorsFlashing = false { didSet { if indicatorsFlashing != oldValue { indicatorsChanged() } } }

    enum Axis { case horizontal, vertical }

    // MARK: Scrolling on a display plane (ScrollView+Plane.swift)

    /// Set by the runtime: whether a display plane shows the content (from the next frame).
    /// While one does, an offset change moves the plane's source rectangle and damages
    /// nothing; damage inside the content is recorded for the plane (`takePlaneDamage`), in
    /// content coordinates. Leaving the plane redraws the scroll view in the UI in that frame.
    public var isOnPlane = false { didSet { if isOnPlane != oldValue { planeStateChanged() } } }
    /// Content damage since the plane's last update (content coordinates, not clipped to the
    /// bounds: a row changed out of sight is stale in the plane's buffers too).
    var planeDamage: [Rect] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        // The delayer is first: it sees each touch before the pan does.
        contentTouchDelayer.delaysTouchesBegan = delaysContentTouches
        addGestureRecognizer(contentTouchDelayer)
        panGestureRecognizer.addAction { [unowned self] recognizer in
            self.handlePan(recognizer as! PanGestureRecognizer)
        }
        addGestureRecognizer(panGestureRecognizer)
    }

    // MARK: Offsets

    /// The point of the content shown at the scroll view's top-left corner (its bounds origin).
    public var contentOffset: Point {
        get { boundsOrigin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content; animated moves take 0.3 s and end with
    /// `scrollViewDidEndScrollingAnimation`. Non-finite offsets are refused.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else {
            Diagnostics.report(.apiMisuse, "setContentOffset(\(offset)): not finite; ignored")
            return
        }
        stopAnimation()
        if animated {
            animateOffset(to: offset)
        } else {
            applyOffset(offset)
        }
    }

    /// Scrolls the least distance that shows `rect` (content coordinates; as much of it as
    /// fits), animated like `setContentOffset(_:animated:)`.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else {
            Diagnostics.report(.apiMisuse, "scrollRectToVisible(\(rect)): not finite; ignored")
            return
        }
        var offset = contentOffset
        func axis(_ lo: Double, _ hi: Double, _ start: Double, _ length: Double) -> Double {
            if lo < start || hi - lo > length { return lo }
            if hi > start + length { return hi - length }
            return start
        }
        offset.x = axis(r.minX, r.maxX, offset.x, bounds.width)
        offset.y = axis(r.minY, r.maxY, offset.y, bounds.height)
        setContentOffset(clamped(offset), animated: animated)
    }

    /// Sets the offset and tells the delegate.
    func applyOffset(_ offset: Point) {
        guard offset != boundsOrigin else { return }
        setBoundsOrigin(movingPixels: offset)
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// The offset moved (before the delegate hears of it): a table lays out its rows, the
    /// refresh control follows the pull.
    func contentOffsetDidChange() {
        refreshControl?.scrollViewDidScroll(self)
    }

    /// The smallest offset: the insets let the content move that far beyond its origin.
    public var minimumContentOffset: Point {
        Point(x: -contentInset.left, y: -contentInset.top)
    }

    /// The largest offset that still shows content (never below the minimum).
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
                     y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    var canScrollHorizontally: Bool {
        isScrollEnabled && (maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal)
    }

    var canScrollVertically: Bool {
        isScrollEnabled && (maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical)
    }

    /// Whether touches in `view` (content of this scroll view) skip `delaysContentTouches`:
    /// a table's section index answers a finger at once, as UIKit's does.
    func receivesTouchesWithoutDelay(_ view: View) -> Bool { false }

    func clamped(_ offset: Point) -> Point {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return Point(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
    }

    // MARK: Touches of content

    /// Asked before content gets touches; false keeps them from `view` (UIKit default true).
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
        true
    }

    /// Asked when a drag starts on content that already has the touch; true lets the scroll
    /// view take it (the content gets touchesCancelled). UIKit's default: false for controls,
    /// true for other views; `scrollingCancelsControlTouches` makes it true for controls too.
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control) || scrollingCancelsControlTouches
    }

    /// While decelerating, a touch belongs to the scroll view: it stops the scrolling and is
    /// not delivered to the content (so it cannot become a tap on a row).
    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        if isDecelerating, hit != nil { return self }
        return hit
    }

    /// For its own pan: only in a direction it can scroll (so nested scroll views route each
    /// drag by its direction), and only if it may take the touch from content that has it.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        let t = panGestureRecognizer.translation(in: self)
        let horizontal = abs(t.x) > abs(t.y)
        if horizontal ? !canScrollHorizontally : !canScrollVertically { return false }
        for touch in gestureRecognizer.trackedTouches where touch.viewDelivery == .active {
            guard let view = touch.view, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    /// A finger landed: a running deceleration or animation stops where it is.
    func fingerLanded() {
        if isDecelerating || isScrollAnimating {
            let wasDecelerating = isDecelerating
            stopAnimation()
            if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
        }
    }

    // MARK: Indicators

    /// The indicators' colour: UIKit's default style, dark grey at 35 %, visible on light and
    /// dark content alike.
    public var indicatorColor = ScrollView.defaultIndicatorColor { didSet { if indicatorColor != oldValue { indicatorsChanged() } } }

    open override func drawOverlay(_ rect: Rect, in context: any DrawingContext) {
        drawScrollIndicators(in: context)
    }

    /// Draws the indicators shown now (this view's coordinates): by `drawOverlay`, and over the
    /// content in a display plane's buffer (a plane shows the indicators, not other overlays).
    public func drawScrollIndicators(in context: any DrawingContext) {
        for frame in [verticalScrollIndicatorFrame, horizontalScrollIndicatorFrame].compactMap({ $0 }) {
            context.fillRoundedRect(frame, radius: min(frame.width, frame.height) / 2, color: indicatorColor)
        }
    }

    /// Indicators show while the content moves (and after `flashScrollIndicators()`).
    public var areScrollIndicatorsVisible: Bool {
        isDragging || isDecelerating || isScrollAnimating || isZooming || indicatorsFlashing
    }

    /// Shows the indicators for a moment (UIKit: about a second), e.g. when a screen appears.
    public func flashScrollIndicators() {
        indicatorsFlashing = true
        window?.application?.runLoop.schedule(after: 1.0) { [weak self] in self?.indicatorsFlashing = false }
    }

    /// The vertical indicator's frame in the scroll view's coordinates, nil when it is not shown.
    public var verticalScrollIndicatorFrame: Rect? {
        guard showsVerticalScrollIndicator, areScrollIndicatorsVisible, canScrollVertically else { return nil }
        let (position, length) = indicator(offset: boundsOrigin.y, minimum: minimumContentOffset.y,
                                           maximum: maximumContentOffset.y, visible: bounds.height)
        return Rect(x: onDevicePixels(boundsOrigin.x + bounds.width - 3 - 2.5), y: onDevicePixels(boundsOrigin.y + position), width: 2.5, height: length)
    }

    /// The horizontal indicator's frame in the scroll view's coordinates, nil when it is not shown.
    public var horizontalScrollIndicatorFrame: Rect? {
        guard showsHorizontalScrollIndicator, areScrollIndicatorsVisible, canScrollHorizontally else { return nil }
        let (position, length) = indicator(offset: boundsOrigin.x, minimum: minimumContentOffset.x,
                                           maximum: maximumContentOffset.x, visible: bounds.width)
        return Rect(x: onDevicePixels(boundsOrigin.x + position), y: onDevicePixels(boundsOrigin.y + bounds.height - 3 - 2.5), width: length, height: 2.5)
    }

    /// An indicator's origin on the nearest device pixel (it moves by at most half a pixel):
    /// there its pill comes from the drawing context's shape cache, not cairo's path filler,
    /// which a moving indicator went through every frame (~20 K instructions a call,
    /// callgrind, 15 % of M9_plane's frame).
    private func onDevicePixels(_ value: Double) -> Double {
        let scale = window?.screenScale ?? 1
        return (value * scale).rounded() / scale
    }

    /// Position and length along the track: proportional to the visible fraction, shortened
    /// when the content is dragged past an edge, never shorter than 36 pt.
    private func indicator(offset: Double, minimum: Double, maximum: Double, visible: Double) -> (Double, Double) {
        let track = max(0, visible - 6)
        let total = maximum - minimum + visible
        guard total > 0, track > 0 else { return (0, 0) }
        var length = track * visible / total
        let overshoot = offset < minimum ? minimum - offset : offset > maximum ? offset - maximum : 0
        length = max(min(Self.minimumIndicatorLength, track), length - overshoot)
        let progress = maximum > minimum ? min(1, max(0, (offset - minimum) / (maximum - minimum))) : 0
        return (3 + (track - length) * progress, length)
    }
}
