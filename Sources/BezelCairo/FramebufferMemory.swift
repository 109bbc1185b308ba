import Bezel
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// The pixels of a display's frame: anonymous memory mapped with every page present
/// (MAP_POPULATE), because the first frame writes all of it. Left to fault in, an 800x480
/// frame took 375 page faults while the first frame drew, a quarter of the start-up's 1,371
/// (perf, the standard scene, issue 36 item 1); populated, the kernel makes the pages in the
/// one mmap call. Unmapped when the last buffer over it goes.
final class FramebufferMemory {
    let base: UnsafeMutableRawPointer
    let length: Int

    /// Nil when the kernel refuses the mapping (the caller falls back to cairo's own memory).
    init?(length: Int) {
        guard length > 0, let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
              mapped != MAP_FAILED else { return nil }
        base = mapped
        self.length = length
    }

    deinit { munmap(base, length) }
}

extension ImageBuffer {
    /// An XRGB8888 buffer for a display's frames (`HeadlessDisplay`, the DRM backend's cached
    /// copy): black, its pages present from the start (`FramebufferMemory`). Falls back to an
    /// ordinary buffer when the memory cannot be mapped.
    static func framebuffer(width: Int, height: Int) throws(CairoError) -> ImageBuffer {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw CairoError("image size \(width)x\(height) is outside 1...\(maximumSide)")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        guard stride > 0, let memory = FramebufferMemory(length: stride * height) else {
            return try ImageBuffer(width: width, height: height)
        }
        return try ImageBuffer(wrapping: memory.base, width: width, height: height, stride: stride, owner: memory)
    }
}
