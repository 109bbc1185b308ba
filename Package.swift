// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Bezel",
    products: [
        .library(name: "Bezel", targets: ["Bezel"]),
        .executable(name: "bezel-demo", targets: ["BezelDemo"]),
        .executable(name: "bezel-bench", targets: ["BezelBench"]),
    ],
    targets: [
        // The core: views, hit-testing, the responder chain, gesture recognizers, controls.
        // No C dependency and no Foundation (Foundation alone costs ~11 MiB RSS, design.md §2).
        .target(name: "Bezel", path: "Sources/Bezel"),
        .executableTarget(name: "BezelDemo", dependencies: ["Bezel"], path: "Sources/BezelDemo"),
        .executableTarget(name: "BezelBench", dependencies: ["Bezel"], path: "Sources/BezelBench"),
        .testTarget(name: "BezelTests", dependencies: ["Bezel"], path: "Tests/BezelTests"),
    ],
    swiftLanguageModes: [.v6]
)
