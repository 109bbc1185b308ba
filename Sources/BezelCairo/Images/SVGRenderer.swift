import Bezel
import CCairo

/// SVG files through librsvg (Debian's librsvg2-2), opened when the first SVG is loaded, and
/// drawn once into an image at their own size (or at the size asked for: an icon drawn
/// sharp at any scale). Measured on this machine: opening librsvg and its dependencies adds
/// 8.4 MB to a process's resident size (libturbojpeg: 0.1 MB), which is why it is opened
/// when first used, not linked.
@MainActor
enum SVGRenderer {
    /// librsvg's `RsvgRectangle`.
    private struct Rectangle { var x, y, width, height: Double }
    private typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
    private typealias IntrinsicSize = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32
    private typealias RenderDocument = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?,
                                                       UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Int32

    /// Renders SVG `bytes` (from `path`, named in errors); `size` overrides the document's own.
    static func render(_ bytes: [UInt8], path: String, size: Size?, scale: Double = 1, maximumPixels: Int) throws(CairoError) -> ImageBuffer {
        let library = try SharedLibrary.open("librsvg-2.so.2", package: "librsvg2-2", for: "loading SVG \(path)")
        let newFromData = try library.function("rsvg_handle_new_from_data", as: NewFromData.self)
        let intrinsicSize = try library.function("rsvg_handle_get_intrinsic_size_in_pixels", as: IntrinsicSize.self)
        let renderDocument = try library.function("rsvg_handle_render_document", as: RenderDocument.self)
        func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> CairoError {
            defer { if let error { g_error_free(error) } }
            return CairoError("\(path): \(what): \(error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error")")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = newFromData(bytes, bytes.count, &error) else { throw failure("not a readable SVG", error) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var width = 0.0, height = 0.0
        if let size {
            (width, height) = (size.width, size.height)
        } else if intrinsicSize(handle, &width, &height) == 0 {
            throw CairoError("\(path): the SVG gives no width and height in absolute units; load it with a size")
        }
        // Drawn at the screen's resolution: `scale` pixels a point.
        let scale = scale.isFinite && scale > 0 ? scale : 1
        width *= scale
        height *= scale
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw CairoError("\(path): SVG size \(width)x\(height) is empty or not a finite number, not drawn")
        }
        // Checked as Doubles before anything becomes an Int: a document of width="1e10" or
        // "9e18" (or 1e9mm), or a size asked for of 1e10, trapped in the conversion or the
        // multiplication before. Both sides are at least one pixel, so each is within the limit
        // once the product is, and converts.
        guard width.rounded(.up) * height.rounded(.up) <= Double(maximumPixels) else {
            throw CairoError.overPixelLimit("\(path): SVG size \(width)x\(height) is over the limit of \(maximumPixels) pixels, not drawn")
        }
        let pixelsWide = Int(width.rounded(.up)), pixelsHigh = Int(height.rounded(.up))
        let buffer = try ImageBuffer(width: pixelsWide, height: pixelsHigh, format: .argb8888)
        let cairo = cairo_create(buffer.surface)
        defer { cairo_destroy(cairo) }
        var viewport = Rectangle(x: 0, y: 0, width: width, height: height)
        let drawn = withUnsafePointer(to: &viewport) { renderDocument(handle, cairo, UnsafeRawPointer($0), &error) }
        guard drawn != 0 else { throw failure("cannot be drawn", error) }
        cairo_surface_flush(buffer.surface)
        return buffer
    }
}
