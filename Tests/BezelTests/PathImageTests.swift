import Testing
@testable import Bezel
@testable import BezelCairo

/// Small filled paths (a slider's thumb, a switch's knob) are rasterized once into an image
/// and composited with pixman after (CairoPathImages.swift, issue 17 item 1).
@MainActor
@Suite struct PathImageTests {
    func circle(_ x: Double, _ y: Double, _ diameter: Double) -> Path {
        var path = Path()
        path.addEllipse(in: Rect(x: x, y: y, width: diameter, height: diameter))
        return path
    }

    /// The scene drawn twice on one context: the second time through the images the first
    /// left as candidates.
    func draw(throughPixman: Bool, into buffer: ImageBuffer) throws -> CairoDrawingContext {
        let context = try CairoDrawingContext(target: buffer)
        context.drawsThroughPixman = throughPixman
        drawScene(in: context)
        if throughPixman { #expect(context.pathImages.isEmpty, "the first time, cairo drew them") }
        drawScene(in: context)
        return context
    }

    func drawScene(in context: CairoDrawingContext) {
        // A background with every pixel different, so a blend that reads wrong shows.
        for x in 0..<160 { context.fill(Rect(x: Double(x), y: 0, width: 1, height: 100), color: Color(red: Double(x) / 159, green: 0.4, blue: 1 - Double(x) / 159)) }
        // Knobs at fractional places, opaque and translucent, a ring (even-odd), a shape under
        // a whole-pixel clip, one under a translation.
        context.fill(circle(10.3, 12.7, 28), color: .white, rule: .winding)
        context.fill(circle(50.5, 10, 34), color: Color(rgb: 0x34C759).withAlpha(0.6), rule: .winding)
        var ring = circle(95.25, 8.5, 40)
        ring.addEllipse(in: Rect(x: 105.25, y: 18.5, width: 20, height: 20))
        context.fill(ring, color: Color(red: 0.9, green: 0.3, blue: 0.1), rule: .evenOdd)
        context.saveState()
        context.clip(to: Rect(x: 20, y: 60, width: 15, height: 30))
        context.fill(circle(12.6, 55.1, 30), color: .black.withAlpha(0.8), rule: .winding)
        context.restoreState()
        context.saveState()
        context.translate(by: Point(x: 60.75, y: 50.125))
        context.fill(circle(0, 0, 44), color: .white, rule: .winding)
        context.restoreState()
    }

    @Test func theirPixelsAreCairosWithinOneLevelOfAChannel() throws {
        let cached = try ImageBuffer(width: 160, height: 100)
        let context = try draw(throughPixman: true, into: cached)
        #expect(context.pathImages.count == 5, "every shape went through an image")
        let drawnByCairo = try ImageBuffer(width: 160, height: 100)
        let cairoOnly = try draw(throughPixman: false, into: drawnByCairo)
        #expect(cairoOnly.pathImages.isEmpty)
        #expect(cached.countDifferingPixels(from: drawnByCairo, tolerance: 1) == 0)
        // The clip held: the clipped shape's pixels left of x = 20 are the background's.
        #expect(cached.pixel(x: 18, y: 70) == drawnByCairo.pixel(x: 18, y: 70))
        #expect(cached.pixel(x: 24, y: 26) == 0xFFFF_FFFF, "the white knob's middle")
    }

    @Test func oneImageServesTheSameShapeMovedByWholePixelsAndAnotherColourOrOffsetMakesItsOwn() throws {
        let buffer = try ImageBuffer(width: 200, height: 100)
        let context = try CairoDrawingContext(target: buffer)
        context.fill(circle(10.5, 10.25, 30), color: .white, rule: .winding)
        #expect(context.pathImages.isEmpty)
        context.fill(circle(110.5, 40.25, 30), color: .white, rule: .winding)
        #expect(context.pathImages.count == 1, "the second time, one pixel grid offset away")
        // Moved by whole pixels, the pixels are the first knob's, moved.
        for (x, y) in [(12, 12), (25, 25), (10, 25), (40, 40), (26, 10)] {
            #expect(buffer.pixel(x: x, y: y) == buffer.pixel(x: x + 100, y: y + 30), "(\(x), \(y))")
        }
        for _ in 0..<2 {
            context.fill(circle(110.75, 40.25, 30), color: .white, rule: .winding)
            context.fill(circle(10.5, 10.25, 30), color: .black, rule: .winding)
        }
        #expect(context.pathImages.count == 3)
    }

    @Test func scaledLargeOrGroupedShapesAreLeftToCairoAndTheCacheStaysBounded() throws {
        let buffer = try ImageBuffer(width: 300, height: 300)
        let context = try CairoDrawingContext(target: buffer)
        context.saveState()
        context.concatenate(AffineTransform(scaleX: 2, y: 2))
        context.fill(circle(10, 10, 20), color: .white, rule: .winding)
        context.restoreState()
        context.beginGroup()
        context.fill(circle(10, 10, 20), color: .white, rule: .winding)
        context.endGroup(alpha: 0.5)
        context.fill(circle(0, 0, 200), color: .white, rule: .winding)
        context.fill(circle(0, 0, 200), color: .white, rule: .winding)
        #expect(context.pathImages.isEmpty, "scaled, in a group, or over \(CairoDrawingContext.pathImagePixelLimit) pixels")
        // A thumb dragged: a new offset within the pixel grid each frame (i/128 of a pixel),
        // drawn by cairo, no image made.
        for i in 0..<100 {
            context.fill(circle(Double(i) + Double(i) / 128, 5, 10), color: .white, rule: .winding)
            #expect(context.pathImageCandidates.count <= 2 * CairoDrawingContext.pathImageCacheLimit)
        }
        #expect(context.pathImages.isEmpty)
        // Forty shapes drawn twice each: the cache is emptied when full, never over its limit.
        for i in 0..<40 {
            for _ in 0..<2 { context.fill(circle(Double(i) / 40, 50, 10), color: .white, rule: .winding) }
            #expect(context.pathImages.count <= CairoDrawingContext.pathImageCacheLimit)
        }
        #expect(!context.pathImages.isEmpty)
    }
}
