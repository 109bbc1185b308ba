import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// GStreamer (libgstreamer-1.0 and libgstapp-1.0), opened with `dlopen` when the first player
/// gets an item: an app that plays no video maps none of it (design.md §2; ~6 MiB resident
/// with its plugins, `RESULT video_rss` in the bench). Only the functions Bezel calls are
/// looked up, once. GStreamer's 1.x ABI is stable, so the few struct fields read here by
/// offset (a message's type, a buffer's timestamp, a map's data) are those its own macros
/// read (`GST_MESSAGE_TYPE`, `GST_BUFFER_PTS`, `GstMapInfo.data`), on 64-bit targets.
@MainActor
final class GStreamerLibrary {
    typealias Element = OpaquePointer

    let initCheck: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    let parseLaunch: @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Element?
    let binGetByName: @convention(c) (Element, UnsafePointer<CChar>) -> Element?
    let setState: @convention(c) (Element, Int32) -> Int32
    let getBus: @convention(c) (Element) -> OpaquePointer?
    let busTimedPopFiltered: @convention(c) (OpaquePointer, UInt64, UInt32) -> OpaquePointer?
    let busSetSyncHandler: @convention(c) (OpaquePointer, (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32)?,
                                           UnsafeMutableRawPointer?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Void
    let messageParseError: @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let messageParseBuffering: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>?) -> Void
    let miniObjectUnref: @convention(c) (OpaquePointer) -> Void
    let objectUnref: @convention(c) (OpaquePointer) -> Void
    let elementSeek: @convention(c) (Element, Double, Int32, Int32, Int32, Int64, Int32, Int64) -> Int32
    let queryDuration: @convention(c) (Element, Int32, UnsafeMutablePointer<Int64>?) -> Int32
    let setObjectArgument: @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void
    let sampleGetBuffer: @convention(c) (OpaquePointer) -> OpaquePointer?
    let sampleGetCaps: @convention(c) (OpaquePointer) -> OpaquePointer?
    let capsGetStructure: @convention(c) (OpaquePointer, UInt32) -> OpaquePointer?
    let structureGetInt: @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<Int32>) -> Int32
    let bufferMap: @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int32) -> Int32
    let bufferUnmap: @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Void
    let appSinkTryPullSample: @convention(c) (Element, UInt64) -> OpaquePointer?
    let appSinkTryPullPreroll: @convention(c) (Element, UInt64) -> OpaquePointer?
    let appSinkIsEOS: @convention(c) (Element) -> Int32
    let appSinkSetCallbacks: @convention(c) (Element, UnsafeMutableRawPointer, UnsafeMutableRawPointer?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Void
    let objectRef: @convention(c) (OpaquePointer) -> OpaquePointer?
    let valueInit: @convention(c) (UnsafeMutableRawPointer, Int) -> UnsafeMutableRawPointer?
    let valueSetObject: @convention(c) (UnsafeMutableRawPointer, OpaquePointer?) -> Void
    let valueUnset: @convention(c) (UnsafeMutableRawPointer) -> Void
    let objectSetProperty: @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeRawPointer) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    private init(core: SharedLibrary, app: SharedLibrary) throws(CairoError) {
        initCheck = try core.function("gst_init_check", as: type(of: initCheck))
        parseLaunch = try core.function("gst_parse_launch", as: type(of: parseLaunch))
        binGetByName = try core.function("gst_bin_get_by_name", as: type(of: binGetByName))
        setState = try core.function("gst_element_set_state", as: type(of: setState))
        getBus = try core.function("gst_element_get_bus", as: type(of: getBus))
        busTimedPopFiltered = try core.function("gst_bus_timed_pop_filtered", as: type(of: busTimedPopFiltered))
        busSetSyncHandler = try core.function("gst_bus_set_sync_handler", as: type(of: busSetSyncHandler))
        messageParseError = try core.function("gst_message_parse_error", as: type(of: messageParseError))
        messageParseBuffering = try core.function("gst_message_parse_buffering", as: type(of: messageParseBuffering))
        miniObjectUnref = try core.function("gst_mini_object_unref", as: type(of: miniObjectUnref))
        objectUnref = try core.function("gst_object_unref", as: type(of: objectUnref))
        elementSeek = try core.function("gst_element_seek", as: type(of: elementSeek))
        queryDuration = try core.function("gst_element_query_duration", as: type(of: queryDuration))
        setObjectArgument = try core.function("gst_util_set_object_arg", as: type(of: setObjectArgument))
        sampleGetBuffer = try core.function("gst_sample_get_buffer", as: type(of: sampleGetBuffer))
        sampleGetCaps = try core.function("gst_sample_get_caps", as: type(of: sampleGetCaps))
        capsGetStructure = try core.function("gst_caps_get_structure", as: type(of: capsGetStructure))
        structureGetInt = try core.function("gst_structure_get_int", as: type(of: structureGetInt))
        bufferMap = try core.function("gst_buffer_map", as: type(of: bufferMap))
        bufferUnmap = try core.function("gst_buffer_unmap", as: type(of: bufferUnmap))
        appSinkTryPullSample = try app.function("gst_app_sink_try_pull_sample", as: type(of: appSinkTryPullSample))
        appSinkTryPullPreroll = try app.function("gst_app_sink_try_pull_preroll", as: type(of: appSinkTryPullPreroll))
        appSinkIsEOS = try app.function("gst_app_sink_is_eos", as: type(of: appSinkIsEOS))
        appSinkSetCallbacks = try app.function("gst_app_sink_set_callbacks", as: type(of: appSinkSetCallbacks))
        objectRef = try core.function("gst_object_ref", as: type(of: objectRef))
        // GObject's, found through libgstreamer's dependencies.
        valueInit = try core.function("g_value_init", as: type(of: valueInit))
        valueSetObject = try core.function("g_value_set_object", as: type(of: valueSetObject))
        valueUnset = try core.function("g_value_unset", as: type(of: valueUnset))
        objectSetProperty = try core.function("g_object_set_property", as: type(of: objectSetProperty))
        errorFree = try core.function("g_error_free", as: type(of: errorFree))
        free = try core.function("g_free", as: type(of: free))
    }

    /// Loaded and initialised once; the failure (with the Debian packages to install) is kept
    /// and given to every player that asks after it.
    static let shared: Result<GStreamerLibrary, CairoError> = {
        let packages = "libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav"
        do throws(CairoError) {
            let core = try SharedLibrary.open("libgstreamer-1.0.so.0", package: "libgstreamer1.0-0", for: "video")
            let app = try SharedLibrary.open("libgstapp-1.0.so.0", package: "libgstreamer-plugins-base1.0-0", for: "video")
            let library = try GStreamerLibrary(core: core, app: app)
            var error: UnsafeMutableRawPointer?
            guard library.initCheck(nil, nil, &error) != 0 else {
                throw CairoError("GStreamer did not start: \(library.takeMessage(error) ?? "no reason given") (packages: \(packages))")
            }
            return .success(library)
        } catch {
            return .failure(error)
        }
    }()

    /// A `GError`'s message, the error freed.
    func takeMessage(_ error: UnsafeMutableRawPointer?) -> String? {
        guard let error else { return nil }
        defer { errorFree(error) }
        // GError { GQuark domain; gint code; gchar *message; }
        guard let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else { return nil }
        return String(cString: message)
    }

    /// Sets the object-valued property `name` of `object` to `value` (GObject's
    /// `g_object_set_property` with a GValue of `G_TYPE_OBJECT`: g_object_set is variadic).
    func setObjectProperty(_ object: OpaquePointer, _ name: String, _ value: OpaquePointer) {
        // GValue { GType g_type; union data[2]; }: 24 bytes, zeroed before g_value_init.
        let gvalue = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        gvalue.initializeMemory(as: UInt8.self, repeating: 0, count: 24)
        defer { gvalue.deallocate() }
        _ = valueInit(gvalue, 20 << 2)  // G_TYPE_OBJECT: fundamental type 20
        valueSetObject(gvalue, value)
        objectSetProperty(object, name, gvalue)
        valueUnset(gvalue)
    }

    /// `GST_MESSAGE_TYPE`: the field after the 64-byte GstMiniObject.
    nonisolated static func messageType(_ message: OpaquePointer) -> UInt32 {
        UnsafeRawPointer(message).load(fromByteOffset: 64, as: UInt32.self)
    }

    /// `GST_BUFFER_PTS`: after the GstMiniObject and the pool pointer; nil for `GST_CLOCK_TIME_NONE`.
    nonisolated static func presentationTime(_ buffer: OpaquePointer) -> UInt64? {
        let time = UnsafeRawPointer(buffer).load(fromByteOffset: 72, as: UInt64.self)
        return time == clockTimeNone ? nil : time
    }

    nonisolated static let clockTimeNone = UInt64.max
    // GstState, GstFormat, GstSeekFlags, GstSeekType, GstMessageType (gstelement.h, gstformat.h,
    // gstsegment.h, gstmessage.h; checked against GStreamer 1.22's introspection data).
    nonisolated static let stateNull: Int32 = 1, stateReady: Int32 = 2, statePaused: Int32 = 3, statePlaying: Int32 = 4
    nonisolated static let stateChangeFailure: Int32 = 0
    /// GST_STATE_CHANGE_NO_PREROLL: a live source (RTSP, a camera) has nothing to preroll in PAUSED.
    nonisolated static let stateChangeNoPreroll: Int32 = 3
    nonisolated static let formatTime: Int32 = 3
    nonisolated static let seekFlush: Int32 = 1, seekAccurate: Int32 = 2
    nonisolated static let seekTypeNone: Int32 = 0, seekTypeSet: Int32 = 1
    nonisolated static let messageEOS: UInt32 = 1, messageError: UInt32 = 2, messageBuffering: UInt32 = 32,
               messageDurationChanged: UInt32 = 262_144, messageAsyncDone: UInt32 = 2_097_152
    nonisolated static let mapRead: Int32 = 1
    /// sizeof(GstMapInfo) on 64-bit targets (memory, flags, data, size, maxsize, 4 + 4 pointers).
    nonisolated static let mapInfoSize = 104
}
