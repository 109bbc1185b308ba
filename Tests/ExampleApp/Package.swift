// swift-tools-version:6.2
// An app on Bezel, as another package writes one: it depends on Bezel by path (the `Bezel`
// link is the repository's root, so the package's identity is "bezel" as it would be for a
// git dependency on https://…/bezel), uses the products Bezel, BezelCairo, BezelVideo, BezelRuntime
// and BezelTesting, and holds the README's code samples so that CI compiles them.
import PackageDescription

let package = Package(
    name: "CoffeeKiosk",
    dependencies: [
        .package(path: "Bezel"),
    ],
    targets: [
        .target(name: "CoffeeKiosk", dependencies: [
            .product(name: "Bezel", package: "bezel"),
            .product(name: "BezelCairo", package: "bezel"),
            .product(name: "BezelVideo", package: "bezel"),
        ]),
        // No link settings: install.sh --app (and the README's "For apps: getting the small
        // binary") links it as Bezel's own executables are, with deploy/app-toolset.sh's toolset.
        .executableTarget(name: "coffee-kiosk", dependencies: [
            "CoffeeKiosk",
            .product(name: "Bezel", package: "bezel"),
            .product(name: "BezelRuntime", package: "bezel"),
        ]),
        .testTarget(name: "CoffeeKioskTests", dependencies: [
            "CoffeeKiosk",
            .product(name: "Bezel", package: "bezel"),
            .product(name: "BezelTesting", package: "bezel"),
        ], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
