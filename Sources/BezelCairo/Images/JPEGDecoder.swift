/// JPEG files through libjpeg-turbo's TurboJPEG API (Debian's libturbojpeg0), opened when the
/// first JPEG is loaded. TurboJPEG reports errors by return codes (libjpeg's own API ends a
/// failed decode with longjmp, which Swift cannot take).
@MainActor
enum JPEGDecoder {
    // TurboJPEG 2.1's functions (turbojpeg.h).
    private typealias InitDecompress = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias DecompressHeader3 = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt,
                                                          UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                                          UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias Decompress2 = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UInt8>?,
                                                    Int32, Int32, Int32, Int32, Int32) -> Int32
    private typealias GetErrorStr2 = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?
    private typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// TJPF_BGRX: cairo's RGB24 in memory on a little-endian machine (B, G, R, unused).
    private static let pixelFormatBGRX: Int32 = 3
    /// TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS (turbojpeg.h, 2.1): stop at the first warning
    /// (Bezel refuses a warning anyway: decoding on only wasted the UI thread's time), and
    /// refuse a progressive JPEG of more than 500 scans. Without them a 130 KB progressive
    /// image whose last scan repeats kept the UI thread busy for more than 30 s, past the
    /// watchdog, though within the pixel limit (issue 37 item 3); with them it is refused in
    /// milliseconds.
    private static let decodeFlags: Int32 = 8192 | 32768

    /// Decodes JPEG `bytes` (from `path`, named in errors) into an opaque buffer.
    static func decode(_ bytes: [UInt8], path: String, maximumPixels: Int) throws(CairoError) -> ImageBuffer {
        let library = try SharedLibrary.open("libturbojpeg.so.0", package: "libturbojpeg0", for: "loading JPEG \(path)")
        let initDecompress = try library.function("tjInitDecompress", as: InitDecompress.self)
        let header = try library.function("tjDecompressHeader3", as: DecompressHeader3.self)
        let decompress = try library.function("tjDecompress2", as: Decompress2.self)
        let errorString = try library.function("tjGetErrorStr2", as: GetErrorStr2.self)
        let destroy = try library.function("tjDestroy", as: Destroy.self)
        guard let handle = initDecompress() else { throw CairoError("\(path): libturbojpeg could not start a decoder") }
        defer { _ = destroy(handle) }
        func failure(_ what: String) -> CairoError {
            CairoError("\(path): \(what): \(errorString(handle).map { String(cString: $0) } ?? "unknown error")")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard header(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw failure("not a readable JPEG")
        }
        guard width > 0, height > 0, Int(width) * Int(height) <= maximumPixels else {
            throw CairoError.overPixelLimit("\(path): JPEG of \(width)x\(height) pixels is over the limit of \(maximumPixels) pixels, not decoded")
        }
        let buffer = try ImageBuffer(width: Int(width), height: Int(height), format: .xrgb8888)
        let status = buffer.withPixels { pixels, stride in
            decompress(handle, bytes, UInt(bytes.count), pixels, width, Int32(stride), height, pixelFormatBGRX, decodeFlags)
        }
        // Any error, a damaged file's "premature end" warning included, refuses the image: a
        // kiosk should show its placeholder, not half a grey photo.
        guard status == 0 else { throw failure("corrupt JPEG") }
        return buffer
    }
}
