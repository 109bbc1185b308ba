import Bezel
import CCairo

/// A small filled path drawn once, in its colour and at its offset within the pixel grid,
/// and composited with pixman every time after: a slider's thumb or a switch's knob redrawn
/// costs one blend of its pixels instead of cairo's path set-up, scan conversion and span
/// compositing (callgrind, M1_1080p: a 63 px thumb ~187 K instructions, ~60 a pixel).
///
/// The same pixels' coverage, exactly: the path is moved by whole device pixels only and
/// snapped to 1/256 pixel, which cairo's rasterizer does not see (it converts every point to
/// 24.8 fixed point first, and flattens curves in fixed point). The
/// colour is then blended as a premultiplied image (pixman's OVER) where cairo lerps each
/// span: the two round differently, by at most one level of a channel.
struct PathImageKey: Hashable {
    /// In device pixels, relative to the image's top-left pixel.
    let path: Path
    let rule: FillRule
    let color: Color
}

extension CairoDrawingContext {
    /// A knob at 1080p is ~76 pixels across; larger paths (a chart's area) change as often as
    /// they are drawn, and cairo draws them without the image's memory.
    static let pathImagePixelLimit = 128 * 128
    /// 32 images of at most 64 KiB: 2 MiB at worst, a few KiB for a screen of controls.
    static let pathImageCacheLimit = 32

    /// Composites the cached image of `path` filled with `color`, made the second time the
    /// same shape is filled at the same offset within the pixel grid; false (nothing drawn)
    /// when cairo must draw it: the first time, a scaled or rotated matrix, a group, a clip
    /// that is not whole-pixel rectangles, a path too large.
    func drawCachedFill(_ path: Path, color: Color, rule: FillRule) -> Bool {
        guard let (destination, offset) = translatedTarget() else { return false }
        // Device coordinates computed as cairo computes them (x·1 + y·0 + x0).
        let device = path.applying(AffineTransform(translationX: offset.x, y: offset.y))
        let bounds = device.boundingBox
        let left = bounds.minX.rounded(.down), top = bounds.minY.rounded(.down)
        let right = bounds.maxX.rounded(.up), bottom = bounds.maxY.rounded(.up)
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, abs(left) < 65536, abs(top) < 65536,
              right - left <= 1024, bottom - top <= 1024 else { return false }
        let width = max(1, Int(right - left)), height = max(1, Int(bottom - top))
        guard width * height <= Self.pathImagePixelLimit, let clip = deviceClipBoxes() else { return false }
        let color = resolve(color)
        // Snapped to 1/256 pixel as cairo stores a path (24.8 fixed point): the same shape one
        // whole pixel away is the same key, and the same pixels.
        let key = PathImageKey(path: Self.snapped(device.applying(AffineTransform(translationX: -left, y: -top))),
                               rule: rule, color: color)
        let pixels: PixmanImage
        if let cached = pathImages[key] {
            pixels = cached
        } else if pathImageCandidates.contains(key) {
            guard let made = makePathImage(key, width: width, height: height) else { return false }
            if pathImages.count >= Self.pathImageCacheLimit { pathImages.removeAll(keepingCapacity: true) }
            pathImages[key] = made
            pixels = made
        } else {
            // Seen once: cairo draws it. A thumb being dragged is somewhere else every frame,
            // and an image made for each place would cost more than drawing it.
            if pathImageCandidates.count >= Self.pathImageCacheLimit * 2 { pathImageCandidates.removeAll(keepingCapacity: true) }
            pathImageCandidates.insert(key)
            return false
        }
        blend(pixels, into: destination, atX: Int32(left), Int32(top), within: clip)
        return true
    }

    /// The path filled with its colour on a transparent ARGB32 image, as cairo fills it on
    /// the target (the same tolerance and antialiasing: the defaults of both contexts).
    private func makePathImage(_ key: PathImageKey, width: Int, height: Int) -> PixmanImage? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let painter = cairo_create(surface) else { return nil }
        cairo_set_source_rgba(painter, key.color.red, key.color.green, key.color.blue, key.color.alpha)
        cairo_set_fill_rule(painter, Self.cairoRule(key.rule))
        Self.append(key.path, to: painter)
        cairo_fill(painter)
        cairo_destroy(painter)
        cairo_surface_flush(surface)
        return PixmanImage(surface: surface)
    }
}
