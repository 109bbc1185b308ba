import HTTPTypes
import Hummingbird
import Logging

/// Every `/v1` request presents a token (`Authorization: Bearer TOKEN`); without one that a
/// holder in the tokens file has, it is refused (401) and never reaches the app. Rate limits are
/// checked first, per client address, so guessing tokens is as slow as any other request. The
/// page's own files (outside `/v1`) are served to anyone: they hold no data.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = RemoteRequestContext
    let tokens: AccessTokens
    let limiter: RateLimiter
    let refusals: RefusalLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard limiter.allow(context.clientAddress) else {
            refusals.refused("rate limit", client: context.clientAddress, path: request.uri.path)
            throw HTTPError(.tooManyRequests, message: "too many requests: at most \(Int(limiter.perSecond)) a second")
        }
        guard request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
        guard let holder = Self.bearerToken(request.headers[.authorization]).flatMap({ tokens.holder(of: $0) }) else {
            // The token presented is never logged (a mistyped one is one character from real).
            refusals.refused("no valid token", client: context.clientAddress, path: request.uri.path)
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"bezel-remote\""],
                            message: "a valid token is needed (Authorization: Bearer TOKEN)")
        }
        var context = context
        context.holder = holder
        return try await next(request, context)
    }

    static func bearerToken(_ value: String?) -> Substring? {
        guard let value, value.count <= 512, value.lowercased().hasPrefix("bearer ") else { return nil }
        return value.dropFirst("bearer ".count).drop(while: { $0 == " " })
    }
}

extension RemoteRequestContext {
    /// Throws 403 unless the request's token is a control token.
    func requireControl(_ what: String) throws {
        guard holder?.role == .control else {
            throw HTTPError(.forbidden, message: "\(what) needs a control token (this one is read-only)")
        }
    }
}
