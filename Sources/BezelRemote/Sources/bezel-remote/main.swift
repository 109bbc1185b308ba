import ArgumentParser
import BezelRemoteService
import Logging
import Metrics
import Prometheus
#if canImport(Glibc)
import Glibc
#endif

/// bezel-remote: the remote service of a Bezel kiosk (`serve`) and its command-line client.
@main
struct BezelRemote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bezel-remote",
        abstract: "See and operate a Bezel kiosk from afar: the service beside the app, and a client for scripts.",
        discussion: """
            The service speaks HTTP and WebSocket to browsers and scripts, and Bezel's remote protocol \
            to the app over the app's Unix socket (the app's remote_socket setting). Every /v1 request \
            needs a token from the tokens file; touches and keys need a control token.
            """,
        subcommands: [Serve.self, Screenshot.self, Tree.self, Accessibility.self, Health.self, Metrics.self, Trace.self, Tap.self, Key.self])
}

struct ClientOptions: ParsableArguments {
    @Argument(help: "The panel: a URL (https://kiosk-12:8034) or HOST[:PORT] (HTTPS, or HTTP for localhost; port 8034).")
    var host: String
    @Option(help: "A file holding the token (else BEZEL_REMOTE_TOKEN). A token on the command line would show in ps.")
    var tokenFile: String?
    @Option(help: "A CA certificate (PEM) to trust besides the system's.")
    var caCertificate: String?

    func client() throws -> RemoteClient {
        let token: String
        if let tokenFile {
            guard let bytes = SmallFile.read(tokenFile, limit: 4096) else { throw ValidationError("cannot read the token file \(tokenFile)") }
            token = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        } else if let value = getenv("BEZEL_REMOTE_TOKEN") {
            token = String(cString: value)
        } else {
            throw ValidationError("give --token-file FILE or set BEZEL_REMOTE_TOKEN")
        }
        return RemoteClient(host: host, token: token, caCertificatePath: caCertificate)
    }
}

/// Bytes to standard output as they are (a PNG, a stream's chunk).
func writeToStandardOutput(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func write(_ bytes: [UInt8], to path: String?) throws {
    if let path {
        guard let file = fopen(path, "w") else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw ValidationError("cannot write \(path)") }
    } else {
        writeToStandardOutput(bytes)
        if bytes.last != UInt8(ascii: "\n") { print() }
    }
}

struct Screenshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Save the panel's frame as a PNG.")
    @OptionGroup var options: ClientOptions
    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output: String = "screenshot.png"
    func run() async throws { try write(try await options.client().request("screenshot.png"), to: output) }
}

struct Tree: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the view tree (JSON).")
    @OptionGroup var options: ClientOptions
    func run() async throws { try write(try await options.client().request("tree"), to: nil) }
}

struct Accessibility: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the accessibility elements (JSON).")
    @OptionGroup var options: ClientOptions
    func run() async throws { try write(try await options.client().request("accessibility"), to: nil) }
}

struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print uptime, restarts, frames, memory and the board's temperature (JSON).")
    @OptionGroup var options: ClientOptions
    func run() async throws { try write(try await options.client().request("health"), to: nil) }
}

struct Metrics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the metrics in Prometheus' text format.")
    @OptionGroup var options: ClientOptions
    func run() async throws { try write(try await options.client().request("metrics"), to: nil) }
}

struct Trace: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the app's trace and log lines as they come (trace categories need a control token).")
    @OptionGroup var options: ClientOptions
    @Option(help: "Trace categories: hittest, touches, gestures, actions, presses, layout, speech, or all (comma-separated).")
    var categories = ""
    @Flag(help: "The app's log lines too.")
    var log = false
    func run() async throws {
        guard !categories.isEmpty || log else { throw ValidationError("give --categories or --log") }
        let query = "trace?categories=\(categories)" + (log ? "&log=1" : "")
        try await options.client().stream(query) { bytes in writeToStandardOutput(bytes) }
    }
}

struct Tap: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tap the panel at X, Y (window points; a control token).")
    @OptionGroup var options: ClientOptions
    @Argument var x: Double
    @Argument var y: Double
    func run() async throws {
        let body = #"{"events":[{"finger":0,"phase":"down","x":\#(x),"y":\#(y)},{"finger":0,"phase":"up"}]}"#
        try write(try await options.client().request("touch", method: "POST", body: Array(body.utf8)), to: nil)
    }
}

struct Key: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Press and release a key by its evdev code (a control token).")
    @OptionGroup var options: ClientOptions
    @Argument(help: "The evdev key code (28: Enter, 15: Tab).")
    var code: Int
    func run() async throws {
        try write(try await options.client().request("key", method: "POST", body: Array(#"{"code":\#(code)}"#.utf8)), to: nil)
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the service (its systemd unit: deploy/bezel-remote.service).")
    @Option(help: "The address to listen on (plain HTTP only on a loopback address).")
    var host = "127.0.0.1"
    @Option(help: "The port.")
    var port = 8034
    @Option(help: "The app's socket (its remote_socket setting).")
    var appSocket = "/run/bezel-remote.sock"
    @Option(help: "The tokens file (lines \"read|control NAME TOKEN\"; mode 600).")
    var tokens = "/etc/bezel/remote-tokens"
    @Option(help: "The TLS certificate chain (PEM).")
    var certificate: String?
    @Option(help: "The TLS private key (PEM).")
    var key: String?
    @Option(help: "The live page's files.")
    var publicDirectory = "/usr/local/share/bezel-remote/public"

    func validate() throws {
        guard (certificate == nil) == (key == nil) else { throw ValidationError("--certificate and --key go together") }
        guard (1...65535).contains(port) else { throw ValidationError("--port is 1 to 65535") }
    }

    func run() async throws {
        var logger = Logger(label: "bezel-remote")
        logger.logLevel = .info
        var configuration = ServiceConfiguration(tokens: try AccessTokens.load(path: tokens), publicDirectory: publicDirectory)
        configuration.host = host
        configuration.port = port
        configuration.appSocket = appSocket
        configuration.certificatePath = certificate
        configuration.privateKeyPath = key
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let app = try RemoteService.makeApplication(configuration: configuration, metrics: HealthMetrics(registry: registry), logger: logger)
        logger.info("serving \(certificate == nil ? "http" : "https")://\(host):\(port) for the app at \(appSocket), \(configuration.tokens.holders.count) token holders")
        try await app.runService()
    }
}
