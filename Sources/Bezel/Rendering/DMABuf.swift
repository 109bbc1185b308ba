/// A picture's pixels as a Linux DMA-BUF: a file descriptor through which the kernel shares
/// one buffer between devices (a V4L2 decoder or camera and the display). A display that can
/// import it scans the picture out as it is, without a copy (DRMDisplay's overlay planes);
/// one that cannot draws the picture's `Image` instead, which maps the same pixels.
///
/// `owner` keeps the buffer (and so the descriptor) alive: the decoder's frame, given back to
/// its pool when the last holder lets it go. The descriptor is the owner's, never closed by a
/// holder.
public struct DMABuf {
    public var fileDescriptor: Int32
    public var width: Int
    public var height: Int
    /// Bytes from one row's start to the next.
    public var stride: Int
    /// Where the first pixel is, in bytes from the buffer's start.
    public var offset: Int
    /// The pixel format as a DRM fourcc (`DMABuf.xrgb8888`, ...).
    public var fourcc: UInt32
    public var owner: AnyObject

    public init(fileDescriptor: Int32, width: Int, height: Int, stride: Int, offset: Int, fourcc: UInt32, owner: AnyObject) {
        self.fileDescriptor = fileDescriptor
        self.width = width
        self.height = height
        self.stride = stride
        self.offset = offset
        self.fourcc = fourcc
        self.owner = owner
    }

    /// DRM_FORMAT_XRGB8888 ('XR24', drm_fourcc.h): 32-bit pixels, blue in the lowest byte,
    /// the top byte unused. GStreamer's BGRx and cairo's RGB24 on a little-endian machine.
    public static let xrgb8888: UInt32 = 0x3432_5258
}
