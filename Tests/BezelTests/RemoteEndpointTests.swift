import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Bezel
@testable import BezelLinux
@testable import BezelRuntime

/// The app's remote socket with real Unix sockets (issue 34): who may connect, replies in
/// order, bad and oversized messages, a client that vanishes mid-message, a client that does
/// not read. The endpoint is served by hand (`acceptWaiting`, `serviceAll`), as the main loop
/// would on each wake-up.
@MainActor
@Suite struct RemoteEndpointTests {
    static var serial = 0

    struct Setup {
        let stage: Stage
        let endpoint: RemoteEndpoint
        let log: Log
        let button: Button
    }

    func setUp(allowed: Set<UInt32>? = nil, limits: RemoteEndpoint.Limits = RemoteEndpoint.Limits()) throws -> Setup {
        Self.serial += 1
        let path = "/tmp/bezel-remote-test-\(getpid())-\(Self.serial).sock"
        let stage = Stage()
        let button = Button(frame: Rect(x: 100, y: 100, width: 120, height: 50))
        button.accessibilityIdentifier = "item12"
        stage.window.addSubview(button)
        let log = Log()
        button.addAction(for: .touchUpInside) { _, _ in log.add("touchUpInside") }
        button.addAction(for: .touchCancel) { _, _ in log.add("touchCancel") }
        let listener = try UnixSocketListener(path: path)
        let endpoint = RemoteEndpoint(listener: listener, allowedUserIDs: allowed ?? [getuid()], limits: limits) {
            RemoteSession(application: stage.app, panelSize: stage.window.bounds.size, appName: "test")
        }
        endpoint.log = { line in log.add(line.replacingFileDescriptors) }
        return Setup(stage: stage, endpoint: endpoint, log: log, button: button)
    }

    /// Reads replies until `count` have come (the endpoint served between reads).
    func replies(_ count: Int, from client: UnixSocketConnection, serving endpoint: RemoteEndpoint) throws -> [RemoteMessage] {
        var decoder = RemoteMessageDecoder(maximumHeaderBytes: 1 << 16, maximumPayloadBytes: 1 << 24)
        var messages: [RemoteMessage] = []
        for _ in 0..<10_000 where messages.count < count {
            endpoint.serviceAll()
            switch try client.read() {
            case .bytes(let bytes): decoder.append(bytes)
            case .closed: return messages
            case .wouldBlock: continue
            }
            while let next = try decoder.next() { messages.append(next) }
        }
        return messages
    }

    func connect(_ setup: Setup) throws -> UnixSocketConnection {
        let client = try UnixSocketConnection.connect(to: setup.endpoint.listener.path)
        _ = fcntl(client.fileDescriptor, F_SETFL, fcntl(client.fileDescriptor, F_GETFL) | O_NONBLOCK)
        setup.endpoint.acceptWaiting()
        return client
    }

    func send(_ client: UnixSocketConnection, _ json: String) throws {
        try client.writeAll(RemoteMessage(header: try JSONReader.parse(Array(json.utf8))).encoded())
    }

    @Test func aClientSaysHelloAndTapsTheButtonInOrder() throws {
        let setup = try setUp()
        let client = try connect(setup)
        #expect(setup.endpoint.connectionCount == 1)
        try send(client, #"{"id":1,"op":"hello","protocol":1,"client":"ops","control":true}"#)
        try send(client, #"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
        try send(client, #"{"id":3,"op":"touch","finger":0,"phase":"up","x":150,"y":120}"#)
        try send(client, #"{"id":4,"op":"viewTree"}"#)
        let answers = try replies(4, from: client, serving: setup.endpoint)
        #expect(answers.map { $0.header["id"] } == [1, 2, 3, 4].map { .number($0) })
        #expect(answers.allSatisfy { $0.header["ok"] == .bool(true) })
        #expect(String(decoding: answers[3].payload, as: UTF8.self).contains(#""identifier":"item12""#))
        #expect(setup.log.entries == [
            "remote: connection N opened", "remote: remote control session for ops",
            "remote: ops: remote finger 0 down at (150, 120)", "remote: ops: remote finger 0 up at (150, 120)", "touchUpInside",
        ])
    }

    @Test func anotherUsersProcessIsRefused() throws {
        let setup = try setUp(allowed: [getuid() + 4242])
        let client = try connect(setup)
        let answers = try replies(1, from: client, serving: setup.endpoint)
        #expect(answers.first.map { JSONWriter.string(of: $0.header) }
                == #"{"id":null,"ok":false,"error":"user \#(getuid()) may not connect","closing":true}"#)
        #expect(setup.endpoint.connectionCount == 0)
        #expect(setup.log.entries == ["remote: refused a connection from user \(getuid()) (only [\(getuid() + 4242)] may connect)"])
    }

    @Test func connectionsOverTheLimitAreRefused() throws {
        var limits = RemoteEndpoint.Limits()
        limits.maximumConnections = 2
        let setup = try setUp(limits: limits)
        let clients = try (0..<3).map { _ in try connect(setup) }
        #expect(setup.endpoint.connectionCount == 2)
        let answers = try replies(1, from: clients[2], serving: setup.endpoint)
        #expect(answers.first?.header["error"] == .string("too many connections (2 at most)"))
    }

    @Test func anOversizedHeaderEndsTheConnectionWithAReason() throws {
        let setup = try setUp()
        let client = try connect(setup)
        // The lengths of a 1 MiB header; its bytes never need to come.
        try client.writeAll([0x00, 0x10, 0x00, 0x00, 0, 0, 0, 0])
        let answers = try replies(1, from: client, serving: setup.endpoint)
        #expect(answers.first.map { JSONWriter.string(of: $0.header) }
                == #"{"id":null,"ok":false,"error":"a header of 1048576 bytes, over the limit of 4096","closing":true}"#)
        #expect(setup.endpoint.connectionCount == 0)
        #expect(try client.read() == .closed)
    }

    @Test func aClientThatVanishesMidMessageLeavesNoFingerDown() throws {
        let setup = try setUp()
        let client = try connect(setup)
        try send(client, #"{"id":1,"op":"hello","protocol":1,"client":"ops","control":true}"#)
        try send(client, #"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
        #expect(try replies(2, from: client, serving: setup.endpoint).count == 2)
        #expect(setup.button.isTracking)
        // Half a message, then gone.
        try client.writeAll(Array(RemoteMessage(header: .object([("id", .number(3)), ("op", .string("health"))])).encoded().prefix(11)))
        client.shutDownWriting()
        setup.endpoint.serviceAll()
        #expect(setup.endpoint.connectionCount == 0)
        #expect(!setup.button.isTracking)
        #expect(setup.log.entries.suffix(2) == ["remote: connection N closed by its peer (11 bytes of an unfinished message dropped)", "touchCancel"])
    }

    @Test func aClientThatDoesNotReadHoldsOneReplyInTheApp() throws {
        var limits = RemoteEndpoint.Limits()
        limits.requestsPerTurn = 1_000
        let setup = try setUp(limits: limits)
        // A big tree: each reply is about 260 kB, so the socket's buffer fills after a few.
        for index in 0..<800 {
            let label = Label(frame: Rect(x: 0, y: Double(index), width: 10, height: 1))
            label.text = String(repeating: "x", count: 100)
            setup.stage.window.addSubview(label)
        }
        let client = try connect(setup)
        try send(client, #"{"id":0,"op":"hello","protocol":1}"#)
        for id in 1...40 { try send(client, #"{"id":\#(id),"op":"viewTree"}"#) }
        setup.endpoint.serviceAll()
        let connection = try #require(setup.endpoint.connections.first)
        // Stuck on a reply the socket would not take: that one is all the app holds; the
        // requests after it wait, unread, in the decoder and the kernel's buffer.
        #expect(connection.hasPendingOutput)
        let held = connection.output.count
        let answers = try replies(41, from: client, serving: setup.endpoint)
        #expect(answers.contains { $0.encoded().count == held })
        #expect(answers.map { $0.header["id"] } == (0...40).map { .number(Double($0)) })
        #expect(!connection.hasPendingOutput && connection.output.isEmpty)
    }
}

extension String {
    /// "connection 17 opened" as "connection N opened": descriptors differ from run to run.
    var replacingFileDescriptors: String { replacing(/connection \d+/, with: "connection N") }
}
