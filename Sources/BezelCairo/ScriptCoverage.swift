import Bezel
import CCairo

/// Text in a script no installed font has glyphs for (Devanagari on a Pi with only the bundled
/// DejaVu Sans) shows boxes: the operator hears it once per script, with the Debian package
/// that brings a font for it (issue 31 item 6). Bezel ships DejaVu Sans (Latin, Greek,
/// Cyrillic, Arabic, Hebrew, Armenian, Georgian); the packages named here are the small ones
/// README's "Fonts for other scripts" lists.
@MainActor
enum ScriptCoverage {
    /// A script, the code points it owns (enough to tell it apart), and the package to install.
    struct Script: Sendable {
        let name: String
        let ranges: [ClosedRange<UInt32>]
        let package: String
    }

    /// Installed-Size from Debian 12's packages: fonts-lohit-deva 187 KiB, fonts-tlwg-loma-ttf
    /// 425 KiB, fonts-wqy-microhei 5 MiB (Chinese, Japanese, Korean in one face; fonts-noto-cjk
    /// is 91 MiB), fonts-noto-color-emoji 10 MiB, fonts-noto-core 42 MiB (every other script).
    static let scripts: [Script] = [
        Script(name: "Devanagari", ranges: [0x0900...0x097F, 0xA8E0...0xA8FF], package: "fonts-lohit-deva"),
        Script(name: "Bengali", ranges: [0x0980...0x09FF], package: "fonts-lohit-beng-bengali"),
        Script(name: "Tamil", ranges: [0x0B80...0x0BFF], package: "fonts-lohit-taml"),
        Script(name: "Thai", ranges: [0x0E00...0x0E7F], package: "fonts-tlwg-loma-ttf"),
        Script(name: "Chinese, Japanese or Korean", ranges: [0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3130...0x318F,
                                                             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF],
               package: "fonts-wqy-microhei"),
        Script(name: "emoji", ranges: [0x2600...0x27BF, 0x1F000...0x1FAFF], package: "fonts-noto-color-emoji"),
    ]

    private static var reported: Set<String> = []

    /// Whether the shaped `layout` of `text` shows boxes. Only text beyond ASCII is asked
    /// (every font has ASCII): nothing on the common path.
    static func missesGlyphs(_ layout: OpaquePointer, text: String) -> Bool {
        !isASCII(text) && pango_layout_get_unknown_glyphs_count(layout) > 0
    }

    /// Whether every byte of `text` is ASCII. A loop, not `utf8.contains(where:)`: a closure
    /// handed to the standard library checks the main actor at each call (Platform/ObjectArray.swift),
    /// here each byte of each text drawn (M9_plane: 10 of its 37 checks a frame).
    nonisolated static func isASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte >= 0x80 { return false }
        return true
    }

    /// After a layout of `text` was shaped: if some of its characters have no glyph, find which
    /// scripts lack a font (each shaped alone, once) and report each once. Only on a miss,
    /// and only for text beyond ASCII (every font has ASCII): nothing on the common path.
    static func check(_ layout: OpaquePointer, text: String, shapeAlone: (String) -> OpaquePointer) {
        guard missesGlyphs(layout, text: text) else { return }
        var byScript: [String: String] = [:]
        var other = ""
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            if let script = scripts.first(where: { $0.ranges.contains { $0.contains(scalar.value) } }) {
                byScript[script.name, default: ""].unicodeScalars.append(scalar)
            } else {
                other.unicodeScalars.append(scalar)
            }
        }
        for script in scripts {
            guard let sample = byScript[script.name], !reported.contains(script.name) else { continue }
            let alone = shapeAlone(sample)
            defer { g_object_unref(UnsafeMutableRawPointer(alone)) }
            guard pango_layout_get_unknown_glyphs_count(alone) > 0 else { continue }
            reported.insert(script.name)
            Diagnostics.report(.platform, "no installed font has \(script.name) glyphs (\"\(sample.prefix(12))\" shows boxes): install \(script.package)")
        }
        if !other.isEmpty, !reported.contains("other") {
            let alone = shapeAlone(other)
            defer { g_object_unref(UnsafeMutableRawPointer(alone)) }
            if pango_layout_get_unknown_glyphs_count(alone) > 0 {
                reported.insert("other")
                Diagnostics.report(.platform, "no installed font has glyphs for some characters (\"\(other.prefix(12))\" shows boxes): fonts-noto-core covers most scripts")
            }
        }
    }

    /// Forgets what was reported (tests).
    static func reset() { reported = [] }
}
