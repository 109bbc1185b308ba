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
    /// running sums (each pass is linear in the pixels, whatever the radius).
    static func boxBlur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        var line = [UInt32](repeating: 0, count: max(width, height))
        let window = UInt32(2 * radius + 1)
        func pass(count: Int, at index: (Int) -> Int) {
            for i in 0..<count { line[i] = UInt32(data[index(i)]) }
            var sum: UInt32 = 0
            for i in 0..<min(radius, count) { sum += line[i] }
            for i in 0..<count {
                if i + radius < count { sum += line[i + radius] }
                data[index(i)] = UInt8((sum + window / 2) / window)
                if i - radius >= 0 { sum -= line[i - radius] }
            }
        }
        for _ in 0..<3 {
            for y in 0..<height { pass(count: width) { y * stride + $0 } }
            for x in 0..<width { pass(count: height) { $0 * stride + x } }
        }
    }
}
