import Bezel
import BezelCairo
import CDRM

/// A DRM "dumb" buffer: XRGB8888 memory the kernel can scan out, mapped into this process and
/// registered as a framebuffer. Owns the handle, the mapping and the framebuffer id.
@MainActor
public final class DumbBuffer {
    public let width: Int
    public let height: Int
    public let pitch: Int
    public let framebufferID: UInt32
    private let fd: Int32
    private let handle: UInt32
    private let size: Int
    private let memory: UnsafeMutableRawPointer
    /// The mapping as an image: frames are copied into it, never read back from it.
    public private(set) lazy var image: ImageBuffer? = try? ImageBuffer(wrapping: memory, width: width, height: height,
                                                                         stride: pitch, owner: self)

    init(fd: Int32, width: Int, height: Int) throws(DRMError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard bezel_drm_create_dumb(fd, UInt32(width), UInt32(height), &handle, &pitch, &size) == 0 else {
            throw DRMError.system("creating a \(width)x\(height) dumb buffer", tryThis: "The driver may not support dumb buffers.")
        }
        var offset: UInt64 = 0
        guard bezel_drm_map_dumb(fd, handle, &offset) == 0, let memory = bezel_mmap_shared(fd, size, offset) else {
            bezel_drm_destroy_dumb(fd, handle)
            throw DRMError.system("mapping a dumb buffer", tryThis: "Check the memory available to the process.")
        }
        var fb: UInt32 = 0
        guard drmModeAddFB(fd, UInt32(width), UInt32(height), 24, 32, pitch, handle, &fb) == 0 else {
            munmap(memory, Int(size))
            bezel_drm_destroy_dumb(fd, handle)
            throw DRMError.system("registering a framebuffer", tryThis: "The mode's size may be unsupported by the driver.")
        }
        self.fd = fd
        self.width = width
        self.height = height
        self.pitch = Int(pitch)
        self.handle = handle
        self.size = Int(size)
        self.memory = memory
        self.framebufferID = fb
        memset(memory, 0, Int(size))
    }

    isolated deinit {
        drmModeRmFB(fd, framebufferID)
        munmap(memory, size)
        bezel_drm_destroy_dumb(fd, handle)
    }
}
