import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// What a `Player` plays: a file or a stream (AVFoundation's `AVPlayerItem`). Its status,
/// error and duration fill in as GStreamer opens it; notifications are posted on the
/// notification center of the application its player's video views are in.
@MainActor
public final class PlayerItem {
    /// AVFoundation's `AVPlayerItem.Status`.
    public enum Status: Sendable, Equatable {
        /// Not opened yet (no player, or GStreamer still reading it).
        case unknown
        /// Opened: its first frame is decoded and its duration known (when it has one).
        case readyToPlay
        /// It cannot play: `error` says why. Video views show their poster.
        case failed
    }

    /// Posted when the item has played to its end (not at each pass of a loop: a
    /// `PlayerLooper` repeats it without a gap). AVFoundation's `AVPlayerItemDidPlayToEndTime`.
    public static let didPlayToEndTimeNotification: Notification.Name = "PlayerItemDidPlayToEndTime"
    /// Posted when playback waits for data (a stream buffering); AVFoundation's `AVPlayerItemPlaybackStalled`.
    public static let playbackStalledNotification: Notification.Name = "PlayerItemPlaybackStalled"
    /// Posted when the item fails while playing (`userInfo["error"]` is the `VideoError`);
    /// AVFoundation's `AVPlayerItemFailedToPlayToEndTime`.
    public static let failedToPlayToEndTimeNotification: Notification.Name = "PlayerItemFailedToPlayToEndTime"

    /// What GStreamer opens: a `file://`, `http(s)://` or `rtsp://` URI.
    public let uri: String

    /// Whether the item comes over the network (it can run dry: `playbackStalledNotification`).
    public var isStream: Bool {
        ["http://", "https://", "rtsp://", "rtsps://"].contains { uri.lowercased().hasPrefix($0) }
    }
    public internal(set) var status: Status = .unknown
    public internal(set) var error: VideoError?
    /// Seconds; nil until it is known, and for a live stream (AVFoundation's `.indefinite`).
    public internal(set) var duration: TimeInterval?
    /// The video's size in pixels (zero until the first frame is decoded).
    public internal(set) var presentationSize = Size(width: 0, height: 0)
    /// The largest frames the app wants, in pixels (AVFoundation's name; zero, the default:
    /// no preference). A camera (`v4l2:///dev/video0`) captures at the largest size within it,
    /// and a larger file or stream is scaled down by GStreamer before its frames reach the app
    /// (memory, and a plane that cannot scale shows frames of its own size as they are).
    /// Read when the item is first opened: set it before giving the item to a player. A
    /// negative or non-finite size counts as no preference.
    public var preferredMaximumResolution = Size(width: 0, height: 0)

    /// `preferredMaximumResolution` in whole pixels, nil without a usable preference.
    var maximumFrameSize: (width: Int, height: Int)? {
        let size = preferredMaximumResolution
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else { return nil }
        return (Int(min(size.width, 32_768)), Int(min(size.height, 32_768)))
    }
    /// The player playing it (an item belongs to one player at a time).
    public internal(set) weak var player: Player?

    /// An item for `url`: a URI (`file:///srv/clip.webm`, `rtsp://camera/stream`) or an
    /// absolute path, made a `file://` URI.
    public init(url: String) {
        uri = url.hasPrefix("/") ? Self.fileURI(url) : url
    }

    /// An item for the file at `path` (absolute, or relative to the working directory).
    public convenience init(path: String) {
        self.init(url: path.hasPrefix("/") ? path : Self.workingDirectory() + "/" + path)
    }

    /// The item's time in seconds: its player's, or 0 without one.
    public func currentTime() -> TimeInterval { player?.currentItem === self ? player!.currentTime() : 0 }

    /// `path` as a file URI: every byte but RFC 3986's unreserved ones and `/` percent-encoded.
    static func fileURI(_ path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                uri += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return uri
    }

    private static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
