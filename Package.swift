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
        // Scenes shared by the demo, the benchmarks and the tests (design.md §5's standard kiosk scene).
        .target(name: "BezelScenes", dependencies: ["Bezel"], path: "Sources/BezelScenes"),
        .executableTarget(name: "BezelDemo", dependencies: ["Bezel", "BezelScenes"], path: "Sources/BezelDemo"),
        .executableTarget(name: "BezelBench", dependencies: ["Bezel", "BezelScenes"], path: "Sources/BezelBench"),
        .testTarget(name: "BezelTests", dependencies: ["Bezel", "BezelScenes"], path: "Tests/BezelTests"),
    ],
    swiftLanguageModes: [.v6]
)
