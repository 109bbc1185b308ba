import Bezel
import BezelCairo
import CDRM

/// A DRM "dumb" buffer: memory the kernel can scan out (XRGB8888 or RGB565, or ARGB8888 for
/// an overlay plane that blends), mapped into this process and registered as a framebuffer.
/// Owns the handle, the mapping and the framebuffer id.
@MainActor
public final class DumbBuffer {
    public let width: Int
    public let height: Int
    public let pitch: Int
    public let format: ScanoutPixelFormat
    public let framebufferID: UInt32
    /// ARGB8888 (premultiplied, DRM's default blend mode): a picture with transparency on an
    /// overlay plane (a scroll indicator's). `format` is then xrgb8888's 32 bits a pixel.
    let hasAlpha: Bool
    private let fd: Int32
    private let handle: UInt32
    private let size: Int
    private let memory: UnsafeMutableRawPointer
    /// The mapping as an image (32-bit buffers only: XRGB8888, or ARGB8888 with `hasAlpha`):
    /// frames are copied into it; only tests and overlay pictures drawn with cairo
    /// (`OverlaySurface`) go further.
    private lazy var image: ImageBuffer? = format == .xrgb8888
        ? try? ImageBuffer(wrapping: memory, width: width, height: height, stride: pitch, format: hasAlpha ? .argb8888 : .xrgb8888, owner: self) : nil

    init(fd: Int32, width: Int, height: Int, format: ScanoutPixelFormat = .xrgb8888, hasAlpha: Bool = false) throws(DRMError) {
        let hasAlpha = hasAlpha && format == .xrgb8888
        let fourcc = hasAlpha ? bezel_drm_format_argb8888() : format.fourcc
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard bezel_drm_create_dumb(fd, UInt32(width), UInt32(height), format.bitsPerPixel, &handle, &pitch, &size) == 0 else {
            throw DRMError.system("creating a \(width)x\(height) dumb buffer", tryThis: "The driver may not support dumb buffers.")
        }
        var offset: UInt64 = 0
        guard bezel_drm_map_dumb(fd, handle, &offset) == 0, let memory = bezel_mmap_shared(fd, size, offset) else {
            bezel_drm_destroy_dumb(fd, handle)
            throw DRMError.system("mapping a dumb buffer", tryThis: "Check the memory available to the process.")
        }
        var fb: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let added = withUnsafeMutableBytes(of: &handles) { h in
            withUnsafeMutableBytes(of: &pitches) { p in
                withUnsafeMutableBytes(of: &offsets) { o in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), fourcc,
                                  h.baseAddress!.assumingMemoryBound(to: UInt32.self), p.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                  o.baseAddress!.assumingMemoryBound(to: UInt32.self), &fb, 0)
                }
            }
        }
        guard added == 0 else {
            munmap(memory, Int(size))
            bezel_drm_destroy_dumb(fd, handle)
            throw DRMError.system("registering a \(width)x\(height) \(hasAlpha ? "argb8888" : format.rawValue) framebuffer",
                                  tryThis: "The driver may not take this size or pixel format (BEZEL_PIXEL_FORMAT).")
        }
        self.fd = fd
        self.width = width
        self.height = height
        self.pitch = Int(pitch)
        self.format = format
        self.hasAlpha = hasAlpha
        self.handle = handle
        self.size = Int(size)
        self.memory = memory
        self.framebufferID = fb
        memset(memory, 0, Int(size))
    }

    /// The mapping as an image (XRGB8888 buffers only).
    var mappedImage: ImageBuffer? { image }

    /// Copies `rects` of `frame` (panel-sized, XRGB8888) into this buffer, converting if needed.
    func copy(_ rects: [Rect], from frame: ImageBuffer) {
        switch format {
        case .xrgb8888:
            if let image { frame.copy(rects, to: image) }
        case .rgb565:
            frame.copyAsRGB565(rects, to: memory, stride: pitch, width: width, height: height)
        }
    }

    isolated deinit {
        drmModeRmFB(fd, framebufferID)
        munmap(memory, size)
        bezel_drm_destroy_dumb(fd, handle)
    }
}
