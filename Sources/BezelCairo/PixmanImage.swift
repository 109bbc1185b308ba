import Bezel
import CCairo

/// A pixman view of a cairo image surface's pixels (ARGB32 or RGB24), for the blits Bezel does
/// without cairo: a cairo fill costs ~20 K instructions of path, clip and compositor set-up
/// before its first pixel (callgrind, the standard scene), pixman's composite a few hundred.
/// Keeps the surface alive as long as it reads or writes its memory.
///
/// Writing through it bypasses cairo: call `cairo_surface_flush` on the surface before and
/// `cairo_surface_mark_dirty_rectangle` after (`PixmanImage.write(into:)`), as cairo's own
/// documentation asks of direct pixel access.
final class PixmanImage {
    let image: OpaquePointer
    let surface: OpaquePointer
    /// The surface's pixels and row stride in 32-bit words (for pixman_fill).
    let bits: UnsafeMutablePointer<UInt32>
    let strideWords: Int32
    let width: Int
    let height: Int

    /// Nil for a surface that is not a 32-bit image surface, or when pixman refuses it.
    init?(surface: OpaquePointer) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = cairo_image_surface_get_stride(surface)
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let bits = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        guard let image = pixman_image_create_bits(format == CAIRO_FORMAT_ARGB32 ? bezel_pixman_a8r8g8b8 : bezel_pixman_x8r8g8b8,
                                                   width, height, bits, stride) else { return nil }
        self.image = image
        self.surface = cairo_surface_reference(surface)
        self.bits = bits
        self.strideWords = stride / 4
        self.width = Int(width)
        self.height = Int(height)
    }

    deinit {
        pixman_image_unref(image)
        cairo_surface_destroy(surface)
    }

    /// Fills `box` (pixels, already inside the image) with `pixel`, replacing what was there.
    func fill(_ box: PixelBox, with pixel: UInt32) {
        pixman_fill(bits, strideWords, 32, box.x, box.y, box.width, box.height, pixel)
    }

    /// Composites `color` OVER `box` of this image.
    func blend(_ color: PixmanSolidColor, into box: PixelBox) {
        pixman_image_composite32(PIXMAN_OP_OVER, color.image, nil, image, 0, 0, 0, 0, box.x, box.y, box.width, box.height)
    }

    /// Composites `source` (at `sourceX`, `sourceY`) OVER `box` of this image.
    func blend(_ source: PixmanImage, from sourceX: Int32, _ sourceY: Int32, into box: PixelBox) {
        pixman_image_composite32(PIXMAN_OP_OVER, source.image, nil, image, sourceX, sourceY, 0, 0,
                                 box.x, box.y, box.width, box.height)
    }
}

/// A solid colour as a pixman source: compositing it OVER takes pixman's fast path for a
/// constant source (no source pixels read), about half the instructions of compositing an
/// image of the same colour (callgrind, M2's pressed-button overlay).
final class PixmanSolidColor {
    let image: OpaquePointer

    /// `pixel`: premultiplied 0xAARRGGBB, as a cairo ARGB32 surface holds it. Each 8-bit
    /// channel c becomes c * 257 (0xCC -> 0xCCCC), which pixman turns back into c exactly, so
    /// the result is that of compositing a surface of `pixel`s.
    init?(pixel: UInt32) {
        func channel(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xFF) * 257 }
        var color = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        guard let image = pixman_image_create_solid_fill(&color) else { return nil }
        self.image = image
    }

    deinit {
        pixman_image_unref(image)
    }
}

/// A rectangle of whole pixels.
struct PixelBox: Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32

    var maxX: Int32 { x + width }
    var maxY: Int32 { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func intersection(_ other: PixelBox) -> PixelBox {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelBox(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    func offsetBy(_ dx: Int32, _ dy: Int32) -> PixelBox {
        PixelBox(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// `box` without the pixels of `holes` (which may overlap), as few boxes as pixman's
    /// regions make them (y-x bands); `[box]` if pixman fails.
    static func subtracting(_ holes: [PixelBox], from box: PixelBox) -> [PixelBox] {
        guard !holes.isEmpty, !box.isEmpty else { return box.isEmpty ? [] : [box] }
        var whole = pixman_region32_t(), covered = pixman_region32_t(), left = pixman_region32_t()
        pixman_region32_init_rect(&whole, box.x, box.y, UInt32(box.width), UInt32(box.height))
        defer { pixman_region32_fini(&whole) }
        let boxes = holes.map { pixman_box32_t(x1: $0.x, y1: $0.y, x2: $0.maxX, y2: $0.maxY) }
        guard boxes.withUnsafeBufferPointer({ pixman_region32_init_rects(&covered, $0.baseAddress, Int32($0.count)) }) != 0 else {
            return [box]
        }
        defer { pixman_region32_fini(&covered) }
        pixman_region32_init_rect(&left, 0, 0, 0, 0)
        defer { pixman_region32_fini(&left) }
        guard pixman_region32_subtract(&left, &whole, &covered) != 0 else { return [box] }
        var count: Int32 = 0
        guard let rects = pixman_region32_rectangles(&left, &count) else { return [] }
        var result: [PixelBox] = []
        result.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let r = rects[i]
            result.append(PixelBox(x: r.x1, y: r.y1, width: r.x2 - r.x1, height: r.y2 - r.y1))
        }
        return result
    }

    /// The smallest box holding both.
    func union(_ other: PixelBox) -> PixelBox {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelBox(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
