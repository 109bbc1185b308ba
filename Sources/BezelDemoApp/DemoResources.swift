import Bezel
import BezelCairo

/// The demo's own pictures and fonts, as any app ships them: a resource folder with
/// `Images/` and `Fonts/`. Installed, it is `share/bezel-demo/` beside the executable
/// (found by `ResourceBundle.main`); from a source checkout, `Assets/Demo`.
@MainActor
enum DemoResources {
    /// The folder, found once; nil (and the demo shows placeholders) when neither exists.
    static let bundle: ResourceBundle? = {
        if let installed = ResourceBundle.main { return installed }
        var source = #filePath   // Sources/BezelDemoApp/DemoResources.swift -> the package root
        for _ in 0..<3 { if let slash = source.lastIndex(of: "/") { source = String(source[..<slash]) } }
        return ResourceBundle(path: source + "/Assets/Demo")
    }()

    /// Registers the demo's fonts (an app does it once, before its text is first drawn; here
    /// explicitly, because a source checkout's folder is not `ResourceBundle.main`).
    static let fonts: [String] = bundle.map { FontRegistry.registerFonts(in: $0) } ?? []

    static func image(_ name: String) -> Image? { ImageLoader.image(named: name, in: bundle) }

    /// The serif family shipped with the demo, or the default when it could not be registered.
    static var serif: String { fonts.contains("Bezel Demo Serif") ? "Bezel Demo Serif" : TextStyle.defaultFamily }
    static var mono: String { fonts.contains("Bezel Demo Mono") ? "Bezel Demo Mono" : TextStyle.defaultFamily }
}
