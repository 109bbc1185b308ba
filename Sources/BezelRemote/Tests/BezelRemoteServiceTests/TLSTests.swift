import BezelRemoteService
import NIOSSL
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// TLS on loopback with a test certificate made here by openssl (a CA and a server certificate
/// it signs, for 127.0.0.1): the CLI's client trusts the CA and is served; a client that does
/// not trust it, or speaks plain HTTP to the TLS port, is not.
@MainActor
@Suite(.serialized) struct TLSTests {
    typealias H = ServiceHarness

    static func makeCertificates(in directory: String) -> Bool {
        let script = """
            set -e; cd \(directory)
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj /CN=bezel-test-ca 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.ext 2>/dev/null
            """
        return system("mkdir -p \(directory) && bash -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'") == 0
    }

    @Test func theServiceIsServedOverTLSToAClientTrustingItsCA() async throws {
        let directory = "/tmp/bezel-remote-tls-\(getpid())"
        defer { _ = system("rm -rf \(directory)") }
        try #require(Self.makeCertificates(in: directory), "openssl made the test certificates")
        let app = try TestApp(name: "tls")
        try await app.start()
        defer { app.stop() }
        var configuration = H.configuration(app: app)
        configuration.certificatePath = directory + "/server.pem"
        configuration.privateKeyPath = directory + "/server.key"
        try await H.withService(configuration) { port in
            let client = RemoteClient(host: "https://127.0.0.1:\(port)", token: H.readToken, caCertificatePath: directory + "/ca.pem")
            let health = String(decoding: try await client.request("health"), as: UTF8.self)
            #expect(health.contains(#""framesShown":7"#))
            // Not trusted: refused by the client's certificate check.
            await #expect(throws: RemoteClient.Failure.self) {
                _ = try await RemoteClient(host: "https://127.0.0.1:\(port)", token: H.readToken).request("health")
            }
            // Plain HTTP to the TLS port gets no HTTP answer.
            await #expect(throws: (any Error).self) {
                _ = try await H.request("http://127.0.0.1:\(port)/v1/health", token: H.readToken)
            }
        }
    }

    @Test func aMissingCertificateIsAClearError() throws {
        var configuration = ServiceConfiguration(tokens: H.tokens, publicDirectory: H.publicDirectory)
        configuration.certificatePath = "/nonexistent/cert.pem"
        configuration.privateKeyPath = "/nonexistent/key.pem"
        #expect(throws: ServiceError.self) { try RemoteService.makeApplication(configuration: configuration, logger: .init(label: "test")) }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
