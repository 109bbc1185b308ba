/// How `bezel-remote serve` runs (its command line sets these; `bezel-remote serve --help`).
public struct ServiceConfiguration: Sendable {
    /// Where browsers and scripts connect. Localhost by default: reach it through an SSH tunnel
    /// (`ssh -L 8034:localhost:8034 kiosk`), or listen on the network with TLS.
    public var host = "127.0.0.1"
    /// 8034: no registered service uses it (IANA), and issue 34 asked for the service.
    public var port = 8034
    /// The app's socket (its `remote_socket` setting).
    public var appSocket = "/run/bezel-remote.sock"
    public var tokens: AccessTokens
    /// The operator's certificate chain and private key (PEM files); nil: plain HTTP, which
    /// `serve` allows on a loopback address only.
    public var certificatePath: String?
    public var privateKeyPath: String?
    /// The live page's files (index.html, live.js, live.css).
    public var publicDirectory: String
    public var limits = Limits()

    public struct Limits: Sendable {
        /// Requests a client address may make: 20 a second, in bursts of 40 (a page loads its
        /// page, script, style, tree and health at once; a script polls far less).
        public var requestsPerSecond = 20.0
        public var requestBurst = 40.0
        /// Live-view messages from one page: 250 a second (two fingers moving at a mouse's
        /// 120 Hz each, with room) in bursts of 500.
        public var liveMessagesPerSecond = 250.0
        public var liveMessageBurst = 500.0
        /// The largest request body (a touch request with 64 events is under 4 KiB).
        public var maximumBodyBytes = 8 * 1024
        /// The largest WebSocket frame taken from a page (a touch message is under 128 bytes).
        public var maximumLiveMessageBytes = 1024
        /// Events in one touch request.
        public var maximumTouchEvents = 64
        /// Live views and trace streams at once (each holds a connection to the app, which
        /// serves 8).
        public var maximumLiveSessions = 4
        /// One-off requests to the app at once (more wait for a slot): with the live views,
        /// under the app's 8 connections (AppConnectionSlots).
        public var maximumRequestLinks = 3
        /// Connections at once (HTTP and WebSocket).
        public var maximumConnections = 64
        /// An HTTP connection idle this long is closed.
        public var idleTimeoutSeconds = 30
        /// The app has this long to answer a request (its main loop serves between frames).
        public var appTimeoutSeconds = 5
        /// A live view is closed after this long (the page reconnects if it is still open): a
        /// forgotten tab does not watch a panel for ever.
        public var liveSessionSeconds = 3_600
        public init() {}
    }

    public init(tokens: AccessTokens, publicDirectory: String) {
        self.tokens = tokens
        self.publicDirectory = publicDirectory
    }

    /// Whether `host` is a loopback address (plain HTTP is allowed only there).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
