import Testing
@testable import Bezel
@testable import BezelCairo
@testable import BezelTesting

/// Issue 29 item 4: high contrast (`accessibilityContrast`, the system colours' high-contrast
/// variants) and bold text (`legibilityWeight`), switched at run time by the app.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ContrastAndBoldTextTests {
    func ratio(_ text: Color, on background: Color) -> Double {
        // The text composited over its opaque background, as drawn.
        let a = text.alpha
        let mixed = Color(red: text.red * a + background.red * (1 - a), green: text.green * a + background.green * (1 - a),
                          blue: text.blue * a + background.blue * (1 - a))
        func rgb(_ c: Color) -> UInt32 {
            UInt32((c.red * 255).rounded()) << 16 | UInt32((c.green * 255).rounded()) << 8 | UInt32((c.blue * 255).rounded())
        }
        return AppHarness.contrast(AppHarness.luminance(rgb(mixed)), AppHarness.luminance(rgb(background)))
    }

    @Test func theSystemColoursHaveHighContrastVariantsThatReachWCAGsRatios() {
        let high = TraitCollection(userInterfaceStyle: .light, accessibilityContrast: .high)
        let highDark = TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)
        #expect(Color.systemTint.resolved(with: high) == Color(rgb: 0x0040DD) && Color.systemTint.resolved(with: highDark) == Color(rgb: 0x409CFF))
        #expect(Color.systemTint.resolved(with: .light) == Color(rgb: 0x007AFF), "normal contrast unchanged")
        #expect(Color.label.resolved(with: high) == .black, "black is already the most contrast")
        let white = Color.white, black = Color.black
        for (name, color, minimum) in [("secondaryLabel", Color.secondaryLabel, 7.0), ("tertiaryLabel", .tertiaryLabel, 4.5), ("placeholderText", .placeholderText, 4.5)] {
            #expect(ratio(color.resolved(with: high), on: white) >= minimum, "\(name) on white: \(ratio(color.resolved(with: high), on: white))")
            #expect(ratio(color.resolved(with: highDark), on: black) >= minimum, "\(name) on black: \(ratio(color.resolved(with: highDark), on: black))")
            #expect(ratio(color.resolved(with: .light), on: white) < minimum, "\(name): the normal one is below it (the variant matters)")
        }
        #expect(ratio(.white, on: NavigationBar.barColor.resolved(with: high)) >= 7, "the bar's white title")
        #expect(ratio(.white, on: NavigationBar.barColor.resolved(with: .light)) < 4.5)
        #expect(ratio(Color.systemTint.resolved(with: high), on: white) >= 7 && ratio(Color.systemRed.resolved(with: high), on: white) >= 4.5)
        // A colour made from one with variants keeps them (alpha, nested providers); the same
        // variants made twice are one entry: equal colours stay equal.
        #expect(Color.systemTint.withAlpha(0.5).resolved(with: high) == Color(rgb: 0x0040DD, alpha: 0.5))
        #expect(Color(light: .systemTint, dark: .white).resolved(with: high) == Color(rgb: 0x0040DD))
        let a = Color(light: .red, dark: .blue, highContrastLight: .black, highContrastDark: .white)
        let b = Color(light: .red, dark: .blue, highContrastLight: .black, highContrastDark: .white)
        #expect(a == b && a.resolved(with: highDark) == .white)
        #expect(Color(light: .red, dark: .blue) != a, "the variants are part of the colour")
    }

    final class Screen: ViewController {
        let hint = Label(frame: Rect(x: 20, y: 20, width: 400, height: 40), text: "Tap your card", style: TextStyle(size: 20, color: .secondaryLabel))
        let pay = Button(frame: Rect(x: 20, y: 80, width: 200, height: 50))
        var heard: [String] = []
        override func viewDidLoad() {
            view.backgroundColor = .systemBackground
            pay.title = "Pay"
            pay.setTitleColor(.systemTint, for: .normal)
            view.addSubview(hint)
            view.addSubview(pay)
        }
        override func traitCollectionDidChange(_ previous: TraitCollection?) {
            guard let previous else { return }
            if previous.accessibilityContrast != traitCollection.accessibilityContrast { heard.append("contrast was \(previous.accessibilityContrast)") }
            if previous.legibilityWeight != traitCollection.legibilityWeight { heard.append("weight was \(previous.legibilityWeight)") }
        }
    }

    @Test func highContrastAtRunTimeRedrawsInTheVariantsAndIsHeard() throws {
        defer { AccessibilityContrast.current = .normal }
        let screen = Screen()
        let harness = try AppHarness(rootViewController: screen)
        var posted = 0
        let token = harness.application.notificationCenter.addObserver(forName: Application.darkerSystemColorsStatusDidChangeNotification, using: { _ in posted += 1 })
        defer { harness.application.notificationCenter.removeObserver(token) }
        _ = harness.render()
        let display = harness.display
        let normal = display.cache.pixel(x: 30, y: 105)
        harness.application.accessibilityContrast = .high
        #expect(harness.application.isDarkerSystemColorsEnabled && screen.view.traitCollection.accessibilityContrast == .high)
        #expect(screen.heard == ["contrast was normal"] && posted == 1)
        let dirty = harness.render()
        #expect(!dirty.isEmpty, "redrawn")
        // The hint's grey text is darker now: its darkest pixel against white.
        func darkest(_ rect: Rect) -> Double {
            var least = 1.0
            for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = display.cache.pixel(x: x, y: y) ?? 0
                least = min(least, Double((p >> 16) & 0xFF) / 255)
            } }
            return least
        }
        let highHint = darkest(screen.hint.frame)
        harness.application.accessibilityContrast = .normal
        _ = harness.render()
        #expect(highHint < darkest(screen.hint.frame) - 0.1, "secondary label darker in high contrast: \(highHint) vs \(darkest(screen.hint.frame))")
        #expect(display.cache.pixel(x: 30, y: 105) == normal && posted == 2)
    }

    @Test func boldTextDrawsEveryTextOneWeightHeavierAndLaysOutAgain() throws {
        defer { LegibilityWeight.current = .regular }
        #expect(TextStyle.Weight.regular.legible == .regular)
        let screen = Screen()
        let harness = try AppHarness(rootViewController: screen)
        _ = harness.render()
        let regularWidth = screen.hint.intrinsicContentSize.width
        var posted = 0
        let token = harness.application.notificationCenter.addObserver(forName: Application.boldTextStatusDidChangeNotification, using: { _ in posted += 1 })
        defer { harness.application.notificationCenter.removeObserver(token) }
        harness.application.legibilityWeight = .bold
        #expect(harness.application.isBoldTextEnabled && posted == 1 && screen.heard == ["weight was regular"])
        #expect([TextStyle.Weight.regular, .medium, .semibold, .bold].map(\.legible) == [.semibold, .semibold, .bold, .bold])
        #expect(screen.hint.intrinsicContentSize.width > regularWidth, "bolder glyphs are wider: measured again")
        #expect(!harness.render().isEmpty)
        harness.application.legibilityWeight = .regular
        #expect(screen.hint.intrinsicContentSize.width == regularWidth)
    }
}
