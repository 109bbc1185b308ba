import Bezel
import CCairo

/// How a cached rounded shape (a filled rounded rectangle, or its border ring) is put on the
/// screen touching as few pixels as possible (issue 17): its rasterized pixels are read once,
/// when the shape is cached, and split into
/// - `solid` boxes: every pixel the same opaque colour, filled as a plain rectangle (pixman's
///   fill, a memset-like loop: the inside of a button);
/// - `tinted` boxes: every pixel the same translucent colour, composited from that colour
///   (a pressed button's darkening overlay, the straight bands of a translucent border);
/// - `blended` boxes: the four corners and the partly covered rows or columns of the edges,
///   composited from the cached pixels (the anti-aliased arcs);
/// - nothing at all where the shape is transparent (the inside of a border ring).
///
/// The pixels are exactly those of compositing the whole cached shape: an opaque pixel
/// composited OVER is a copy, and a transparent one leaves the target as it was. Callgrind,
/// the standard scene (24 buttons, each a 120x80 fill and a 1 px border at 25 % white): M1
/// went from 3.83 M to the figure in Tests/BenchmarkResults/instructions.txt, because the
/// fills and borders pushed every pixel of their 120x80 box through a blend.
struct RoundedShapePlan {
    /// Boxes (shape-local device pixels) filled with `solidPixel`.
    var solid: [PixelBox] = []
    /// Boxes composited from `tintPixel`.
    var tinted: [PixelBox] = []
    /// Boxes composited from the cached pixels.
    var blended: [PixelBox] = []
    /// The translucent pixel of the tinted boxes (premultiplied 0xAARRGGBB).
    var tintPixel: UInt32 = 0
    /// The opaque pixel of the solid boxes (0xAARRGGBB, as the cached surface holds it).
    var solidPixel: UInt32 = 0
    /// `solidPixel` as cairo colour channels: cairo turns them back into the same 8-bit ones.
    var solidColor: (red: Double, green: Double, blue: Double) {
        (Double((solidPixel >> 16) & 0xFF) / 255, Double((solidPixel >> 8) & 0xFF) / 255, Double(solidPixel & 0xFF) / 255)
    }

    /// Splits the `width` x `height` ARGB32 `surface` (a rounded shape of corner `radius`,
    /// device pixels) into the corners, the four edge strips and the middle, and classifies
    /// each by its pixels.
    init(surface: OpaquePointer, width: Int, height: Int, radius: Double) {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            blended = [PixelBox(x: 0, y: 0, width: Int32(width), height: Int32(height))]
            return
        }
        let pixels = UnsafeRawPointer(data)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        // Whether the pixels from (left, row) to (right, row) all equal `value`: a plain loop
        // over the row (with allSatisfy and a closure per pixel, the five shapes of the
        // standard scene's first frame took 0.6 M instructions to plan; issue 36 item 1).
        func row(_ row: Int, from left: Int, to right: Int, allEqual value: UInt32) -> Bool {
            let words = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            var x = left
            while x < right {
                if words[x] != value { return false }
                x += 1
            }
            return true
        }
        // The arcs stay within `radius` of their corner; the rest of each edge is the same
        // along its length.
        let corner = min(Int(radius.rounded(.up)), width / 2, height / 2)
        var uniformOpaque: UInt32?
        var uniformTint: UInt32?
        func add(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            guard w > 0, h > 0 else { return }
            // Trim transparent rows and columns off the box: only what the shape covers is drawn.
            var top = y, bottom = y + h, left = x, right = x + w
            func rowIsClear(_ index: Int) -> Bool { row(index, from: left, to: right, allEqual: 0) }
            func columnIsClear(_ column: Int) -> Bool {
                var y = top
                while y < bottom {
                    if pixel(column, y) != 0 { return false }
                    y += 1
                }
                return true
            }
            while top < bottom, rowIsClear(top) { top += 1 }
            while bottom > top, rowIsClear(bottom - 1) { bottom -= 1 }
            guard top < bottom else { return }
            while left < right, columnIsClear(left) { left += 1 }
            while right > left, columnIsClear(right - 1) { right -= 1 }
            let box = PixelBox(x: Int32(left), y: Int32(top), width: Int32(right - left), height: Int32(bottom - top))
            let first = pixel(left, top)
            var uniform = true
            for index in top..<bottom where !row(index, from: left, to: right, allEqual: first) {
                uniform = false
                break
            }
            if uniform, first >> 24 == 0xFF, uniformOpaque == nil || uniformOpaque == first {
                uniformOpaque = first
                solid.append(box)
            } else if uniform, uniformTint == nil || uniformTint == first {
                uniformTint = first
                tinted.append(box)
            } else {
                blended.append(box)
            }
        }
        let middleWidth = width - 2 * corner, middleHeight = height - 2 * corner
        for (x, y) in [(0, 0), (width - corner, 0), (0, height - corner), (width - corner, height - corner)] {
            add(x, y, corner, corner)
        }
        add(corner, 0, middleWidth, corner)
        add(corner, height - corner, middleWidth, corner)
        add(0, corner, corner, middleHeight)
        add(width - corner, corner, corner, middleHeight)
        add(corner, corner, middleWidth, middleHeight)
        solidPixel = uniformOpaque ?? 0
        tintPixel = uniformTint ?? 0
    }
}
