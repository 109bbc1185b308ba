import Bezel
import BezelCairo
import BezelRemoteService
import Hummingbird
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP API against a real app (TestApp) over real connections: tokens and roles, what each
/// route gives, limits, and thousands of fuzzed bodies that get clear 4xx errors, never a 5xx
/// or a crash of either side.
@MainActor
@Suite(.serialized) struct HTTPAPITests {
    typealias H = ServiceHarness

    @Test func noTokenOrAWrongOneIsRefusedAndTheAppIsNeverAsked() async throws {
        let app = try TestApp(name: "refused")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            let base = "http://127.0.0.1:\(port)/v1/"
            for path in ["screenshot.png", "tree", "accessibility", "health", "metrics"] {
                #expect(try await H.request(base + path, token: nil).status == 401, "\(path)")
                #expect(try await H.request(base + path, token: H.readToken + "x").status == 401, "\(path)")
            }
            let refused = try await H.request(base + "touch", method: .POST, token: nil, body: Array(#"{"finger":0,"phase":"down","x":1,"y":1}"#.utf8))
            #expect(refused.status == 401)
            #expect(refused.text.contains("a valid token is needed"))
            // The page's own files need none.
            let page = try await H.request("http://127.0.0.1:\(port)/", token: nil)
            #expect(page.status == 200 && page.text.contains("<canvas id=\"screen\""))
        }
        #expect(app.auditLines.isEmpty)
    }

    @Test func aReadTokenSeesTheScreenTreesHealthAndMetrics() async throws {
        let app = try TestApp(name: "read")
        try await app.start()
        defer { app.stop() }
        let expected = app.display.cache.packedPixels()
        try await H.withService(H.configuration(app: app)) { port in
            let base = "http://127.0.0.1:\(port)/v1/"
            let shot = try await H.request(base + "screenshot.png", token: H.readToken)
            #expect(shot.status == 200 && shot.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let path = "/tmp/bezel-remote-shot-\(getpid()).png"
            let file = fopen(path, "wb")
            _ = shot.body.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            defer { unlink(path) }
            let decoded = try ImageBuffer(contentsOfPNG: path)
            #expect(decoded.width == 320 && decoded.height == 200)
            #expect(decoded.packedPixels().enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == expected[$0.offset] },
                    "the PNG holds exactly the app's frame")

            let tree = try JSONReader.parse(try await H.request(base + "tree", token: H.readToken).body)
            #expect(JSONWriter.string(of: tree).contains(#""text":"Item 12""#))
            let elements = try await H.request(base + "accessibility", token: H.readToken)
            #expect(elements.status == 200 && elements.text.contains("Item 12"))
            let health = try JSONReader.parse(try await H.request(base + "health", token: H.readToken).body)
            #expect(health["framesShown"] == .number(7) && health["backend"] == .string("headless"))
            #expect(health["serviceUptimeSeconds"]?.numberValue != nil)
            let metrics = try await H.request(base + "metrics", token: H.readToken)
            #expect(metrics.text.contains("bezel_frames_shown 7"), "\(metrics.text)")
        }
    }

    @Test func onlyAControlTokenTouchesAndItsTapFiresTheButton() async throws {
        let app = try TestApp(name: "control")
        try await app.start()
        defer { app.stop() }
        let tap = Array(#"{"events":[{"finger":0,"phase":"down","x":150,"y":100},{"finger":0,"phase":"up"}]}"#.utf8)
        try await H.withService(H.configuration(app: app)) { port in
            let base = "http://127.0.0.1:\(port)/v1/"
            let refused = try await H.request(base + "touch", method: .POST, token: H.readToken, body: tap)
            #expect(refused.status == 403 && refused.text.contains("touching needs a control token"))
            #expect(try await H.request(base + "key", method: .POST, token: H.readToken, body: Array(#"{"code":28}"#.utf8)).status == 403)
            let done = try await H.request(base + "touch", method: .POST, token: H.controlToken, body: tap)
            #expect(done.status == 200 && done.text == #"{"ok":true,"events":2}"#)
            // The app refuses what its panel cannot take: a 400 with its reason.
            let offPanel = try await H.request(base + "touch", method: .POST, token: H.controlToken,
                                               body: Array(#"{"finger":0,"phase":"down","x":9999,"y":1}"#.utf8))
            #expect(offPanel.status == 400 && offPanel.text.contains("\\\"x\\\" must be a number of points from 0 to under 320"), "\(offPanel.text)")
        }
        #expect(app.actions == ["Item 12 tapped"])
        #expect(app.auditLines.contains { $0.hasPrefix("alice@127.0.0.1: remote finger 0 down at (150, 100)") })
    }

    @Test func limitsGiveClearErrors() async throws {
        let app = try TestApp(name: "limits")
        try await app.start()
        defer { app.stop() }
        var configuration = H.configuration(app: app)
        configuration.limits.requestBurst = 5
        configuration.limits.requestsPerSecond = 0.01
        try await H.withService(configuration) { port in
            let base = "http://127.0.0.1:\(port)/v1/"
            let big = Array(("{\"events\":[" + String(repeating: " ", count: 9_000) + "]}").utf8)
            let tooBig = try await H.request(base + "touch", method: .POST, token: H.controlToken, body: big)
            #expect(tooBig.status == 413 && tooBig.text.contains("at most 8192 bytes"))
            let many = "{\"events\":[" + Array(repeating: #"{"finger":0,"phase":"cancel"}"#, count: 65).joined(separator: ",") + "]}"
            let tooMany = try await H.request(base + "touch", method: .POST, token: H.controlToken, body: Array(many.utf8))
            #expect(tooMany.status == 400 && tooMany.text.contains("1 to 64 events"))
            var statuses: [Int] = []
            for _ in 0..<6 { statuses.append(try await H.request(base + "health", token: H.readToken).status) }
            #expect(statuses.contains(429), "\(statuses)")
        }
    }

    @Test func anAppThatIsNotThereIsA502WithAReason() async throws {
        let app = try TestApp(name: "absent")
        var configuration = H.configuration(app: app)
        configuration.appSocket = "/tmp/bezel-remote-no-such-\(getpid()).sock"
        try await H.withService(configuration) { port in
            let reply = try await H.request("http://127.0.0.1:\(port)/v1/health", token: H.readToken)
            #expect(reply.status == 502 && reply.text.contains("is remote_socket set in the app's configuration"), "\(reply.text)")
        }
    }

    @Test func plainHTTPIsRefusedOffLoopback() throws {
        var configuration = ServiceConfiguration(tokens: H.tokens, publicDirectory: H.publicDirectory)
        configuration.host = "0.0.0.0"
        #expect(throws: ServiceError.self) { try RemoteService.makeApplication(configuration: configuration, logger: .init(label: "test")) }
    }

    /// 2,000 mutated touch and key bodies: each is a 200 or a 4xx with a reason; the service and
    /// the app both answer a clean request afterwards.
    @Test func fuzzedBodiesGetClearErrorsAndNeverBreakEitherSide() async throws {
        let app = try TestApp(name: "fuzz")
        try await app.start()
        defer { app.stop() }
        var configuration = H.configuration(app: app)
        configuration.limits.requestBurst = 100_000
        let seeds = [#"{"events":[{"finger":0,"phase":"down","x":150,"y":100},{"finger":0,"phase":"up"}]}"#,
                     #"{"finger":3,"phase":"move","x":1.5,"y":2e1}"#, #"{"code":28,"down":true,"characters":"\r"}"#,
                     #"{"code":30,"characters":"a"}"#]
        try await H.withService(configuration) { port in
            var random = SplitMix64(seed: 34)
            var statuses: [Int: Int] = [:]
            for round in 0..<2_000 {
                var bytes = Array(seeds[round % seeds.count].utf8)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                    case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                    default: bytes.remove(at: index)
                    }
                }
                let path = round % seeds.count < 2 ? "touch" : "key"
                let reply = try await H.request("http://127.0.0.1:\(port)/v1/" + path, method: .POST, token: H.controlToken, body: bytes)
                statuses[reply.status, default: 0] += 1
                #expect(reply.status == 200 || (reply.status >= 400 && reply.status < 500 && !reply.body.isEmpty), "\(reply.status) \(reply.text)")
            }
            #expect(statuses[400, default: 0] > 500, "\(statuses)")
            #expect(try await H.request("http://127.0.0.1:\(port)/v1/health", token: H.readToken).status == 200)
        }
    }
}

/// A seeded generator: the fuzzed cases are the same every run (a failure can be replayed).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
