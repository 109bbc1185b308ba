import Bezel
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Pixels in ordinary memory: 32 bits per pixel, XRGB8888 (cairo's RGB24, the layout DRM
/// framebuffers use) or ARGB32 for images with transparency. Owns its cairo surface.
public final class ImageBuffer {
    public enum Format: Sendable {
        /// 0xXXRRGGBB, the alpha byte ignored: screens.
        case xrgb8888
        /// 0xAARRGGBB, premultiplied: images with transparency.
        case argb8888

        var cairo: cairo_format_t { self == .xrgb8888 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32 }
    }

    /// The largest side accepted: 16384 px (beyond any panel; a 16384² buffer is already 1 GiB).
    public static let maximumSide = 16384

    let surface: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: Format

    /// A buffer of `width` x `height` pixels, cleared to black (transparent for ARGB).
    public init(width: Int, height: Int, format: Format = .xrgb8888) throws(CairoError) {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw CairoError("image size \(width)x\(height) is outside 1...\(Self.maximumSide)")
        }
        self.surface = try Self.checked(cairo_image_surface_create(format.cairo, Int32(width), Int32(height)),
                                        "creating a \(width)x\(height) image")
        self.width = width
        self.height = height
        self.format = format
        self.memoryOwner = nil
    }

    /// Loads a PNG file. A missing, unreadable or corrupt file throws a clear error. Meant for
    /// files the app trusts (goldens, its own output): `ImageLoader` checks a PNG's chunks and
    /// size first, and decodes untrusted files in a confined helper.
    public convenience init(contentsOfPNG path: String) throws(CairoError) {
        try self.init(adopting: cairo_image_surface_create_from_png(path), "loading PNG \(path)")
    }

    /// Takes ownership of an image surface cairo made (an error is thrown for a failed one).
    init(adopting made: OpaquePointer?, _ what: String) throws(CairoError) {
        let surface = try Self.checked(made, what)
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        format = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? .xrgb8888 : .argb8888
        memoryOwner = nil
    }

    /// Keeps external memory (a mapped DRM buffer) alive while this buffer draws into it.
    private let memoryOwner: AnyObject?

    /// A buffer over memory owned by `owner` (a DRM dumb buffer's mapping): cairo draws and
    /// `copy(_:to:)` copies straight into it. ARGB8888 for an overlay plane that blends (a
    /// scroll indicator's plane: premultiplied, as DRM's default blend mode expects).
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: Format = .xrgb8888,
                owner: AnyObject) throws(CairoError) {
        guard width > 0, height > 0, stride >= width * 4 else {
            throw CairoError("external buffer \(width)x\(height) with stride \(stride) is not a valid 32-bit image")
        }
        self.surface = try Self.checked(cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), format.cairo,
                                                                            Int32(width), Int32(height), Int32(stride)),
                                        "wrapping external memory")
        self.width = width
        self.height = height
        self.format = format
        self.memoryOwner = owner
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// A surface cairo made, or the error it reports (the failed surface is released).
    private static func checked(_ surface: OpaquePointer?, _ what: String) throws(CairoError) -> OpaquePointer {
        guard let surface else { throw CairoError("\(what): cairo returned nothing") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(what, status: status)
        }
        return surface
    }

    /// Bytes per row (cairo aligns rows).
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Lets `body` write the pixels (rows of `stride` bytes), then tells cairo they changed.
    func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, Int) -> R) -> R {
        cairo_surface_flush(surface)
        let result = body(cairo_image_surface_get_data(surface)!, stride)
        cairo_surface_mark_dirty(surface)
        return result
    }

    /// Every pixel zero: transparent (ARGB) or black (XRGB).
    public func clear() {
        let rows = height
        withPixels { data, rowBytes in
            for row in 0..<rows { (data + row * rowBytes).update(repeating: 0, count: width * 4) }
        }
    }

    /// The pixel at (x, y) as 0xAARRGGBB (alpha forced to 0xFF for XRGB). Out of range: nil.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard (0..<width).contains(x), (0..<height).contains(y), let data = cairo_image_surface_get_data(surface) else { return nil }
        cairo_surface_flush(surface)
        let value = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return format == .xrgb8888 ? value | 0xFF00_0000 : value
    }

    /// Sets one pixel (0xAARRGGBB): for tests of the pixel operations.
    package func setPixelForTesting(x: Int, y: Int, value: UInt32) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        withPixels { data, rowBytes in
            UnsafeMutableRawPointer(data).storeBytes(of: value, toByteOffset: y * rowBytes + x * 4, as: UInt32.self)
        }
    }

    /// The pixels as rows of `width` 32-bit words, top to bottom, without the rows' padding
    /// (what the remote service is sent: RemotePicture).
    public func packedPixels() -> [UInt8] {
        packedPixels(x: 0, y: 0, width: width, height: height)
    }

    /// A region's pixels the same way (a live view's update, RemoteFrameUpdate); a region
    /// reaching outside the buffer gives no bytes.
    public func packedPixels(x: Int, y: Int, width regionWidth: Int, height regionHeight: Int) -> [UInt8] {
        guard x >= 0, y >= 0, regionWidth > 0, regionHeight > 0, x + regionWidth <= width, y + regionHeight <= height,
              let data = cairo_image_surface_get_data(surface) else { return [] }
        cairo_surface_flush(surface)
        let rowBytes = regionWidth * 4, rowStride = stride
        return [UInt8](unsafeUninitializedCapacity: rowBytes * regionHeight) { buffer, count in
            for row in 0..<regionHeight {
                (buffer.baseAddress! + row * rowBytes).initialize(from: data + (y + row) * rowStride + x * 4, count: rowBytes)
            }
            count = rowBytes * regionHeight
        }
    }

    /// A buffer holding `pixels`: rows of `width` XRGB8888 words, no padding (`packedPixels()`,
    /// a RemotePicture). Pixel counts that do not match the size throw.
    public convenience init(width: Int, height: Int, packedPixels pixels: [UInt8]) throws(CairoError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw CairoError("\(pixels.count) bytes are not a \(width)x\(height) XRGB8888 picture")
        }
        try self.init(width: width, height: height)
        let rowBytes = width * 4
        withPixels { data, rowStride in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    (data + row * rowStride).update(from: source.baseAddress! + row * rowBytes, count: rowBytes)
                }
            }
        }
    }

    /// The buffer as a PNG file's bytes.
    public func pngData() throws(CairoError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        cairo_surface_flush(surface)
        let status = withExtendedLifetime(sink) {
            bezel_write_png(surface, { context, data, length in
                guard let context, let data else { return }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError("encoding PNG", status: status) }
        return sink.bytes
    }

    /// Writes the buffer as a PNG file.
    public func writePNG(to path: String) throws(CairoError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError("writing PNG \(path)", status: status) }
    }

    /// Copies `rects` (pixel coordinates; clipped to both buffers) from this buffer into
    /// `target`, row by row with memcpy: how a frame rendered in cached memory reaches the
    /// scanout buffer without ever reading from it.
    public func copy(_ rects: [Rect], to target: ImageBuffer) {
        cairo_surface_flush(surface)
        guard let source = cairo_image_surface_get_data(surface), let destination = cairo_image_surface_get_data(target.surface) else { return }
        let sourceStride = stride, targetStride = target.stride
        for rect in rects {
            let r = rect.integral.intersection(Rect(x: 0, y: 0, width: Double(min(width, target.width)), height: Double(min(height, target.height))))
            guard !r.isEmpty else { continue }
            let x0 = Int(r.minX), y0 = Int(r.minY), bytes = Int(r.width) * 4
            for y in y0..<Int(r.maxY) {
                (destination + y * targetStride + x0 * 4).update(from: UnsafePointer(source + y * sourceStride + x0 * 4), count: bytes)
            }
        }
        cairo_surface_mark_dirty(target.surface)
    }

    /// Copies `source` (pixel coordinates in this buffer) to `target` with its top-left corner
    /// at `origin`, clipped to both buffers: a plane's source rectangle put where it shows.
    public func copy(source: Rect, to target: ImageBuffer, at origin: Point) {
        guard let (area, dx, dy) = clipped(source, to: target, at: origin) else { return }
        cairo_surface_flush(surface)
        guard let from = cairo_image_surface_get_data(surface), let to = cairo_image_surface_get_data(target.surface) else { return }
        let x0 = Int(area.minX), bytes = Int(area.width) * 4, tx = x0 + Int(dx)
        for y in Int(area.minY)..<Int(area.maxY) {
            (to + (y + Int(dy)) * target.stride + tx * 4).update(from: UnsafePointer(from + y * stride + x0 * 4), count: bytes)
        }
        cairo_surface_mark_dirty(target.surface)
    }

    /// `copy(source:to:at:)` with non-temporal stores (`bezel_copy_rows_streaming`): for a
    /// target the CPU does not read next, a plane's scanout buffer.
    public func stream(source: Rect, to target: ImageBuffer, at origin: Point) {
        guard let (area, dx, dy) = clipped(source, to: target, at: origin) else { return }
        cairo_surface_flush(surface)
        guard let from = cairo_image_surface_get_data(surface), let to = cairo_image_surface_get_data(target.surface) else { return }
        let x0 = Int(area.minX), y0 = Int(area.minY), tx = x0 + Int(dx), ty = y0 + Int(dy)
        bezel_copy_rows_streaming(to + ty * target.stride + tx * 4, target.stride, from + y0 * stride + x0 * 4, stride, Int(area.width) * 4, Int(area.height))
        cairo_surface_mark_dirty(target.surface)
    }

    /// The part of `source` (this buffer's pixels) that lands inside `target` when put at
    /// `origin`, and the offset from here to there; nil when nothing does.
    private func clipped(_ source: Rect, to target: ImageBuffer, at origin: Point) -> (area: Rect, dx: Double, dy: Double)? {
        let dx = origin.x - source.minX, dy = origin.y - source.minY
        let area = source.integral.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            .intersection(Rect(x: -dx, y: -dy, width: Double(target.width), height: Double(target.height)))
        return area.isEmpty ? nil : (area, dx, dy)
    }

    /// Shifts the pixels inside `region` (pixel coordinates, clipped to the buffer) by
    /// (`dx`, `dy`): what was at p is now at p + (dx, dy); the strip the shift uncovers keeps
    /// its old pixels (the caller redraws it). Rows are moved with memmove in the order that
    /// never overwrites a row before it is read: a scroll view's content moved in place.
    /// Returns the part of `region` that received moved pixels.
    @discardableResult
    public func shift(_ region: Rect, dx: Int, dy: Int) -> Rect {
        let r = region.integral.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        let destination = r.intersection(r.offsetBy(dx: Double(dx), dy: Double(dy)))
        guard !destination.isEmpty, dx != 0 || dy != 0 else { return dx == 0 && dy == 0 ? r : .zero }
        withPixels { data, rowBytes in
            let x0 = Int(destination.minX), y0 = Int(destination.minY), y1 = Int(destination.maxY)
            let bytes = Int(destination.width) * 4
            func move(_ y: Int) {
                // copyMemory is memmove: a horizontal shift overlaps within the row.
                UnsafeMutableRawPointer(data + y * rowBytes + x0 * 4)
                    .copyMemory(from: data + (y - dy) * rowBytes + (x0 - dx) * 4, byteCount: bytes)
            }
            if dy > 0 {
                var y = y1 - 1
                while y >= y0 { move(y); y -= 1 }
            } else {
                for y in y0..<y1 { move(y) }
            }
        }
        return destination
    }

    /// Copies `rects` into 16-bit RGB565 memory (`width` x `height` pixels, `stride` bytes a
    /// row), truncating each channel (8 -> 5/6/5 bits): for panels that scan out 16 bits.
    public func copyAsRGB565(_ rects: [Rect], to destination: UnsafeMutableRawPointer, stride targetStride: Int, width targetWidth: Int, height targetHeight: Int) {
        cairo_surface_flush(surface)
        guard let source = cairo_image_surface_get_data(surface) else { return }
        let sourceStride = stride
        for rect in rects {
            let r = rect.integral.intersection(Rect(x: 0, y: 0, width: Double(min(width, targetWidth)), height: Double(min(height, targetHeight))))
            guard !r.isEmpty else { continue }
            let x0 = Int(r.minX), x1 = Int(r.maxX)
            for y in Int(r.minY)..<Int(r.maxY) {
                let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
                let to = (destination + y * targetStride).assumingMemoryBound(to: UInt16.self)
                for x in x0..<x1 {
                    let p = from[x]
                    to[x] = UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
                }
            }
        }
    }

    /// Compares with `other`: the number of pixels whose channels differ by more than
    /// `tolerance` (0...255) in any of R, G, B, within `region` (pixel coordinates; the whole
    /// buffer when nil), or nil when the sizes differ.
    public func countDifferingPixels(from other: ImageBuffer, tolerance: Int, in region: Rect? = nil) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let area = (region ?? whole).integral.intersection(whole)
        guard !area.isEmpty else { return 0 }
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        guard let a = cairo_image_surface_get_data(surface), let b = cairo_image_surface_get_data(other.surface) else { return nil }
        var count = 0
        let x0 = Int(area.minX), x1 = Int(area.maxX)
        for y in Int(area.minY)..<Int(area.maxY) {
            let rowA = UnsafeRawPointer(a + y * stride + x0 * 4), rowB = UnsafeRawPointer(b + y * other.stride + x0 * 4)
            // The rows of a matching picture are equal byte for byte: memcmp finds them at C's
            // speed even in a debug build, where the per-pixel loop is slow (measured: the
            // fling checks of ScrollPlaneTests, whole frames compared, 127 s -> 39 s in a debug
            // build; the guests' writeback comparisons run this in debug under emulation).
            if memcmp(rowA, rowB, (x1 - x0) * 4) == 0 { continue }
            for x in 0..<(x1 - x0) {
                let pa = rowA.load(fromByteOffset: x * 4, as: UInt32.self), pb = rowB.load(fromByteOffset: x * 4, as: UInt32.self)
                if pa != pb && Self.channelsDiffer(pa, pb, tolerance: tolerance) { count += 1 }
            }
        }
        return count
    }

    /// Whether R, G or B (the low three bytes) of two pixels differ by more than `tolerance`.
    @inline(__always)
    static func channelsDiffer(_ a: UInt32, _ b: UInt32, tolerance: Int) -> Bool {
        abs(Int(a & 0xFF) - Int(b & 0xFF)) > tolerance
            || abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)) > tolerance
            || abs(Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)) > tolerance
    }
}

extension ImageBuffer {
    /// A picture of where `self` and `other` differ: differing pixels red, the rest a faded
    /// copy of `self`. Nil when the sizes differ.
    public func differenceImage(from other: ImageBuffer, tolerance: Int) throws(CairoError) -> ImageBuffer? {
        guard width == other.width, height == other.height else { return nil }
        let result = try ImageBuffer(width: width, height: height)
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        guard let a = cairo_image_surface_get_data(surface), let b = cairo_image_surface_get_data(other.surface),
              let out = cairo_image_surface_get_data(result.surface) else { return nil }
        for y in 0..<height {
            let rowA = UnsafeRawPointer(a + y * stride), rowB = UnsafeRawPointer(b + y * other.stride)
            let rowOut = UnsafeMutableRawPointer(out + y * result.stride)
            for x in 0..<width {
                let pa = rowA.load(fromByteOffset: x * 4, as: UInt32.self), pb = rowB.load(fromByteOffset: x * 4, as: UInt32.self)
                let differs = pa != pb && Self.channelsDiffer(pa, pb, tolerance: tolerance)
                let faded = ((pa >> 2) & 0x3F3F3F) + 0x404040
                rowOut.storeBytes(of: differs ? 0xFFFF0000 : faded, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(result.surface)
        return result
    }
}
