import Testing
@testable import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

@MainActor
@Suite(.serialized, .fontsRegistered) struct RenderingTests {
    @Test func standardSceneMatchesItsGolden() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        try Snapshot.check(scene.window, named: "standard-scene")
    }

    @Test func buttonInEveryState() throws {
        var buttons: [Button] = []
        for (i, state) in ["normal", "highlighted", "disabled", "selected"].enumerated() {
            let button = Button(frame: Rect(x: 10 + Double(i) * 130, y: 10, width: 120, height: 60))
            button.title = state
            button.backgroundColor = Color(rgb: 0x34495E)
            button.cornerRadius = 8
            button.borderWidth = 1
            button.borderColor = Color.white.withAlpha(0.25)
            button.setTitleColor(.white, for: .normal)
            button.setBackgroundColor(Color(rgb: 0x2E86DE), for: .selected)
            buttons.append(button)
        }
        buttons[1].isHighlighted = true
        buttons[2].isEnabled = false
        buttons[3].isSelected = true
        let (app, window) = Snapshot.window(Size(width: 530, height: 80), buttons)
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "button-states") }
    }

    @Test func sliderAndSwitchStates() throws {
        let low = Slider(frame: Rect(x: 16, y: 16, width: 300, height: 24))
        let mid = Slider(frame: Rect(x: 16, y: 56, width: 300, height: 24))
        mid.value = 0.4
        let high = Slider(frame: Rect(x: 16, y: 96, width: 300, height: 24))
        high.value = 1
        high.isHighlighted = true
        let disabled = Slider(frame: Rect(x: 16, y: 136, width: 300, height: 24))
        disabled.value = 0.7
        disabled.isEnabled = false
        let off = Switch(frame: Rect(x: 340, y: 12, width: 80, height: 40))
        let on = Switch(frame: Rect(x: 340, y: 62, width: 80, height: 40))
        on.isOn = true
        let offDisabled = Switch(frame: Rect(x: 340, y: 112, width: 80, height: 40))
        offDisabled.isEnabled = false
        let (app, window) = Snapshot.window(Size(width: 440, height: 170), [low, mid, high, disabled, off, on, offDisabled])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "slider-switch-states") }
    }

    @Test func labelsWrapTruncateAndShapeScripts() throws {
        let white = Color.white
        let latin = Label(frame: Rect(x: 10, y: 10, width: 300, height: 30), text: "Bezel draws text with Pango",
                          style: TextStyle(size: 18, color: white))
        let truncated = Label(frame: Rect(x: 10, y: 50, width: 160, height: 30), text: "A label too long to fit in its frame",
                              style: TextStyle(size: 18, color: white))
        let wrapped = Label(frame: Rect(x: 10, y: 90, width: 300, height: 70),
                            text: "Two lines of centred text that wrap at the label's width.",
                            style: TextStyle(size: 16, color: white, alignment: .center, numberOfLines: 2))
        let arabic = Label(frame: Rect(x: 10, y: 170, width: 300, height: 30), text: "مرحبا بالعالم",
                           style: TextStyle(size: 20, color: white, alignment: .right))
        let bold = Label(frame: Rect(x: 10, y: 210, width: 300, height: 30), text: "Bold 1234567890",
                         style: TextStyle(size: 20, weight: .bold, color: Color(rgb: 0x2E86DE)))
        let (app, window) = Snapshot.window(Size(width: 320, height: 250), [latin, truncated, wrapped, arabic, bold])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "labels") }
    }

    @Test func viewVisualsRoundingBordersGroupOpacityAndClipping() throws {
        let rounded = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        rounded.backgroundColor = Color(rgb: 0xE74C3C)
        rounded.cornerRadius = 16
        rounded.borderWidth = 4
        rounded.borderColor = .white
        // Group opacity: the overlapping children do not show through each other.
        let group = View(frame: Rect(x: 130, y: 10, width: 120, height: 60))
        group.alpha = 0.5
        let a = View(frame: Rect(x: 0, y: 0, width: 80, height: 60))
        a.backgroundColor = Color(rgb: 0x2ECC71)
        let b = View(frame: Rect(x: 40, y: 0, width: 80, height: 60))
        b.backgroundColor = Color(rgb: 0x3498DB)
        group.addSubview(a)
        group.addSubview(b)
        let clipper = View(frame: Rect(x: 270, y: 10, width: 60, height: 60))
        clipper.backgroundColor = Color(rgb: 0x95A5A6)
        clipper.clipsToBounds = true
        let overhang = View(frame: Rect(x: 30, y: 30, width: 60, height: 60))
        overhang.backgroundColor = Color(rgb: 0xF1C40F)
        clipper.addSubview(overhang)
        let hidden = View(frame: Rect(x: 10, y: 80, width: 50, height: 20))
        hidden.backgroundColor = .white
        hidden.isHidden = true
        let (app, window) = Snapshot.window(Size(width: 350, height: 110), [rounded, group, clipper, hidden])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "view-visuals") }
    }

    @Test func incrementalFramesEqualAFullRedraw() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        let display = try HeadlessDisplay(window: scene.window)
        display.renderFrame()
        let fingers = TouchScript(app)
        fingers.down(at: scene.centerOfButton(12))
        let pressed = display.renderFrame()
        #expect(pressed.count == 1 && pressed[0].area == 120 * 80, "only button 12 is redrawn")
        #expect(display.renderFrame().isEmpty, "nothing changed, nothing drawn")
        fingers.up()
        scene.title.text = "Changed"
        scene.slider.value = 0.9
        scene.buttons[3].isHidden = true
        scene.buttons[5].frame.origin.x -= 30
        display.renderFrame()
        // The same tree drawn from scratch must give the same pixels.
        let fresh = try HeadlessDisplay(window: scene.window)
        scene.window.damage.addAll()
        fresh.renderFrame()
        #expect(display.framebuffer.countDifferingPixels(from: fresh.framebuffer, tolerance: 0) == 0)
    }

    @Test func damageTrackerMergesAndBoundsItsRects() {
        var damage = DamageTracker(bounds: Rect(x: 0, y: 0, width: 800, height: 480))
        damage.add(Rect(x: 10, y: 10, width: 10, height: 10))
        damage.add(Rect(x: 15, y: 15, width: 10, height: 10))
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 15, height: 15)], "overlapping rects merge")
        damage.add(Rect(x: 100.5, y: 100.2, width: 10, height: 10))
        #expect(damage.rects.last == Rect(x: 100, y: 100, width: 11, height: 11), "whole pixels")
        damage.add(Rect(x: -50, y: -50, width: 20, height: 20))
        #expect(damage.rects.count == 2, "outside the window: ignored")
        for i in 0..<20 { damage.add(Rect(x: Double(i) * 40, y: 300, width: 5, height: 5)) }
        #expect(damage.rects.count <= DamageTracker.maximumRects)
        damage.add(Rect(x: 0, y: 0, width: 800, height: 400))
        #expect(damage.isFullFrame, "over 70 % of the window: full frame")
        #expect(damage.take().count == 1 && damage.isEmpty)
    }

    @Test func badInputGivesClearErrors() throws {
        #expect(throws: Color.ParseError.invalid("#12345")) { try Color(hex: "#12345") }
        #expect(throws: Color.ParseError.self) { try Color(hex: "not a colour") }
        #expect(try Color(hex: "#2E86DE") == Color(rgb: 0x2E86DE))
        #expect(try Color(hex: "fff") == Color.white)
        #expect(try Color(hex: "#00000080").alpha == Double(0x80) / 255)
        #expect(throws: CairoError.self) { try ImageBuffer(width: 0, height: 10) }
        #expect(throws: CairoError.self) { try ImageBuffer(width: 100_000, height: 10) }
        #expect(throws: CairoError.self) { try ImageBuffer(contentsOfPNG: "/nonexistent/image.png") }
        // A corrupt PNG: a text file with a .png name.
        let path = Snapshot.failureDirectory + "-corrupt.png"
        let file = fopen(path, "w")
        fputs("not a png", file)
        fclose(file)
        #expect(throws: CairoError.self) { try ImageBuffer(contentsOfPNG: path) }
        // A zero-sized and a negative-sized view draw nothing and do not crash.
        let empty = View(frame: Rect(x: 10, y: 10, width: 0, height: 0))
        empty.backgroundColor = .white
        empty.cornerRadius = 5
        empty.borderWidth = 3
        let negative = Label(frame: Rect(x: 50, y: 50, width: -20, height: -10), text: "x")
        let (app, window) = Snapshot.window(Size(width: 60, height: 60), [empty, negative])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        withExtendedLifetime(app) {}
    }
}

@MainActor
@Suite(.serialized, .fontsRegistered) struct RotationTests {
    @Test func standardSceneAtEveryRotation() throws {
        for rotation in [DisplayRotation.clockwise90, .upsideDown, .clockwise270] {
            let app = Application(clock: VirtualClock(), tracer: Tracer())
            let scene = StandardKioskScene(application: app)
            let display = try HeadlessDisplay(window: scene.window, rotation: rotation)
            display.renderFrame()
            #expect(display.framebuffer.width == (rotation == .upsideDown ? 800 : 480))
            try Snapshot.check(display.framebuffer, named: "standard-scene-rotated-\(rotation.rawValue)")
            // A damaged region lands rotated too: pressing a button after the first frame
            // gives the same pixels as drawing everything again.
            scene.buttons[11].isHighlighted = true
            display.renderFrame()
            let fresh = try HeadlessDisplay(window: scene.window, rotation: rotation)
            scene.window.setNeedsFullRedraw()
            fresh.renderFrame()
            #expect(display.framebuffer.countDifferingPixels(from: fresh.framebuffer, tolerance: 0) == 0, "\(rotation)")
        }
    }

    @Test func touchPointsRotateBack() {
        let logical = Size(width: 800, height: 480)
        for rotation in DisplayRotation.allCases {
            for p in [Point(0, 0), Point(799, 0), Point(123, 456), Point(400, 240)] {
                let panel = rotation.toPanel(p, logical: logical)
                #expect(rotation.fromPanel(panel, logical: logical) == p, "\(rotation) \(p)")
            }
        }
        // Mounted 90° clockwise, the UI's top-left corner is at the panel's top-right.
        #expect(DisplayRotation.clockwise90.toPanel(Point(0, 0), logical: logical) == Point(480, 0))
        #expect(DisplayRotation(degrees: " 270") == .clockwise270 && DisplayRotation(degrees: "45") == nil)
    }
}

@MainActor
@Suite(.serialized, .fontsRegistered) struct MoreRenderingTests {
    @Test func cjkAndEmojiTextFallBackToSystemFonts() throws {
        let chinese = Label(frame: Rect(x: 10, y: 10, width: 300, height: 30), text: "触摸屏应用 你好世界",
                            style: TextStyle(size: 20, color: .white))
        let japanese = Label(frame: Rect(x: 10, y: 50, width: 300, height: 30), text: "タッチパネル",
                             style: TextStyle(size: 20, color: .white))
        let mixed = Label(frame: Rect(x: 10, y: 90, width: 300, height: 30), text: "Item 12 项目",
                          style: TextStyle(size: 20, color: .white, alignment: .center))
        let emoji = Label(frame: Rect(x: 10, y: 130, width: 300, height: 36), text: "Ready 👍 🎉 ✅",
                          style: TextStyle(size: 22, color: .white))
        let (app, window) = Snapshot.window(Size(width: 320, height: 175), [chinese, japanese, mixed, emoji])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "labels-cjk") }
    }

    @Test func scrollIndicatorsAndAButtonWithAnImage() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 200), application: app)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 160, height: 200))
        list.contentSize = Size(width: 160, height: 1000)
        for row in 0..<20 {
            let cell = View(frame: Rect(x: 0, y: Double(row) * 50, width: 160, height: 49))
            cell.backgroundColor = row % 2 == 0 ? Color(rgb: 0xECF0F1) : Color(rgb: 0xD5DBDB)
            list.addSubview(cell)
        }
        window.addSubview(list)
        let button = Button(frame: Rect(x: 170, y: 70, width: 140, height: 60))
        button.title = "Start"
        button.image = ImageLoader.asset(named: "touch-target")
        button.backgroundColor = Color(rgb: 0x34495E)
        button.cornerRadius = 8
        button.setTitleColor(.white, for: .normal)
        window.addSubview(button)
        let fingers = TouchScript(app)
        fingers.down(at: Point(80, 150))
        for i in 1...6 { fingers.move(to: Point(80, 150 - Double(i) * 15)) }
        #expect(list.verticalScrollIndicatorFrame != nil)
        try Snapshot.check(window, named: "scroll-indicator-image-button")
        fingers.up()
        fingers.wait(5)
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(list.verticalScrollIndicatorFrame == nil, "hidden once the scrolling stops")
    }
}

@MainActor
@Suite(.serialized, .fontsRegistered) struct TransformTests {
    @Test func hitTestingAndConversionFollowTheTransform() {
        let stage = Stage()
        let view = View(name: "rotated", frame: Rect(x: 100, y: 100, width: 200, height: 20))
        view.transform = AffineTransform(rotationAngle: Double.pi / 2)
        stage.window.addSubview(view)
        // Turned a quarter about its centre (200, 110): now a 20 x 200 bar standing at x 190...210.
        #expect(stage.window.hitTest(Point(200, 30), with: nil) === view)
        #expect(stage.window.hitTest(Point(120, 110), with: nil) === stage.window, "where the unrotated bar was")
        let local = view.convert(Point(200, 30), from: nil)
        #expect(abs(local.x - 20) < 1e-9 && abs(local.y - 10) < 1e-9)
        let back = view.convert(local, to: nil)
        #expect(abs(back.x - 200) < 1e-9 && abs(back.y - 30) < 1e-9)

        let scaled = View(name: "scaled", frame: Rect(x: 0, y: 400, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        let child = View(name: "child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scaled.addSubview(child)
        stage.window.addSubview(scaled)
        // Doubled about (50, 450): the child's 10 x 10 now covers (-50...-30, 350...370) on screen, clipped by the window at 0.
        #expect(stage.window.hitTest(Point(-45 + 50, 355), with: nil) === scaled, "x = 5 is past the child's 20 pt")
        #expect(stage.window.hitTest(Point(0.5, 355), with: nil) === scaled)
        let flat = View(name: "flat", frame: Rect(x: 300, y: 300, width: 50, height: 50))
        flat.transform = AffineTransform(scaleX: 0, y: 1)
        stage.window.addSubview(flat)
        #expect(stage.window.hitTest(Point(325, 325), with: nil) === stage.window, "a zero scale is never hit")
        // Touches report locations in the transformed view's space.
        let log = Log()
        final class Where: View {
            var log: Log?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                let p = touches.first!.location(in: self)
                log?.add("\(Int(p.x.rounded())),\(Int(p.y.rounded()))")
            }
        }
        let target = Where(frame: Rect(x: 100, y: 600, width: 100, height: 50))
        target.log = log
        target.transform = AffineTransform(rotationAngle: Double.pi)
        stage.window.addSubview(target)
        stage.fingers.tap(at: Point(190, 640))
        #expect(log.entries == ["10,10"], "upside down: the bottom-right corner is the view's top-left")
    }

    @Test func transformedViewsRenderAndRedrawCorrectly() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 160), application: app)
        window.backgroundColor = Color(rgb: 0x202830)
        window.makeKeyAndVisible()
        var buttons: [Button] = []
        for (i, t) in [AffineTransform(rotationAngle: Double.pi / 8), AffineTransform(scaleX: 1.3, y: 0.8),
                       AffineTransform(translationX: 10, y: 20)].enumerated() {
            let button = Button(frame: Rect(x: 15 + Double(i) * 95, y: 40, width: 80, height: 50))
            button.title = "B\(i + 1)"
            button.backgroundColor = Color(rgb: 0x34495E)
            button.cornerRadius = 8
            button.borderWidth = 1
            button.borderColor = .white
            button.setTitleColor(.white, for: .normal)
            button.transform = t
            window.addSubview(button)
            buttons.append(button)
        }
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "transformed-buttons")
        buttons[0].transform = AffineTransform(rotationAngle: -Double.pi / 6)
        buttons[1].isHighlighted = true
        display.renderFrame()
        let fresh = try HeadlessDisplay(window: window)
        window.setNeedsFullRedraw()
        fresh.renderFrame()
        #expect(display.framebuffer.countDifferingPixels(from: fresh.framebuffer, tolerance: 0) == 0)
    }

    @Test func transformAlgebra() {
        let r = AffineTransform(rotationAngle: Double.pi / 3).concatenating(AffineTransform(translationX: 5, y: -2))
        let inverse = r.inverted()!
        let p = inverse.apply(to: r.apply(to: Point(7, 11)))
        #expect(abs(p.x - 7) < 1e-9 && abs(p.y - 11) < 1e-9)
        #expect(AffineTransform(scaleX: 0, y: 3).inverted() == nil)
        #expect(AffineTransform(scaleX: 2, y: 3).boundingBox(of: Rect(x: 1, y: 1, width: 2, height: 2)) == Rect(x: 2, y: 3, width: 4, height: 6))
    }
}
