import Bezel
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The live view (`GET /v1/live`, a WebSocket): the panel as it changes, and a page's touches
/// and keys. Damage-driven and paced by the page: the service asks the app for the next update
/// (`nextFrame`), which the app answers once a frame changed (the first: the whole frame), sends
/// each changed rectangle as a PNG, and only then asks again; a panel that does not change
/// sends nothing, and one nobody watches is not asked.
///
/// Messages to the page:
///
///     text   {"type":"hello","app":…,"width":W,"height":H,"scale":S,"rotation":R,"control":bool}
///            window points, device pixels a point, the panel's mounting (degrees)
///     binary 24 bytes (six u32 big-endian: frame width, frame height, x, y, w, h, in the panel's
///            pixels) then the rectangle's PNG; an update is one such message per rectangle
///     text   {"type":"error","error":…}   a message refused (the session goes on)
///
/// From the page (text, at most `maximumLiveMessageBytes`, rate-limited):
///
///     {"type":"touch","finger":0,"phase":"down","x":120,"y":88}   window points
///     {"type":"key","code":28,"characters":"\r"}                  (with "down" for one edge)
///
/// The token comes in the `Sec-WebSocket-Protocol` header (`bezel.v1, bezel-token.TOKEN`),
/// which browsers let a page set and logs do not show (a token in the URL would be in every
/// proxy's log), or in `Authorization` from other clients.
struct LiveView: Sendable {
    let configuration: ServiceConfiguration
    let limiter: RateLimiter
    let logger: Logger
    /// Live views and trace streams open (shared with APIRoutes' trace streams).
    let sessions: Sessions

    final class Sessions: Sendable {
        private let count = Mutex(0)
        func begin(limit: Int) -> Bool {
            count.withLock { count in
                guard count < limit else { return false }
                count += 1
                return true
            }
        }
        func end() { count.withLock { $0 -= 1 } }
        var open: Int { count.withLock { $0 } }
    }

    static let subprotocol = "bezel.v1"
    static let tokenPrefix = "bezel-token."

    /// Upgrades `/v1/live` requests that present a valid token; others are not upgraded and
    /// the router answers them (401 without a token, 426 when not a WebSocket).
    func shouldUpgrade(_ head: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard let path = head.path, path.split(separator: "?", maxSplits: 1).first == "/v1/live" else { return .dontUpgrade }
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let offered = (head.headerFields[.secWebSocketProtocol] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " ") }
        let token = offered.first(where: { $0.hasPrefix(Self.tokenPrefix) }).map { $0.dropFirst(Self.tokenPrefix.count) }
            ?? AccessMiddleware.bearerToken(head.headerFields[.authorization])
        guard let token, let holder = configuration.tokens.holder(of: token), limiter.allow(address) else { return .dontUpgrade }
        let headers: HTTPFields = offered.contains(Self.subprotocol) ? [.secWebSocketProtocol: Self.subprotocol] : [:]
        return .upgrade(headers) { inbound, outbound, _ in
            await run(holder: holder, address: address, inbound: inbound, outbound: outbound)
        }
    }

    private struct SessionEnd: Error { let reason: String }

    func run(holder: AccessTokens.Holder, address: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let limits = configuration.limits
        guard sessions.begin(limit: limits.maximumLiveSessions) else {
            try? await outbound.close(.policyViolation, reason: "too many live views (\(limits.maximumLiveSessions) at most)")
            return
        }
        defer { sessions.end() }
        let actor = "\(holder.name)@\(address)", control = holder.role == .control
        logger.notice("\(control ? "audit: " : "")\(actor) opened a \(control ? "control" : "read-only") live view")
        let timeout = Duration.seconds(limits.appTimeoutSeconds)
        var ending = "the live view ended"
        do {
            try await AppLink.connect(path: configuration.appSocket, client: actor, control: control, timeout: timeout) { link in
                let hello = link.hello
                try await outbound.write(.text(JSONWriter.string(of: .object([
                    ("type", .string("hello")), ("app", .string(hello.app)), ("width", .number(hello.width)),
                    ("height", .number(hello.height)), ("scale", .number(hello.scale)),
                    ("rotation", .number(Double(hello.rotation))), ("control", .bool(control)),
                ]))))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        while true {
                            let update = try await link.request(.object([("op", .string("nextFrame"))]), timeout: nil)
                            for message in try Self.messages(for: update) { try await outbound.write(.binary(message)) }
                        }
                    }
                    group.addTask {
                        let pace = RateLimiter(perSecond: limits.liveMessagesPerSecond, burst: limits.liveMessageBurst)
                        for try await message in inbound.messages(maxSize: limits.maximumLiveMessageBytes) {
                            guard let error = await handle(message, link: link, control: control, pace: pace, timeout: timeout) else { continue }
                            try await outbound.write(.text(JSONWriter.string(of: .object([("type", .string("error")), ("error", .string(error))]))))
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: .seconds(limits.liveSessionSeconds))
                        throw SessionEnd(reason: "the live view's time limit (\(limits.liveSessionSeconds) s) was reached")
                    }
                    // Whichever ends first (the page left, the app went, the time limit) ends all.
                    defer { group.cancelAll() }
                    try await group.next()
                }
            }
        } catch let error as SessionEnd {
            ending = error.reason
        } catch let error as AppLinkError {
            ending = error.reason
            logger.warning("live view of \(actor): \(error.reason)")
        } catch {
            ending = "the live view failed: \(error)"
        }
        logger.info("\(actor)'s live view closed: \(ending)")
        // A close frame's reason is at most 123 bytes.
        try? await outbound.close(.normalClosure, reason: String(decoding: Array(ending.utf8.prefix(120)), as: UTF8.self))
    }

    /// A page's message: nil when done, else why it was refused.
    private func handle(_ message: WebSocketMessage, link: AppLink, control: Bool, pace: RateLimiter, timeout: Duration) async -> String? {
        guard case .text(let text) = message else { return "binary messages are not taken" }
        guard pace.allow("page") else { return "too many messages: at most \(Int(pace.perSecond)) a second" }
        let requests: [JSONValue]
        do {
            let value = try JSONReader.parse(Array(text.utf8))
            switch value["type"]?.stringValue {
            case "touch": requests = [try TouchRequest.event(value)]
            case "key": requests = try KeyRequest.presses(in: value)
            default: return "\"type\" must be touch or key"
            }
        } catch let error as HTTPError {
            return error.body ?? "a bad message"
        } catch {
            return "not JSON: \(error)"
        }
        guard control else { return "this live view is read-only: touches and keys need a control token" }
        do {
            for request in requests { _ = try await link.request(request, timeout: timeout) }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// An update's rectangles as binary messages (RemoteFrameUpdate's layout → PNGs).
    static func messages(for update: RemoteMessage) throws -> [ByteBuffer] {
        guard let frameWidth = update.header["width"]?.numberValue, let frameHeight = update.header["height"]?.numberValue,
              let rects = update.header["rects"]?.arrayValue else { throw AppLinkError("the app's frame update had no size or rectangles") }
        var offset = 0, messages: [ByteBuffer] = []
        for rect in rects {
            let numbers = (rect.arrayValue ?? []).compactMap { $0.numberValue.map { Int($0) } }
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { throw AppLinkError("the app's frame update had a bad rectangle") }
            let bytes = numbers[2] * numbers[3] * 4
            guard offset + bytes <= update.payload.count else { throw AppLinkError("the app's frame update was short of pixels") }
            let png = try PictureEncoding.png(width: numbers[2], height: numbers[3], pixels: update.payload[offset..<offset + bytes])
            offset += bytes
            var buffer = ByteBuffer()
            for value in [Int(frameWidth), Int(frameHeight)] + numbers { buffer.writeInteger(UInt32(truncatingIfNeeded: value)) }
            buffer.writeBytes(png)
            messages.append(buffer)
        }
        return messages
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
