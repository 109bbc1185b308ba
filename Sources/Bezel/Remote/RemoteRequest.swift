/// What `bezel-remote` may ask of the app, one request per message (RemoteMessage.swift), each
/// header a JSON object with an `id` (a whole number the reply repeats) and an `op`:
///
///     {"id":1,"op":"hello","protocol":1,"client":"ops@10.0.0.5","control":true}
///                                                   first: who the remote service acts for
///                                                   (audit lines name it) and whether it may
///                                                   touch; replies the app's name, panel size
///                                                   and scale
///     {"id":2,"op":"screenshot"}                    the frame on screen (payload: XRGB8888
///                                                   pixels, RemotePicture; the service encodes)
///     {"id":3,"op":"viewTree"}                      the view tree as JSON (payload)
///     {"id":4,"op":"accessibilityTree"}             the accessibility elements as JSON (payload)
///     {"id":5,"op":"touch","finger":0,"phase":"down","x":120,"y":88}
///                                                   a remote finger (phase down, move, up, cancel)
///     {"id":6,"op":"key","code":28,"down":true,"characters":"\r"}
///                                                   a key press or release (evdev code)
///     {"id":7,"op":"health"}                        uptime, frames, memory (JSON header)
///     {"id":8,"op":"nextFrame"}                     the live view: answered once the frame
///                                                   differs from the last this connection was
///                                                   sent (the first: at once, whole) with the
///                                                   changed rectangles' pixels (RemoteFrameUpdate)
///     {"id":9,"op":"nextTrace","categories":["touches","gestures"],"log":true}
///                                                   the trace and log streams: answered once
///                                                   lines came (RemoteTraceHub); categories
///                                                   need a control connection (a trace shows
///                                                   what customers touch and type), the log not
///
/// A reply has the request's `id` and `"ok":true` with its fields, or `"ok":false` and an
/// `error` saying what was wrong; a bad request is refused alone and the connection goes on.
public enum RemoteRequest: Equatable, Sendable {
    /// `client`: whom the remote service acts for (at most 64 characters, for audit lines);
    /// `control`: whether that client may touch and press keys (a control token's holder).
    case hello(protocolVersion: Int, client: String, control: Bool)
    case screenshot
    case viewTree
    case accessibilityTree
    /// `location` in window points: required going down and moving, optional going up (the
    /// finger's last place), none for cancel.
    case touch(finger: Int, phase: TouchReport.Kind, location: Point?)
    case key(code: Int, isDown: Bool, characters: String)
    case health
    /// The live view's next update (RemoteFrameUpdate.swift): held until there is one.
    case nextFrame
    /// The trace lines in `categories` and, with `log`, the app's log lines since the last
    /// take (RemoteTraceHub.swift): held until there are some.
    case nextTrace(categories: TraceCategory, log: Bool)

    /// The protocol's version: `hello` with another is refused, so that an app and a remote
    /// service of different releases say so instead of misreading each other.
    public static let protocolVersion = 1
    /// Remote fingers at once: ten, as a panel's own (a multi-touch panel reports ten slots).
    public static let fingers = 10
    /// The highest evdev key code (KEY_MAX, linux/input-event-codes.h).
    public static let highestKeyCode = 0x2FF
    /// The longest text a key press carries (a key gives a character or a few: a dead key's
    /// composition, an emoji's scalars).
    public static let longestKeyCharacters = 16
}

/// Why a request is refused (its reply's `error`); the connection stays open.
public struct RemoteRequestError: Error, Equatable, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension RemoteRequest {
    /// The largest id taken: 2^31 - 1 (a client's counter; JSON numbers are doubles, so ids
    /// stay far inside the range they hold exactly).
    public static let largestID = 2_147_483_647

    /// The request's id, or nil when it has none a reply could repeat.
    public static func id(of header: JSONValue) -> Int? {
        guard let number = header["id"]?.numberValue, number == number.rounded(),
              number >= 0, number <= Double(largestID) else { return nil }
        return Int(number)
    }

    /// The request a header asks for. `panelSize`: the window's size in points; a remote
    /// finger outside it is refused (a panel's own fingers are clamped onto it, but a remote
    /// one that is off the panel is a client's mistake worth saying).
    public init(header: JSONValue, panelSize: Size) throws(RemoteRequestError) {
        guard Self.id(of: header) != nil else {
            throw RemoteRequestError("\"id\" must be a whole number from 0 to \(Self.largestID)")
        }
        guard let op = header["op"]?.stringValue else { throw RemoteRequestError("\"op\" must be a string") }
        switch op {
        case "hello":
            let version = try Self.wholeNumber(header, "protocol", in: 0...Int(Int32.max))
            guard version == Self.protocolVersion else {
                throw RemoteRequestError("protocol \(version) is not spoken here (this app speaks \(Self.protocolVersion))")
            }
            var client = "", control = false
            if let value = header["client"] {
                guard let text = value.stringValue, text.unicodeScalars.count <= 64,
                      !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw RemoteRequestError("\"client\" must be a string of at most 64 characters, no control characters")
                }
                client = text
            }
            if let value = header["control"] {
                guard case .bool(let flag) = value else { throw RemoteRequestError("\"control\" must be true or false") }
                control = flag
            }
            self = .hello(protocolVersion: version, client: client, control: control)
        case "screenshot": self = .screenshot
        case "viewTree": self = .viewTree
        case "accessibilityTree": self = .accessibilityTree
        case "health": self = .health
        case "nextFrame": self = .nextFrame
        case "nextTrace":
            var categories: TraceCategory = []
            if let value = header["categories"] {
                guard let names = value.arrayValue, names.count <= 16 else {
                    throw RemoteRequestError("\"categories\" must be an array of trace category names")
                }
                for name in names {
                    let parsed = TraceCategory.parse(name.stringValue ?? "?")
                    guard name.stringValue != nil, parsed.unknown.isEmpty else {
                        throw RemoteRequestError("\"categories\": \(JSONWriter.string(of: name).prefix(32)) is not one of all, \(TraceCategory.all)")
                    }
                    categories.formUnion(parsed.categories)
                }
            }
            var log = false
            if let value = header["log"] {
                guard case .bool(let flag) = value else { throw RemoteRequestError("\"log\" must be true or false") }
                log = flag
            }
            guard !categories.isEmpty || log else { throw RemoteRequestError("nextTrace asks for no category and no log") }
            self = .nextTrace(categories: categories, log: log)
        case "touch":
            let finger = try Self.wholeNumber(header, "finger", in: 0...(Self.fingers - 1))
            let phase: TouchReport.Kind
            switch header["phase"]?.stringValue {
            case "down": phase = .down
            case "move": phase = .move
            case "up": phase = .up
            case "cancel": phase = .cancel
            default: throw RemoteRequestError("\"phase\" must be down, move, up or cancel")
            }
            var location: Point?
            let needsLocation = phase == .down || phase == .move
            if phase != .cancel, needsLocation || header["x"] != nil || header["y"] != nil {
                location = Point(x: try Self.coordinate(header, "x", within: panelSize.width),
                                 y: try Self.coordinate(header, "y", within: panelSize.height))
            }
            self = .touch(finger: finger, phase: phase, location: location)
        case "key":
            let code = try Self.wholeNumber(header, "code", in: 1...Self.highestKeyCode)
            guard case .bool(let isDown)? = header["down"] else { throw RemoteRequestError("\"down\" must be true or false") }
            var characters = ""
            if let value = header["characters"] {
                guard let text = value.stringValue, text.unicodeScalars.count <= Self.longestKeyCharacters else {
                    throw RemoteRequestError("\"characters\" must be a string of at most \(Self.longestKeyCharacters) characters")
                }
                characters = text
            }
            self = .key(code: code, isDown: isDown, characters: characters)
        default:
            // Not echoed whole: a client's mistake should not fill the app's log.
            throw RemoteRequestError("unknown op \"\(op.prefix(32))\"")
        }
    }

    private static func wholeNumber(_ header: JSONValue, _ name: String, in range: ClosedRange<Int>) throws(RemoteRequestError) -> Int {
        guard let number = header[name]?.numberValue, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw RemoteRequestError("\"\(name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    private static func coordinate(_ header: JSONValue, _ name: String, within extent: Double) throws(RemoteRequestError) -> Double {
        guard let number = header[name]?.numberValue, number.isFinite, number >= 0, number < extent else {
            throw RemoteRequestError("\"\(name)\" must be a number of points from 0 to under \(JSONWriter.string(of: .number(extent)))")
        }
        return number
    }
}
