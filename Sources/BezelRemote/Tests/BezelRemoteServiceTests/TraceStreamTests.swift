import BezelRemoteService
import Synchronization
import Testing

/// `GET /v1/trace` against a real app: trace categories need a control token, the log a read
/// token; a control client's stream shows the touches another client's tap caused, as they
/// happen, until the client leaves.
@MainActor
@Suite(.serialized) struct TraceStreamTests {
    typealias H = ServiceHarness

    @Test func aTraceNeedsAControlTokenAndNamesKnownCategories() async throws {
        let app = try TestApp(name: "trace-refused")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            let base = "http://127.0.0.1:\(port)/v1/"
            let refused = try await H.request(base + "trace?categories=presses", token: H.readToken)
            #expect(refused.status == 403 && refused.text.contains("needs a control token"))
            let unknown = try await H.request(base + "trace?categories=touchez", token: H.controlToken)
            #expect(unknown.status == 400 && unknown.text.contains("unknown trace category"))
            #expect(try await H.request(base + "trace", token: H.controlToken).status == 400)
        }
    }

    @Test func aControlClientSeesTheTouchesOfATapAsTheyHappen() async throws {
        let app = try TestApp(name: "trace")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            let seen = Collected()
            let client = RemoteClient(host: "127.0.0.1:\(port)", token: H.controlToken)
            let reader = Task {
                try await client.stream("trace?categories=touches,actions&log=1") { bytes in
                    seen.add(bytes)
                }
            }
            // Taps until the stream shows one (the first may come before the stream is open).
            let tap = Array(#"{"events":[{"finger":0,"phase":"down","x":150,"y":100},{"finger":0,"phase":"up"}]}"#.utf8)
            // A whole tap: its down, then its action (the first tap may begin before the stream).
            for _ in 0..<3_000 where !seen.sawWholeTap {
                _ = try await H.request("http://127.0.0.1:\(port)/v1/touch", method: .POST, token: H.controlToken, body: tap)
                try await Task.sleep(for: .milliseconds(100))
            }
            reader.cancel()
            _ = await reader.result
            let text = seen.text.withLock { $0 }
            #expect(text.contains("[touches] remote finger 0 down at (150, 100)"), "\(text)")
            #expect(text.contains("[log] remote: alice@127.0.0.1: remote finger 0 down at (150, 100)"), "\(text)")
        }
        // The client left: its connection to the app ended, and the app traces nothing for it.
        for _ in 0..<3_000 where app.traceHub.watcherCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(app.traceHub.watcherCount == 0)
        #expect(app.application.tracer.categories.isEmpty)
    }
}

final class Collected: Sendable {
    let text = Mutex("")
    func add(_ bytes: [UInt8]) { text.withLock { $0 += String(decoding: bytes, as: UTF8.self) } }
    var sawWholeTap: Bool {
        text.withLock { text in
            guard let down = text.range(of: "[touches] remote finger 0 down at (150, 100)") else { return false }
            return text[down.upperBound...].contains("[actions] Button")
        }
    }
}
