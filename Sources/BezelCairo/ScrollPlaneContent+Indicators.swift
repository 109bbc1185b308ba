import Bezel

/// A scroll view's indicator on an overlay plane of its own, above its content's plane
/// (issue 35): a small premultiplied ARGB picture that the display moves (CRTC_X/Y) as the
/// content scrolls. Drawn over the content in the scanout buffers instead, a moving indicator
/// writes inside the rectangle on screen every frame, so every frame goes to the hidden
/// buffer and each buffer takes every newly exposed row (`ScrollPlaneContent.update`).
public struct ScrollIndicatorPicture {
    /// 0: the vertical indicator, 1: the horizontal one.
    public var index: Int
    /// Where it is shown (window points on whole device pixels): the indicator and a pixel
    /// around it for its antialiased edge.
    public var windowRect: Rect
    /// Changes when the picture does (its size, colour or place on the pixel grid), not when
    /// it only moves.
    public var revision: Int
    /// Draws the picture into a transparent-cleared ARGB buffer of `windowRect`'s pixels.
    public var draw: @MainActor (ImageBuffer) -> Void
}

/// What an indicator's picture depends on (a change is a new revision).
struct ScrollIndicatorLook: Equatable {
    var pixelSize: Size
    var frameInBox: Rect
    var color: Color
}

extension ScrollPlaneContent {
    /// The indicators shown now as pictures for planes of their own, the scroll view at
    /// `origin` in the window (points, whole device pixels). Drawn exactly as the UI draws
    /// them (`ScrollView.drawScrollIndicators`, on the same pixel grid), so the display's
    /// blend equals the software composition. A picture is at least `minimumPixels` (the
    /// driver's smallest framebuffer: vkms's is 20x20, an indicator 5 px wide), grown with
    /// transparent pixels into the scroll view.
    public func indicatorPictures(scrollViewAt origin: Point, minimumPixels: (width: Int, height: Int) = (1, 1)) -> [ScrollIndicatorPicture] {
        let scrollView = scrollView, scale = scale
        let frames = [scrollView.verticalScrollIndicatorFrame, scrollView.horizontalScrollIndicatorFrame]
        // Scroll view coordinates (its bounds) -> window points.
        let offset = Point(x: origin.x - scrollView.bounds.minX, y: origin.y - scrollView.bounds.minY)
        var pictures: [ScrollIndicatorPicture] = []
        for (index, frame) in frames.enumerated() {
            guard let frame else {
                indicatorLooks[index] = nil
                continue
            }
            let inWindow = frame.offsetBy(dx: offset.x, dy: offset.y)
            let tight = Rect(x: (inWindow.minX - 1) * scale, y: (inWindow.minY - 1) * scale,
                             width: (inWindow.width + 2) * scale, height: (inWindow.height + 2) * scale).integral
            guard !tight.isEmpty, let box = Self.grown(tight, to: minimumPixels, inside: viewPixels(at: origin)) else { continue }
            let look = ScrollIndicatorLook(pixelSize: box.size,
                                           frameInBox: Rect(x: inWindow.minX * scale - box.minX, y: inWindow.minY * scale - box.minY,
                                                            width: inWindow.width * scale, height: inWindow.height * scale),
                                           color: scrollView.indicatorColor)
            if indicatorLooks[index] != look {
                indicatorLooks[index] = look
                indicatorRevisions[index] += 1
            }
            // The box's origin in the scroll view's coordinates: drawn there, the indicator
            // lands in the buffer where it lands in the window's pixels.
            let boxOrigin = Point(x: box.minX / scale - offset.x, y: box.minY / scale - offset.y)
            let clip = Rect(x: boxOrigin.x, y: boxOrigin.y, width: box.width / scale, height: box.height / scale)
            pictures.append(ScrollIndicatorPicture(index: index, windowRect: Rect(x: box.minX / scale, y: box.minY / scale, width: box.width / scale, height: box.height / scale),
                                                   revision: indicatorRevisions[index]) { buffer in
                buffer.clear()
                guard let context = try? CairoDrawingContext(target: buffer) else { return }
                if scale != 1 { context.concatenate(AffineTransform(scaleX: scale, y: scale)) }
                context.translate(by: Point(x: -boxOrigin.x, y: -boxOrigin.y))
                context.clip(to: clip)
                scrollView.drawScrollIndicators(in: context)
            })
        }
        return pictures
    }

    /// The scroll view's rectangle in the window's pixels, at `origin`.
    private func viewPixels(at origin: Point) -> Rect {
        Rect(x: (origin.x * scale).rounded(), y: (origin.y * scale).rounded(), width: Double(viewWidth), height: Double(viewHeight))
    }

    /// `box` grown to at least `minimum` pixels, along each axis away from the edge of
    /// `bounds` it is nearer (an indicator hugs an edge), kept inside `bounds`; nil when
    /// `bounds` is smaller than `minimum`.
    static func grown(_ box: Rect, to minimum: (width: Int, height: Int), inside bounds: Rect) -> Rect? {
        func axis(_ start: Double, _ length: Double, _ lower: Double, _ upper: Double, _ least: Double) -> (Double, Double)? {
            guard length < least else { return (start, length) }
            guard upper - lower >= least else { return nil }
            // Grown from its middle, then slid back inside.
            let grownStart = min(max(lower, start - ((least - length) / 2).rounded(.down)), upper - least)
            return (grownStart, least)
        }
        guard let x = axis(box.minX, box.width, bounds.minX, bounds.maxX, Double(minimum.width)),
              let y = axis(box.minY, box.height, bounds.minY, bounds.maxY, Double(minimum.height)) else { return nil }
        return Rect(x: x.0, y: y.0, width: x.1, height: y.1)
    }
}
