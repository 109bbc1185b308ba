import Testing
@testable import Bezel
@testable import BezelCairo

/// Fonts for the world's scripts (issue 31 item 6): Arabic and Hebrew from the bundled DejaVu
/// Sans, Devanagari, Thai, CJK and emoji from the small Debian packages the README names
/// (installed by deploy/dev.sh), shaped by HarfBuzz; a Latin name inside Arabic text falls
/// back within the line; a script without a font is reported once, with its package.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ScriptFontTests {
    static let lines: [(String, String)] = [
        ("Arabic", "مرحبا بكم في المحطة"),
        ("Arabic with a Latin name", "رحلة سعيدة يا Anna إلى Zürich"),
        ("Hebrew", "ברוכים הבאים לתחנה"),
        ("Devanagari", "स्टेशन में आपका स्वागत है"),
        ("Thai", "ยินดีต้อนรับสู่สถานี"),
        ("Chinese, Japanese, Korean", "欢迎 ようこそ 환영합니다"),
        ("Emoji", "🚆 🎫 ✅ 👋🏽"),
    ]

    @Test func everyScriptHasGlyphsAndIsShaped() throws {
        let context = try CairoDrawingContext(target: try ImageBuffer(width: 8, height: 8))
        let style = TextStyle(size: 20)
        for (name, text) in Self.lines {
            #expect(context.missingGlyphCount(in: text, style: style) == 0, "\(name): no font has some of \(text)")
        }
        // Shaping, not just glyphs: a Devanagari conjunct (क + ् + ष: क्ष) is one ligature,
        // narrower than its parts drawn apart; Arabic letters join (ببب narrower than three
        // isolated ب); Thai marks stack over their consonant (ที่ no wider than ท).
        func width(_ text: String) -> Double { context.measureText(text, style: style, width: nil).width }
        #expect(width("क्ष") < width("क्") + width("ष") - 2, "\(width("क्ष")) vs \(width("क्")) + \(width("ष"))")
        #expect(width("ببب") < 3 * width("ب") - 2, "\(width("ببب")) vs 3 × \(width("ب"))")
        #expect(abs(width("ที่") - width("ท")) < 0.5)
        // A Latin name inside Arabic text: its letters from DejaVu in a right-to-left line.
        #expect(context.missingGlyphCount(in: "مرحبا Anna", style: style) == 0)
    }

    @Test func aScriptWithoutAFontIsReportedOnceWithItsPackage() throws {
        ScriptCoverage.reset()
        defer { ScriptCoverage.reset() }
        let context = try CairoDrawingContext(target: try ImageBuffer(width: 8, height: 8))
        // Tamil and Ethiopic: no font for either here (fonts-lohit-taml, fonts-noto-core).
        let tamil = "வணக்கம்", ethiopic = "ሰላም"
        let reports = capturingDiagnostics {
            _ = context.measureText("Hello \(tamil)", style: TextStyle(size: 17), width: nil)
            _ = context.measureText("\(tamil) again", style: TextStyle(size: 17), width: nil)
            _ = context.measureText(ethiopic, style: TextStyle(size: 17), width: nil)
            _ = context.measureText("नमस्ते", style: TextStyle(size: 17), width: nil)
        }
        #expect(context.missingGlyphCount(in: tamil, style: TextStyle(size: 17)) > 0, "the premise: no Tamil font installed")
        #expect(reports.map(\.message) == [
            "no installed font has Tamil glyphs (\"வணக்கம்\" shows boxes): install fonts-lohit-taml",
            "no installed font has glyphs for some characters (\"ሰላም\" shows boxes): fonts-noto-core covers most scripts",
        ], "Devanagari has its font: not reported; Tamil once")
    }

    @Test func theScriptsMatchTheirGolden() throws {
        let white = Color.white
        var labels: [View] = []
        for (index, (name, text)) in Self.lines.enumerated() {
            let y = 10 + Double(index) * 40
            labels.append(Label(frame: Rect(x: 10, y: y, width: 170, height: 32), text: name, style: TextStyle(size: 14, color: Color(rgb: 0x9AA5B1))))
            let label = Label(frame: Rect(x: 180, y: y, width: 330, height: 32), text: text, style: TextStyle(size: 20, color: white))
            if ["Arabic", "Arabic with a Latin name", "Hebrew"].contains(name) { label.semanticContentAttribute = .forceRightToLeft }
            labels.append(label)
        }
        let (app, window) = Snapshot.window(Size(width: 520, height: 290), labels)
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "scripts") }
    }
}
