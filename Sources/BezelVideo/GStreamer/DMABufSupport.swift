import Bezel
import BezelCairo

/// What Bezel needs of GStreamer to hand a frame to the display as a DMA-BUF (zero copy onto
/// a plane, `PlanePicture.dmaBuf`): libgstallocators' test for DMA-BUF memory and its
/// descriptor, core's memory accessors, and a probe of what a V4L2 camera can capture.
/// Opened with the first pipeline; nil when the library is missing (then every frame is
/// drawn, as before).
@MainActor
final class DMABufSupport {
    let bufferMemoryCount: @convention(c) (OpaquePointer) -> UInt32
    let bufferPeekMemory: @convention(c) (OpaquePointer, UInt32) -> OpaquePointer?
    let memoryGetSizes: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?) -> Int
    let isDMABufMemory: @convention(c) (OpaquePointer) -> Int32
    let dmaBufMemoryFileDescriptor: @convention(c) (OpaquePointer) -> Int32
    private let elementFactoryMake: @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>?) -> OpaquePointer?
    private let elementGetStaticPad: @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> OpaquePointer?
    private let padQueryCaps: @convention(c) (OpaquePointer, OpaquePointer?) -> OpaquePointer?
    private let capsFromString: @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private let capsCanIntersect: @convention(c) (OpaquePointer, OpaquePointer) -> Int32
    private let gst: GStreamerLibrary

    private init(core: SharedLibrary, allocators: SharedLibrary, gst: GStreamerLibrary) throws(CairoError) {
        self.gst = gst
        elementFactoryMake = try core.function("gst_element_factory_make", as: type(of: elementFactoryMake))
        elementGetStaticPad = try core.function("gst_element_get_static_pad", as: type(of: elementGetStaticPad))
        padQueryCaps = try core.function("gst_pad_query_caps", as: type(of: padQueryCaps))
        capsFromString = try core.function("gst_caps_from_string", as: type(of: capsFromString))
        capsCanIntersect = try core.function("gst_caps_can_intersect", as: type(of: capsCanIntersect))
        bufferMemoryCount = try core.function("gst_buffer_n_memory", as: type(of: bufferMemoryCount))
        bufferPeekMemory = try core.function("gst_buffer_peek_memory", as: type(of: bufferPeekMemory))
        memoryGetSizes = try core.function("gst_memory_get_sizes", as: type(of: memoryGetSizes))
        isDMABufMemory = try allocators.function("gst_is_dmabuf_memory", as: type(of: isDMABufMemory))
        dmaBufMemoryFileDescriptor = try allocators.function("gst_dmabuf_memory_get_fd", as: type(of: dmaBufMemoryFileDescriptor))
    }

    /// Opened once, after GStreamer; nil (no import, frames drawn) when GStreamer or
    /// libgstallocators cannot be opened.
    static let shared: DMABufSupport? = {
        guard case .success(let gst) = GStreamerLibrary.shared else { return nil }
        do throws(CairoError) {
            let core = try SharedLibrary.open("libgstreamer-1.0.so.0", package: "libgstreamer1.0-0", for: "video")
            let allocators = try SharedLibrary.open("libgstallocators-1.0.so.0", package: "libgstreamer-plugins-base1.0-0", for: "video as DMA-BUFs")
            return try DMABufSupport(core: core, allocators: allocators, gst: gst)
        } catch {
            return nil
        }
    }()

    /// Whether the V4L2 device at `device` can capture frames the sink takes as they are
    /// (`caps`: BGRx, within the item's size limit). Then it is read directly, its own
    /// exported buffers reaching the app (`PlaybinPipeline`); otherwise (YUYV or MJPEG only,
    /// as most USB cameras) playbin converts them into ordinary memory. Asked of a v4l2src
    /// of our own in READY, the device opened and closed again.
    func cameraDeliversDirectly(device: String, caps: String) -> Bool {
        guard let source = elementFactoryMake("v4l2src", nil) else { return false }
        defer {
            _ = gst.setState(source, GStreamerLibrary.stateNull)
            gst.objectUnref(source)
        }
        gst.setObjectArgument(source, "device", device)
        guard gst.setState(source, GStreamerLibrary.stateReady) != GStreamerLibrary.stateChangeFailure,
              let pad = elementGetStaticPad(source, "src") else { return false }
        defer { gst.objectUnref(pad) }
        guard let offered = padQueryCaps(pad, nil) else { return false }
        defer { gst.miniObjectUnref(offered) }
        guard let wanted = capsFromString(caps) else { return false }
        defer { gst.miniObjectUnref(wanted) }
        return capsCanIntersect(offered, wanted) != 0
    }

    /// The frame's buffer as a DMA-BUF when it is one memory of DMA-BUF memory (a V4L2
    /// device's exported buffer: `io-mode=dmabuf`); `owner` holds the buffer. BGRx rows of `width * 4` bytes,
    /// as the software path maps them (`DecodedFrame`).
    func dmaBuf(of buffer: OpaquePointer, width: Int, height: Int, owner: AnyObject) -> DMABuf? {
        guard bufferMemoryCount(buffer) == 1, let memory = bufferPeekMemory(buffer, 0), isDMABufMemory(memory) != 0 else { return nil }
        let fd = dmaBufMemoryFileDescriptor(memory)
        var offset = 0
        let size = memoryGetSizes(memory, &offset, nil)
        guard fd >= 0, size >= width * height * 4 else { return nil }
        return DMABuf(fileDescriptor: fd, width: width, height: height, stride: width * 4, offset: offset, fourcc: DMABuf.xrgb8888, owner: owner)
    }
}
