/// What `bezel-image-decoder` writes on its standard output, and how the app reads it back
/// (`IsolatedImageDecoder`). Little-endian, versioned by its first four bytes:
///
///     "BZI1" 0x00 width:u32 height:u32 format:u8   then height rows of width × 4 bytes
///     "BZI1" 0x01 length:u32 message               refused (damaged, unreadable)
///     "BZI1" 0x02 length:u32 message               refused for its size (`isOverPixelLimit`)
///
/// The app does not trust what arrives either: a size over its own pixel limit, a short
/// stream or an unknown status is refused as damage.
enum DecodedImageStream {
    static let magic: [UInt8] = Array("BZI1".utf8)
    /// Bytes before a decoded image's rows.
    static let imageHeaderSize = 14
    /// Bytes before a refusal's message.
    static let refusalHeaderSize = 9
    /// The longest refusal message kept (a decoder could send a gigabyte of "reason").
    static let maximumMessageSize = 4096

    enum Status: UInt8 {
        case decoded = 0, refused = 1, overPixelLimit = 2
    }

    /// The header of a decoded image of `width` x `height` in `format`.
    static func imageHeader(width: Int, height: Int, format: ImageBuffer.Format) -> [UInt8] {
        magic + [Status.decoded.rawValue] + littleEndian(UInt32(width)) + littleEndian(UInt32(height))
            + [format == .argb8888 ? 1 : 0]
    }

    /// A refusal carrying `error`'s message.
    static func refusal(_ error: CairoError) -> [UInt8] {
        let message = Array(error.message.utf8.prefix(maximumMessageSize))
        return magic + [(error.isOverPixelLimit ? Status.overPixelLimit : .refused).rawValue]
            + littleEndian(UInt32(message.count)) + message
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static func uint32(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
