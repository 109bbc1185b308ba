import Testing
@testable import Bezel
@testable import BezelCairo
import BezelScenes

/// Issue 17: a background is not filled where views drawn after it paint opaquely
/// (Rendering/OpaqueCover.swift). Every frame below is drawn twice, once with the pixman paths
/// (and so the occlusion) and once through cairo alone, filling everything: the pixels must be
/// the same, bit for bit, whatever the tree holds.
@MainActor
@Suite struct OcclusionTests {
    /// Two displays of the same window, the second drawing through cairo only.
    func displays(_ window: Window, scale: Double = 1, rotation: DisplayRotation = .none) throws -> (HeadlessDisplay, HeadlessDisplay) {
        let occluding = try HeadlessDisplay(window: window, rotation: rotation, scale: scale)
        let plain = try HeadlessDisplay(window: window, rotation: rotation, scale: scale)
        plain.context.drawsThroughPixman = false
        return (occluding, plain)
    }

    func expectSameFrames(_ a: HeadlessDisplay, _ b: HeadlessDisplay, _ what: Comment) {
        a.window.setNeedsFullRedraw()
        _ = a.renderFrame()
        b.window.setNeedsFullRedraw()
        _ = b.renderFrame()
        #expect(a.framebuffer.countDifferingPixels(from: b.framebuffer, tolerance: 0) == 0, what)
    }

    @Test func theStandardSceneIsDrawnTheSameAndItsBackgroundIsLeftOutUnderTheButtons() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        let (a, b) = try displays(scene.window)
        expectSameFrames(a, b, "full frame")
        // A pressed button's redraw (its frame only), in a scene of each display's own.
        let other = StandardKioskScene(application: app)
        let c = try HeadlessDisplay(window: other.window)
        c.context.drawsThroughPixman = false
        _ = c.renderFrame()
        scene.buttons[11].isHighlighted = true
        other.buttons[11].isHighlighted = true
        #expect(a.renderFrame() == [scene.buttons[11].frame.offsetBy(dx: 0, dy: scene.grid.frame.minY)])
        #expect(c.renderFrame().count == 1)
        #expect(a.framebuffer.countDifferingPixels(from: c.framebuffer, tolerance: 0) == 0)
        // What is left out: the header and each button's opaque inside (without its rounded
        // corners), within the root.
        let covered = OpaqueCover.rects(of: scene.root, within: scene.root.bounds)
        #expect(covered.contains(scene.header.frame))
        let button = scene.buttons[0]
        let inGrid = Rect(origin: button.frame.origin + scene.grid.frame.origin, size: button.frame.size)
        let r = button.cornerRadius
        #expect(r > 0)
        #expect(covered.contains(inGrid.insetBy(dx: 0, dy: r)), "a wide button: its full-width band between the corners")
    }

    @Test func onlyWhatIsCertainToBeOpaqueCounts() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200), application: app)
        window.backgroundColor = Color(rgb: 0x101820)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.backgroundColor = Color(rgb: 0x202830)
        window.addSubview(root)
        func box(_ name: String, _ frame: Rect, _ color: Color?, in parent: View) -> View {
            let v = View(name: name, frame: frame)
            v.backgroundColor = color
            parent.addSubview(v)
            return v
        }
        let opaque = Color(rgb: 0x34495E)
        _ = box("fractional", Rect(x: 10.5, y: 10.25, width: 40.3, height: 30.6), opaque, in: root)
        let rounded = box("rounded", Rect(x: 60, y: 10, width: 50, height: 40), opaque, in: root)
        rounded.cornerRadius = 12
        _ = box("translucent", Rect(x: 120, y: 10, width: 40, height: 40), opaque.withAlpha(0.5), in: root)
        box("hidden", Rect(x: 170, y: 10, width: 40, height: 40), opaque, in: root).isHidden = true
        box("faded", Rect(x: 220, y: 10, width: 40, height: 40), opaque, in: root).alpha = 0.5
        box("turned", Rect(x: 10, y: 60, width: 40, height: 40), opaque, in: root).transform = AffineTransform(rotationAngle: 0.3)
        _ = box("themed", Rect(x: 60, y: 60, width: 40, height: 40), Color(light: opaque, dark: .black), in: root)
        _ = box("half-themed", Rect(x: 110, y: 60, width: 40, height: 40), Color(light: opaque, dark: Color.black.withAlpha(0.3)), in: root)
        // A clipping container (no background) with a child sticking out of it, and a
        // rounded clipping one with a child in its corner.
        let clipping = box("clipping", Rect(x: 160, y: 60, width: 60, height: 60), nil, in: root)
        clipping.clipsToBounds = true
        _ = box("sticking out", Rect(x: 30, y: 30, width: 60, height: 60), opaque, in: clipping)
        let roundedClip = box("rounded clip", Rect(x: 230, y: 60, width: 60, height: 60), nil, in: root)
        roundedClip.clipsToBounds = true
        roundedClip.cornerRadius = 20
        _ = box("in the corner", Rect(x: 0, y: 0, width: 60, height: 60), opaque, in: roundedClip)
        // Three levels down, and a scrolled container (bounds origin moved).
        let outer = box("outer", Rect(x: 10, y: 130, width: 140, height: 60), nil, in: root)
        let middle = box("middle", Rect(x: 5, y: 5, width: 130, height: 50), nil, in: outer)
        middle.boundsOrigin = Point(x: 7, y: 3)
        _ = box("deep", Rect(x: 10, y: 10, width: 60, height: 30), opaque, in: middle)
        window.makeKeyAndVisible()

        let covered = OpaqueCover.rects(of: root, within: root.bounds)
        for name in ["translucent", "hidden", "faded", "turned", "half-themed", "in the corner"] {
            let view = root.subviews.first { $0.name == name } ?? roundedClip.subviews[0]
            let frame = view.superview === roundedClip ? Rect(origin: view.frame.origin + roundedClip.frame.origin, size: view.frame.size) : view.frame
            #expect(!covered.contains { $0.intersects(frame) }, "\(name) covers nothing")
        }
        #expect(covered.contains(Rect(x: 60, y: 60, width: 40, height: 40)), "opaque in both styles")
        #expect(covered.contains(Rect(x: 190, y: 90, width: 30, height: 30)), "cut to the clipping container")
        #expect(covered.contains(Rect(x: 10 + 5 + 10 - 7, y: 130 + 5 + 10 - 3, width: 60, height: 30)), "three levels down, scrolled")

        for (scale, rotation) in [(1.0, DisplayRotation.none), (2.0, .none), (1.0, .clockwise90), (1.5, .none)] {
            let (a, b) = try displays(window, scale: scale, rotation: rotation)
            expectSameFrames(a, b, "scale \(scale), \(rotation)")
            a.window.overrideUserInterfaceStyle = .dark
            expectSameFrames(a, b, "scale \(scale), \(rotation), dark")
            a.window.overrideUserInterfaceStyle = .unspecified
        }
    }

    @Test func cuttingHolesLeavesEveryOtherPixel() {
        let box = PixelBox(x: 0, y: 0, width: 10, height: 10)
        // Two overlapping holes and one partly outside the box.
        let holes = [PixelBox(x: 3, y: 4, width: 4, height: 2), PixelBox(x: 5, y: 5, width: 2, height: 3), PixelBox(x: 8, y: -2, width: 5, height: 4)]
        func inHole(_ x: Int32, _ y: Int32) -> Bool {
            holes.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
        }
        let parts = PixelBox.subtracting(holes, from: box)
        var count = Array(repeating: 0, count: 100)
        for part in parts {
            #expect(part.x >= 0 && part.y >= 0 && part.maxX <= 10 && part.maxY <= 10, "inside the box")
            for y in part.y..<part.maxY { for x in part.x..<part.maxX { count[Int(y) * 10 + Int(x)] += 1 } }
        }
        for y in Int32(0)..<10 {
            for x in Int32(0)..<10 {
                #expect(count[Int(y) * 10 + Int(x)] == (inHole(x, y) ? 0 : 1), "(\(x), \(y))")
            }
        }
        #expect(PixelBox.subtracting([box], from: box).isEmpty)
        #expect(PixelBox.subtracting([PixelBox(x: 20, y: 20, width: 5, height: 5)], from: box) == [box])
        #expect(PixelBox.subtracting([], from: box) == [box])
    }
}
