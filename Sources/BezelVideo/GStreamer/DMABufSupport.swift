import Bezel
import BezelCairo

/// What Bezel needs of GStreamer to hand a decoded frame to the display as a DMA-BUF (zero
/// copy onto a plane, `PlanePicture.dmaBuf`): libgstallocators' test for DMA-BUF memory and
/// its descriptor, core's memory accessors, and GObject's signal and property lookups to ask
/// V4L2 sources for exported buffers. Opened with the first pipeline; nil when the library
/// is missing (then every frame is drawn, as before).
@MainActor
final class DMABufSupport {
    let bufferMemoryCount: @convention(c) (OpaquePointer) -> UInt32
    let bufferPeekMemory: @convention(c) (OpaquePointer, UInt32) -> OpaquePointer?
    let memoryGetSizes: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?) -> Int
    let isDMABufMemory: @convention(c) (OpaquePointer) -> Int32
    let dmaBufMemoryFileDescriptor: @convention(c) (OpaquePointer) -> Int32
    let signalConnectData: @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeRawPointer, UnsafeMutableRawPointer?,
                                           UnsafeRawPointer?, UInt32) -> UInt
    let sourceSetup: SourceSetup

    private init(core: SharedLibrary, allocators: SharedLibrary, setArgument: @escaping @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void) throws(CairoError) {
        bufferMemoryCount = try core.function("gst_buffer_n_memory", as: type(of: bufferMemoryCount))
        bufferPeekMemory = try core.function("gst_buffer_peek_memory", as: type(of: bufferPeekMemory))
        memoryGetSizes = try core.function("gst_memory_get_sizes", as: type(of: memoryGetSizes))
        isDMABufMemory = try allocators.function("gst_is_dmabuf_memory", as: type(of: isDMABufMemory))
        dmaBufMemoryFileDescriptor = try allocators.function("gst_dmabuf_memory_get_fd", as: type(of: dmaBufMemoryFileDescriptor))
        // GObject's, found through libgstreamer's dependencies.
        signalConnectData = try core.function("g_signal_connect_data", as: type(of: signalConnectData))
        sourceSetup = SourceSetup(findProperty: try core.function("g_object_class_find_property", as: SourceSetup.FindProperty.self),
                                  setArgument: setArgument)
    }

    /// Opened once; nil (no import, frames drawn) when libgstallocators cannot be opened.
    static func open(_ gst: GStreamerLibrary) -> DMABufSupport? {
        if let opened { return opened.value }
        let support: DMABufSupport?
        do throws(CairoError) {
            let core = try SharedLibrary.open("libgstreamer-1.0.so.0", package: "libgstreamer1.0-0", for: "video")
            let allocators = try SharedLibrary.open("libgstallocators-1.0.so.0", package: "libgstreamer-plugins-base1.0-0", for: "video as DMA-BUFs")
            support = try DMABufSupport(core: core, allocators: allocators, setArgument: gst.setObjectArgument)
        } catch {
            support = nil
        }
        opened = .init(value: support)
        return support
    }
    private static var opened: Opened?
    private struct Opened { var value: DMABufSupport? }

    /// Asks playbin's V4L2 source (a camera, `v4l2:///dev/video0`) for buffers exported as
    /// DMA-BUFs (`io-mode=dmabuf`) instead of its default of mapped ones, which no display
    /// can import. Other sources have no `io-mode` and are left as they are.
    func requestExportedBuffers(from playbin: OpaquePointer) {
        let data = Unmanaged.passRetained(sourceSetup).toOpaque()
        _ = signalConnectData(playbin, "source-setup", unsafeBitCast(setUpSource, to: UnsafeRawPointer.self), data,
                              unsafeBitCast(releaseSourceSetup, to: UnsafeRawPointer.self), 0)
    }

    /// The frame's buffer as a DMA-BUF when it is one memory of DMA-BUF memory (a V4L2
    /// device's exported buffer); `owner` holds the buffer. BGRx rows of `width * 4` bytes,
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

/// `source-setup`'s user data: the two functions its handler calls (it runs on whichever
/// thread sets playbin's state, with no access to the main actor's objects).
final class SourceSetup: Sendable {
    typealias FindProperty = @convention(c) (UnsafeRawPointer, UnsafePointer<CChar>) -> UnsafeRawPointer?
    let findProperty: FindProperty
    let setArgument: @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void

    init(findProperty: FindProperty, setArgument: @escaping @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void) {
        self.findProperty = findProperty
        self.setArgument = setArgument
    }
}

/// playbin's `source-setup` (GstElement *playbin, GstElement *source, gpointer data): a source
/// with V4L2's `io-mode` and `device` properties is asked for DMA-BUFs.
private let setUpSource: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, source, data in
    guard let source, let data else { return }
    let setup = Unmanaged<SourceSetup>.fromOpaque(data).takeUnretainedValue()
    // GTypeInstance { GTypeClass *g_class; }: the object's class, for the property lookup.
    let objectClass = UnsafeRawPointer(source).load(as: UnsafeRawPointer.self)
    guard setup.findProperty(objectClass, "io-mode") != nil, setup.findProperty(objectClass, "device") != nil else { return }
    setup.setArgument(source, "io-mode", "dmabuf")
}
private let releaseSourceSetup: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
    if let data { Unmanaged<SourceSetup>.fromOpaque(data).release() }
}
