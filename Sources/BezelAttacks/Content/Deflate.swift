#if canImport(Glibc)
import Glibc
#endif

/// zlib's compress2 and crc32 (libz.so.1, under libpng and cairo on every Debian system),
/// opened when first used: the bad-file generator writes real PNG streams, bombs included.
enum Deflate {
    private typealias Compress2 = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    private typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    // A handle dlopen gave, never changed: safe to read from any thread.
    nonisolated(unsafe) private static let library: UnsafeMutableRawPointer? = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL)

    /// `bytes` as a zlib stream (level 9).
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        guard let library, let symbol = dlsym(library, "compress2") else { fatalError("libz.so.1 (zlib1g) is needed to write PNG cases") }
        let compress = unsafeBitCast(symbol, to: Compress2.self)
        var out = [UInt8](repeating: 0, count: bytes.count + bytes.count / 1000 + 64)
        var length = UInt(out.count)
        guard compress(&out, &length, bytes, UInt(bytes.count), 9) == 0 else { fatalError("zlib's compress2 failed") }
        return Array(out[..<Int(length)])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        guard let library, let symbol = dlsym(library, "crc32") else { fatalError("libz.so.1 (zlib1g) is needed to write PNG cases") }
        return UInt32(truncatingIfNeeded: unsafeBitCast(symbol, to: CRC32.self)(0, bytes, UInt32(bytes.count)))
    }
}

/// PNG files put together chunk by chunk (for cases no encoder would write).
public enum PNGWriter {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A chunk with its length and CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(data.count) + body + bigEndian(Int(Deflate.crc32(body)))
    }

    /// An IHDR chunk: `bitDepth` and `colorType` as in the PNG specification.
    public static func header(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 0, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
    }

    /// A complete black image of `width` x `height`, one bit a pixel: tiny files that decode
    /// to large images (20000 x 20000 is 48 KB and 1.6 GB as RGBA).
    public static func blackBitmap(width: Int, height: Int) -> [UInt8] {
        let raw = [UInt8](repeating: 0, count: height * (1 + (width + 7) / 8))
        return signature + header(width: width, height: height, bitDepth: 1) + chunk("IDAT", Deflate.compress(raw)) + chunk("IEND", [])
    }
}
