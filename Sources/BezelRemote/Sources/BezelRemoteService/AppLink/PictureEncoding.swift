import Bezel
import BezelCairo
import NIOCore

/// The app sends raw XRGB8888 pixels (its main thread only copies); the service compresses them
/// here, on its own threads, with cairo's PNG encoder (BezelCairo).
enum PictureEncoding {
    static func png(width: Int, height: Int, pixels: some Collection<UInt8>) throws -> [UInt8] {
        try ImageBuffer(width: width, height: height, packedPixels: Array(pixels)).pngData()
    }

    /// A `screenshot` reply's picture as PNG.
    static func png(of reply: RemoteMessage) throws -> [UInt8] {
        guard reply.header["format"]?.stringValue == "xrgb8888", let width = reply.header["width"]?.numberValue,
              let height = reply.header["height"]?.numberValue else {
            throw AppLinkError("the app's screenshot had no format or size")
        }
        return try png(width: Int(width), height: Int(height), pixels: reply.payload)
    }
}
