import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33: a `TextStyle` naming a font family fontconfig does not have is reported once,
/// with the family drawn instead, not silently replaced; generic names, lists with a known
/// entry and registered families are not.
@MainActor
@Suite(.serialized, .fontsRegistered) struct FontFamilyReportTests {
    func measure(_ family: String) {
        _ = TextMetrics.layout.measureText("Latte", style: TextStyle(family: family, size: 17), width: nil)
    }

    @Test func anUnknownFamilyIsReportedOnceNamingTheFontUsed() {
        let reports = capturingDiagnostics {
            measure("Bezel No Such Family")
            measure("Bezel No Such Family")
        }
        #expect(reports.count == 1)
        #expect(reports.first?.message.contains("\"Bezel No Such Family\" is neither installed nor registered") == true)
        #expect(reports.first?.message.contains("drawn with \"DejaVu Sans\"") == true, "\(reports.first?.message ?? "")")
    }

    @Test func knownGenericAndListedFamiliesAreNotReported() {
        let reports = capturingDiagnostics {
            measure("DejaVu Sans")
            measure("DejaVu Sans Bold Nowhere, DejaVu Sans")
            measure("monospace")
        }
        #expect(reports.isEmpty, "\(reports.map(\.message))")
        #expect(FontRegistry.checkFamily("dejavu sans"), "case does not matter")
    }
}
