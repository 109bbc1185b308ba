import Testing
@testable import Bezel
@testable import BezelCairo
import CCairo

/// Issue 36 item 1: Bezel makes fontconfig's configuration itself (start-up: 64.1 M -> 32.4 M
/// instructions to the first frame): its own by default, the system's when asked, and never
/// the `conf.avail` descriptions fontconfig's own start parses; the system's fonts in Bezel's
/// own only from the first text or family that needs them.
@MainActor
@Suite(.serialized, .fontsRegistered) struct FontConfigurationTests {
    /// The configuration files fontconfig read for `config`.
    private func configurationFiles(_ config: OpaquePointer) -> [String] {
        var iterator = FcConfigFileInfoIter()
        FcConfigFileInfoIterInit(config, &iterator)
        var files: [String] = []
        repeat {
            var name: UnsafeMutablePointer<FcChar8>?
            var description: UnsafeMutablePointer<FcChar8>?
            var enabled: FcBool = FcFalse
            if FcConfigFileInfoIterGet(config, &iterator, &name, &description, &enabled) != 0, let name {
                files.append(String(cString: name))
            }
            if let name { FcStrFree(name) }
            if let description { FcStrFree(description) }
        } while FcConfigFileInfoIterNext(config, &iterator) != 0
        return files
    }

    /// The first font fontconfig gives `config` for `pattern` text that has `character`.
    private func fallbackFamily(_ config: OpaquePointer, pattern text: String, character: UInt32) -> String? {
        guard let pattern = FcNameParse(text) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(fonts) }
        for index in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, FcCharSetHasChar(charset, character) != 0 else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "family", 0, &family) == FcResultMatch, let family else { continue }
            return String(cString: family)
        }
        return nil
    }

    /// The file fontconfig matches for `pattern`.
    private func matchedFile(_ config: OpaquePointer, pattern text: String) -> String? {
        guard let pattern = FcNameParse(text) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    @Test func aFolderNameIsEscapedInTheConfiguration() {
        let xml = FontConfiguration.bezelConfiguration(bundledFonts: "/opt/a&b/<fonts>")
        #expect(xml.contains("<dir>/opt/a&amp;b/&lt;fonts&gt;</dir>"))
        #expect(!xml.contains("a&b"))
        // systemd's CacheDirectory comes before fontconfig's own cache folders.
        let cached = FontConfiguration.bezelConfiguration(bundledFonts: nil, cacheDirectory: "/var/cache/bezel/fontconfig")
        let first = cached.firstRange(of: "<cachedir>/var/cache/bezel/fontconfig</cachedir>")
        let system = cached.firstRange(of: "<cachedir>/var/cache/fontconfig</cachedir>")
        #expect(first != nil && system != nil && first!.lowerBound < system!.lowerBound)
    }

    @Test func theTextUsesBezelsOwnConfiguration() throws {
        try #require(Environment.value("FONTCONFIG_FILE") == nil, "FONTCONFIG_FILE is set: the system's configuration is chosen")
        #expect(FontConfiguration.installed)
        #expect(FontConfiguration.source == .bezel)
        let config = try #require(FontConfiguration.current)
        #expect(configurationFiles(config) == ["memory"], "Bezel's configuration (from memory) reads no XML file: \(configurationFiles(config))")
        // Bezel's fonts are there, and (once a text needed them) the system's font files for
        // scripts they lack: "日" (U+65E5) is drawn with some installed CJK font.
        FontConfiguration.loadSystemFonts()
        #expect(FontConfiguration.systemFontsLoaded)
        #expect(fallbackFamily(config, pattern: "DejaVu Sans", character: 0x41) == "DejaVu Sans")
        let japanese = fallbackFamily(config, pattern: "DejaVu Sans:lang=ja", character: 0x65E5)
        #expect(japanese != nil && japanese != "DejaVu Sans", "no font for U+65E5: \(String(describing: japanese))")
        // Bezel's own DejaVu Sans draws, not the system's copy of the same file.
        let bundled = try #require(FontConfiguration.bundledFontsDirectory)
        #expect(matchedFile(config, pattern: "DejaVu Sans") == bundled + "/DejaVuSans.ttf")
        #expect(matchedFile(config, pattern: "DejaVu Sans:bold") == bundled + "/DejaVuSans-Bold.ttf")
        #expect(FontRegistry.registeredFiles.contains(bundled + "/DejaVuSans.ttf"))
        // Debian's rendering rules for them are kept: slight hinting, antialiased.
        let pattern = try #require(FcNameParse("DejaVu Sans"))
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        var hintStyle: Int32 = -1
        #expect(FcPatternGetInteger(pattern, "hintstyle", 0, &hintStyle) == FcResultMatch && hintStyle == FC_HINT_SLIGHT)
    }

    /// The fonts `config` lists, by file.
    private func files(_ config: OpaquePointer) -> [String] {
        var files: [String] = []
        for set in [FcSetSystem, FcSetApplication] {
            guard let fonts = FcConfigGetFonts(config, set) else { continue }
            for index in 0..<Int(fonts.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>?
                if let font = fonts.pointee.fonts[index], FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file {
                    files.append(String(cString: file))
                }
            }
        }
        return files
    }

    @Test func theSystemsFontsComeOnlyWhenAdded() throws {
        // Start-up (issue 36 item 1): Bezel's configuration starts with Bezel's fonts alone.
        let bundled = try #require(FontConfiguration.bundledFontsDirectory)
        let config = try #require(FontConfiguration.makeConfiguration(.bezel, bundledFonts: bundled, systemFonts: false))
        defer { FcConfigDestroy(config) }
        #expect(files(config).sorted() == [bundled + "/DejaVuSans-Bold.ttf", bundled + "/DejaVuSans.ttf"])
        #expect(fallbackFamily(config, pattern: "DejaVu Sans:lang=ja", character: 0x65E5) == nil)
        // Added: the system's fonts come after Bezel's, which still draw DejaVu Sans (the
        // system's copies of its files are rejected), and CJK text finds a font.
        FontConfiguration.addSystemFonts(to: config)
        let listed = files(config)
        #expect(listed.count > 2, "no system font was added: \(listed)")
        #expect(!listed.contains { !$0.hasPrefix(bundled) && ($0.hasSuffix("/DejaVuSans.ttf") || $0.hasSuffix("/DejaVuSans-Bold.ttf")) })
        #expect(matchedFile(config, pattern: "DejaVu Sans") == bundled + "/DejaVuSans.ttf")
        #expect(matchedFile(config, pattern: "DejaVu Sans:bold") == bundled + "/DejaVuSans-Bold.ttf")
        let japanese = fallbackFamily(config, pattern: "DejaVu Sans:lang=ja", character: 0x65E5)
        #expect(japanese != nil && japanese != "DejaVu Sans", "no font for U+65E5: \(String(describing: japanese))")
        // The same configuration as the one made with them from the start, font for font.
        let whole = try #require(FontConfiguration.makeConfiguration(.bezel, bundledFonts: bundled, systemFonts: true))
        defer { FcConfigDestroy(whole) }
        #expect(Set(listed) == Set(files(whole)))
        #expect(fallbackFamily(whole, pattern: "DejaVu Sans:lang=ja", character: 0x65E5) == japanese)
        #expect(fallbackFamily(whole, pattern: "DejaVu Sans:lang=th", character: 0x0E01) == fallbackFamily(config, pattern: "DejaVu Sans:lang=th", character: 0x0E01))
    }

    @Test func aTextOrAFamilyBezelsFontsLackBringsTheSystemsFonts() throws {
        // Whichever test came first, the text draws as with every font there from the start:
        // a character Bezel's fonts lack is drawn, and a family only the system has is found.
        let context = try CairoDrawingContext(target: ImageBuffer(width: 64, height: 32))
        #expect(context.missingGlyphCount(in: "日本語 ก", style: TextStyle(size: 17)) == 0)
        #expect(FontConfiguration.systemFontsLoaded)
        let reports = capturingDiagnostics {
            #expect(FontRegistry.checkFamily("DejaVu Serif"))
            #expect(FontRegistry.checkFamily("monospace"))
        }
        #expect(!reports.contains { $0.message.contains("DejaVu Serif") }, "\(reports)")
    }

    @Test func bezelsFontsWinThroughAPathWithDotDot() throws {
        // The installed demo finds its assets through /usr/local/bin/../share/bezel: the
        // configuration is made with the canonical folder, whose files fontconfig lists.
        let bundled = try #require(FontConfiguration.bundledFontsDirectory)
        let roundabout = try #require(FontConfiguration.canonicalPath(bundled + "/../Fonts/."))
        #expect(roundabout == bundled)
        let config = try #require(FontConfiguration.makeConfiguration(.bezel, bundledFonts: roundabout))
        defer { FcConfigDestroy(config) }
        #expect(matchedFile(config, pattern: "DejaVu Sans") == bundled + "/DejaVuSans.ttf")
        #expect(FontConfiguration.lists(bundled + "/DejaVuSans-Bold.ttf"))
        #expect(!FontConfiguration.lists(bundled + "/NoSuchFont.ttf"))
    }

    @Test func theSystemsConfigurationHasItsRulesButNotTheConfAvailDescriptions() throws {
        let system = try #require(FontConfiguration.makeConfiguration(.system))
        defer { FcConfigDestroy(system) }
        let files = configurationFiles(system)
        #expect(files.contains { $0.hasSuffix("/fonts.conf") }, "\(files)")
        #expect(files.filter { $0.contains("/conf.d/") }.count >= 10, "the system's rules: \(files)")
        #expect(!files.contains { $0.contains("/conf.avail/") }, "conf.avail parsed: \(files)")
        // fontconfig's own start does parse them (what Bezel avoids: 14 M instructions).
        let own = try #require(FcInitLoadConfig())
        defer { FcConfigDestroy(own) }
        #expect(configurationFiles(own).contains { $0.contains("/conf.avail/") })
    }

    @Test func choosingTheSourceAfterTheFirstTextIsReportedAndIgnored() {
        #expect(FontConfiguration.installed)
        let before = FontConfiguration.source
        let reports = capturingDiagnostics { FontConfiguration.source = before == .bezel ? .system : .bezel }
        #expect(FontConfiguration.source == before)
        #expect(reports.contains { $0.kind == .apiMisuse && $0.message.contains("after the first text or font") }, "\(reports)")
    }
}
