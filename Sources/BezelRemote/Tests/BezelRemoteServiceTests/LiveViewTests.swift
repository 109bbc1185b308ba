import Bezel
import BezelRemoteService
import HummingbirdWSClient
import Logging
import NIOCore
import Synchronization
import Testing

/// The live view over a real WebSocket: the hello, the whole frame then only the changed
/// rectangles, touches from a control page firing the button, a read-only page refused, and
/// thousands of fuzzed messages answered with errors while the session goes on.
@MainActor
@Suite(.serialized) struct LiveViewTests {
    typealias H = ServiceHarness

    final class Received: Sendable {
        let texts = Mutex<[String]>([])
        let rectangles = Mutex<[[Int]]>([])
        func add(_ message: WebSocketMessage) {
            switch message {
            case .text(let text): texts.withLock { $0.append(text) }
            case .binary(var buffer):
                var numbers: [Int] = []
                for _ in 0..<6 { numbers.append(Int(buffer.readInteger(as: UInt32.self) ?? 0)) }
                let png = buffer.readBytes(length: buffer.readableBytes) ?? []
                if png.starts(with: [0x89, 0x50, 0x4E, 0x47]) { rectangles.withLock { $0.append(numbers) } }
            }
        }
    }

    /// Opens the live view with `token`, runs `script` with the page's writer, then closes.
    static func live(port: Int, token: String, _ script: @escaping @Sendable (WebSocketOutboundWriter, Received) async throws -> Void) async throws -> Received {
        let received = Received()
        var logger = Logger(label: "page")
        logger.logLevel = .warning
        try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/v1/live",
            configuration: .init(maxFrameSize: 16 << 20, additionalHeaders: [.secWebSocketProtocol: "bezel.v1, bezel-token.\(token)"]),
            logger: logger
        ) { inbound, outbound, _ in
            let reader = Task {
                for try await message in inbound.messages(maxSize: 16 << 20) { received.add(message) }
            }
            try await script(outbound, received)
            try await outbound.close(.normalClosure, reason: nil)
            _ = await reader.result
        }
        return received
    }

    static func waitFor(_ what: String, _ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<3_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition(), "waited 30 s for \(what)")
    }

    @Test func aControlPageSeesTheFrameAndItsTapFiresTheButton() async throws {
        let app = try TestApp(name: "live-control")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            let received = try await Self.live(port: port, token: H.controlToken) { page, received in
                try await Self.waitFor("the whole frame") { received.rectangles.withLock { !$0.isEmpty } }
                try await page.write(.text(#"{"type":"touch","finger":0,"phase":"down","x":150,"y":100}"#))
                try await Self.waitFor("the pressed button's update") { received.rectangles.withLock { $0.count >= 2 } }
                try await page.write(.text(#"{"type":"touch","finger":0,"phase":"up","x":150,"y":100}"#))
                try await Self.waitFor("the released button's update") { received.rectangles.withLock { $0.count >= 3 } }
            }
            let texts = received.texts.withLock { $0 }
            #expect(texts.first == #"{"type":"hello","app":"test-app","width":320,"height":200,"scale":1,"rotation":0,"control":true}"#)
            let rectangles = received.rectangles.withLock { $0 }
            #expect(rectangles.first == [320, 200, 0, 0, 320, 200], "the first update is the whole frame")
            // Later ones are the button's rectangle only (100, 80, 120 x 40), not the frame.
            for rectangle in rectangles.dropFirst() {
                #expect(rectangle[2] >= 90 && rectangle[3] >= 70 && rectangle[4] <= 140 && rectangle[5] <= 60, "\(rectangle)")
            }
        }
        #expect(app.actions == ["Item 12 tapped"])
    }

    @Test func aReadOnlyPageIsToldItMayNotTouch() async throws {
        let app = try TestApp(name: "live-read")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            let received = try await Self.live(port: port, token: H.readToken) { page, received in
                try await Self.waitFor("the hello") { received.texts.withLock { !$0.isEmpty } }
                try await page.write(.text(#"{"type":"touch","finger":0,"phase":"down","x":150,"y":100}"#))
                try await Self.waitFor("the refusal") { received.texts.withLock { $0.count >= 2 } }
            }
            #expect(received.texts.withLock { $0 }.last == #"{"type":"error","error":"this live view is read-only: touches and keys need a control token"}"#)
        }
        #expect(app.actions.isEmpty)
    }

    @Test func aWrongTokenIsNotUpgraded() async throws {
        let app = try TestApp(name: "live-refused")
        try await app.start()
        defer { app.stop() }
        try await H.withService(H.configuration(app: app)) { port in
            await #expect(throws: (any Error).self) {
                _ = try await Self.live(port: port, token: H.readToken + "x") { _, _ in }
            }
            let plain = try await H.request("http://127.0.0.1:\(port)/v1/live", token: H.readToken)
            #expect(plain.status == 426)
        }
    }

    /// 3,000 fuzzed messages from a control page: each accepted or answered with an error; the
    /// session is still live (a clean tap fires the button) at the end.
    @Test func fuzzedMessagesGetErrorsAndTheSessionGoesOn() async throws {
        let app = try TestApp(name: "live-fuzz")
        try await app.start()
        defer { app.stop() }
        var configuration = H.configuration(app: app)
        configuration.limits.liveMessageBurst = 100_000
        try await H.withService(configuration) { port in
            let received = try await Self.live(port: port, token: H.controlToken) { page, received in
                try await Self.waitFor("the hello") { received.texts.withLock { !$0.isEmpty } }
                let seeds = [#"{"type":"touch","finger":1,"phase":"move","x":3,"y":4}"#, #"{"type":"key","code":30,"characters":"a"}"#,
                             #"{"type":"touch","finger":2,"phase":"cancel"}"#]
                var random = SplitMix64(seed: 7)
                for round in 0..<3_000 {
                    var bytes = Array(seeds[round % seeds.count].utf8)
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        let index = Int.random(in: 0..<bytes.count, using: &random)
                        bytes[index] = UInt8.random(in: 0...255, using: &random)
                    }
                    if round % 500 == 499 {
                        try await page.write(.binary(ByteBuffer(bytes: bytes)))
                    } else {
                        try await page.write(.text(String(decoding: bytes, as: UTF8.self)))
                    }
                }
                try await Self.waitFor("errors for the fuzzed messages") { received.texts.withLock { $0.count > 2_500 } }
                try await page.write(.text(#"{"type":"touch","finger":0,"phase":"down","x":150,"y":100}"#))
                try await page.write(.text(#"{"type":"touch","finger":0,"phase":"up","x":150,"y":100}"#))
                try await Self.waitFor("the tap after the fuzz") { app.actionCount.withLock { $0 } > 0 }
            }
            let texts = received.texts.withLock { $0 }
            #expect(texts.dropFirst().allSatisfy { $0.hasPrefix(#"{"type":"error","error":"#) })
            #expect(texts.contains(#"{"type":"error","error":"binary messages are not taken"}"#))
        }
        #expect(app.actions.contains("Item 12 tapped"))
    }
}
