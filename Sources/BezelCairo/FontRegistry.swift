import Bezel
import CCairo

/// Registers the fonts shipped in `Assets/Fonts` with fontconfig, ahead of the system's, so
/// text renders the same on every machine (snapshot tests depend on it). Other scripts (CJK,
/// Arabic, emoji) fall back to the system's fonts through fontconfig.
@MainActor
public enum FontRegistry {
    private static var registered = false
    /// The font files registered, for diagnostics.
    public private(set) static var registeredFiles: [String] = []

    /// The bundled font families, registered once per process before the first text is laid out.
    public static func registerBundledFonts() {
        guard !registered else { return }
        registered = true
        defer {
            // With fonts known, layout can measure text (Label.intrinsicContentSize).
            if TextMetrics.measurer == nil { TextMetrics.measurer = CairoTextMeasurer() }
        }
        guard let directory = AssetLocator.directory(named: "Fonts") else {
            Diagnostics.report(.apiMisuse, "Assets/Fonts not found (set BEZEL_ASSETS); text uses system fonts and may differ between machines")
            return
        }
        for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            let path = directory + "/" + file
            if FcConfigAppFontAddFile(FcConfigGetCurrent(), path) != 0 {
                registeredFiles.append(path)
            } else {
                Diagnostics.report(.apiMisuse, "could not register font \(path) with fontconfig (missing or corrupt)")
            }
        }
    }
}
