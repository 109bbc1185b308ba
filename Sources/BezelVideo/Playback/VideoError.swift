/// Why an item cannot play (AVFoundation's `AVError`, reduced to what a kiosk can act on).
public struct VideoError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Code: Sendable, Equatable {
        /// GStreamer is not installed, or lacks a plugin the item needs.
        case unavailable
        /// The file or stream cannot be opened (missing, unreadable, unreachable).
        case notFound
        /// The file or stream cannot be decoded (corrupt, or no decoder for its format).
        case undecodable
        /// The pipeline refused a state change or a seek.
        case pipeline
    }

    public let code: Code
    /// GStreamer's own words, with what Bezel was doing.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The code GStreamer's message points to (its error domains are not part of its ABI; its
    /// messages are stable across 1.x).
    static func classify(_ message: String) -> Code {
        let lowered = message.lowercased()
        if lowered.contains("not found") || lowered.contains("could not open") || lowered.contains("no such file")
            || lowered.contains("could not read") || lowered.contains("resource") && lowered.contains("open")
            // V4L2's words for a missing camera (v4l2src: "Cannot identify device '/dev/video9'").
            || lowered.contains("cannot identify device") {
            return .notFound
        }
        if lowered.contains("missing") && lowered.contains("plug") { return .unavailable }
        return .undecodable
    }
}
