import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Reads a `DecodedImageStream` as it arrives from the helper's pipe, straight into the
/// image's pixels, checking everything the helper claims against the app's own limits.
@MainActor
final class DecodedImageReader {
    let name: String
    let maximumPixels: Int

    /// The decoded image, once its header has arrived (complete when `isComplete`).
    private(set) var image: ImageBuffer?
    /// The helper's refusal, once its message has arrived.
    private(set) var refusal: CairoError?
    /// What was wrong with the stream, when it broke the format.
    private(set) var failed: String?

    private var header: [UInt8] = []
    private var pixelBytesExpected = 0
    private var pixelBytesRead = 0
    private var messageLength: Int?
    private var message: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65536)

    init(name: String, maximumPixels: Int) {
        self.name = name
        self.maximumPixels = maximumPixels
    }

    var isComplete: Bool { image != nil && pixelBytesRead == pixelBytesExpected }

    /// Reads what `descriptor` (non-blocking) has; false at its end or on an error.
    func read(from descriptor: Int32) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                consume(buffer[..<count])
                if failed != nil { return false }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return true }
            if image != nil, !isComplete {
                failed = "\(pixelBytesRead) of the image's \(pixelBytesExpected) bytes"
            } else if image == nil, refusal == nil, !header.isEmpty {
                failed = "a header cut short"
            }
            return false
        }
    }

    private func consume(_ input: ArraySlice<UInt8>) {
        var bytes = input
        if !headerRead {
            // The first five bytes (magic and status) say how long the header is.
            func take(upTo total: Int) {
                let count = min(total - header.count, bytes.count)
                header += bytes.prefix(count)
                bytes = bytes.dropFirst(count)
            }
            take(upTo: 5)
            guard header.count == 5 else { return }
            guard header.starts(with: DecodedImageStream.magic), let status = DecodedImageStream.Status(rawValue: header[4]) else {
                failed = "something other than an image or a refusal"
                return
            }
            take(upTo: status == .decoded ? DecodedImageStream.imageHeaderSize : DecodedImageStream.refusalHeaderSize)
            guard header.count == (status == .decoded ? DecodedImageStream.imageHeaderSize : DecodedImageStream.refusalHeaderSize) else { return }
            headerRead = true
            begin(status: status)
            if failed != nil { return }
        }
        if let image {
            let take = min(bytes.count, pixelBytesExpected - pixelBytesRead)
            guard take == bytes.count else { failed = "more bytes than its image holds"; return }
            let data = cairo_image_surface_get_data(image.surface)!
            bytes.withUnsafeBytes { if take > 0 { _ = memcpy(data + pixelBytesRead, $0.baseAddress!, take) } }
            pixelBytesRead += take
            if isComplete { cairo_surface_mark_dirty(image.surface) }
        } else if let length = messageLength {
            guard bytes.count <= length - message.count else { failed = "more bytes than its refusal"; return }
            message += bytes
            if message.count == length {
                let text = String(decoding: message, as: UTF8.self)
                refusal = header[4] == DecodedImageStream.Status.overPixelLimit.rawValue ? .overPixelLimit(text) : CairoError(text)
                messageLength = nil
            }
        } else if !bytes.isEmpty {
            failed = "bytes after its answer"
        }
    }

    private var headerRead = false

    private func begin(status: DecodedImageStream.Status) {
        switch status {
        case .decoded:
            let width = DecodedImageStream.uint32(header[5..<9]), height = DecodedImageStream.uint32(header[9..<13])
            guard width > 0, height > 0, ImageLoader.pixelCount(width, height) <= maximumPixels,
                  width <= ImageBuffer.maximumSide, height <= ImageBuffer.maximumSide, header[13] <= 1 else {
                failed = "an image of \(width)x\(height) pixels (format \(header[13])), outside the limits"
                return
            }
            do {
                let image = try ImageBuffer(width: width, height: height, format: header[13] == 1 ? .argb8888 : .xrgb8888)
                // Rows arrive packed (width × 4 bytes); cairo's rows of 32-bit pixels are too.
                guard image.stride == width * 4 else { failed = "rows cairo pads"; return }
                cairo_surface_flush(image.surface)
                self.image = image
                pixelBytesExpected = width * height * 4
            } catch {
                failed = "an image that could not be allocated (\(error))"
            }
        case .refused, .overPixelLimit:
            let length = DecodedImageStream.uint32(header[5..<9])
            guard length <= DecodedImageStream.maximumMessageSize else { failed = "a refusal \(length) bytes long"; return }
            messageLength = length
        }
    }
}
