import AsyncHTTPClient
import Bezel
import BezelRemoteService
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real service (RemoteService.makeApplication) on a free loopback port in front of a
/// TestApp, and speaks to it over real HTTP and WebSocket connections.
enum ServiceHarness {
    static let readToken = "read-0123456789abcdef0123456789"
    static let controlToken = "control-0123456789abcdef01234567"
    static let tokens = try! AccessTokens("""
        # role name token
        read    wall  \(readToken)
        control alice \(controlToken)
        """)

    /// The page's files, from the package's Public folder (found from this file's path).
    static var publicDirectory: String {
        var path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        path = "/" + path + "/Public"
        return path
    }

    static func configuration(app: TestApp) -> ServiceConfiguration {
        var configuration = ServiceConfiguration(tokens: tokens, publicDirectory: publicDirectory)
        configuration.port = 0
        configuration.appSocket = app.socketPath
        configuration.limits.appTimeoutSeconds = 20
        return configuration
    }

    final class Port: Sendable {
        let value = Mutex<Int?>(nil)
        func wait() async throws -> Int {
            for _ in 0..<6_000 {
                if let port = value.withLock({ $0 }) { return port }
                try await Task.sleep(for: .milliseconds(10))
            }
            throw ServiceError("the service did not start")
        }
    }

    /// Runs the service with `configuration` while `body` runs with its port.
    static func withService(_ configuration: ServiceConfiguration, metrics: HealthMetrics = HealthMetrics(),
                            _ body: @Sendable (Int) async throws -> Void) async throws {
        let port = Port()
        var logger = Logger(label: "bezel-remote-test")
        logger.logLevel = .critical
        let app = try RemoteService.makeApplication(configuration: configuration, metrics: metrics, logger: logger,
                                                    onServerRunning: { channel in port.value.withLock { $0 = channel.localAddress?.port } })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            try await body(try await port.wait())
        }
    }

    struct Reply: Sendable {
        let status: Int
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One HTTP request; any status is returned (the tests judge it).
    static func request(_ url: String, method: HTTPMethod = .GET, token: String?, body: [UInt8]? = nil,
                        headers: [(String, String)] = [], tls: TLSConfiguration? = nil) async throws -> Reply {
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = tls
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url)
            request.method = method
            if let token { request.headers.add(name: "Authorization", value: "Bearer " + token) }
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = Array(try await response.body.collect(upTo: 64 << 20).readableBytesView)
            try await client.shutdown()
            return Reply(status: Int(response.status.code), body: bytes)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
