import Bezel
import BezelCairo
import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real Bezel app for the service's tests: an Application with a window and a button
/// ("Item 12"), drawn by a real HeadlessDisplay, answering on a real Unix socket through Bezel's
/// own RemoteSession, as the runtime's RemoteEndpoint does (that endpoint is tested in the root
/// package, and with bezel-runtime-check in scenario K7; here the socket is served with NIO so
/// that the service and the app share one process and the tests stay fast).
@MainActor
final class TestApp {
    let clock = VirtualClock()
    let application: Application
    let window: Window
    let button: Button
    let display: HeadlessDisplay
    let socketPath: String
    let traceHub: RemoteTraceHub
    private(set) var actions: [String] = []
    /// The actions' count, readable from any task (a test waits on it).
    nonisolated let actionCount = Mutex(0)
    private(set) var auditLines: [String] = []
    private var sessions: [(RemoteSession, NIOAsyncChannelOutboundWriter<ByteBuffer>)] = []
    private var server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>?
    private var serving: Task<Void, Never>?

    init(name: String) throws {
        application = Application(clock: clock)
        traceHub = RemoteTraceHub(tracer: application.tracer)
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 200), application: application)
        window.makeKeyAndVisible()
        window.backgroundColor = .white
        button = Button(frame: Rect(x: 100, y: 80, width: 120, height: 40))
        button.title = "Item 12"
        button.backgroundColor = .systemBlue
        window.addSubview(button)
        display = try HeadlessDisplay(window: window)
        display.renderFrame()
        socketPath = "/tmp/bezel-remote-test-\(getpid())-\(name).sock"
        unlink(socketPath)
        button.addAction(for: .touchUpInside) { [unowned self] _, _ in 
            self.actions.append("Item 12 tapped")
            self.actionCount.withLock { $0 += 1 }
        }
    }

    func start() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: true) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        self.server = server
        serving = Task { @MainActor [unowned self] in
            try? await server.executeThenClose { connections in
                for try await connection in connections {
                    Task { @MainActor in await self.serve(connection) }
                }
            }
        }
    }

    func stop() {
        serving?.cancel()
        unlink(socketPath)
    }

    private func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async {
        try? await connection.executeThenClose { inbound, outbound in
            let session = RemoteSession(application: application, panelSize: window.bounds.size, appName: "test-app")
            let cache = display.cache
            session.screenshot = { RemotePicture(width: cache.width, height: cache.height, pixels: cache.packedPixels()) }
            session.frameSize = { (cache.width, cache.height) }
            session.framePixels = { cache.packedPixels(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
            session.health = { [("framesShown", .number(7)), ("backend", .string("headless"))] }
            session.audit = { [unowned self] in
                self.auditLines.append($0)
                self.traceHub.log("remote: " + $0)
            }
            session.traceHub = traceHub
            sessions.append((session, outbound))
            defer {
                session.end()
                sessions.removeAll { $0.0 === session }
            }
            var decoder = RemoteMessageDecoder(maximumHeaderBytes: 4_096, maximumPayloadBytes: 0)
            for try await buffer in inbound {
                decoder.append(buffer.readableBytesView)
                while let message = try decoder.next() {
                    if let reply = session.reply(to: message) { try await outbound.write(ByteBuffer(bytes: reply.encoded())) }
                    // A touch changes the frame: drawn at once (the runtime draws before it waits).
                    await drawFrame()
                }
            }
        }
    }

    /// Draws what changed and sends the live views and trace streams waiting their replies, as
    /// the runtime does before its loop waits.
    func drawFrame() async {
        let damage = display.panelPixels(of: display.renderFrame())
        for (session, outbound) in sessions {
            session.frameDrawn(damage: damage)
            if let update = session.takeWaitingReply() { try? await outbound.write(ByteBuffer(bytes: update.encoded())) }
        }
    }
}
