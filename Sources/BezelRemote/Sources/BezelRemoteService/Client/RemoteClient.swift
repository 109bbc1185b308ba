import AsyncHTTPClient
import NIOCore
import NIOSSL

/// The command-line client's requests (`bezel-remote screenshot|tree|accessibility|health|
/// metrics|tap|key HOST`): one HTTP request to a panel's service, for scripts across a fleet.
public struct RemoteClient: Sendable {
    public let baseURL: String
    public let token: String
    /// A CA certificate (PEM) trusted besides the system's: an operator's own CA.
    public let caCertificatePath: String?

    /// `host` is a URL (`https://kiosk-12:8034`) or a host with an optional port: plain HTTP for
    /// localhost (an SSH tunnel's end), HTTPS for any other host; 8034 when no port is given.
    public init(host: String, token: String, caCertificatePath: String? = nil) {
        if host.hasPrefix("http://") || host.hasPrefix("https://") {
            baseURL = host.hasSuffix("/") ? String(host.dropLast()) : host
        } else {
            let name = host.split(separator: ":").first.map(String.init) ?? host
            let local = name == "localhost" || name.hasPrefix("127.") || host.hasPrefix("[::1]")
            let hasPort = host.hasPrefix("[") ? host.contains("]:") : host.contains(":")
            baseURL = (local ? "http://" : "https://") + host + (hasPort ? "" : ":8034")
        }
        self.token = token
        self.caCertificatePath = caCertificatePath
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// GET `path` (under /v1) and hand its body to `output` as it comes (a stream), until the
    /// service ends it.
    public func stream(_ path: String, _ output: @Sendable ([UInt8]) -> Void) async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration())
        do {
            var request = HTTPClientRequest(url: baseURL + "/v1/" + path)
            request.headers.add(name: "Authorization", value: "Bearer " + token)
            let response = try await client.execute(request, timeout: .hours(24))
            guard response.status == .ok else {
                let bytes = Array((try await response.body.collect(upTo: 1 << 16)).readableBytesView)
                throw Failure(description: "\(baseURL)/v1/\(path): \(response.status.code) \(String(decoding: bytes.prefix(400), as: UTF8.self))")
            }
            for try await chunk in response.body { output(Array(chunk.readableBytesView)) }
            try await client.shutdown()
        } catch let failure as Failure {
            try? await client.shutdown()
            throw failure
        } catch {
            try? await client.shutdown()
            throw Failure(description: "\(baseURL)/v1/\(path): \(error)")
        }
    }

    private func configuration() -> HTTPClient.Configuration {
        var settings = HTTPClient.Configuration()
        if let caCertificatePath {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.file(caCertificatePath)]
            settings.tlsConfiguration = tls
        }
        settings.timeout = .init(connect: .seconds(10), read: .hours(24))
        return settings
    }

    /// GET or POST `path` (under /v1); the body of a 200, else a Failure with the service's reason.
    public func request(_ path: String, method: String = "GET", body: [UInt8]? = nil) async throws -> [UInt8] {
        var settings = configuration()
        settings.timeout = .init(connect: .seconds(10), read: .seconds(30))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        do {
            var request = HTTPClientRequest(url: baseURL + "/v1/" + path)
            request.method = method == "POST" ? .POST : .GET
            request.headers.add(name: "Authorization", value: "Bearer " + token)
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(bytes: body))
            }
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = Array((try await response.body.collect(upTo: 64 << 20)).readableBytesView)
            try await client.shutdown()
            guard response.status == .ok else {
                throw Failure(description: "\(baseURL)/v1/\(path): \(response.status.code) \(String(decoding: bytes.prefix(400), as: UTF8.self))")
            }
            return bytes
        } catch let failure as Failure {
            throw failure
        } catch {
            try? await client.shutdown()
            throw Failure(description: "\(baseURL)/v1/\(path): \(error)")
        }
    }
}
