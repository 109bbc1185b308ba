/// One message of the remote protocol: what the app and `bezel-remote` exchange over the app's
/// Unix socket (RemoteRequest.swift lists the requests). On the wire:
///
///     u32 big-endian: the header's length in bytes (1 or more)
///     u32 big-endian: the payload's length in bytes (0 or more)
///     the header: one JSON object, UTF-8
///     the payload: bytes the header describes (a PNG, a JSON tree), or nothing
///
/// Lengths first so that a reader knows what a message costs before taking it, and refuses an
/// oversized one without reading it; a binary payload so that a screenshot travels without
/// base64's third more.
public struct RemoteMessage: Equatable, Sendable {
    public var header: JSONValue
    public var payload: [UInt8]

    public init(header: JSONValue, payload: [UInt8] = []) {
        self.header = header
        self.payload = payload
    }

    public static func == (a: RemoteMessage, b: RemoteMessage) -> Bool {
        a.header == b.header && a.payload == b.payload
    }

    /// An answer: the request's `id`, `"ok":true`, then `members`, with `payload`.
    public static func success(id: Int, _ members: [(String, JSONValue)] = [], payload: [UInt8] = []) -> RemoteMessage {
        RemoteMessage(header: .object([("id", .number(Double(id))), ("ok", .bool(true))] + members), payload: payload)
    }

    /// A refusal: the request's `id` (null when it had none), `"ok":false` and the reason;
    /// `closing` when the connection ends after it.
    public static func failure(id: Int?, _ reason: String, closing: Bool = false) -> RemoteMessage {
        var members: [(String, JSONValue)] = [("id", id.map { .number(Double($0)) } ?? .null), ("ok", .bool(false)),
                                              ("error", .string(reason))]
        if closing { members.append(("closing", .bool(true))) }
        return RemoteMessage(header: .object(members))
    }

    /// The message as it goes on the wire.
    public func encoded() -> [UInt8] {
        let headerBytes = JSONWriter.bytes(of: header)
        var out: [UInt8] = []
        out.reserveCapacity(8 + headerBytes.count + payload.count)
        Self.appendLength(headerBytes.count, to: &out)
        Self.appendLength(payload.count, to: &out)
        out += headerBytes
        out += payload
        return out
    }

    static func appendLength(_ length: Int, to out: inout [UInt8]) {
        let value = UInt32(truncatingIfNeeded: length)
        out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Why a stream of remote messages cannot be read on: the connection is then closed (after a
/// reply saying this, when the other side can still be told).
public struct RemoteProtocolError: Error, Equatable, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Cuts a byte stream into `RemoteMessage`s, whatever pieces the bytes arrive in, and refuses
/// a message over its limits as soon as its lengths are read (before its bytes are buffered),
/// so a peer cannot make the reader hold more than one allowed message and one read's bytes.
public struct RemoteMessageDecoder: Sendable {
    /// The largest header taken.
    public let maximumHeaderBytes: Int
    /// The largest payload taken (0: none; the app takes no payload from `bezel-remote`).
    public let maximumPayloadBytes: Int

    private var buffer: [UInt8] = []
    private var start = 0
    private var failure: RemoteProtocolError?

    public init(maximumHeaderBytes: Int, maximumPayloadBytes: Int) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumPayloadBytes = maximumPayloadBytes
    }

    /// Bytes received and not yet taken as a message.
    public var bufferedBytes: Int { buffer.count - start }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard failure == nil else { return }
        // Drop what was taken once it is most of the buffer (amortized: no copy per message).
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, nil when its bytes have not all arrived. Throws when the
    /// stream is broken (and keeps throwing: nothing after a broken message can be trusted).
    public mutating func next() throws(RemoteProtocolError) -> RemoteMessage? {
        if let failure { throw failure }
        guard bufferedBytes >= 8 else { return nil }
        let headerLength = length(at: start), payloadLength = length(at: start + 4)
        if headerLength == 0 { return try fail("a message with an empty header") }
        if headerLength > maximumHeaderBytes {
            return try fail("a header of \(headerLength) bytes, over the limit of \(maximumHeaderBytes)")
        }
        if payloadLength > maximumPayloadBytes {
            return try fail(maximumPayloadBytes == 0 ? "a payload of \(payloadLength) bytes where none is taken"
                                                     : "a payload of \(payloadLength) bytes, over the limit of \(maximumPayloadBytes)")
        }
        guard bufferedBytes >= 8 + headerLength + payloadLength else { return nil }
        let headerStart = start + 8, payloadStart = headerStart + headerLength
        let header: JSONValue
        do {
            header = try JSONReader.parse(Array(buffer[headerStart..<payloadStart]))
        } catch {
            return try fail("a header that is not JSON (\(error))")
        }
        guard case .object = header else { return try fail("a header that is not a JSON object") }
        let payload = Array(buffer[payloadStart..<payloadStart + payloadLength])
        start = payloadStart + payloadLength
        if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        return RemoteMessage(header: header, payload: payload)
    }

    private func length(at index: Int) -> Int {
        Int(buffer[index]) << 24 | Int(buffer[index + 1]) << 16 | Int(buffer[index + 2]) << 8 | Int(buffer[index + 3])
    }

    private mutating func fail(_ reason: String) throws(RemoteProtocolError) -> RemoteMessage? {
        let error = RemoteProtocolError(reason)
        failure = error
        buffer = []
        start = 0
        throw error
    }
}
