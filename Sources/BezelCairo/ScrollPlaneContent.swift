import Bezel

/// What a display plane scrolling a scroll view shows (issue 35, item 4): the content drawn
/// into buffers larger than the scroll view along the axes it scrolls, so that a scroll is a
/// move of the plane's source rectangle and the CPU draws only what is newly exposed and what
/// changed.
///
/// Two kinds of buffer. The content `shadow`, in cached memory, is where everything is drawn
/// (the UI's frames are drawn the same way, into a cache: scanout memory may be
/// write-combined, slow to read). The two scanout buffers, of `width` x `height`, are what the
/// plane shows in turn (`update` is given the hidden one). A scanout buffer is brought up to
/// date by copying from the shadow what changed since it was last shown, then the indicators
/// are drawn over it (they are drawn over the content, so they live only in the scanout
/// buffers, never in the shadow).
///
/// The shadow holds only what may be copied: the visible rectangle and `planeLookahead` around
/// it. It is a ring along the axes that scroll: content pixel p is at p - anchor modulo its
/// size, so scrolling never moves its pixels; a rectangle across the ring's edge is drawn
/// and copied in two pieces (four at a corner).
///
/// The scanout buffers cover the content from `origin`; when the visible rectangle would
/// leave them, `origin` moves so that the visible rectangle sits at the start in the
/// direction of travel, leaving the margin ahead, and each scanout buffer then takes the
/// visible rectangle once. With two viewports of margin that is one viewport copy every
/// two viewports scrolled (M9_plane: 2026-12-03's perf profile had the copies at 46 % of a
/// frame's time, half of them these moves with one viewport of margin and a shadow shifted
/// in place).
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
    /// Bezel's budget for one scroll view's buffers: 24 MiB, a 1280x800 list with a viewport
    /// of margin and its shadow in XRGB8888 (a Pi 4's default CMA pool is 256-512 MiB;
    /// scanout buffers come from it).
    public static let memoryBudget = 24 << 20
    /// The scanout buffers' margin ahead of the viewport, in viewports, where the budget has
    /// room: two halves the moves of one (M9_plane), and costs 800x420's table 2.7 MB more.
    static let preferredMargin = 2

    private let shadow: ImageBuffer
    private let shadowContext: CairoDrawingContext
    /// The content pixel at the shadow's pixel (0, 0) before wrapping (the first offset's).
    private let anchorX: Int
    private let anchorY: Int
    /// The content point at pixel (0, 0) of the scanout buffers (whole device pixels).
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

    /// The indicators' looks and picture revisions (`indicatorPictures`).
    var indicatorLooks: [ScrollIndicatorLook?] = [nil, nil]
    var indicatorRevisions = [0, 0]

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
        var marginX = alongX ? Self.preferredMargin * viewWidth : 0, marginY = alongY ? Self.preferredMargin * viewHeight : 0
        // The shadow: the viewport and the lookahead on both sides (pixels, rounded up, and a
        // pixel more each side for damage grown to whole pixels), no bigger than a scanout buffer.
        let lookahead = Int((ScrollView.planeLookahead * scale).rounded(.up)) + 1
        func ring(_ view: Int, _ margin: Int, _ along: Bool) -> Int { along ? min(view + margin, view + 2 * lookahead) : view }
        func bytes() -> Int {
            4 * (2 * (viewWidth + marginX) * (viewHeight + marginY) + ring(viewWidth, marginX, alongX) * ring(viewHeight, marginY, alongY))
        }
        while bytes() > Self.memoryBudget, marginX > viewWidth / 4 || marginY > viewHeight / 4 {
            marginX = marginX > viewWidth / 4 ? marginX * 3 / 4 : marginX
            marginY = marginY > viewHeight / 4 ? marginY * 3 / 4 : marginY
        }
        guard bytes() <= Self.memoryBudget, marginX >= viewWidth / 4 || marginY >= viewHeight / 4,
              let shadow = try? ImageBuffer(width: ring(viewWidth, marginX, alongX), height: ring(viewHeight, marginY, alongY)),
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
        anchorX = Int((origin.x * scale).rounded())
        anchorY = Int((origin.y * scale).rounded())
    }

    /// The shadow's size in pixels (its ring's period along the axes that scroll).
    var shadowSize: (width: Int, height: Int) { (shadow.width, shadow.height) }
    /// Content pixel rows (columns) where the ring wraps: anchor + k * period.
    var ringAnchor: (x: Int, y: Int) { (anchorX, anchorY) }

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

    /// Whether the plane's picture would change: content damage, a scroll, or indicators
    /// moved (those it draws: `drawsIndicators`).
    public var needsUpdate: Bool {
        scrollView.hasPlaneDamage || scrollView.bounds != lastVisible || drawnIndicatorFrames != lastIndicators
            || (lastIndicatorColor != nil && lastIndicatorColor != scrollView.indicatorColor)
    }

    private var indicatorFrames: [Rect] {
        [scrollView.verticalScrollIndicatorFrame, scrollView.horizontalScrollIndicatorFrame].compactMap { $0 }
    }

    /// The indicators this content draws over itself in the scanout buffers: none while they
    /// are on planes of their own.
    private var drawnIndicatorFrames: [Rect] { drawsIndicators ? indicatorFrames : [] }

    /// Whether the indicators are drawn into the scanout buffers, over the content (true:
    /// there is no plane for them). While they are, every frame that moves them writes inside
    /// the rectangle on screen, so it goes to the hidden buffer and each buffer takes every
    /// newly exposed row (`update`); on planes of their own (`indicatorPictures`) the content
    /// is brought up to date in the buffer on screen.
    public var drawsIndicators = true

    /// Brings a scanout buffer up to date with the scroll view as it is now, for the plane to
    /// show: `shown`, the buffer on screen, when every pixel to write lies outside the source
    /// rectangle the display reads now (a scroll exposes rows outside it; the visible
    /// rectangle at a new origin of the buffers lies outside it too); else `hidden`, the other
    /// one, which a flip then puts on screen (content changed where it is shown, indicators
    /// drawn over it). `shown` is nil when the display may read more of it than the last
    /// source rectangle given (a picture not yet committed).
    ///
    /// In the buffer on screen each newly exposed row is copied once, and the other buffer is
    /// not touched: with two viewports of margin, 1.5 viewport copies a viewport scrolled,
    /// against 3 when the two buffers take turns (M9_plane).
    public func update(shown: ImageBuffer?, hidden: ImageBuffer) -> ScrollPlaneUpdate {
        let visible = scrollView.bounds
        let damage = scrollView.takePlaneDamage()
        if !extent(at: origin).contains(visible) { moveOrigin(toShow: visible) }
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
        forgetReleasedScanoutBuffers()
        for i in scanout.indices { scanout[i].stale += drawn }
        let indicators = drawnIndicatorFrames.map { $0.insetBy(dx: -1, dy: -1).intersection(visible) }.filter { !$0.isEmpty }
        lastIndicators = drawnIndicatorFrames
        lastIndicatorColor = drawsIndicators ? scrollView.indicatorColor : nil
        if let shown, let index = scanoutIndex(of: shown) {
            let state = scanout[index]
            let copies = copiesMissing(from: state, visible: visible)
            let onScreen = pixels(of: state.valid, at: state.origin)
            if !(copies + indicators).contains(where: { pixels(of: $0, at: origin).intersects(onScreen) }) {
                scanout.remove(at: index)
                return bringUpToDate(shown, copying: copies, indicators: indicators, visible: visible, inShownBuffer: true)
            }
        }
        let copies = scanoutIndex(of: hidden).map { copiesMissing(from: scanout.remove(at: $0), visible: visible) } ?? [visible]
        return bringUpToDate(hidden, copying: copies, indicators: indicators, visible: visible, inShownBuffer: false)
    }

    // The scanout list's searches as loops, not `firstIndex(where:)` and `removeAll(where:)`:
    // a closure handed to the standard library checks the main actor at each call
    // (Platform/ObjectArray.swift; M9_plane: 3 of its 37 checks a frame).
    private func scanoutIndex(of buffer: ImageBuffer) -> Int? {
        for index in scanout.indices where scanout[index].buffer === buffer { return index }
        return nil
    }

    private func forgetReleasedScanoutBuffers() {
        var index = scanout.count - 1
        while index >= 0 {
            if scanout[index].buffer == nil { scanout.remove(at: index) }
            index -= 1
        }
    }

    /// What a scanout buffer lacks of `visible`: all of it at another origin, else what it did
    /// not show, content drawn since, and where it has indicators drawn.
    private func copiesMissing(from state: ScanoutState, visible: Rect) -> [Rect] {
        guard state.origin == origin else { return [visible] }
        let copies = visible.subtracting(state.valid) + state.stale.map { $0.intersection(visible) } + state.indicators.map { $0.intersection(visible) }
        return Self.merged(copies.filter { !$0.isEmpty })
    }

    private func bringUpToDate(_ buffer: ImageBuffer, copying copies: [Rect], indicators: [Rect], visible: Rect, inShownBuffer: Bool) -> ScrollPlaneUpdate {
        updates += 1
        if inShownBuffer { inShownBufferUpdates += 1 }
        let at = (x: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()))
        for rect in copies {
            for piece in ringPieces(of: rect) {
                shadow.stream(source: piece.ring, to: buffer, at: Point(x: piece.content.minX - Double(at.x), y: piece.content.minY - Double(at.y)))
                copiedPixels += Int(piece.ring.area)
            }
        }
        // The indicators over it.
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
        let source = pixels(of: visible, at: origin)
        return ScrollPlaneUpdate(inShownBuffer: inShownBuffer, x: Int(source.minX), y: Int(source.minY))
    }

    /// Updates made (`update`), and those made in the buffer on screen, without a flip.
    public private(set) var updates = 0
    public private(set) var inShownBufferUpdates = 0

    /// Forgets what the buffers hold (the plane was lost, or the scroll view is drawn anew).
    public func invalidate() {
        shadowValid = nil
        scanout.removeAll()
    }

    /// Moves the scanout buffers' origin so `visible` is inside them, at the start in the
    /// direction of travel (the shadow, a ring, stays as it is).
    private func moveOrigin(toShow visible: Rect) {
        let size = extent(at: .zero).size
        func axis(_ v: Double, _ length: Double, _ previous: Double?, _ span: Double) -> Double {
            guard span > length else { return v }
            guard let previous, previous != v else { return v - ((span - length) / 2 * scale).rounded(.down) / scale }
            return previous < v ? v : v + length - span
        }
        origin = Point(x: axis(visible.minX, visible.width, lastVisible?.minX, size.width),
                       y: axis(visible.minY, visible.height, lastVisible?.minY, size.height))
        rebases += 1
    }

    /// Draws the content in `rect` (content coordinates, grown to whole pixels) into the shadow.
    private func drawContent(_ rect: Rect) {
        for piece in ringPieces(of: rect) {
            shadowContext.saveState()
            // Content pixel `piece.content.origin` lands on shadow pixel `piece.ring.origin`.
            shadowContext.translate(by: Point(x: piece.ring.minX - piece.content.minX, y: piece.ring.minY - piece.content.minY))
            if scale != 1 { shadowContext.concatenate(AffineTransform(scaleX: scale, y: scale)) }
            Renderer.renderContent(of: scrollView, in: shadowContext, dirty: piece.content.applying(scale: 1 / scale))
            shadowContext.restoreState()
            drawnPixels += Int(piece.ring.area)
        }
    }

    /// `rect` (content coordinates) in whole content pixels, cut where the shadow's ring
    /// wraps: each piece's content pixels and where they are in the shadow. A rectangle larger
    /// than the ring (never asked: the shadow holds the visible rectangle and the lookahead)
    /// keeps its part nearest its origin.
    private func ringPieces(of rect: Rect) -> [(content: Rect, ring: Rect)] {
        let pixels = rect.applying(scale: scale).integral
        guard !pixels.isEmpty else { return [] }
        func spans(_ start: Int, _ length: Int, _ anchor: Int, _ period: Int) -> [(content: Int, ring: Int, length: Int)] {
            let length = min(length, period)
            let ring = ((start - anchor) % period + period) % period
            if ring + length <= period { return [(start, ring, length)] }
            let first = period - ring
            return [(start, ring, first), (start + first, 0, length - first)]
        }
        var pieces: [(content: Rect, ring: Rect)] = []
        for y in spans(Int(pixels.minY), Int(pixels.height), anchorY, shadow.height) {
            for x in spans(Int(pixels.minX), Int(pixels.width), anchorX, shadow.width) {
                pieces.append((Rect(x: Double(x.content), y: Double(y.content), width: Double(x.length), height: Double(y.length)),
                               Rect(x: Double(x.ring), y: Double(y.ring), width: Double(x.length), height: Double(y.length))))
            }
        }
        return pieces
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

    /// Content rectangle -> the buffers' pixels with the buffers' content at `origin`.
    private func pixels(of rect: Rect, at origin: Point) -> Rect {
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

/// What `ScrollPlaneContent.update` wrote: the buffer on screen (only outside the source
/// rectangle the display reads, so a commit of the new source rectangle alone shows it, no
/// flip) or the hidden one (a flip puts it on screen); and the new source rectangle's origin
/// in that buffer (pixels).
public struct ScrollPlaneUpdate: Equatable, Sendable {
    public var inShownBuffer: Bool
    public var x: Int
    public var y: Int

    public init(inShownBuffer: Bool, x: Int, y: Int) {
        self.inShownBuffer = inShownBuffer
        self.x = x
        self.y = y
    }
}
