import Bezel
import BezelLinux

/// The app's end of the remote service (issue 34): a Unix socket the app owns, that only the
/// remote service's user may use, carrying RemoteMessages (Bezel/Remote). The app has no
/// network code: `bezel-remote`, a process of its own, speaks HTTP and WebSocket to browsers
/// and this protocol to the app.
///
/// Served on the main thread between frames, and bounded so that a remote side that floods,
/// stalls or vanishes costs the app little and never blocks it:
/// - sockets are non-blocking; a reply that does not fit the socket waits for it to drain,
///   and the connection's next request is not read before then (one reply buffered at most);
/// - at most `Limits.requestsPerTurn` requests a wake-up, then the loop goes on drawing;
/// - headers over `Limits.maximumHeaderBytes` and any payload end the connection;
/// - at most `Limits.maximumConnections` at once; more are refused.
@MainActor
public final class RemoteEndpoint {
    public struct Limits: Sendable {
        /// The remote service opens one connection per browser session it serves.
        public var maximumConnections = 8
        /// Far above any request (the longest, a key with 16 characters, is under 200 bytes).
        public var maximumHeaderBytes = 4_096
        /// Requests answered per connection per wake-up (each is a tree walk or a copy at
        /// most); the rest are read on the next turn.
        public var requestsPerTurn = 16
        public init() {}
    }

    public let listener: UnixSocketListener
    /// The users whose processes may connect (the kernel's SO_PEERCRED is checked).
    public let allowedUserIDs: Set<UInt32>
    public let limits: Limits
    /// Makes the session of a new connection (the runtime fills in screenshot and health).
    let makeSession: () -> RemoteSession
    /// Where connections, refusals and control actions are logged.
    public var log: (String) -> Void = { _ in }

    final class Connection {
        let socket: UnixSocketConnection
        var decoder: RemoteMessageDecoder
        let session: RemoteSession
        var output: [UInt8] = []
        var written = 0
        var watch: MainLoop.Watch?
        var isClosed = false
        init(socket: UnixSocketConnection, decoder: RemoteMessageDecoder, session: RemoteSession) {
            self.socket = socket
            self.decoder = decoder
            self.session = session
        }
        var hasPendingOutput: Bool { written < output.count }
    }

    private(set) var connections: [Connection] = []
    private weak var loop: MainLoop?
    private var listenerWatch: MainLoop.Watch?

    /// Connections open now.
    public var connectionCount: Int { connections.count }

    public init(listener: UnixSocketListener, allowedUserIDs: Set<UInt32>, limits: Limits = Limits(),
                makeSession: @escaping () -> RemoteSession) {
        self.listener = listener
        self.allowedUserIDs = allowedUserIDs
        self.limits = limits
        self.makeSession = makeSession
    }

    /// Serves on `loop`: new connections and each connection's bytes wake it; nothing else
    /// does (an endpoint nobody connects to costs no wake-up).
    public func attach(to loop: MainLoop) throws {
        self.loop = loop
        listenerWatch = try loop.watch(listener.fileDescriptor) { [unowned self] in self.acceptWaiting() }
    }

    /// Takes the connections waiting at the socket.
    public func acceptWaiting() {
        while true {
            let socket: UnixSocketConnection
            do {
                guard let next = try listener.accept() else { return }
                socket = next
            } catch {
                log("remote: \(error)")
                return
            }
            guard allowedUserIDs.contains(socket.peerUserID) else {
                log("remote: refused a connection from user \(socket.peerUserID) (only \(allowedUserIDs.sorted()) may connect)")
                refuse(socket, "user \(socket.peerUserID) may not connect")
                continue
            }
            guard connections.count < limits.maximumConnections else {
                log("remote: refused a connection: \(limits.maximumConnections) are open already")
                refuse(socket, "too many connections (\(limits.maximumConnections) at most)")
                continue
            }
            let session = makeSession()
            session.audit = { [unowned self] line in self.log("remote: " + line) }
            let connection = Connection(socket: socket,
                                        decoder: RemoteMessageDecoder(maximumHeaderBytes: limits.maximumHeaderBytes, maximumPayloadBytes: 0),
                                        session: session)
            connections.append(connection)
            log("remote: connection \(socket.fileDescriptor) opened")
            if let loop {
                connection.watch = try? loop.watch(socket.fileDescriptor) { [unowned self, unowned connection] in
                    self.service(connection)
                }
            }
            // Bytes may have come with the connection.
            service(connection)
        }
    }

    /// Serves every connection once (what the loop does on their wake-ups; tests call it).
    public func serviceAll() {
        for connection in connections { service(connection) }
    }

    /// Writes what is pending, reads and answers what has come, and closes the connection
    /// when its peer has gone or broke the protocol.
    func service(_ connection: Connection) {
        guard !connection.isClosed else { return }
        do throws(SocketError) {
            var answered = 0
            while true {
                try flush(connection)
                if connection.hasPendingOutput { break }
                // A live view's update or trace lines that waited for the socket go before the
                // next request.
                if let update = connection.session.takeWaitingReply() {
                    connection.output = update.encoded()
                    connection.written = 0
                    continue
                }
                if answered == limits.requestsPerTurn {
                    // More may be buffered: a writable socket wakes the loop at once for the next turn.
                    watchWritable(connection, true)
                    return
                }
                let message: RemoteMessage?
                do throws(RemoteProtocolError) {
                    message = try connection.decoder.next()
                } catch {
                    log("remote: connection \(connection.socket.fileDescriptor) broke the protocol: \(error.reason)")
                    connection.output = RemoteMessage.failure(id: nil, error.reason, closing: true).encoded()
                    connection.written = 0
                    _ = try? flush(connection)
                    close(connection)
                    return
                }
                if let message {
                    answered += 1
                    if let reply = connection.session.reply(to: message) {
                        connection.output = reply.encoded()
                        connection.written = 0
                    }
                    continue
                }
                switch try connection.socket.read() {
                case .bytes(let bytes): connection.decoder.append(bytes)
                case .wouldBlock:
                    watchWritable(connection, false)
                    return
                case .closed:
                    let unfinished = connection.decoder.bufferedBytes
                    log("remote: connection \(connection.socket.fileDescriptor) closed by its peer"
                        + (unfinished > 0 ? " (\(unfinished) bytes of an unfinished message dropped)" : ""))
                    close(connection)
                    return
                }
            }
            watchWritable(connection, connection.hasPendingOutput)
        } catch {
            log("remote: connection \(connection.socket.fileDescriptor): \(error)")
            close(connection)
        }
    }

    /// A frame was drawn (its damage in panel pixels): the live views waiting for it are sent
    /// their updates. Costs nothing when nobody watches.
    public func frameDrawn(damage: [Rect]) {
        for connection in connections where !connection.isClosed {
            connection.session.frameDrawn(damage: damage)
            sendWaitingReply(connection)
        }
    }

    /// Sends the replies that waited and can go now (trace lines traced since the last turn):
    /// the runtime calls it before the loop waits. Costs nothing when nobody watches.
    public func flushWaiting() {
        for connection in connections where !connection.isClosed { sendWaitingReply(connection) }
    }

    private func sendWaitingReply(_ connection: Connection) {
        guard !connection.hasPendingOutput, let update = connection.session.takeWaitingReply() else { return }
        connection.output = update.encoded()
        connection.written = 0
        do throws(SocketError) {
            try flush(connection)
            watchWritable(connection, connection.hasPendingOutput)
        } catch {
            log("remote: connection \(connection.socket.fileDescriptor): \(error)")
            close(connection)
        }
    }

    /// Closes every connection (the runtime's shutdown); the socket file goes with the listener.
    public func closeAll() {
        for connection in connections { close(connection) }
        if let listenerWatch, let loop { loop.unwatch(listenerWatch) }
        listenerWatch = nil
    }

    private func flush(_ connection: Connection) throws(SocketError) {
        while connection.hasPendingOutput {
            let count = try connection.socket.write(connection.output, from: connection.written)
            if count == 0 { return }
            connection.written += count
        }
        if !connection.output.isEmpty {
            // The reply is out: its memory goes now, not with the next.
            connection.output = []
            connection.written = 0
        }
    }

    private func watchWritable(_ connection: Connection, _ writable: Bool) {
        if let watch = connection.watch { loop?.setWatchesWritable(watch, writable) }
    }

    private func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        if let watch = connection.watch { loop?.unwatch(watch) }
        connection.watch = nil
        connection.session.end()
        connections.removeAll { $0 === connection }
    }

    private func refuse(_ socket: UnixSocketConnection, _ reason: String) {
        _ = try? socket.write(RemoteMessage.failure(id: nil, reason, closing: true).encoded())
    }
}
