import Bezel
import BezelCairo
import Synchronization

/// One item's GStreamer pipeline: `playbin` (which picks the demuxer and the decoder, a
/// board's hardware decoder when it has one: V4L2 on a Pi) with an `appsink` for the video;
/// for a camera that captures BGRx (`v4l2://`), `v4l2src` straight into the `appsink`, its
/// buffers exported as DMA-BUFs.
/// The sink takes decoded frames as BGRx (cairo's RGB24 in memory) without syncing them to
/// GStreamer's clock: the player pulls each one when its time comes on the application's
/// clock, so a test's virtual clock decides which frame is shown, and at most three decoded
/// frames wait (the decoder blocks after that: nothing is decoded that would not be shown).
///
/// GStreamer's threads only raise a flag here (`StreamingSignal`); everything else happens on
/// the main actor, from `drainMessages()` and `pullFrame()`.
@MainActor
final class PlaybinPipeline {
    enum Message: Sendable {
        case error(String)
        case endOfStream
        case asyncDone
        case durationChanged
        case buffering(percent: Int)
    }

    private let gst: GStreamerLibrary
    private let playbin: GStreamerLibrary.Element
    private let sink: GStreamerLibrary.Element
    private let bus: OpaquePointer
    let signal: StreamingSignal
    /// Frames as DMA-BUFs where the source exports them (nil: libgstallocators missing).
    private let dmaBufSupport: DMABufSupport?
    /// A camera read directly (`v4l2src ! appsink`): no playbin, no sound.
    private let isCamera: Bool

    /// - Parameters:
    ///   - uri: what playbin opens (`file://`, `http(s)://`, `rtsp://`...).
    ///   - audio: whether the sound is decoded and played (the default audio sink: ALSA).
    ///   - maximumFrameSize: frames larger are captured or scaled down to fit (the sink's caps
    ///     say so: a camera picks its largest size within, playbin scales a file's frames).
    init(uri: String, audio: Bool, maximumFrameSize: (width: Int, height: Int)? = nil, library gst: GStreamerLibrary, onSignal: @escaping @MainActor () -> Void) throws(VideoError) {
        self.gst = gst
        // max-buffers=3: the frame shown, the next one and one being decoded.
        var error: UnsafeMutableRawPointer?
        let limit = maximumFrameSize.map { ",width=(int)[1,\($0.width)],height=(int)[1,\($0.height)]" } ?? ""
        let caps = "video/x-raw,format=BGRx" + limit
        let sinkDescription = "appsink name=frames caps=\"\(caps)\" max-buffers=3 drop=false sync=false enable-last-sample=false"
        let dmaBufSupport = DMABufSupport.shared
        self.dmaBufSupport = dmaBufSupport
        // A camera that captures what the sink takes is read directly, its buffers exported
        // as DMA-BUFs (a display plane imports them: no copy). playbin would put decodebin's
        // typefinder between them, which takes any format, so the camera would capture its
        // own first choice (vivid: YUYV at 3840x2160) for the CPU to convert.
        // v4l2src's own default device when the URI names none.
        let path = uri.hasPrefix("v4l2://") ? String(uri.dropFirst("v4l2://".count)) : nil
        let device = path.map { $0.isEmpty ? "/dev/video0" : $0 }
        let direct = device.map { dmaBufSupport?.cameraDeliversDirectly(device: $0, caps: caps) ?? false } ?? false
        if let device, !direct {
            Diagnostics.report(.platform, "video \(uri): the camera \(device) does not capture \(caps): its frames are converted by the CPU (no zero copy)")
        }
        isCamera = direct
        if direct, let device {
            guard let pipeline = gst.parseLaunch("v4l2src name=source io-mode=dmabuf ! " + sinkDescription, &error) else {
                throw VideoError(.unavailable, "GStreamer has no v4l2src (gstreamer1.0-plugins-good): \(gst.takeMessage(error) ?? "no reason given")")
            }
            // The probe made a v4l2src already: the description's two elements are there.
            let source = gst.binGetByName(pipeline, "source")!
            // Set as a property, never spliced into the description.
            gst.setObjectArgument(source, "device", device)
            gst.objectUnref(source)
            playbin = pipeline
            sink = gst.binGetByName(pipeline, "frames")!
            bus = gst.getBus(pipeline)!
            signal = StreamingSignal(MessageParser(gst), onSignal)
        } else {
            guard let sink = gst.parseLaunch(sinkDescription, &error) else {
                throw VideoError(.unavailable, "GStreamer has no appsink (gstreamer1.0-plugins-base): \(gst.takeMessage(error) ?? "no reason given")")
            }
            guard let playbin = gst.parseLaunch("playbin", &error) else {
                gst.objectUnref(sink)
                throw VideoError(.unavailable, "GStreamer has no playbin (gstreamer1.0-plugins-base): \(gst.takeMessage(error) ?? "no reason given")")
            }
            // Ours kept (the sink is unreferenced at deinit), playbin's taken by the property.
            _ = gst.objectRef(sink)
            gst.setObjectProperty(playbin, "video-sink", sink)
            self.playbin = playbin
            self.sink = sink
            bus = gst.getBus(playbin)!
            signal = StreamingSignal(MessageParser(gst), onSignal)
            gst.setObjectArgument(playbin, "uri", uri)
            // Video, and sound only where it is played; soft-volume: volume and mute in
            // software, so they act the same on every sound card.
            gst.setObjectArgument(playbin, "flags", audio ? "video+audio+soft-volume" : "video+soft-volume")
        }
        // Both callbacks only raise the signal; the copies GStreamer keeps hold the signal
        // (released by `releaseSignal` when the sink or the bus lets them go).
        let callbacks = UnsafeMutableRawPointer.allocate(byteCount: 8 * 8, alignment: 8)
        callbacks.initializeMemory(as: UInt8.self, repeating: 0, count: 8 * 8)
        // GstAppSinkCallbacks { eos; new_preroll; new_sample; new_event; reserved... }
        callbacks.storeBytes(of: streamingEndOfStream, toByteOffset: 0, as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void).self)
        callbacks.storeBytes(of: streamingSample, toByteOffset: 8, as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32).self)
        callbacks.storeBytes(of: streamingSample, toByteOffset: 16, as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32).self)
        gst.appSinkSetCallbacks(sink, callbacks, Unmanaged.passRetained(signal).toOpaque(), releaseSignal)
        callbacks.deallocate()
        gst.busSetSyncHandler(bus, streamingMessage, Unmanaged.passRetained(signal).toOpaque(), releaseSignal)
    }

    isolated deinit {
        _ = gst.setState(playbin, GStreamerLibrary.stateNull)
        gst.busSetSyncHandler(bus, nil, nil, nil)
        gst.objectUnref(bus)
        gst.objectUnref(sink)
        gst.objectUnref(playbin)
    }

    /// PAUSED (prerolled: the first frame decoded, the duration known) or PLAYING. Returns
    /// true for a live source (RTSP): it does not preroll in PAUSED, it has to play to open.
    @discardableResult
    func setPlaying(_ playing: Bool) throws(VideoError) -> Bool {
        let result = gst.setState(playbin, playing ? GStreamerLibrary.statePlaying : GStreamerLibrary.statePaused)
        if result == GStreamerLibrary.stateChangeFailure {
            throw VideoError(.pipeline, "GStreamer refused to \(playing ? "play" : "pause")")
        }
        return result == GStreamerLibrary.stateChangeNoPreroll
    }

    /// A flushing seek to `seconds` (frames before it dropped: ACCURATE), at `rate`. A flush
    /// unblocks GStreamer's threads, so it is safe from the main actor while they wait for it
    /// to pull (a seek without one would wait for them: a deadlock).
    func seek(to seconds: Double, rate: Double) -> Bool {
        let flags = GStreamerLibrary.seekFlush | GStreamerLibrary.seekAccurate
        return gst.elementSeek(playbin, rate, GStreamerLibrary.formatTime, flags, GStreamerLibrary.seekTypeSet,
                               Int64(max(0, seconds) * 1e9), GStreamerLibrary.seekTypeNone, -1) != 0
    }

    /// playbin's properties (volume, mute); a camera has none (and no sound).
    func setProperty(_ name: String, _ value: String) {
        if !isCamera { gst.setObjectArgument(playbin, name, value) }
    }

    /// The item's length, when the stream has one (a live stream does not).
    var duration: Double? {
        var nanoseconds: Int64 = -1
        guard gst.queryDuration(playbin, GStreamerLibrary.formatTime, &nanoseconds) != 0, nanoseconds >= 0 else { return nil }
        return Double(nanoseconds) / 1e9
    }

    /// The messages GStreamer posted since the last call, oldest first.
    func drainMessages() -> [Message] { signal.takeMessages() }

    /// The next decoded frame if one is waiting (never blocks): from the queue while playing,
    /// the prerolled one while paused.
    func pullFrame(prerolled: Bool) -> DecodedFrame? {
        guard let sample = prerolled ? gst.appSinkTryPullPreroll(sink, 0) : gst.appSinkTryPullSample(sink, 0) else { return nil }
        let frame = DecodedFrame(sample: sample, gst, size: frameSize, dmaBufSupport: dmaBufSupport)
        if let size = frame?.image?.size { frameSize = (Int32(size.width), Int32(size.height)) }
        return frame
    }

    /// The size of the frames decoded so far (`DecodedFrame`'s fallback).
    private var frameSize: (width: Int32, height: Int32)?

    /// Whether the sink has had its last frame (an item's end without looping).
    var isAtEnd: Bool { gst.appSinkIsEOS(sink) != 0 }
}

/// The flag GStreamer's threads raise (a frame decoded, a message posted): one task on the
/// main actor at a time, however many raise it, and none while `isArmed` is false for frames
/// (the player arms it only when it waits for one: playing video wakes the loop once a frame).
/// Messages are read on the thread that posts them and queued here: GStreamer's bus calls its
/// sync handler before it queues the message, so a main-actor task popping the bus could run
/// before the message is there and miss it.
@MainActor
final class StreamingSignal {
    private nonisolated let pending: Atomic<Bool>
    /// Frames raise the signal only while armed (messages always do).
    nonisolated let isArmed: Atomic<Bool>
    private nonisolated let queued: Mutex<[PlaybinPipeline.Message]>
    nonisolated let parser: MessageParser
    private let handler: @MainActor () -> Void

    init(_ parser: MessageParser, _ handler: @escaping @MainActor () -> Void) {
        self.handler = handler
        self.parser = parser
        pending = Atomic(false)
        isArmed = Atomic(false)
        queued = Mutex([])
    }

    nonisolated func raise() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Task { @MainActor in
            self.pending.store(false, ordering: .releasing)
            self.handler()
        }
    }

    /// Called on the posting thread: the message, read, is queued for the main actor.
    nonisolated func receive(_ message: OpaquePointer) {
        guard let parsed = parser.parse(message) else { return }
        queued.withLock { $0.append(parsed) }
        raise()
    }

    func takeMessages() -> [PlaybinPipeline.Message] {
        queued.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}

/// Reads the messages the player acts on, on any thread (GStreamer's parse functions are).
struct MessageParser: @unchecked Sendable {
    // @unchecked: C function pointers, immutable.
    let parseError: @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let parseBuffering: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    @MainActor init(_ gst: GStreamerLibrary) {
        parseError = gst.messageParseError
        parseBuffering = gst.messageParseBuffering
        errorFree = gst.errorFree
        free = gst.free
    }

    func parse(_ message: OpaquePointer) -> PlaybinPipeline.Message? {
        switch GStreamerLibrary.messageType(message) {
        case GStreamerLibrary.messageError:
            var error: UnsafeMutableRawPointer?
            var debug: UnsafeMutablePointer<CChar>?
            parseError(message, &error, &debug)
            free(debug)
            var text = "a GStreamer error"
            if let error {
                // GError { GQuark domain; gint code; gchar *message; }
                if let chars = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) { text = String(cString: chars) }
                errorFree(error)
            }
            return .error(text)
        case GStreamerLibrary.messageEOS: return .endOfStream
        case GStreamerLibrary.messageAsyncDone: return .asyncDone
        case GStreamerLibrary.messageDurationChanged: return .durationChanged
        case GStreamerLibrary.messageBuffering:
            var percent: Int32 = 100
            parseBuffering(message, &percent)
            return .buffering(percent: Int(percent))
        default: return nil
        }
    }
}

// GStreamer's callbacks (its threads): each raises the signal its user data holds.
private let streamingSample: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
    let signal = Unmanaged<StreamingSignal>.fromOpaque(data!).takeUnretainedValue()
    if signal.isArmed.exchange(false, ordering: .acquiringAndReleasing) { signal.raise() }
    return 0  // GST_FLOW_OK
}
private let streamingEndOfStream: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    Unmanaged<StreamingSignal>.fromOpaque(data!).takeUnretainedValue().raise()
}
private let streamingMessage: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, message, data in
    if let message { Unmanaged<StreamingSignal>.fromOpaque(data!).takeUnretainedValue().receive(message) }
    return 0  // GST_BUS_DROP: read here, nothing is left queued on the bus
}
private let releaseSignal: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    if let data { Unmanaged<StreamingSignal>.fromOpaque(data).release() }
}

/// One decoded frame: the sample kept and its buffer mapped for as long as an image of it
/// is drawn (the image's buffer owns the mapping: no copy of the pixels).
@MainActor
final class DecodedFrame {
    /// Seconds from the stream's start (the buffer's timestamp).
    let time: Double
    let image: Image?
    /// The same pixels as a DMA-BUF, when the source exported its buffer (a V4L2 camera with
    /// `io-mode=dmabuf`): a display plane imports it instead of copying `image`.
    let dmaBuf: DMABuf?

    /// `size`: the frame size of the stream so far, for a sample that comes without caps:
    /// GStreamer 1.22's appsink cannot set them on a sample it reuses while we still hold it
    /// (after a flushing seek: "gst_sample_set_caps: assertion 'gst_sample_is_writable'"), and
    /// dropping such frames left a loop's next pass without a frame.
    init?(sample: OpaquePointer, _ gst: GStreamerLibrary, size: (width: Int32, height: Int32)?, dmaBufSupport: DMABufSupport? = nil) {
        let mapping = SampleMapping(sample: sample, gst)
        guard let buffer = gst.sampleGetBuffer(sample), let (width, height) = Self.size(of: sample, gst) ?? size,
              width > 0, height > 0 else { return nil }
        time = Double(GStreamerLibrary.presentationTime(buffer) ?? 0) / 1e9
        guard let data = mapping.map(buffer), mapping.size >= Int(width) * Int(height) * 4,
              let pixels = try? ImageBuffer(wrapping: data, width: Int(width), height: Int(height), stride: Int(width) * 4, owner: mapping)
        else {
            image = nil
            dmaBuf = nil
            return
        }
        image = pixels.image(scale: 1)
        dmaBuf = dmaBufSupport?.dmaBuf(of: buffer, width: Int(width), height: Int(height), owner: mapping)
    }

    /// The frame size the sample's caps give, if it has caps.
    private static func size(of sample: OpaquePointer, _ gst: GStreamerLibrary) -> (width: Int32, height: Int32)? {
        guard let caps = gst.sampleGetCaps(sample), let structure = gst.capsGetStructure(caps, 0) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard gst.structureGetInt(structure, "width", &width) != 0, gst.structureGetInt(structure, "height", &height) != 0 else { return nil }
        return (width, height)
    }
}

/// A sample and its buffer's read mapping, let go together.
private final class SampleMapping {
    private let sample: OpaquePointer
    private let unref: @convention(c) (OpaquePointer) -> Void
    private let unmap: @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Void
    private let mapFunction: @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int32) -> Int32
    private var mapped: (buffer: OpaquePointer, info: UnsafeMutableRawPointer)?
    private(set) var size = 0

    @MainActor init(sample: OpaquePointer, _ gst: GStreamerLibrary) {
        self.sample = sample
        unref = gst.miniObjectUnref
        unmap = gst.bufferUnmap
        mapFunction = gst.bufferMap
    }

    func map(_ buffer: OpaquePointer) -> UnsafeMutableRawPointer? {
        let info = UnsafeMutableRawPointer.allocate(byteCount: GStreamerLibrary.mapInfoSize, alignment: 8)
        info.initializeMemory(as: UInt8.self, repeating: 0, count: GStreamerLibrary.mapInfoSize)
        guard mapFunction(buffer, info, GStreamerLibrary.mapRead) != 0 else {
            info.deallocate()
            return nil
        }
        mapped = (buffer, info)
        // GstMapInfo { memory; flags; data; size; ... }
        size = info.load(fromByteOffset: 24, as: Int.self)
        return info.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self)
    }

    deinit {
        if let mapped {
            unmap(mapped.buffer, mapped.info)
            mapped.info.deallocate()
        }
        unref(sample)
    }
}
