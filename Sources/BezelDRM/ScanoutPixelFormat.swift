import CDRM

/// What the scanned-out buffers hold. Frames are always rendered in XRGB8888 (cairo's
/// RGB24); 16-bit panels (many SPI and parallel-RGB ones) get RGB565 converted on copy.
public enum ScanoutPixelFormat: String, Sendable {
    case xrgb8888
    case rgb565

    var fourcc: UInt32 { self == .xrgb8888 ? bezel_drm_format_xrgb8888() : bezel_drm_format_rgb565() }
    var bitsPerPixel: UInt32 { self == .xrgb8888 ? 32 : 16 }
    var depth: UInt32 { self == .xrgb8888 ? 24 : 16 }

    /// The format to use on a plane that takes `formats`: XRGB8888 when it can, else RGB565.
    static func choose(from formats: [UInt32]) -> ScanoutPixelFormat? {
        if formats.isEmpty || formats.contains(bezel_drm_format_xrgb8888()) { return .xrgb8888 }
        if formats.contains(bezel_drm_format_rgb565()) { return .rgb565 }
        return nil
    }
}
