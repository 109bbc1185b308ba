import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore

/// `bezel-remote serve`: the HTTP API (APIRoutes), the live view (LiveView) and the page
/// (Public/), behind tokens (AccessMiddleware), rate, size and time limits, over TLS when the
/// operator gives a certificate.
public enum RemoteService {
    public static func makeApplication(
        configuration: ServiceConfiguration, metrics: HealthMetrics = HealthMetrics(), logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) throws -> Application<RouterResponder<RemoteRequestContext>> {
        let limits = configuration.limits
        let limiter = RateLimiter(perSecond: limits.requestsPerSecond, burst: limits.requestBurst)
        let router = Router(context: RemoteRequestContext.self)
        router.middlewares.add(MetricsMiddleware())
        router.middlewares.add(AccessMiddleware(tokens: configuration.tokens, limiter: limiter, refusals: RefusalLog(logger: logger)))
        // The page's files: no data in them, so no token (the page asks for one).
        router.middlewares.add(FileMiddleware(configuration.publicDirectory, cacheControl: .init([(MediaType(type: .any), [.noCache])]),
                                              searchForIndexHtml: true, logger: logger))
        let sessions = LiveView.Sessions()
        APIRoutes(configuration: configuration, metrics: metrics, logger: logger, sessions: sessions,
                  slots: AppConnectionSlots(limits.maximumRequestLinks)).add(to: router)

        let live = LiveView(configuration: configuration, limiter: limiter, logger: logger, sessions: sessions)
        var server = HTTPServerBuilder.http1WebSocketUpgrade(
            configuration: .init(http1: .init(idleTimeout: .seconds(Int64(limits.idleTimeoutSeconds))),
                                 ws: .init(maxFrameSize: limits.maximumLiveMessageBytes, autoPing: .enabled(timePeriod: .seconds(30)))),
            shouldUpgrade: { head, channel, _ in live.shouldUpgrade(head, channel: channel) })
        if let certificatePath = configuration.certificatePath, let keyPath = configuration.privateKeyPath {
            let tls: TLSConfiguration
            do {
                tls = TLSConfiguration.makeServerConfiguration(
                    certificateChain: try NIOSSLCertificate.fromPEMFile(certificatePath).map { .certificate($0) },
                    privateKey: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem)))
            } catch {
                throw ServiceError("the TLS certificate \(certificatePath) or key \(keyPath): \(error)")
            }
            server = try .tls(server, tlsConfiguration: tls)
        } else if !configuration.isLoopback {
            throw ServiceError("plain HTTP on \(configuration.host) would send tokens in the clear: give --certificate and --key, or listen on 127.0.0.1 and reach it through an SSH tunnel")
        }
        return Application(
            router: router, server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "bezel-remote",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: onServerRunning, logger: logger)
    }
}

public struct ServiceError: Error, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
