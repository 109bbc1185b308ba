import Bezel
import NIOCore
import NIOPosix
import Synchronization

/// One connection to the app's Unix socket (the app's `remote_socket`), speaking Bezel's remote
/// protocol (Bezel/Remote/RemoteMessage.swift): requests go out with ids, replies come back in
/// any order and are matched to their requests by id (a live view's `nextFrame` waits while the
/// same connection's touches are answered).
///
/// Scoped (`AppLink.connect(…) { link in … }`): the connection closes when the body returns or
/// throws, and the app then cancels any finger the body left down.
public final class AppLink: Sendable {
    /// What the app said to `hello`.
    public struct Hello: Sendable, Equatable {
        public var app: String
        /// The window's size in points (touches are in these).
        public var width: Double, height: Double
        /// Device pixels a point, and how the panel is mounted (degrees clockwise): with these a
        /// viewer maps the panel's pixels (screenshots, live view) back to window points.
        public var scale: Double
        public var rotation: Int
        public var control: Bool
    }

    /// The largest reply taken: a 4K panel's frame (3840 x 2160 x 4 bytes) and its header.
    static let maximumPayloadBytes = 3840 * 2160 * 4
    static let maximumHeaderBytes = 64 * 1024

    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<RemoteMessage, any Error>] = [:]
        var closed: AppLinkError?
        var hello = Hello(app: "", width: 0, height: 0, scale: 1, rotation: 0, control: false)
    }
    private let state = Mutex(State())
    public var hello: Hello { state.withLock { $0.hello } }

    private init(outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.outbound = outbound
    }

    /// Connects to the app's socket at `path`, says hello for `client` (named in the app's
    /// audit lines) with or without `control`, and runs `body` with the connection.
    /// `timeout` bounds the connection and the hello (an app that accepts and never answers).
    public static func connect<Result: Sendable>(
        path: String, client: String, control: Bool, timeout: Duration = .seconds(5),
        _ body: @Sendable (AppLink) async throws -> Result
    ) async throws -> Result {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000))
                .connect(unixDomainSocketPath: path) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw AppLinkError("the app's socket \(path) cannot be reached (\(error)): is remote_socket set in the app's configuration, and is the app running?")
        }
        return try await channel.executeThenClose { inbound, outbound in
            let link = AppLink(outbound: outbound)
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    await link.readReplies(inbound)
                    return nil
                }
                defer { group.cancelAll() }
                let reply = try await link.request(.object([("op", .string("hello")), ("protocol", .number(Double(RemoteRequest.protocolVersion))),
                                                            ("client", .string(String(client.unicodeScalars.prefix(64)))),
                                                            ("control", .bool(control))]), timeout: timeout)
                guard let size = reply.header["size"]?.arrayValue, size.count == 2,
                      let width = size[0].numberValue, let height = size[1].numberValue else {
                    throw AppLinkError("the app's hello said no panel size")
                }
                let hello = Hello(app: reply.header["app"]?.stringValue ?? "", width: width, height: height,
                                   scale: reply.header["scale"]?.numberValue ?? 1,
                                   rotation: Int(reply.header["rotation"]?.numberValue ?? 0),
                                   control: reply.header["control"] == .bool(true))
                link.state.withLock { $0.hello = hello }
                let result = try await body(link)
                // The replies' reader ends with the connection; the body's result is the group's.
                return result
            }
        }
    }

    /// Sends a request (a header without `id`: one is given) and waits for its reply, at most
    /// `timeout` (nil: as long as it takes, for a live view's `nextFrame`). A refusal
    /// (`"ok":false`) throws with the app's reason.
    public func request(_ header: JSONValue, timeout: Duration? = .seconds(5)) async throws -> RemoteMessage {
        guard case .object(let members) = header else { throw AppLinkError("a request is a JSON object") }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let message = RemoteMessage(header: .object([("id", .number(Double(id)))] + members))
        let reply: RemoteMessage
        if let timeout {
            reply = try await withThrowingTaskGroup(of: RemoteMessage?.self) { group in
                group.addTask { try await self.send(message, id: id) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let reply = first else {
                    throw AppLinkError("no reply from the app in \(timeout.components.seconds) s to \(header["op"]?.stringValue ?? "a request")")
                }
                return reply
            }
        } else {
            reply = try await send(message, id: id)
        }
        guard reply.header["ok"] == .bool(true) else {
            throw AppLinkError(reply.header["error"]?.stringValue ?? "the app refused without a reason", refusedByApp: true)
        }
        return reply
    }

    private func send(_ message: RemoteMessage, id: Int) async throws -> RemoteMessage {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RemoteMessage, any Error>) in
                let closed: AppLinkError? = state.withLock { state in
                    if let closed = state.closed { return closed }
                    state.waiting[id] = continuation
                    return nil
                }
                if let closed {
                    continuation.resume(throwing: closed)
                    return
                }
                let bytes = message.encoded()
                let outbound = self.outbound
                Task {
                    do {
                        try await outbound.write(ByteBuffer(bytes: bytes))
                    } catch {
                        self.finish(id: id, with: .failure(AppLinkError("the app's connection failed: \(error)")))
                    }
                }
            }
        } onCancel: {
            self.finish(id: id, with: .failure(CancellationError()))
        }
    }

    private func finish(id: Int, with result: Swift.Result<RemoteMessage, any Error>) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(with: result)
    }

    private func readReplies(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async {
        var decoder = RemoteMessageDecoder(maximumHeaderBytes: Self.maximumHeaderBytes, maximumPayloadBytes: Self.maximumPayloadBytes)
        var ending = AppLinkError("the app closed the connection")
        do {
            reading: for try await buffer in inbound {
                decoder.append(buffer.readableBytesView)
                while let message = try decoder.next() {
                    guard let id = RemoteRequest.id(of: message.header) else {
                        // A refusal of the whole connection (a broken stream, too many connections).
                        ending = AppLinkError("the app closed the connection: \(message.header["error"]?.stringValue ?? "no reason given")")
                        break reading
                    }
                    finish(id: id, with: .success(message))
                }
            }
        } catch let error as RemoteProtocolError {
            ending = AppLinkError("the app's reply broke the protocol: \(error.reason)")
        } catch {
            ending = AppLinkError("the app's connection failed: \(error)")
        }
        let waiting = state.withLock { state in
            state.closed = ending
            defer { state.waiting = [:] }
            return state.waiting
        }
        for continuation in waiting.values { continuation.resume(throwing: ending) }
    }
}

/// Why the app could not be asked: unreachable, refused (its reason), silent or gone.
public struct AppLinkError: Error, CustomStringConvertible, Sendable {
    public let reason: String
    /// The app answered and refused (a client's mistake, a read-only connection's touch): a
    /// 4xx for HTTP, where the others are the service's or the app's trouble (502, 504).
    public let refusedByApp: Bool
    public init(_ reason: String, refusedByApp: Bool = false) {
        self.reason = reason
        self.refusedByApp = refusedByApp
    }
    public var description: String { reason }
}
