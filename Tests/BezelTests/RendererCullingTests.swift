import Testing
@testable import Bezel
@testable import BezelCairo

/// A view that does not clip and lies outside the damage is walked for its subviews only
/// (Rendering/Renderer.swift): its background, drawing, overlay and border would be clipped
/// away, so they are not drawn at all, while a subview reaching into the damage is, and a
/// shadow that reaches into it still counts as the view's own drawing there.
@MainActor
@Suite struct RendererCullingTests {
    final class Counting: View {
        var draws = 0
        var overlays = 0
        override func draw(_ rect: Rect, in context: any DrawingContext) {
            draws += 1
            context.fill(Rect(x: 4, y: 4, width: 8, height: 8), color: Color(rgb: 0x27AE60))
        }
        override func drawOverlay(_ rect: Rect, in context: any DrawingContext) {
            overlays += 1
            context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(rgb: 0x8E44AD))
        }
    }

    struct Scene {
        let window: Window
        let parent: Counting
        let child: Counting
        let shadowed: Counting
    }

    func scene() -> Scene {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: Application(clock: VirtualClock(), tracer: Tracer()))
        window.backgroundColor = .white
        // The parent does not clip: its child hangs below it, into the damage drawn below.
        let parent = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        parent.backgroundColor = Color(rgb: 0xC0392B)
        parent.borderWidth = 2
        parent.borderColor = .black
        let child = Counting(frame: Rect(x: 10, y: 70, width: 50, height: 50))
        child.backgroundColor = Color(rgb: 0x2E86DE)
        parent.addSubview(child)
        window.addSubview(parent)
        // A view above the damage whose shadow falls into it.
        let shadowed = Counting(frame: Rect(x: 120, y: 40, width: 60, height: 50))
        shadowed.backgroundColor = Color(rgb: 0xF1C40F)
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 6
        shadowed.shadowOffset = Size(width: 0, height: 12)
        shadowed.addSubview(View(frame: Rect(x: 5, y: 5, width: 10, height: 10)))
        window.addSubview(shadowed)
        window.makeKeyAndVisible()
        return Scene(window: window, parent: parent, child: child, shadowed: shadowed)
    }

    func render(_ window: Window, dirty: Rect, into buffer: ImageBuffer) throws {
        let context = try CairoDrawingContext(target: buffer)
        Renderer.render(window, in: context, dirty: dirty)
    }

    @Test func aViewOutsideTheDamageDrawsNothingOfItsOwnButItsSubviewsDo() throws {
        let s = scene()
        let full = try ImageBuffer(width: 200, height: 200)
        try render(s.window, dirty: s.window.bounds, into: full)
        #expect(s.parent.draws == 1 && s.parent.overlays == 1 && s.child.draws == 1 && s.shadowed.draws == 1)

        // The lower half again, over a buffer scribbled on: the parent (0...50) misses it, its
        // child (70...120) and the yellow view's shadow (down to ~112) reach into it.
        let partial = try ImageBuffer(width: 200, height: 200)
        try render(s.window, dirty: s.window.bounds, into: partial)
        let dirty = Rect(x: 0, y: 100, width: 200, height: 100)
        let scribble = try CairoDrawingContext(target: partial)
        scribble.fill(dirty, color: Color(rgb: 0xFF00FF))
        for view in [s.parent, s.child, s.shadowed] { (view.draws, view.overlays) = (0, 0) }
        try render(s.window, dirty: dirty, into: partial)
        #expect(s.parent.draws == 0 && s.parent.overlays == 0, "the parent's own drawing: \(s.parent.draws), overlay \(s.parent.overlays)")
        #expect(s.child.draws == 1 && s.child.overlays == 1, "the child reaching into the damage is drawn")
        #expect(s.shadowed.draws == 1, "a view whose shadow reaches into the damage draws there")
        #expect(partial.countDifferingPixels(from: full, tolerance: 0) == 0, "the damage drawn as the whole frame has it")

        // The parent's own pixels come back when the damage touches it.
        let top = Rect(x: 0, y: 0, width: 200, height: 30)
        scribble.fill(top, color: Color(rgb: 0xFF00FF))
        try render(s.window, dirty: top, into: partial)
        #expect(s.parent.draws == 1 && s.parent.overlays == 1)
        #expect(partial.countDifferingPixels(from: full, tolerance: 0) == 0)
    }

    /// In a group (alpha < 1) the view's own drawing is made as before, whatever the damage.
    @Test func aTranslucentViewOutsideTheDamageIsStillGrouped() throws {
        let s = scene()
        s.parent.alpha = 0.5
        let full = try ImageBuffer(width: 200, height: 200)
        try render(s.window, dirty: s.window.bounds, into: full)
        let partial = try ImageBuffer(width: 200, height: 200)
        try render(s.window, dirty: s.window.bounds, into: partial)
        let dirty = Rect(x: 0, y: 100, width: 200, height: 100)
        try CairoDrawingContext(target: partial).fill(dirty, color: Color(rgb: 0xFF00FF))
        try render(s.window, dirty: dirty, into: partial)
        #expect(partial.countDifferingPixels(from: full, tolerance: 0) == 0)
    }
}
