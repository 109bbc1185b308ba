import Bezel
import BezelCairo

/// Short clips made by GStreamer itself (its test sources and VP8 encoder), so nothing binary
/// is committed: the demo's attract loop and the tests' clips are made on first use.
@MainActor
public enum VideoClip {
    /// GStreamer's test patterns (videotestsrc's `pattern`), the ones that move.
    public enum Pattern: String, Sendable {
        /// A white ball moving over black.
        case ball
        /// Coloured bars with a moving snow box (videotestsrc's `smpte`, animated).
        case bars = "smpte"
        /// A zone plate rippling: every pixel changes every frame.
        case zonePlate = "zone-plate"
    }

    /// Writes a WebM (VP8) clip of `frames` frames of `pattern` at `framesPerSecond` to
    /// `path`. With `tone`, a sine tone is muxed in as an audio track (Vorbis).
    public static func generate(at path: String, pattern: Pattern = .ball, width: Int = 160, height: Int = 120,
                                framesPerSecond: Int = 10, frames: Int = 20, tone: Bool = false) throws(VideoError) {
        guard width > 0, height > 0, framesPerSecond > 0, frames > 0, width <= 4096, height <= 4096 else {
            throw VideoError(.pipeline, "VideoClip.generate: \(width)x\(height), \(frames) frames at \(framesPerSecond) fps is not a clip")
        }
        var description = "videotestsrc num-buffers=\(frames) pattern=\(pattern.rawValue)"
        if pattern == .zonePlate { description += " kx2=20 ky2=20 kt=1" }
        // A high bitrate keeps the decoded frames close to the source's (the tests compare them).
        description += " ! video/x-raw,width=\(width),height=\(height),framerate=\(framesPerSecond)/1"
            + " ! vp8enc deadline=1 target-bitrate=4000000 keyframe-max-dist=\(framesPerSecond)"
            + " ! webmmux name=mux ! filesink location=\"\(escaped(path))\""
        if tone {
            // Buffers of a tenth of a second at 44.1 kHz, as long as the video.
            description += " audiotestsrc num-buffers=\(max(1, frames * 10 / framesPerSecond)) samplesperbuffer=4410 ! audioconvert ! vorbisenc ! mux."
        }
        try run(description)
    }

    /// Writes the source's frames themselves, frame `n` to `folder/frame-n.png`: the
    /// references a decoded frame is compared with.
    public static func writeReferenceFrames(to folder: String, pattern: Pattern = .ball, width: Int = 160, height: Int = 120,
                                            framesPerSecond: Int = 10, frames: Int = 20) throws(VideoError) {
        var description = "videotestsrc num-buffers=\(frames) pattern=\(pattern.rawValue)"
        if pattern == .zonePlate { description += " kx2=20 ky2=20 kt=1" }
        description += " ! video/x-raw,width=\(width),height=\(height),framerate=\(framesPerSecond)/1"
            + " ! videoconvert ! pngenc ! multifilesink location=\"\(escaped(folder))/frame-%d.png\""
        try run(description)
    }

    /// Runs a pipeline to its end; its error, or one after a minute, is thrown.
    static func run(_ description: String) throws(VideoError) {
        let gst: GStreamerLibrary
        switch GStreamerLibrary.shared {
        case .success(let library): gst = library
        case .failure(let error): throw VideoError(.unavailable, error.message)
        }
        var error: UnsafeMutableRawPointer?
        guard let pipeline = gst.parseLaunch(description, &error) else {
            throw VideoError(.unavailable, "GStreamer could not make \(description): \(gst.takeMessage(error) ?? "no reason given")")
        }
        if let message = gst.takeMessage(error) {
            gst.objectUnref(pipeline)
            throw VideoError(.unavailable, "GStreamer: \(message) (\(description))")
        }
        defer {
            _ = gst.setState(pipeline, GStreamerLibrary.stateNull)
            gst.objectUnref(pipeline)
        }
        guard gst.setState(pipeline, GStreamerLibrary.statePlaying) != GStreamerLibrary.stateChangeFailure,
              let bus = gst.getBus(pipeline) else {
            throw VideoError(.pipeline, "GStreamer refused to run \(description)")
        }
        defer { gst.objectUnref(bus) }
        // A generous limit: an emulated or loaded machine encodes slowly, a hang must still end.
        guard let message = gst.busTimedPopFiltered(bus, 120_000_000_000, GStreamerLibrary.messageEOS | GStreamerLibrary.messageError) else {
            throw VideoError(.pipeline, "GStreamer did not finish \(description) within 2 minutes")
        }
        defer { gst.miniObjectUnref(message) }
        if case .error(let text)? = MessageParser(gst).parse(message) {
            throw VideoError(.pipeline, "GStreamer: \(text) (\(description))")
        }
    }

    private static func escaped(_ path: String) -> String {
        path.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}
