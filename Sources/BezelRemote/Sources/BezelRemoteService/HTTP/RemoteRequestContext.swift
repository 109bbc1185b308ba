import Hummingbird
import NIOCore

/// A request's context: who holds the token it presented (set by `AccessMiddleware`) and the
/// client's address (rate limits and audit lines).
public struct RemoteRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var holder: AccessTokens.Holder?
    /// Bodies are JSON requests of a few hundred bytes; the route collects at most
    /// `Limits.maximumBodyBytes`, and this is Hummingbird's own bound for anything else.
    public var maxUploadSize: Int { 64 * 1024 }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        holder = nil
    }

    /// The client as logs and rate limits name it: its IP address.
    public var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }

    /// Who is acting, for the app's audit lines: the token holder's name and the address.
    public var actor: String { "\(holder?.name ?? "nobody")@\(clientAddress)" }
}
