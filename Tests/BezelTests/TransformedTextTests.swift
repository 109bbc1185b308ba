import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 37 item 14: text under a rotation or a zoom is painted from its image at a whole
/// raster scale, transformed, so a pinch or rotation through thousands of angles and zooms
/// gives cairo a handful of glyph scales, not a set of glyphs for each (those filled cairo's
/// and pixman's glyph caches for hours of soak). The looks are goldens (transformed-buttons,
/// demo-03-gestures).
@MainActor
@Suite(.fontsRegistered) struct TransformedTextTests {
    private func stage(scale: Double = 1) throws -> (HeadlessDisplay, View) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 200), application: app)
        window.backgroundColor = .black
        window.makeKeyAndVisible()
        let card = View(frame: Rect(x: 80, y: 60, width: 140, height: 80))
        let label = Label(frame: card.bounds, text: "Touch me")
        label.textColor = .white
        card.addSubview(label)
        window.addSubview(card)
        return (try HeadlessDisplay(window: window, scale: scale), card)
    }

    @Test func aLabelTurnedAndZoomedThroughManyStepsIsDrawnFromAFewImages() throws {
        let (display, card) = try stage()
        display.renderFrame()
        let drawnBefore = display.context.textDrawnByCairo, imagesBefore = display.context.textImages.imagesMade
        // 720 angles and 61 zooms from 0.5 to 3.5: raster scales 1, 2, 3 and 4.
        for step in 0..<720 {
            let zoom = 0.5 + Double(step % 61) * 0.05
            card.transform = AffineTransform(rotationAngle: Double(step) * Double.pi / 360).concatenating(AffineTransform(scaleX: zoom, y: zoom))
            display.renderFrame()
        }
        #expect(display.context.textDrawnByCairo == drawnBefore, "no glyphs drawn by cairo at any angle")
        #expect(display.context.textImages.imagesMade - imagesBefore <= 4, "one image a raster scale")
    }

    @Test func layoutsFirstMadeUnderAZoomOrRotationAreShapedAtAWholeScale() throws {
        // An alert scaling in, a view pinched: a layout first made under such a matrix used to
        // be shaped under it, and Pango, cairo and fontconfig made a font for each new matrix
        // (the busy soak's creep). Now the screen's matrices and whole scales only.
        let (display, card) = try stage(scale: 2)
        let label = try #require(card.subviews.first as? Label)
        var scales: Set<Double> = []
        for step in 0..<60 {
            let zoom = 0.83 + Double(step) * 0.0173
            card.transform = AffineTransform(rotationAngle: Double(step) / 50).concatenating(AffineTransform(scaleX: zoom, y: zoom))
            label.text = "Step \(step)"
            display.renderFrame()
            display.context.saveState()
            display.context.concatenate(card.transform)
            scales.insert(display.context.layoutFontScale("Zoomed \(step)", style: label.style, width: 140, height: 80))
            display.context.restoreState()
        }
        #expect(scales.isSubset(of: [1, 2, 3, 4]), "\(scales.sorted())")
        // The screen's own whole scale is kept as it was.
        #expect(display.context.layoutFontScale("Plain", style: label.style, width: 140, height: 80) == 2)
    }

    @Test func textTooLargeAtItsRasterScaleIsDrawnFromALowerOne() throws {
        let (display, card) = try stage()
        let label = try #require(card.subviews.first as? Label)
        // ~560 x 35 px of ink at 1x (fits the cache's 131,072 pixels): 16 times that at a
        // zoom of 4 does not.
        label.text = "Touch me, and then touch me again"
        label.style.size = 34
        card.frame = Rect(x: 0, y: 60, width: 600, height: 80)
        label.frame = card.bounds
        display.renderFrame()
        let drawnBefore = display.context.textDrawnByCairo
        for step in 0..<40 {
            card.transform = AffineTransform(rotationAngle: Double(step) / 100).concatenating(AffineTransform(scaleX: 3.8, y: 3.8))
            display.renderFrame()
        }
        #expect(display.context.textDrawnByCairo == drawnBefore)
    }

    @Test func theScreensOwnScaleKeepsCairosGlyphs() throws {
        // A whole screen scale (and a display turned by quarter turns) is drawn glyph by glyph,
        // exactly as before: only other matrices go through the transformed image.
        let (display, _) = try stage(scale: 2)
        display.renderFrame()
        #expect(display.context.textDrawnByCairo > 0)
    }

    @Test func rasterScalesAreWholeAndBounded() {
        #expect(TextImageCache.rasterScale(forDeterminant: 1.7 * 1.7) == 2)
        #expect(TextImageCache.rasterScale(forDeterminant: 0.01) == 1)
        #expect(TextImageCache.rasterScale(forDeterminant: -9) == 3, "a mirrored zoom by 3")
        #expect(TextImageCache.rasterScale(forDeterminant: 400) == TextImageCache.maximumRasterScale)
        #expect(TextImageCache.rasterScale(forDeterminant: .nan) == 1)
        #expect(TextImageCache.rasterScale(forDeterminant: .infinity) == 1)
    }
}
