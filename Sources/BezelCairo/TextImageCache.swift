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
    }

    struct Entry {
        let pixels: PixmanImage
        /// Where the image's top-left pixel lies from the layout's whole-pixel origin.
        let offsetX: Int32
        let offsetY: Int32
    }

    private var entries: [Key: Entry] = [:]
    /// Bound on cached images (Bezel's choice: a few screens of labels, at most ~64x2048 px
    /// each (the largest cached), so a few MiB): when full, the cache empties and refills.
    static let limit = 256
    /// Text whose ink is larger than this is drawn directly (a page of text gains nothing).
    static let maximumPixels = 2048 * 64

    func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// The image of `layout` in `color` for a device origin whose fractional parts are
    /// `fractionX`, `fractionY` (0..<1); nil when the text is too large to cache or cairo fails.
    func image(of layout: OpaquePointer, color: Color, fractionX: Double, fractionY: Double) -> Entry? {
        let key = Key(layout: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(layout))), color: color,
                      fractionX: fractionX, fractionY: fractionY)
        if let entry = entries[key] { return entry }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        // One pixel of margin on every side: glyph rounding and anti-aliasing may reach it.
        let width = ink.width + 2, height = ink.height + 2
        guard ink.width > 0, ink.height > 0, Int(width) * Int(height) <= Self.maximumPixels else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let painter = cairo_create(surface) else { return nil }
        cairo_set_source_rgba(painter, color.red, color.green, color.blue, color.alpha)
        cairo_translate(painter, fractionX - Double(ink.x) + 1, fractionY - Double(ink.y) + 1)
        pango_cairo_show_layout(painter, layout)
        cairo_destroy(painter)
        cairo_surface_flush(surface)
        guard let pixels = PixmanImage(surface: surface) else { return nil }
        if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
        let entry = Entry(pixels: pixels, offsetX: ink.x - 1, offsetY: ink.y - 1)
        entries[key] = entry
        return entry
    }
}
