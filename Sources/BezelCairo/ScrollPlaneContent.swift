import Bezel

/// What a display plane scrolling a scroll view shows (issue 35, item 4): the content drawn
/// into buffers larger than the scroll view along the axes it scrolls, so that a scroll is a
/// move of the plane's source rectangle and the CPU draws only what is newly exposed and what
/// changed.
///
/// Three buffers of the same size: the content `shadow`, in cached memory, where everything
/// is drawn (the UI's frames are drawn the same way, into a cache: scanout memory may be
/// write-combined, slow to read), and the two buffers the plane shows in turn (`update` is
/// given the hidden one). A buffer is brought up to date by copying from the shadow what
/// changed since it was last shown, then the indicators are drawn over it (they are drawn over
/// the content, so they live only in the scanout buffers, never in the shadow).
///
/// The buffers cover the content from `origin`; when the visible rectangle would leave them,
/// the shadow is moved (its pixels shifted, one memmove of the visible rows) so that the
/// visible rectangle sits at the start in the direction of travel, leaving the margin ahead;
/// each scanout buffer then takes the visible rows once. Amortised over a fling that is a
/// small fraction of a row copy a frame (M9_plane).
@MainActor
public final class ScrollPlaneContent {
    public let scrollView: ScrollView
    /// Device pixels a point.
    public let scale: Double
    /// The buffers' size in pixels.
    public let width: Int
    public let height: Int
    /// The scroll view's size in pixels (the plane's source rectangle).
    public let viewWidth: Int
    public let viewHeight: Int
    /// The axes the buffers extend along (those the scroll view scrolls).
    private let alongX: Bool
    private let alongY: Bool
    /// Bezel's budget for one scroll view's three buffers: 24 MiB, a 1280x800 list with a
    /// viewport of margin in XRGB8888 (a Pi 4's default CMA pool is 256-512 MiB; scanout
    /// buffers come from it).
    public static let memoryBudget = 24 << 20

    private let shadow: ImageBuffer
    private let shadowContext: CairoDrawingContext
    /// The content point at pixel (0, 0) of the shadow (whole device pixels).
    private var origin: Point
    /// The content the shadow holds, as of the last update (content coordinates).
    private var shadowValid: Rect?
    /// The visible rectangle at the last update (content coordinates).
    private var lastVisible: Rect?

    /// What a scanout buffer holds: drawn with the shadow at `origin`, up to date in `valid`
    /// except for `stale` (content drawn into the shadow since), with the indicators at `indicators`.
    private struct ScanoutState {
        /// Weak: a buffer the plane let go of is forgotten (and its address never mistaken
        /// for a new buffer's).
        weak var buffer: ImageBuffer?
        var origin: Point
        var valid: Rect
        var stale: [Rect] = []
        var indicators: [Rect] = []
    }
    private var scanout: [ScanoutState] = []
    /// Drawing contexts of the two scanout buffers (for the indicators).
    private var scanoutContext: (buffer: ImageBuffer, context: CairoDrawingContext)?
    private var otherScanoutContext: (buffer: ImageBuffer, context: CairoDrawingContext)?
    /// The indicators the last update drew, and their colour.
    private var lastIndicators: [Rect] = []
    private var lastIndicatorColor: Color?

    /// Pixels drawn into the shadow and copied into scanout buffers (the figures' counters).
    public private(set) var drawnPixels = 0
    public private(set) var copiedPixels = 0
    /// Times the shadow moved to keep the visible rectangle inside it.
    public private(set) var rebases = 0

    /// Buffers for `scrollView` at its current size: one viewport of margin along each axis it
    /// scrolls, less if `memoryBudget` is short (never under a quarter viewport: nil then).
    public init?(scrollView: ScrollView, scale: Double) {
        let viewWidth = Int((scrollView.bounds.width * scale).rounded()), viewHeight = Int((scrollView.bounds.height * scale).rounded())
        guard viewWidth > 0, viewHeight > 0 else { return nil }
        let size = scrollView.contentSize
        let alongX = scrollView.bounds.width < size.width || scrollView.alwaysBounceHorizontal
        let alongY = scrollView.bounds.height < size.height || scrollView.alwaysBounceVertical || !alongX
        var marginX = alongX ? viewWidth : 0, marginY = alongY ? viewHeight : 0
        func bytes() -> Int { 3 * 4 * (viewWidth + marginX) * (viewHeight + marginY) }
        while bytes() > Self.memoryBudget, marginX > viewWidth / 4 || marginY > viewHeight / 4 {
            marginX = marginX > viewWidth / 4 ? marginX * 3 / 4 : marginX
            marginY = marginY > viewHeight / 4 ? marginY * 3 / 4 : marginY
        }
        guard bytes() <= Self.memoryBudget, marginX >= viewWidth / 4 || marginY >= viewHeight / 4,
              let shadow = try? ImageBuffer(width: viewWidth + marginX, height: viewHeight + marginY),
              let context = try? CairoDrawingContext(target: shadow) else { return nil }
        self.scrollView = scrollView
        self.scale = scale
        self.alongX = alongX
        self.alongY = alongY
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        width = viewWidth + marginX
        height = viewHeight + marginY
        self.shadow = shadow
        shadowContext = context
        origin = scrollView.bounds.origin
    }

    /// The buffers' extent in content coordinates.
    private func extent(at origin: Point) -> Rect {
        Rect(origin: origin, size: Size(width: Double(width) / scale, height: Double(height) / scale))
    }

    /// Whether the scroll view still fits these buffers: its size unchanged, its offset on
    /// whole device pixels (a plane's source rectangle starts on a pixel).
    public var fitsScrollView: Bool {
        let b = scrollView.bounds
        func whole(_ v: Double) -> Bool { (v * scale).rounded() == v * scale }
        return Int((b.width * scale).rounded()) == viewWidth && Int((b.height * scale).rounded()) == viewHeight && whole(b.minX) && whole(b.minY)
    }

    /// Whether the plane's picture would change: content damage, a scroll, or indicators moved.
    public var needsUpdate: Bool {
        scrollView.hasPlaneDamage || scrollView.bounds != lastVisible
            || indicatorFrames != lastIndicators || (lastIndicatorColor != nil && lastIndicatorColor != scrollView.indicatorColor)
    }

    private var indicatorFrames: [Rect] {
        [scrollView.verticalScrollIndicatorFrame, scrollView.horizontalScrollIndicatorFrame].compactMap { $0 }
    }

    /// Brings `buffer` (a scanout buffer of this size, about to be shown) up to date with the
    /// scroll view as it is now; returns the source rectangle's origin in it (pixels).
    public func update(_ buffer: ImageBuffer) -> (x: Int, y: Int) {
        let visible = scrollView.bounds
        let damage = scrollView.takePlaneDamage()
        if !extent(at: origin).contains(visible) { moveShadow(toShow: visible) }
        // The shadow holds the visible content and up to `planeLookahead` around it (a table
        // lays out cells there): once the visible rectangle reaches beyond what it holds, the
        // content around it is drawn, whole rows every few frames rather than a clipped strip
        // in each. Damage is drawn where it is held; content further out is not kept.
        let lookahead = ScrollView.planeLookahead
        let around = visible.insetBy(dx: alongX ? -lookahead : 0, dy: alongY ? -lookahead : 0).intersection(extent(at: origin))
        let kept = shadowValid.map { $0.intersection(around) } ?? .zero
        let held = kept.contains(visible) ? kept : around
        var drawn = damage.compactMap { r -> Rect? in
            let seen = pixelAligned(r.intersection(held))
            return seen.isEmpty ? nil : seen
        }
        if held != kept { drawn += kept.isEmpty ? [held] : held.subtracting(kept) }
        drawn = Self.merged(drawn)
        for rect in drawn { drawContent(rect) }
        shadowValid = held
        lastVisible = visible
        scanout.removeAll { $0.buffer == nil }
        for i in scanout.indices { scanout[i].stale += drawn }
        // The scanout buffer: what it lacks, copied from the shadow.
        var copies: [Rect]
        if let index = scanout.firstIndex(where: { $0.buffer === buffer }), case let state = scanout.remove(at: index), state.origin == origin {
            copies = visible.subtracting(state.valid) + state.stale.map { $0.intersection(visible) } + state.indicators.map { $0.intersection(visible) }
        } else {
            copies = [visible]
        }
        copies = Self.merged(copies.filter { !$0.isEmpty })
        let pixels = copies.map(toPixels)
        shadow.copy(pixels, to: buffer)
        copiedPixels += pixels.reduce(0) { $0 + Int($1.area) }
        // The indicators over it.
        let indicators = indicatorFrames.map { $0.insetBy(dx: -1, dy: -1) }
        if !indicators.isEmpty, let context = context(for: buffer) {
            context.saveState()
            if scale != 1 { context.concatenate(AffineTransform(scaleX: scale, y: scale)) }
            context.translate(by: Point(x: -origin.x, y: -origin.y))
            context.clip(to: visible)
            scrollView.drawScrollIndicators(in: context)
            context.restoreState()
        }
        scanout.append(ScanoutState(buffer: buffer, origin: origin, valid: visible, indicators: indicators))
        // Two buffers take turns on a plane; a third means the plane's buffers were replaced.
        if scanout.count > 2 { scanout.removeFirst() }
        lastIndicators = indicatorFrames
        lastIndicatorColor = scrollView.indicatorColor
        let source = toPixels(visible)
        return (Int(source.minX), Int(source.minY))
    }

    /// Forgets what the buffers hold (the plane was lost, or the scroll view is drawn anew).
    public func invalidate() {
        shadowValid = nil
        scanout.removeAll()
    }

    /// Moves the shadow so `visible` is inside it, at the start in the direction of travel.
    private func moveShadow(toShow visible: Rect) {
        let size = extent(at: .zero).size
        func axis(_ v: Double, _ length: Double, _ previous: Double?, _ span: Double) -> Double {
            guard span > length else { return v }
            guard let previous, previous != v else { return v - ((span - length) / 2 * scale).rounded(.down) / scale }
            return previous < v ? v : v + length - span
        }
        let newOrigin = Point(x: axis(visible.minX, visible.width, lastVisible?.minX, size.width),
                              y: axis(visible.minY, visible.height, lastVisible?.minY, size.height))
        let newExtent = extent(at: newOrigin)
        if let valid = shadowValid, case let kept = valid.intersection(newExtent), !kept.isEmpty {
            let from = toPixels(kept)
            let dx = Int(((origin.x - newOrigin.x) * scale).rounded()), dy = Int(((origin.y - newOrigin.y) * scale).rounded())
            shadow.shift(from.union(from.offsetBy(dx: Double(dx), dy: Double(dy))), dx: dx, dy: dy)
            copiedPixels += Int(kept.area * scale * scale)
            shadowValid = kept
        } else {
            shadowValid = nil
        }
        origin = newOrigin
        rebases += 1
    }

    /// Draws the content in `rect` (content coordinates) into the shadow.
    private func drawContent(_ rect: Rect) {
        shadowContext.saveState()
        if scale != 1 { shadowContext.concatenate(AffineTransform(scaleX: scale, y: scale)) }
        shadowContext.translate(by: Point(x: -origin.x, y: -origin.y))
        Renderer.renderContent(of: scrollView, in: shadowContext, dirty: rect)
        shadowContext.restoreState()
        drawnPixels += Int(rect.area * scale * scale)
    }

    /// `rects` with those that overlap merged where their union covers no more than both do
    /// (the bands of a vertical scroll: the exposed strip and the damage of the cell placed
    /// in it), so no pixel is drawn or copied twice; other shapes stay apart.
    static func merged(_ rects: [Rect]) -> [Rect] {
        var result: [Rect] = []
        for rect in rects {
            var rect = rect
            var i = result.count - 1
            while i >= 0 {
                let other = result[i]
                if rect.contains(other) {
                    result.remove(at: i)
                } else if other.contains(rect) {
                    rect = .zero
                    break
                } else if rect.intersects(other) || rect.insetBy(dx: -0.5, dy: -0.5).intersects(other) {
                    let union = rect.union(other)
                    if union.area <= rect.area + other.area - rect.intersection(other).area + 0.5 {
                        result.remove(at: i)
                        rect = union
                        i = result.count
                    }
                }
                i -= 1
            }
            if !rect.isEmpty { result.append(rect) }
        }
        return result
    }

    /// `rect` grown to whole device pixels.
    private func pixelAligned(_ rect: Rect) -> Rect {
        guard !rect.isEmpty else { return .zero }
        return rect.applying(scale: scale).integral.applying(scale: 1 / scale)
    }

    /// Content rectangle -> the buffers' pixels.
    private func toPixels(_ rect: Rect) -> Rect {
        rect.offsetBy(dx: -origin.x, dy: -origin.y).applying(scale: scale).integral
    }

    private func context(for buffer: ImageBuffer) -> CairoDrawingContext? {
        if let cached = scanoutContext, cached.buffer === buffer { return cached.context }
        if let cached = otherScanoutContext, cached.buffer === buffer {
            swap(&scanoutContext, &otherScanoutContext)
            return cached.context
        }
        guard let context = try? CairoDrawingContext(target: buffer) else { return nil }
        otherScanoutContext = scanoutContext
        scanoutContext = (buffer, context)
        return context
    }
}

private extension Rect {
    func applying(scale s: Double) -> Rect { Rect(x: minX * s, y: minY * s, width: width * s, height: height * s) }
}
