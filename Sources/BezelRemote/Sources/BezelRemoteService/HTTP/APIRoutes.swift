import Bezel
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The HTTP API, version 1 (README "Operating from afar"; DocC "Operating a fleet"). Every
/// route needs a token (AccessMiddleware); touching and pressing keys need a control token.
///
///     GET  /v1/screenshot.png   the frame on screen (PNG, the panel's pixels)
///     GET  /v1/tree             the view tree (JSON)
///     GET  /v1/accessibility    the accessibility elements (JSON)
///     GET  /v1/health           uptime, restarts, frames, memory, the board's temperature (JSON)
///     GET  /v1/metrics          the same in Prometheus' text format
///     POST /v1/touch            {"events":[{"finger":0,"phase":"down","x":120,"y":88},…]}
///     POST /v1/key              {"code":28,"characters":"\r"} (pressed and released) or with "down"
///     GET  /v1/trace?categories=touches,gestures&log=1
///                               the trace and log streams, as text (TraceStream.swift)
///     GET  /v1/live             the live view (WebSocket; LiveView.swift)
struct APIRoutes: Sendable {
    let configuration: ServiceConfiguration
    let metrics: HealthMetrics
    let logger: Logger
    /// Live views and trace streams open (their limit is shared), and the one-off requests' slots.
    let sessions: LiveView.Sessions
    let slots: AppConnectionSlots

    var appTimeout: Duration { .seconds(configuration.limits.appTimeoutSeconds) }

    func add(to router: Router<RemoteRequestContext>) {
        router.get("/v1/screenshot.png") { _, context in
            let png = try await ask(context, control: false) { link in
                try PictureEncoding.png(of: try await link.request(.object([("op", .string("screenshot"))]), timeout: appTimeout))
            }
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("/v1/tree") { _, context in try await jsonPayload("viewTree", context) }
        router.get("/v1/accessibility") { _, context in try await jsonPayload("accessibilityTree", context) }
        router.get("/v1/health") { _, context in
            let figures = try await health(context)
            return Self.json(.object(figures))
        }
        router.get("/v1/metrics") { _, context in
            let text = metrics.prometheusText(health: try await health(context))
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        router.post("/v1/touch") { request, context in
            try context.requireControl("touching")
            let events = try TouchRequest.events(in: try await body(request, context), limit: configuration.limits.maximumTouchEvents)
            logger.notice("audit: \(context.actor) touches: \(events.count) events")
            try await ask(context, control: true) { link in
                for event in events { _ = try await link.request(event, timeout: appTimeout) }
            }
            return Self.json(.object([("ok", .bool(true)), ("events", .number(Double(events.count)))]))
        }
        router.post("/v1/key") { request, context in
            try context.requireControl("pressing keys")
            let presses = try KeyRequest.presses(in: try await body(request, context))
            logger.notice("audit: \(context.actor) key \(presses.first?["code"]?.numberValue.map { Int($0) } ?? 0)")
            try await ask(context, control: true) { link in
                for press in presses { _ = try await link.request(press, timeout: appTimeout) }
            }
            return Self.json(.object([("ok", .bool(true))]))
        }
        router.get("/v1/trace") { request, context in
            let (categories, log) = try TraceStream.parse(request.uri.queryParameters)
            if !categories.isEmpty { try context.requireControl("a trace (it shows what customers touch and type)") }
            logger.notice("\(categories.isEmpty ? "" : "audit: ")\(context.actor) opened a stream of \(categories.isEmpty ? "the log" : categories.joined(separator: ",") + (log ? " and the log" : ""))")
            guard sessions.begin(limit: configuration.limits.maximumLiveSessions) else {
                throw HTTPError(.serviceUnavailable, message: "too many live views and streams (\(configuration.limits.maximumLiveSessions) at most)")
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: TraceStream.body(configuration: configuration, actor: context.actor, control: context.holder?.role == .control,
                                                   categories: categories, log: log, sessions: sessions))
        }
        // A /v1/live request that was not a WebSocket upgrade (or whose upgrade was refused
        // before this route: the token is checked by the middleware, so here it is valid).
        router.get("/v1/live") { _, _ -> Response in
            throw HTTPError(.upgradeRequired, headers: [.upgrade: "websocket"], message: "the live view is a WebSocket")
        }
    }

    /// Runs `body` on a connection to the app for this request's token holder, mapping the
    /// app's trouble to HTTP: a refusal is the client's mistake (400), silence a 504, an
    /// unreachable or broken app a 502.
    func ask<Result: Sendable>(_ context: RemoteRequestContext, control: Bool,
                               _ body: @Sendable (AppLink) async throws -> Result) async throws -> Result {
        do {
            return try await slots.withSlot {
                try await AppLink.connect(path: configuration.appSocket, client: context.actor, control: control,
                                          timeout: appTimeout, body)
            }
        } catch let error as AppLinkError {
            if error.refusedByApp { throw HTTPError(.badRequest, message: error.reason) }
            logger.warning("the app: \(error.reason)")
            throw HTTPError(error.reason.hasPrefix("no reply") ? .gatewayTimeout : .badGateway, message: error.reason)
        }
    }

    private func jsonPayload(_ op: String, _ context: RemoteRequestContext) async throws -> Response {
        let payload = try await ask(context, control: false) { link in
            try await link.request(.object([("op", .string(op))]), timeout: appTimeout).payload
        }
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: payload)))
    }

    /// The app's health figures, then the service's and the board's.
    func health(_ context: RemoteRequestContext) async throws -> [(String, JSONValue)] {
        let reply = try await ask(context, control: false) { link in
            try await link.request(.object([("op", .string("health"))]), timeout: appTimeout)
        }
        let app = (reply.header.members ?? []).filter { $0.0 != "id" && $0.0 != "ok" }
        return app + metrics.serviceFigures()
    }

    private func body(_ request: Request, _ context: RemoteRequestContext) async throws -> JSONValue {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: configuration.limits.maximumBodyBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "a request body is at most \(configuration.limits.maximumBodyBytes) bytes")
        }
        do {
            return try JSONReader.parse(Array(buffer.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "the body is not JSON: \(error)")
        }
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(of: value))))
    }
}
