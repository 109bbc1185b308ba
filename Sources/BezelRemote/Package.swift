// swift-tools-version:6.2
// bezel-remote (issue 34): the remote service, a process of its own beside the app. It is the
// only part of Bezel that speaks HTTP, WebSocket and TLS: to browsers, scripts and Prometheus on
// one side, and to the app over the app's Unix socket (Bezel/Remote's protocol) on the other.
//
// A package of its own so that an app, the demo and the README's commands never build or link
// SwiftNIO: only a device whose operator turns the service on installs it. It depends on Bezel by
// path (the `Bezel` link is the repository's root, as Tests/ExampleApp does) for the protocol
// and for BezelCairo's PNG encoder.
//
// The server stack, from the package mirror: Hummingbird 2 on SwiftNIO (HTTP/1.1, its router,
// file and metrics middleware), hummingbird-websocket for the live view, HummingbirdTLS on
// swift-nio-ssl for TLS, swift-prometheus with swift-metrics for /v1/metrics, and
// AsyncHTTPClient for the command-line client. Chosen over Vapor for a smaller build and
// binary (Hummingbird's core has no Foundation dependency in its request path) with the same
// SwiftNIO underneath.
import PackageDescription

let package = Package(
    name: "BezelRemote",
    products: [
        .executable(name: "bezel-remote", targets: ["bezel-remote"]),
    ],
    dependencies: [
        .package(path: "Bezel"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        .target(name: "BezelRemoteService", dependencies: [
            .product(name: "Bezel", package: "bezel"),
            .product(name: "BezelCairo", package: "bezel"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        .executableTarget(name: "bezel-remote", dependencies: [
            "BezelRemoteService",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "BezelRemoteServiceTests", dependencies: [
            "BezelRemoteService",
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
