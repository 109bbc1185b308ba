import Bezel
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// A shape's blurred coverage (an A8 surface, owned by the context's cache).
struct ShadowMask {
    let surface: OpaquePointer
}

/// A shadow shape: the path moved so its bounding box starts near (0, 0), and the blur. The
/// same knob drawn anywhere is one key.
struct ShadowMaskKey: Hashable {
    let path: Path
    let stroke: StrokeStyle?
    let blurRadius: Double
}

extension CairoDrawingContext {
    /// Masks larger than this many pixels are not blurred (documented fallback: a hard
    /// shadow): a screen-sized blur would take longer than a frame on a Pi.
    static let shadowMaskPixelLimit = 1024 * 1024

    public func drawShadow(of path: Path, stroke: StrokeStyle?, shadow: Shadow) {
        guard !path.isEmpty, shadow.color.alpha > 0, shadow.offset.width.isFinite, shadow.offset.height.isFinite else { return }
        if let stroke, stroke.effectiveLineWidth == 0 { return }
        let box = path.boundingBox
        let radius = Self.boxRadius(forBlur: shadow.effectiveBlurRadius)
        // Three box blurs of radius r spread the shape by 3r; one more pixel of margin; a
        // stroke reaches half its width out (a miter up to the limit's half-widths).
        let reach = stroke.map { $0.effectiveLineWidth / 2 * ($0.lineJoin == .miter ? $0.effectiveMiterLimit : 1.5) } ?? 0
        let pad = Double(3 * radius + 1) + reach.rounded(.up)
        let origin = Point(x: box.minX.rounded(.down) - pad, y: box.minY.rounded(.down) - pad)
        let width = Int((box.maxX.rounded(.up) + pad - origin.x)), height = Int((box.maxY.rounded(.up) + pad - origin.y))
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        setColor(shadow.color)
        guard radius > 0, width * height <= Self.shadowMaskPixelLimit else {
            // No blur (or too big to blur): the shape itself, offset.
            let moved = path.applying(AffineTransform(translationX: shadow.offset.width, y: shadow.offset.height))
            if let stroke { self.stroke(moved, color: shadow.color, style: stroke) } else { fill(moved, color: shadow.color, rule: .winding) }
            return
        }
        // Coordinates snapped to 1/256 point for the key: the same shape drawn at another
        // place differs from this one by rounding in the last bits, not in any pixel.
        let local = Self.snapped(path.applying(AffineTransform(translationX: -origin.x, y: -origin.y)))
        let key = ShadowMaskKey(path: local, stroke: stroke, blurRadius: shadow.effectiveBlurRadius)
        let mask: ShadowMask
        if let cached = shadowMasks[key] {
            mask = cached
        } else {
            guard let made = makeShadowMask(local, stroke: stroke, width: width, height: height, radius: radius) else { return }
            if shadowMasks.count >= Self.shadowMaskCacheLimit {
                for old in shadowMasks.values { cairo_surface_destroy(old.surface) }
                shadowMasks.removeAll(keepingCapacity: true)
            }
            mask = ShadowMask(surface: made)
            shadowMasks[key] = mask
        }
        // The mask's (0, 0) is `origin`: the same place relative to the shape wherever it is.
        cairo_mask_surface(cairo, mask.surface, origin.x + shadow.offset.width, origin.y + shadow.offset.height)
    }

    static func snapped(_ path: Path) -> Path {
        // Half-way cases to even, as cairo's conversion to 24.8 fixed point rounds.
        func snap(_ p: Point) -> Point {
            Point(x: (p.x * 256).rounded(.toNearestOrEven) / 256, y: (p.y * 256).rounded(.toNearestOrEven) / 256)
        }
        var result = Path()
        for element in path.elements {
            switch element {
            case .move(let p): result.move(to: snap(p))
            case .line(let p): result.addLine(to: snap(p))
            case .quadCurve(let p, let c): result.addQuadCurve(to: snap(p), control: snap(c))
            case .curve(let p, let c1, let c2): result.addCurve(to: snap(p), control1: snap(c1), control2: snap(c2))
            case .close: result.closeSubpath()
            }
        }
        return result
    }

    /// The box radius whose three passes approximate a Gaussian of standard deviation
    /// blur / 2: the SVG specification's feGaussianBlur recipe, d = ⌊σ·3·√(2π)/4 + 0.5⌋, with
    /// a box of 2·⌊d/2⌋ + 1 pixels.
    static func boxRadius(forBlur blur: Double) -> Int {
        let sigma = blur / 2
        let d = (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
        return d > 1 ? Int(d) / 2 : 0
    }

    /// The shape's coverage (filled, or stroked) rendered into an A8 surface and blurred in place.
    private func makeShadowMask(_ path: Path, stroke: StrokeStyle?, width: Int, height: Int, radius: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        guard let painter = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_set_source_rgba(painter, 0, 0, 0, 1)
        if let stroke {
            Self.applyStrokeStyle(stroke, to: painter)
            Self.append(path, to: painter)
            cairo_stroke(painter)
        } else {
            Self.append(path, to: painter)
            cairo_fill(painter)
        }
        cairo_destroy(painter)
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            Self.boxBlur(data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)), radius: radius)
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Three horizontal and three vertical box passes of `radius` over 8-bit coverage, with
    /// running sums (each pass is linear in the pixels, whatever the radius). A vertical pass
    /// runs over all columns at once, row by row, so it reads memory in order; its arithmetic
    /// is the column-by-column pass's, to the bit (`BoxBlurTests` compares them). Written on
    /// raw buffers: with an array and an index closure, the slider knob's two masks took 1.9 M
    /// instructions of the 28.7 M to the first frame (callgrind, issue 36 item 1).
    static func boxBlur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        guard width > 0, height > 0, radius > 0 else { return }
        let window = UInt32(2 * radius + 1), half = window / 2
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(width, height)) { line in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width * height) { source in
                for _ in 0..<3 {
                    for y in 0..<height { horizontalPass(data + y * stride, count: width, radius: radius, window: window, half: half, line: line) }
                    verticalPass(data, width: width, height: height, stride: stride, radius: radius, window: window, half: half,
                                 sums: line, source: source)
                }
            }
        }
    }

    /// One row's box pass in place; `line` holds the row's old values.
    private static func horizontalPass(_ row: UnsafeMutablePointer<UInt8>, count: Int, radius: Int, window: UInt32, half: UInt32,
                                       line: UnsafeMutableBufferPointer<UInt32>) {
        let old = line.baseAddress!
        var sum: UInt32 = 0
        for i in 0..<count { old[i] = UInt32(row[i]) }
        for i in 0..<min(radius, count) { sum += old[i] }
        // In three stretches, so the loop over most of the row tests nothing: i + radius
        // inside the row and i - radius outside it, both inside, then only i - radius inside.
        let rising = min(radius, count), middle = max(rising, count - radius)
        var i = 0
        while i < rising {
            if i + radius < count { sum += old[i + radius] }
            row[i] = UInt8(truncatingIfNeeded: (sum + half) / window)
            i += 1
        }
        while i < middle {
            sum += old[i + radius]
            row[i] = UInt8(truncatingIfNeeded: (sum + half) / window)
            sum -= old[i - radius]
            i += 1
        }
        while i < count {
            row[i] = UInt8(truncatingIfNeeded: (sum + half) / window)
            if i >= radius { sum -= old[i - radius] }
            i += 1
        }
    }

    /// Every column's box pass in place, rows in order: `source` holds the old pixels,
    /// `sums` each column's running sum.
    private static func verticalPass(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int,
                                     window: UInt32, half: UInt32, sums: UnsafeMutableBufferPointer<UInt32>,
                                     source: UnsafeMutableBufferPointer<UInt8>) {
        let old = source.baseAddress!, sum = sums.baseAddress!
        for y in 0..<height { (old + y * width).update(from: data + y * stride, count: width) }
        sum.update(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = old + y * width
            for x in 0..<width { sum[x] += UInt32(row[x]) }
        }
        for y in 0..<height {
            if y + radius < height {
                let entering = old + (y + radius) * width
                for x in 0..<width { sum[x] += UInt32(entering[x]) }
            }
            let out = data + y * stride
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sum[x] + half) / window) }
            if y >= radius {
                let leaving = old + (y - radius) * width
                for x in 0..<width { sum[x] -= UInt32(leaving[x]) }
            }
        }
    }
}
