import Testing
@testable import Bezel
@testable import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// A view that draws with a closure: each golden below is one canvas.
@MainActor
final class CanvasView: View {
    let body: (any DrawingContext) -> Void
    init(frame: Rect, _ body: @escaping (any DrawingContext) -> Void) {
        self.body = body
        super.init(frame: frame)
    }
    override func draw(_ rect: Rect, in context: any DrawingContext) { body(context) }
}

/// Paths, strokes, gradients, shadows, tiled images and ShapeView: the geometry asserted
/// exactly, the looks as goldens (each checked by eye when recorded).
@MainActor
@Suite(.serialized, .fontsRegistered) struct DrawingTests {
    let white = Color.white
    let accent = Color(rgb: 0x2E86DE)
    let orange = Color(rgb: 0xF39C12)

    func canvas(_ size: Size, named name: String, _ body: @escaping (any DrawingContext) -> Void) throws -> Bool {
        let view = CanvasView(frame: Rect(origin: .zero, size: size), body)
        let (app, window) = Snapshot.window(size, [view])
        return try withExtendedLifetime(app) { try Snapshot.check(window, named: name) }
    }

    // MARK: Geometry

    @Test func arcsAreQuarterTurnCubicsThroughTheCircle() {
        var path = Path()
        path.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        // Two quarter turns, starting at (90, 50) and ending at (10, 50) through (50, 90):
        // clockwise on screen goes down first (y grows downwards).
        #expect(path.elements.count == 3)
        guard case .move(let start) = path.elements[0], case .curve(let mid, _, _) = path.elements[1],
              case .curve(let end, _, _) = path.elements[2] else { Issue.record("\(path.elements)"); return }
        #expect(abs(start.x - 90) < 1e-9 && abs(start.y - 50) < 1e-9)
        #expect(abs(mid.x - 50) < 1e-9 && abs(mid.y - 90) < 1e-9)
        #expect(abs(end.x - 10) < 1e-9 && abs(end.y - 50) < 1e-9)
        // The cubic approximation, measured along its flattening: a half circle within 0.1 %.
        #expect(abs(path.length - .pi * 40) / (.pi * 40) < 0.001, "\(path.length)")
        // Counter-clockwise from 0 to pi goes up instead, through (50, 10).
        var up = Path()
        up.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        guard case .curve(let top, _, _) = up.elements[1] else { Issue.record("\(up.elements)"); return }
        #expect(abs(top.y - 10) < 1e-9)
        // A whole turn or more is the full circle; an arc after a point joins it with a line.
        var full = Path()
        full.move(to: .zero)
        full.addArc(center: Point(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 7, clockwise: true)
        let joining = (60.0 * 60 + 50 * 50).squareRoot()
        #expect(full.elements.count == 2 + 4 && abs(full.length - joining - 2 * .pi * 10) < 0.003 * 2 * .pi * 10, "\(full.length)")
    }

    @Test func trimmingCutsByLengthAcrossSubpaths() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.move(to: Point(x: 0, y: 10))
        path.addLine(to: Point(x: 100, y: 10))
        #expect(path.length == 200)
        let middle = path.trimmed(from: 0.25, to: 0.75)
        #expect(middle.elements == [.move(to: Point(x: 50, y: 0)), .line(to: Point(x: 100, y: 0)),
                                    .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 50, y: 10))])
        #expect(path.trimmed(from: 0.6, to: 0.4).isEmpty, "an end before the start strokes nothing")
        #expect(path.trimmed(from: -3, to: 9) == path, "clamped to 0...1")
        #expect(path.trimmed(from: .nan, to: .nan) == path, "NaN: the defaults")
        // A closed square trimmed to its first half: two sides.
        var square = Path()
        square.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.trimmed(from: 0, to: 0.5).length == 20)
    }

    @Test func badValuesFallBackAsDocumented() {
        var path = Path()
        path.addLine(to: Point(x: 5, y: 5))
        #expect(path.elements == [.move(to: Point(x: 5, y: 5))], "a line with no current point moves")
        path.addLine(to: Point(x: .nan, y: 1))
        path.addCurve(to: Point(x: 1, y: 1), control1: Point(x: .infinity, y: 0), control2: .zero)
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(path.elements.count == 1, "non-finite points and negative radii are dropped")
        path.closeSubpath()
        path.closeSubpath()
        #expect(path.elements.count == 2, "one close")
        #expect(Path().boundingBox == .zero && Path().length == 0)
        var rounded = Path()
        rounded.addRoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
        #expect(rounded.boundingBox == Rect(x: 0, y: 0, width: 20, height: 10), "the radius clamped to half the short side")

        let gradient = Gradient(colors: [.red, .green, .blue], locations: [1.5, .nan, -1])
        #expect(gradient.stops.map(\.location) == [0, 1] && gradient.stops.map(\.color) == [.blue, .red], "clamped, sorted, NaN dropped")
        #expect(Gradient(colors: [.red, .blue], locations: [0.3]).stops.map(\.location) == [0, 1], "a count mismatch spaces them evenly")
        #expect(Gradient(colors: [], locations: nil).stops.isEmpty)

        #expect(StrokeStyle(lineWidth: -2).effectiveLineWidth == 0 && StrokeStyle(lineWidth: .infinity).effectiveLineWidth == 0)
        #expect(StrokeStyle(miterLimit: 0.2).effectiveMiterLimit == 1)
        #expect(StrokeStyle(dashPattern: [4, -1]).effectiveDashPattern.isEmpty && StrokeStyle(dashPattern: [0, 0]).effectiveDashPattern.isEmpty)
        #expect(Shadow(blurRadius: -4).effectiveBlurRadius == 0)
    }

    @Test func bezierPathBuildsAsInUIKit() {
        let path = BezierPath()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 50, y: 10))
        path.addQuadCurve(to: Point(x: 50, y: 50), controlPoint: Point(x: 70, y: 30))
        path.addCurve(to: Point(x: 10, y: 50), controlPoint1: Point(x: 40, y: 70), controlPoint2: Point(x: 20, y: 70))
        path.close()
        #expect(path.bounds == Rect(x: 10, y: 10, width: 60, height: 60) && path.currentPoint == Point(x: 10, y: 10))
        path.lineWidth = 4
        path.setLineDash([6, 2], phase: 1)
        #expect(path.strokeStyle == StrokeStyle(lineWidth: 4, dashPattern: [6, 2], dashPhase: 1))
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 40, height: 20))
        let b = oval.bounds
        #expect(abs(b.minX) < 1e-9 && abs(b.minY) < 1e-9 && abs(b.width - 40) < 1e-9 && abs(b.height - 20) < 1e-9,
                "a quarter turn's control points stay inside the ellipse's box: \(b)")
        #expect(abs(oval.path.length - 96.88) < 0.003 * 96.88, "the ellipse's perimeter (Ramanujan: 96.88): \(oval.path.length)")
        path.apply(AffineTransform(translationX: 5, y: 0))
        #expect(path.bounds.minX == 15)
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    // MARK: Looks

    @Test func pathPrimitivesMatchTheirGolden() throws {
        #expect(try canvas(Size(width: 640, height: 200), named: "paths-primitives") { c in
            var lines = Path()
            lines.move(to: Point(x: 20, y: 30))
            lines.addLine(to: Point(x: 100, y: 30))
            lines.addQuadCurve(to: Point(x: 100, y: 110), control: Point(x: 150, y: 70))
            lines.addCurve(to: Point(x: 20, y: 110), control1: Point(x: 70, y: 160), control2: Point(x: 20, y: 60))
            c.stroke(lines, color: self.white, style: StrokeStyle(lineWidth: 3))
            var arcs = Path()
            arcs.addArc(center: Point(x: 220, y: 70), radius: 40, startAngle: -.pi / 2, endAngle: .pi, clockwise: true)
            c.stroke(arcs, color: self.orange, style: StrokeStyle(lineWidth: 6))
            var counter = Path()
            counter.addArc(center: Point(x: 220, y: 70), radius: 25, startAngle: -.pi / 2, endAngle: .pi, clockwise: false)
            c.stroke(counter, color: self.accent, style: StrokeStyle(lineWidth: 6))
            var rounded = Path()
            rounded.addRoundedRect(Rect(x: 290, y: 30, width: 100, height: 80), cornerRadius: 16)
            c.fill(rounded, color: self.accent, rule: .winding)
            var oval = Path()
            oval.addEllipse(in: Rect(x: 410, y: 30, width: 90, height: 60))
            c.fill(oval, color: self.orange, rule: .winding)
            // A five-pointed star: a hole in the middle with even-odd, solid with winding.
            func star(_ center: Point) -> Path {
                var star = Path()
                for i in 0..<5 {
                    let a = -Double.pi / 2 + Double(i) * 4 * .pi / 5
                    let p = Point(x: center.x + 40 * cos(a), y: center.y + 40 * sin(a))
                    if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
                }
                star.closeSubpath()
                return star
            }
            c.fill(star(Point(x: 560, y: 60)), color: self.white, rule: .evenOdd)
            c.fill(star(Point(x: 560, y: 150)), color: self.white, rule: .winding)
            // A path used as a clip: stripes seen through a circle.
            c.saveState()
            var window = Path()
            window.addEllipse(in: Rect(x: 300, y: 120, width: 70, height: 70))
            c.clip(to: window, rule: .winding)
            for i in 0..<8 { c.fill(Rect(x: 300 + Double(i) * 10, y: 120, width: 5, height: 70), color: self.white) }
            c.restoreState()
            // A ring: a circle with a hole (even-odd).
            var ring = Path()
            ring.addEllipse(in: Rect(x: 410, y: 110, width: 80, height: 80))
            ring.addEllipse(in: Rect(x: 430, y: 130, width: 40, height: 40))
            c.fill(ring, color: self.accent, rule: .evenOdd)
        })
    }

    @Test func capsJoinsAndDashesMatchTheirGolden() throws {
        #expect(try canvas(Size(width: 520, height: 200), named: "paths-caps-joins-dashes") { c in
            for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
                var line = Path()
                let y = 30 + Double(i) * 30
                line.move(to: Point(x: 30, y: y))
                line.addLine(to: Point(x: 130, y: y))
                c.stroke(line, color: self.orange, style: StrokeStyle(lineWidth: 16, lineCap: cap))
                c.stroke(line, color: self.white, style: StrokeStyle(lineWidth: 1))
            }
            for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
                var corner = Path()
                let x = 180 + Double(i) * 80
                corner.move(to: Point(x: x, y: 100))
                corner.addLine(to: Point(x: x + 25, y: 30))
                corner.addLine(to: Point(x: x + 50, y: 100))
                c.stroke(corner, color: self.accent, style: StrokeStyle(lineWidth: 14, lineJoin: join))
            }
            // A sharp corner past the miter limit is bevelled.
            var sharp = Path()
            sharp.move(to: Point(x: 430, y: 100))
            sharp.addLine(to: Point(x: 445, y: 20))
            sharp.addLine(to: Point(x: 460, y: 100))
            c.stroke(sharp, color: self.accent, style: StrokeStyle(lineWidth: 10, miterLimit: 2))
            // Dashes, a phase, round-capped dots, and a dashed circle.
            for (i, (pattern, phase, cap)) in [([12.0, 6.0], 0.0, LineCap.butt), ([12, 6], 9, .butt), ([0, 12], 0, .round)].enumerated() {
                var line = Path()
                let y = 130 + Double(i) * 22
                line.move(to: Point(x: 30, y: y))
                line.addLine(to: Point(x: 330, y: y))
                c.stroke(line, color: self.white, style: StrokeStyle(lineWidth: 6, lineCap: cap, dashPattern: pattern, dashPhase: phase))
            }
            var circle = Path()
            circle.addEllipse(in: Rect(x: 380, y: 120, width: 70, height: 70))
            c.stroke(circle, color: self.orange, style: StrokeStyle(lineWidth: 4, dashPattern: [8, 4]))
        })
    }

    @Test func gradientsAndTiledImagesMatchTheirGolden() throws {
        let tile = try #require(ImageLoader.asset(named: "touch-target"))
        #expect(try canvas(Size(width: 640, height: 220), named: "gradients") { c in
            let sunset = Gradient(colors: [Color(rgb: 0xF39C12), Color(rgb: 0xC0392B), Color(rgb: 0x2E86DE)], locations: [0, 0.4, 1])
            // Linear: padded both ways, then neither, then before only, then after only, each
            // in its own 140 x 60 box with the gradient running over its middle 80 points.
            let options: [GradientDrawingOptions] = [[.drawsBeforeStartLocation, .drawsAfterEndLocation], [], .drawsBeforeStartLocation, .drawsAfterEndLocation]
            for (i, option) in options.enumerated() {
                let box = Rect(x: 10 + Double(i) * 155, y: 10, width: 140, height: 60)
                c.saveState()
                c.clip(to: box)
                c.fill(box, color: Color(rgb: 0x34495E))
                c.drawLinearGradient(sunset, start: Point(x: box.minX + 30, y: 0), end: Point(x: box.minX + 110, y: 0), options: option)
                c.restoreState()
            }
            // Radial: a sphere (an off-centre start circle), and a gradient filling a rounded rectangle.
            c.saveState()
            c.clip(to: Rect(x: 10, y: 80, width: 130, height: 130))
            c.drawRadialGradient(Gradient(colors: [.white, self.accent, Color(rgb: 0x102030)]), startCenter: Point(x: 55, y: 120), startRadius: 2,
                                 endCenter: Point(x: 75, y: 145), endRadius: 60, options: .drawsBeforeStartLocation)
            c.restoreState()
            c.saveState()
            var card = Path()
            card.addRoundedRect(Rect(x: 160, y: 90, width: 160, height: 110), cornerRadius: 18)
            c.clip(to: card, rule: .winding)
            c.drawLinearGradient(Gradient(colors: [self.accent, Color(rgb: 0x8E44AD)]), start: Point(x: 160, y: 90), end: Point(x: 320, y: 200),
                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            c.restoreState()
            // An image tiled at half size, and scaled 2x with no interpolation (hard pixels)
            // and with bilinear.
            c.drawTiledImage(tile, in: Rect(x: 340, y: 90, width: 110, height: 110), tileSize: Size(width: 24, height: 24), interpolation: .low)
            c.drawImage(tile, in: Rect(x: 470, y: 90, width: 72, height: 72), interpolation: .none)
            c.drawImage(tile, in: Rect(x: 550, y: 90, width: 72, height: 72), interpolation: .low)
        })
    }

    @Test func shadowsMatchTheirGoldenAndAreBlurredOnce() throws {
        let light = Color(rgb: 0xE8ECF0)
        var contexts: [CairoDrawingContext] = []
        #expect(try canvas(Size(width: 520, height: 160), named: "shadows") { c in
            if let cairo = c as? CairoDrawingContext { contexts.append(cairo) }
            c.fill(Rect(x: 0, y: 0, width: 520, height: 160), color: light)
            var card = Path()
            card.addRoundedRect(Rect(x: 20, y: 20, width: 140, height: 100), cornerRadius: 12)
            c.drawShadow(of: card, shadow: Shadow(color: Color.black.withAlpha(0.35), offset: Size(width: 0, height: 6), blurRadius: 16))
            c.fill(card, color: .white, rule: .winding)
            // The same knob at three places: one blur.
            for x in [200.0, 260, 320] {
                var knob = Path()
                knob.addEllipse(in: Rect(x: x, y: 40, width: 44, height: 44))
                c.drawShadow(of: knob, shadow: Shadow(color: Color.black.withAlpha(0.3), offset: Size(width: 0, height: 3), blurRadius: 8))
                c.fill(knob, color: .white, rule: .winding)
            }
            // A hard shadow (no blur), and a stroked ring's shadow.
            var badge = Path()
            badge.addRoundedRect(Rect(x: 200, y: 100, width: 160, height: 40), cornerRadius: 20)
            c.drawShadow(of: badge, shadow: Shadow(color: Color(rgb: 0x2E86DE), offset: Size(width: 4, height: 4), blurRadius: 0))
            c.fill(badge, color: .white, rule: .winding)
            var ring = Path()
            ring.addEllipse(in: Rect(x: 400, y: 30, width: 90, height: 90))
            let style = StrokeStyle(lineWidth: 10)
            c.drawShadow(of: ring, stroke: style, shadow: Shadow(color: Color.black.withAlpha(0.5), offset: Size(width: 0, height: 4), blurRadius: 10))
            c.stroke(ring, color: self.orange, style: style)
        })
        // Two different blurred shapes (the card; the knob, three times; the ring): two masks
        // for filled shapes and one for the stroke, whatever the number of knobs.
        let context = try #require(contexts.first)
        #expect(context.shadowMasks.count == 3)
    }

    @Test func aShapeViewStrokesPartOfItsPathAndRedrawsWhenChanged() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 240, height: 140), application: app)
        window.backgroundColor = Color(rgb: 0x202830)
        window.makeKeyAndVisible()
        var circle = Path()
        circle.addArc(center: Point(x: 60, y: 60), radius: 44, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        let track = ShapeView(frame: Rect(x: 10, y: 10, width: 120, height: 120))
        track.path = circle
        track.fillColor = nil
        track.strokeColor = Color.white.withAlpha(0.15)
        track.lineWidth = 12
        let ring = ShapeView(frame: track.frame)
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = orange
        ring.lineWidth = 12
        ring.lineCap = .round
        ring.lineJoin = .round
        ring.strokeEnd = 0.37
        let triangle = ShapeView(frame: Rect(x: 150, y: 30, width: 80, height: 80))
        var outline = Path()
        outline.move(to: Point(x: 40, y: 0))
        outline.addLine(to: Point(x: 80, y: 70))
        outline.addLine(to: Point(x: 0, y: 70))
        outline.closeSubpath()
        triangle.path = outline
        triangle.fillColor = accent
        triangle.strokeColor = .white
        triangle.lineWidth = 3
        triangle.lineJoin = .round
        triangle.shadow = Shadow(color: Color.black.withAlpha(0.5), offset: Size(width: 0, height: 4), blurRadius: 8)
        for view in [track, ring, triangle] { window.addSubview(view) }
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(try Snapshot.check(display.cache, named: "shape-view-stroke-end-0.37"))
        // Each property redraws the view, and only it (with its overflow: the line's half
        // width reaches outside, the shadow further).
        for change in [{ ring.strokeEnd = 0.8 }, { ring.strokeStart = 0.1 }, { ring.strokeColor = .white }, { ring.lineWidth = 8 },
                       { ring.lineDashPattern = [4, 4] }, { ring.lineCap = .square }, { ring.fillColor = .red }] as [() -> Void] {
            change()
            let damage = display.renderFrame()
            #expect(!damage.isEmpty && damage.allSatisfy { ring.frame.insetBy(dx: -20, dy: -20).contains($0) }, "\(damage)")
        }
        triangle.shadow = nil
        #expect(display.renderFrame().allSatisfy { triangle.frame.insetBy(dx: -30, dy: -30).contains($0) })
        ring.strokeEnd = 0.8
        #expect(display.renderFrame().isEmpty, "setting the same value draws nothing")
        // strokeEnd animates in a View.animate block, as CAShapeLayer's does.
        View.animate(withDuration: 1, options: .curveLinear) { ring.strokeEnd = 0.2 }
        #expect(ring.strokeEnd == 0.2, "the model is at the end at once")
        app.runLoop.advance(by: 0.5)
        let shown = ring.presentedDrawnValue(1, model: ring.strokeEnd)
        #expect(abs(shown - 0.5) < 0.02, "half way: \(shown)")
        #expect(!display.renderFrame().isEmpty)
        app.runLoop.advance(by: 1)
        #expect(ring.presentedDrawnValue(1, model: -1) == -1, "finished: the model value is drawn")
        #expect(app.animationEngine.groups.isEmpty && !app.displayLink.isRunning, "nothing left ticking")
    }

    /// clipsToBounds with a corner radius rounds what the subviews draw (UIKit's
    /// masksToBounds): a subview filling the view leaves the corners to what is behind.
    @Test func clipsToBoundsRoundsTheSubviewsByTheCornerRadius() throws {
        func corner(clips: Bool) throws -> (corner: UInt32, centre: UInt32) {
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
            card.cornerRadius = 16
            card.clipsToBounds = clips
            let fill = View(frame: card.bounds)
            fill.backgroundColor = Color(rgb: 0xFF0000)
            card.addSubview(fill)
            let (_, window) = Snapshot.window(Size(width: 120, height: 80), background: Color(rgb: 0x000000), [card])
            let display = try HeadlessDisplay(window: window)
            display.renderFrame()
            return (display.framebuffer.pixel(x: 11, y: 11)! & 0xFFFFFF, display.framebuffer.pixel(x: 60, y: 40)! & 0xFFFFFF)
        }
        let clipped = try corner(clips: true), plain = try corner(clips: false)
        #expect(clipped.corner == 0x000000 && clipped.centre == 0xFF0000, "the corner is cut round")
        #expect(plain.corner == 0xFF0000, "without clipsToBounds the subview draws into the corner")
    }
}

/// Issue 17: cached rounded shapes, labels and plain rectangles are put on screen with pixman,
/// split into plain fills, solid-colour blends and blends of their pixels
/// (RoundedShapePlan.swift). The pixels must be exactly those cairo draws: the same drawing
/// with the pixman paths off gives the same buffer, bit for bit.
@MainActor
@Suite(.fontsRegistered) struct CachedShapePixelTests {
    func draw(throughPixman: Bool) throws -> ImageBuffer {
        let buffer = try ImageBuffer(width: 200, height: 120)
        let context = try CairoDrawingContext(target: buffer)
        context.drawsThroughPixman = throughPixman
        // A background with every pixel different, so a blend that reads wrong shows.
        for x in 0..<200 { context.fill(Rect(x: Double(x), y: 0, width: 1, height: 120), color: Color(red: Double(x) / 199, green: 0.5, blue: 1 - Double(x) / 199)) }
        // A pressed button's overlay (a translucent fill: tinted boxes), an opaque fill (solid
        // and blended boxes), a button's translucent 1 px border and a thick translucent ring
        // (tinted and blended boxes); a label over the overlay.
        context.fillRoundedRect(Rect(x: 10, y: 10, width: 120, height: 80), radius: 12, color: Color.black.withAlpha(0.25))
        context.fillRoundedRect(Rect(x: 140, y: 4, width: 50, height: 30), radius: 8, color: Color(rgb: 0x34495E))
        context.strokeRoundedRect(Rect(x: 140, y: 38, width: 50, height: 30), radius: 8, lineWidth: 1, color: Color.white.withAlpha(0.25))
        context.strokeRoundedRect(Rect(x: 140, y: 72, width: 50, height: 44), radius: 20, lineWidth: 6, color: Color(rgb: 0xF39C12).withAlpha(0.6))
        // Plain rectangles (pixman fills and solid blends), odd and out-of-range channel values
        // included, and one cut by a whole-pixel clip.
        context.fill(Rect(x: 12, y: 95, width: 30, height: 20), color: Color(red: 0.123, green: 0.5, blue: 0.999))
        context.fill(Rect(x: 46, y: 95, width: 30, height: 20), color: Color(red: 0.7, green: 0.2, blue: 0.0, alpha: 0.37))
        context.fill(Rect(x: 80, y: 95, width: 30, height: 20), color: Color(red: 2, green: -1, blue: 0.5, alpha: 0.5))
        context.saveState()
        context.clip(to: Rect(x: 100, y: 100, width: 10, height: 10))
        context.fill(Rect(x: 90, y: 90, width: 40, height: 30), color: Color.white.withAlpha(0.8))
        context.restoreState()
        context.drawText("Kiosk 12", in: Rect(x: 20, y: 30, width: 100, height: 30), style: TextStyle(size: 17.5, color: .white))
        return buffer
    }

    @Test func theirPixelsAreExactlyCairos() throws {
        let direct = try draw(throughPixman: true)
        let drawnByCairo = try draw(throughPixman: false)
        #expect(direct.countDifferingPixels(from: drawnByCairo, tolerance: 0) == 0)
        // The overlay darkened the background under it, and left the corner outside alone.
        #expect(direct.pixel(x: 70, y: 50) != drawnByCairoBackground(x: 70))
        #expect(direct.pixel(x: 10, y: 10) == drawnByCairoBackground(x: 10))
    }

    /// Shapes whose origin is on whole device pixels and whose size is not (a slider's filled
    /// track, a scroll indicator) come from the cache too, with cairo's own shape: at scale 1
    /// and 2, translated, filled and stroked. A few edge pixels may be a level or two off
    /// cairo's direct fill (a pre-rendered coverage blended rounds once more than cairo's
    /// blend of colour and coverage; measured here: at most 2 levels, 1 pixel); both of
    /// Bezel's paths, software and display plane, draw through the cache alike.
    @Test(arguments: [1.0, 2.0]) func fractionalSizesComeFromTheCacheWithCairosShape(scale: Double) throws {
        var cachedShapes = 0
        func draw(cached: Bool) throws -> ImageBuffer {
            let buffer = try ImageBuffer(width: 240, height: 160)
            let context = try CairoDrawingContext(target: buffer)
            context.cachesShapes = cached
            for x in 0..<240 { context.fill(Rect(x: Double(x), y: 0, width: 1, height: 160), color: Color(red: Double(x) / 239, green: 0.4, blue: 1 - Double(x) / 239)) }
            context.concatenate(AffineTransform(scaleX: scale, y: scale))
            context.translate(by: Point(x: 3, y: 2))
            // Twice each: the second from the cache when it is on.
            for _ in 0..<2 {
                context.fillRoundedRect(Rect(x: 4, y: 4, width: 2.5, height: 37.37), radius: 1.25, color: Color.black.withAlpha(0.35))
                context.fillRoundedRect(Rect(x: 10, y: 6, width: 61.7, height: 7), radius: 3.5, color: Color(rgb: 0x007AFF))
                context.fillRoundedRect(Rect(x: 10, y: 20, width: 33.3, height: 20.6), radius: 6, color: Color(rgb: 0x34C759).withAlpha(0.8))
                context.strokeRoundedRect(Rect(x: 50, y: 20, width: 40.25, height: 30.75), radius: 8, lineWidth: 1.5, color: Color.white.withAlpha(0.6))
            }
            if cached { cachedShapes = context.cachedShapeCount }
            return buffer
        }
        let fromCache = try draw(cached: true)
        let byCairo = try draw(cached: false)
        #expect(fromCache.countDifferingPixels(from: byCairo, tolerance: 2) == 0)
        #expect((fromCache.countDifferingPixels(from: byCairo, tolerance: 0) ?? .max) <= 4)
        #expect(cachedShapes == 4, "the four shapes were cached")
        // The shapes were drawn: the pill's middle is darker than the background beside it.
        let pill = fromCache.pixel(x: Int(8 * scale), y: Int(20 * scale)), beside = fromCache.pixel(x: Int(12 * scale), y: Int(50 * scale))
        #expect(pill != beside)
    }

    /// The background's pixel at column `x` (drawn alone).
    func drawnByCairoBackground(x: Int) -> UInt32? {
        guard let buffer = try? ImageBuffer(width: 200, height: 120), let context = try? CairoDrawingContext(target: buffer) else { return nil }
        context.fill(Rect(x: Double(x), y: 0, width: 1, height: 120), color: Color(red: Double(x) / 199, green: 0.5, blue: 1 - Double(x) / 199))
        return buffer.pixel(x: x, y: 50)
    }
}
