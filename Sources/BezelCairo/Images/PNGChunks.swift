import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// A PNG's chunk structure, walked before libpng sees the file: libpng trusts a chunk's
/// length and allocates for it before reading, so a 141-byte file claiming a chunk of
/// 0x7FFFFFFF bytes made the process touch 2.1 GB for 7-16 s before it was refused (issue 37
/// item 2; through cairo there is no way to set libpng's own chunk limits). Every chunk must
/// fit in the bytes that remain, the first must be IHDR, and the header's size must be within
/// the pixel limit.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The PNG specification's largest chunk length (2^31 - 1).
    static let maximumChunkLength = 0x7FFF_FFFF

    /// Refuses a PNG whose header (in `head`, the file's first bytes) claims more than
    /// `maximumPixels`: the app checks this before starting a helper for the file, so a
    /// bomb costs no process (the helper checks everything again).
    static func checkHeaderSize(_ head: [UInt8], name: String, maximumPixels: Int) throws(CairoError) {
        guard head.count >= 24, head[12..<16].elementsEqual("IHDR".utf8) else { return }
        // Each is up to 2^32 - 1: their product can pass Int.max (a 69-byte PNG claiming
        // 4294967295 x 4294967295 trapped here before the multiplication was checked).
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard ImageLoader.pixelCount(width, height) <= maximumPixels else {
            throw CairoError.overPixelLimit("\(name): PNG of \(width)x\(height) pixels is over the limit of \(maximumPixels) pixels, not decoded")
        }
    }

    /// Throws the reason `bytes` (from `name`) are not a PNG libpng should be given; returns
    /// the header's width and height.
    @discardableResult
    static func validate(_ bytes: [UInt8], name: String, maximumPixels: Int) throws(CairoError) -> (width: Int, height: Int) {
        guard bytes.starts(with: signature) else { throw CairoError("\(name): not a PNG (its signature is wrong)") }
        func uint32(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        // IHDR: length 13, then width and height (big-endian) at bytes 16-23.
        guard bytes.count >= 33, uint32(at: 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            throw CairoError("\(name): a PNG cut short or without its IHDR header first")
        }
        let width = uint32(at: 16), height = uint32(at: 20)
        guard width > 0, height > 0 else { throw CairoError("\(name): a PNG of \(width)x\(height) pixels") }
        try checkHeaderSize(bytes, name: name, maximumPixels: maximumPixels)
        var offset = 8
        while true {
            // Length, type, data, CRC: 12 bytes besides the data.
            guard offset + 12 <= bytes.count else { throw CairoError("\(name): a PNG cut short (no IEND chunk)") }
            let length = uint32(at: offset)
            guard length <= maximumChunkLength, length <= bytes.count - offset - 12 else {
                throw CairoError("\(name): a PNG chunk at byte \(offset) claims \(length) bytes, more than the file holds; not decoded")
            }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return (width, height) }
            offset += 12 + length
        }
    }
}

extension ImageBuffer {
    /// Decodes PNG `bytes` (checked first by `PNGChunks.validate`); `name` is used in errors.
    convenience init(pngBytes bytes: [UInt8], name: String, maximumPixels: Int) throws(CairoError) {
        try PNGChunks.validate(bytes, name: name, maximumPixels: maximumPixels)
        let reader = PNGReader(bytes)
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let reader = Unmanaged<PNGReader>.fromOpaque(closure!).takeUnretainedValue()
            return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(reader).toOpaque())
        try self.init(adopting: surface, "loading PNG \(name)")
        withExtendedLifetime(reader) {}
    }
}

/// The bytes cairo's PNG stream reads from.
private final class PNGReader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into target: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
        guard let target, count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { _ = memcpy(target, $0.baseAddress! + offset, count) }
        offset += count
        return true
    }
}
