import Testing
@testable import Bezel
import BezelCairo

/// A pressed button's darkened background in one fill (issue 36: the second, translucent
/// fill over the whole button was 26 % of M2): the colour maths, and the pixels against the
/// two fills it replaced.
@MainActor
@Suite(.fontsRegistered) struct PressedLookTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func blackOverAnOpaqueColourScalesItsComponents() {
        let shown = Color(red: 0.2, green: 0.4, blue: 0.8).darkened(by: 0.25)
        #expect(close(shown.red, 0.15) && close(shown.green, 0.3) && close(shown.blue, 0.6) && shown.alpha == 1)
    }

    @Test func blackOverATranslucentColourIsPorterDuffOver() {
        // Alpha 0.25 + 0.5 x 0.75 = 0.625; colour 0.8 x 0.5 x 0.75 / 0.625 = 0.48.
        let shown = Color(red: 0.8, green: 0, blue: 0, alpha: 0.5).darkened(by: 0.25)
        #expect(close(shown.alpha, 0.625) && close(shown.red, 0.48) && shown.green == 0)
        // Over clear: the black itself.
        #expect(Color.clear.darkened(by: 0.25) == Color.black.withAlpha(0.25))
        // Out-of-range amounts are clamped; NaN darkens nothing.
        #expect(Color.white.darkened(by: 2) == Color.black)
        #expect(Color.white.darkened(by: .nan) == Color.white)
    }

    @Test func everyResolutionOfADynamicColourIsDarkened() {
        let dynamic = Color(light: Color(red: 0.4, green: 0.4, blue: 0.4), dark: Color(red: 0.8, green: 0.8, blue: 0.8),
                            highContrastLight: Color(red: 0.2, green: 0.2, blue: 0.2), highContrastDark: Color(red: 1, green: 1, blue: 1))
        let shown = dynamic.darkened(by: 0.25)
        #expect(shown.isDynamic)
        #expect(close(shown.resolved(in: .light).red, 0.3))
        #expect(close(shown.resolved(in: .dark).red, 0.6))
        #expect(close(shown.resolved(in: .light, contrast: .high).red, 0.15))
        #expect(close(shown.resolved(in: .dark, contrast: .high).red, 0.75))
    }

    /// A pressed button against the two fills it replaced (a view with the background and a
    /// 25 % black view over it), over an opaque and a translucent background, with rounded
    /// corners. Inside: the same pixels to within one level of a channel (the two ways round
    /// to 8 bits at different steps). On the antialiased corners the two differ by design: two
    /// fills each cover an edge pixel by its coverage c, darkening it by c x a (1 - c) x (the
    /// background against what is behind) more than one fill does, at most a / 4 of that
    /// difference (c = 1/2), 16 levels here; one fill is what a button filled with its pressed
    /// colour shows, as every rival's does.
    @Test(arguments: [Color(rgb: 0x34495E), Color(rgb: 0x2E86DE, alpha: 0.5)])
    func oneFillShowsWhatTwoFillsShowed(background: Color) throws {
        let frame = Rect(x: 10, y: 10, width: 120, height: 60)
        let button = Button(frame: frame)
        button.backgroundColor = background
        button.cornerRadius = 8
        button.isHighlighted = true
        let twoFills = View(frame: frame.offsetBy(dx: 0, dy: 70))
        twoFills.backgroundColor = background
        twoFills.cornerRadius = 8
        let overlay = View(frame: twoFills.bounds)
        overlay.backgroundColor = Color.black.withAlpha(0.25)
        overlay.cornerRadius = 8
        twoFills.addSubview(overlay)
        let behind = Color(rgb: 0xD0E0F0)
        let (app, window) = Snapshot.window(Size(width: 140, height: 150), background: behind, [button, twoFills])
        try withExtendedLifetime(app) {
            let display = try HeadlessDisplay(window: window)
            display.renderFrame()
            let image = display.framebuffer
            var inside = 0, corners = 0, cornerDifferences = 0
            for y in 10..<70 {
                for x in 10..<130 {
                    let one = try #require(image.pixel(x: x, y: y)), two = try #require(image.pixel(x: x, y: y + 70))
                    let inCorner = (x < 18 || x >= 122) && (y < 18 || y >= 62)
                    for shift in [0, 8, 16] as [UInt32] {
                        let a = Int((one >> shift) & 0xFF), b = Int((two >> shift) & 0xFF)
                        #expect(abs(a - b) <= (inCorner ? 16 : 1), "(\(x), \(y)): \(String(one, radix: 16)) against \(String(two, radix: 16))")
                        if inCorner, abs(a - b) > 1 { cornerDifferences += 1 }
                    }
                    if inCorner { corners += 1 } else { inside += 1 }
                }
            }
            #expect(inside == 7_200 - 4 * 64 && corners == 4 * 64)
            // The corners do show the difference the comment gives (the comparison is live).
            #expect(cornerDifferences > 0)
            // Darkened indeed: the middle is darker than the window behind it in every channel.
            let middle = try #require(image.pixel(x: 70, y: 40))
            let behindPixel = try #require(image.pixel(x: 2, y: 2))
            for shift in [0, 8, 16] as [UInt32] {
                #expect((middle >> shift) & 0xFF < ((behindPixel >> shift) & 0xFF) * 4 / 5)
            }
        }
    }

    /// A disabled button is not pressed-looking even while highlighted (its state is
    /// `.disabled`), and a background set for the highlighted state replaces the darkening.
    @Test func onlyThePressedStateWithoutItsOwnBackgroundIsDarkened() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let background = Color(rgb: 0x34495E)
        button.backgroundColor = background
        #expect(button.backgroundColorToDraw(background) == background)
        button.isHighlighted = true
        #expect(button.backgroundColorToDraw(background) == background.darkened(by: 0.25))
        button.isEnabled = false
        #expect(button.backgroundColorToDraw(background) == background)
        button.isEnabled = true
        button.setBackgroundColor(.red, for: .highlighted)
        #expect(button.backgroundColorToDraw(background) == background)
    }
}
