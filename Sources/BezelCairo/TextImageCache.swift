import Bezel
import CCairo

/// Shaped text drawn once into a small transparent image, then composited with one pixman
/// blend at each redraw (issue 17, "text glyph runs cached"). A kiosk redraws the same labels
/// over and over; Pango's renderer walks runs, glyph items and cairo's glyph cache for each
/// one (callgrind, the standard scene: 25 K instructions a label, a quarter of a full frame).
///
/// The image holds the glyphs at the same sub-pixel offset as on screen (cairo rounds each
/// glyph to whole device pixels, so an image made at another fraction would differ), in the
/// text's colour, premultiplied: colour emoji stay in colour. Blending it OVER the target
/// gives the pixels of drawing the glyphs one by one, except where two glyphs' anti-aliased
/// edges overlap (one level of 255 at most there).
@MainActor
final class TextImageCache {
    struct Key: Hashable {
        /// The shaped layout (owned by the context's layout cache, which empties this cache
        /// whenever it lets layouts go, so an address is never reused under a live key).
        let layout: UInt
        let color: Color
        /// The fractional part of the text's device origin, exactly (cairo rounds each
        /// glyph's position, so another fraction can round a glyph the other way).
        let fractionX: Double
        let fractionY: Double
        /// Device pixels per user unit the image is drawn at: 1 for text blended as it is;
        /// a whole 1...4 for text under a rotation or a zoom (`rasterScale(for:)`).
        let scale: Double
    }

    struct Entry {
        let pixels: PixmanImage
        /// Where the image's top-left pixel lies from the layout's whole-pixel origin, in the
        /// image's pixels.
        let offsetX: Int32
        let offsetY: Int32
    }

    /// The largest scale text is rasterized at under a transform (a pinched label at 6x
    /// is drawn from its 4x image): bounds the images' size and the scaled fonts cairo keeps.
    static let maximumRasterScale = 4.0

    /// The scale to rasterize text at for a user-to-device matrix that rotates, shears or
    /// zooms it by a non-whole factor: its area scale rounded to a whole 1...4. Text under
    /// such a matrix is drawn from an image at that scale, transformed (as UIKit composites a
    /// transformed layer's contents rather than re-drawing them), so cairo makes glyphs at a
    /// handful of scales, not one set for every angle and zoom a pinch or rotation passes
    /// through (issue 37 item 14: those filled cairo's and pixman's glyph caches, +7 MB over
    /// a 66-hour soak).
    static func rasterScale(forDeterminant determinant: Double) -> Double {
        let scale = abs(determinant).squareRoot()
        guard scale.isFinite else { return 1 }
        return min(max(scale.rounded(), 1), maximumRasterScale)
    }

    private var entries: [Key: Entry] = [:]
    /// Bound on cached images (Bezel's choice: a few screens of labels, at most ~64x2048 px
    /// each (the largest cached), so a few MiB): when full, the cache empties and refills.
    static let limit = 256
    /// Text whose ink is larger than this is drawn directly (a page of text gains nothing).
    static let maximumPixels = 2048 * 64

    func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Images made since the context was created (tests: how many distinct renderings text
    /// needed).
    private(set) var imagesMade = 0

    /// The image of `layout` in `color` for a device origin whose fractional parts are
    /// `fractionX`, `fractionY` (0..<1), drawn at `scale` device pixels per user unit; nil
    /// when the text is too large to cache or cairo fails.
    func image(of layout: OpaquePointer, color: Color, fractionX: Double, fractionY: Double, scale: Double = 1) -> Entry? {
        let key = Key(layout: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(layout))), color: color,
                      fractionX: fractionX, fractionY: fractionY, scale: scale)
        if let entry = entries[key] { return entry }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        // The ink box in the image's pixels, outward, with one pixel of margin on every side:
        // glyph rounding and anti-aliasing may reach it. (At scale 1 this is
        // pango_layout_get_pixel_extents' box: floor of the start, ceiling of the end.)
        let units = Double(bezel_pango_scale())
        let left = (Double(ink.x) / units * scale).rounded(.down), top = (Double(ink.y) / units * scale).rounded(.down)
        let right = ((Double(ink.x) + Double(ink.width)) / units * scale).rounded(.up)
        let bottom = ((Double(ink.y) + Double(ink.height)) / units * scale).rounded(.up)
        guard ink.width > 0, ink.height > 0, right - left + 2 <= 65536, bottom - top + 2 <= 65536,
              abs(left) < 65536, abs(top) < 65536 else { return nil }
        let width = Int32(right - left) + 2, height = Int32(bottom - top) + 2
        guard Int(width) * Int(height) <= Self.maximumPixels else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let painter = cairo_create(surface) else { return nil }
        cairo_set_source_rgba(painter, color.red, color.green, color.blue, color.alpha)
        cairo_translate(painter, fractionX - left + 1, fractionY - top + 1)
        cairo_scale(painter, scale, scale)
        pango_cairo_show_layout(painter, layout)
        cairo_destroy(painter)
        cairo_surface_flush(surface)
        guard let pixels = PixmanImage(surface: surface) else { return nil }
        if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
        let entry = Entry(pixels: pixels, offsetX: Int32(left) - 1, offsetY: Int32(top) - 1)
        entries[key] = entry
        imagesMade += 1
        return entry
    }
}
