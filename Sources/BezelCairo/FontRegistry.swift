import Bezel
import CCairo

/// Registers fonts with fontconfig: the ones shipped in Bezel's `Assets/Fonts`, ahead of the
/// system's, so text renders the same on every machine (snapshot tests depend on it), and an
/// app's own (TrueType, OpenType, collections) from its resource folder's `Fonts/` or any
/// file, so `TextStyle(family:)` can name them. Other scripts (CJK, Arabic, emoji) fall back
/// to the system's fonts through fontconfig.
@MainActor
public enum FontRegistry {
    private static var registered = false
    /// Counts registrations, so drawing contexts can drop layouts shaped before a font came.
    static var generation = 0
    /// The font files registered, for diagnostics.
    public private(set) static var registeredFiles: [String] = []

    /// The extensions `registerFonts(in:)` picks up (fontconfig reads the files, FreeType
    /// the outlines: TrueType and CFF OpenType alike; a collection registers every face).
    public static let fontExtensions = ["ttf", "otf", "ttc", "otc"]

    /// Bezel's fonts, then the fonts in the app's resource folder (`ResourceBundle.main`'s
    /// `Fonts/`), registered once per process before the first text is laid out.
    public static func registerBundledFonts() {
        guard !registered else { return }
        registered = true
        defer {
            // With fonts known, layout can measure text (Label.intrinsicContentSize).
            if TextMetrics.measurer == nil { TextMetrics.measurer = CairoTextMeasurer() }
        }
        FontConfiguration.install()
        if let directory = AssetLocator.directory(named: "Fonts") {
            // The folder as the configuration lists it (resolved once, not once per file).
            let listed = FontConfiguration.bundledFontsDirectory.flatMap { $0 == FontConfiguration.canonicalPath(directory) ? $0 : nil }
            for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
                // Already in the configuration (from fontconfig's cache): nothing to read.
                if let listed, FontConfiguration.lists(listed + "/" + file) {
                    if !registeredFiles.contains(listed + "/" + file) { registeredFiles.append(listed + "/" + file) }
                    continue
                }
                // Families known: no FreeType query (it builds the font's character set: 3.5
                // million instructions for DejaVu Sans at every start, callgrind).
                do { _ = try registerFont(at: directory + "/" + file, queryingFamilies: false) } catch { Diagnostics.report(.apiMisuse, "\(error)") }
            }
        } else {
            Diagnostics.report(.apiMisuse, "Assets/Fonts not found (set BEZEL_ASSETS); text uses system fonts and may differ between machines")
        }
        if let app = ResourceBundle.main { _ = registerFonts(in: app) }
    }

    /// Registers every font file in `bundle`'s `Fonts/` folder; returns the families that
    /// became available. A file that is not a font is reported (with its name) and skipped.
    @discardableResult
    public static func registerFonts(in bundle: ResourceBundle) -> [String] {
        var families: [String] = []
        for path in bundle.paths(inDirectory: "Fonts") where fontExtensions.contains(where: { path.lowercased().hasSuffix("." + $0) }) {
            do {
                for family in try registerFont(at: path) where !families.contains(family) { families.append(family) }
            } catch {
                Diagnostics.report(.apiMisuse, "\(error)")
            }
        }
        return families
    }

    /// Registers the font file at `path` (every face of a collection) and returns the family
    /// names it brings, so `TextStyle(family:)` can use them. Registering a file twice is
    /// harmless. Throws, naming the file, when it is missing or not a font.
    @discardableResult
    public static func registerFont(at path: String) throws(CairoError) -> [String] {
        try registerFont(at: path, queryingFamilies: true)
    }

    static func registerFont(at path: String, queryingFamilies: Bool) throws(CairoError) -> [String] {
        guard ResourceBundle.isFile(path) else { throw CairoError("font \(path): no such file") }
        guard queryingFamilies else {
            guard registeredFiles.contains(path) || FcConfigAppFontAddFile(FontConfiguration.current, path) != 0 else {
                throw CairoError("font \(path): fontconfig could not register it (missing or corrupt)")
            }
            if !registeredFiles.contains(path) { registeredFiles.append(path) }
            return []
        }
        var faces: Int32 = 0
        guard let first = FcFreeTypeQuery(path, 0, nil, &faces) else {
            throw CairoError("font \(path): not a font FreeType can read (TrueType, OpenType or a collection)")
        }
        var families: [String] = []
        for face in 0..<max(1, faces) {
            guard let pattern = face == 0 ? first : FcFreeTypeQuery(path, UInt32(face), nil, nil) else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, "family", 0, &family) == FcResultMatch, let family {
                let name = String(cString: family)
                if !families.contains(name) { families.append(name) }
            }
            FcPatternDestroy(pattern)
        }
        guard !registeredFiles.contains(path) else { return families }
        guard FcConfigAppFontAddFile(FontConfiguration.current, path) != 0 else {
            throw CairoError("font \(path): fontconfig could not register it")
        }
        registeredFiles.append(path)
        fontsChanged()
        return families
    }

    /// After fonts were added to the configuration. Pango's font map keeps the font list it
    /// read when first used: a font registered later was not found (text fell back to DejaVu).
    /// Dropping the default map makes the next layout read the list again; drawing contexts
    /// shape their cached layouts again (`generation`).
    static func fontsChanged() {
        pango_cairo_font_map_set_default(nil)
        generation += 1
        familiesChanged()
    }
}

extension FontRegistry {
    /// fontconfig's generic names, which match some font by design.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math"]
    /// The generic names Bezel's own fonts answer (its configuration's sans-serif alias).
    static let bezelsGenericFamilies: Set<String> = ["sans-serif", "sans", "system-ui"]
    /// Families already checked (each is reported once, not at every layout).
    private static var checkedFamilies: [String: Bool] = [:]

    /// Whether fontconfig has `family` (registered or installed). A family it lacks is drawn
    /// with its nearest match (DejaVu Sans here), which an app would otherwise notice only on
    /// screen: the first use of such a family is reported, naming the family and the font
    /// used instead (issue 33: "an unknown font family reported instead of silently replaced").
    @discardableResult
    public static func checkFamily(_ family: String) -> Bool {
        if let known = checkedFamilies[family] { return known }
        guard checkedFamilies.count < 256 else { return true }
        // Pango takes a list ("Noto Sans, sans-serif"): known when any entry is.
        let names = family.split(separator: ",").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        var matched: String?
        var known = false
        for name in names where !name.isEmpty {
            if genericFamilies.contains(name.lowercased()) {
                // sans-serif is Bezel's DejaVu Sans; serif, monospace, emoji... are the system's.
                if !bezelsGenericFamilies.contains(name.lowercased()), FontConfiguration.loadSystemFonts() { return checkFamily(family) }
                known = true
                break
            }
            matched = matchedFamily(for: name)
            if matched?.lowercased() == name.lowercased() { known = true; break }
        }
        // Not among Bezel's and the app's fonts: perhaps among the system's, not yet loaded.
        if !known, FontConfiguration.loadSystemFonts() { return checkFamily(family) }
        checkedFamilies[family] = known
        if !known {
            Diagnostics.report(.malformedInput, "font family \"\(family)\" is neither installed nor registered (FontRegistry.registerFont); drawn with \(matched.map { "\"\($0)\"" } ?? "fontconfig's fallback") instead")
        }
        return known
    }

    /// Forgets the checks (fonts registered since are found).
    static func familiesChanged() { checkedFamilies = checkedFamilies.filter { $0.value } }

    /// The family fontconfig gives for `family` after its substitutions (aliases, defaults).
    private static func matchedFamily(for family: String) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        let config = FontConfiguration.current
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "family", 0, &name) == FcResultMatch, let name else { return nil }
        return String(cString: name)
    }
}
