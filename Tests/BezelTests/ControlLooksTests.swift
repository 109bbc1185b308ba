import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's iOS 13 looks at 2x, light and dark: the segmented control (grey track, raised
/// selection with its shadow, pressed segment) and the stepper (grey halves, a pressed half,
/// a limit reached); and template images in a bar at 1x.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ControlLooksTests {
    /// A 360 x 150 window with a segmented control (one segment pressed) and two steppers.
    func window(style: UserInterfaceStyle) -> (Window, TouchScript) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 360, height: 150), application: app)
        window.overrideUserInterfaceStyle = style
        window.backgroundColor = .systemBackground
        let segments = SegmentedControl(frame: Rect(x: 20, y: 16, width: 320, height: 32), items: ["Small", "Medium", "Large"])
        segments.selectedSegmentIndex = 1
        let stepper = Stepper(frame: Rect(x: 20, y: 70, width: 94, height: 32))
        stepper.value = 3
        let atLimit = Stepper(frame: Rect(x: 140, y: 70, width: 94, height: 32))
        atLimit.minimumValue = 0
        atLimit.value = 0
        for view in [segments, stepper, atLimit] as [View] { window.addSubview(view) }
        window.makeKeyAndVisible()
        let fingers = TouchScript(app)
        // Fingers held on the first segment and on the first stepper's plus.
        fingers.frame([.down(1, at: Point(x: 60, y: 32)), .down(2, at: Point(x: 90, y: 86))])
        return (window, fingers)
    }

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func theSegmentedControlAndStepperAt2x(style: UserInterfaceStyle) throws {
        let (window, fingers) = window(style: style)
        let display = try HeadlessDisplay(window: window, scale: 2)
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "controls-ios13-\(style == .dark ? "dark" : "light")@2x")
        fingers.frame([.up(1), .up(2)])
    }

    @Test func aFormSheetHasRoundedCornersAtItsPreferredSize() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        let root = ViewController()
        root.view.backgroundColor = .systemBlue
        window.rootViewController = root
        window.makeKeyAndVisible()
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        sheet.preferredContentSize = Size(width: 420, height: 240)
        sheet.view.backgroundColor = .systemBackground
        // A header band: clipped to the rounded corners with the sheet.
        let header = View(frame: Rect(x: 0, y: 0, width: 420, height: 56))
        header.backgroundColor = .systemOrange
        sheet.view.addSubview(header)
        sheet.view.addSubview(Label(frame: Rect(x: 20, y: 90, width: 380, height: 40), text: "A form sheet, 420 x 240"))
        root.present(sheet, animated: false)
        #expect(sheet.view.cornerRadius == 10 && sheet.view.clipsToBounds && sheet.view.frame == Rect(x: 190, y: 120, width: 420, height: 240))
        try Snapshot.check(window, named: "form-sheet-preferred-size")
        // Corners the app chose stay.
        sheet.dismiss(animated: false)
        let square = ViewController()
        square.modalPresentationStyle = .formSheet
        square.view.cornerRadius = 2
        root.present(square, animated: false)
        #expect(square.view.cornerRadius == 2)
    }

    /// A window with a shadowed card (`shadowOpacity` 0.3, 6 pt down, radius 8) on grey.
    func shadowStage() throws -> (Window, View, HeadlessDisplay) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 240), application: app)
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        let card = View(frame: Rect(x: 60, y: 50, width: 200, height: 120))
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.shadowOpacity = 0.3
        card.shadowOffset = Size(width: 0, height: 6)
        card.shadowRadius = 8
        window.addSubview(card)
        window.makeKeyAndVisible()
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        return (window, card, display)
    }

    @Test func aViewCastsALayerShadowThatMovesWithIt() throws {
        let (_, card, display) = try shadowStage()
        #expect(card.shadowColor == .black && card.shadowPath == nil)
        try Snapshot.check(display.framebuffer, named: "view-shadow")
        func luma(_ x: Int, _ y: Int) -> Int { Int((display.framebuffer.pixel(x: x, y: y) ?? 0) & 0xFF) }
        let background = luma(380, 220)
        #expect(luma(160, 178) < background - 20, "the shadow below the card (6 pt down)")
        #expect(luma(160, 44) > luma(160, 178), "lighter above than below")
        // Moved: the frame's damage includes the shadow's old and new places, so an
        // incremental frame equals a full redraw of the same scene.
        card.frame.origin = Point(x: 150, y: 80)
        display.renderFrame()
        let (_, other, fresh) = try shadowStage()
        other.frame.origin = Point(x: 150, y: 80)
        other.window?.layoutIfNeeded()
        let scratch = try HeadlessDisplay(window: try #require(other.window))
        scratch.renderFrame()
        #expect(display.framebuffer.countDifferingPixels(from: scratch.framebuffer, tolerance: 0) == 0)
        _ = fresh
        #expect(luma(100, 178) == background, "no shadow left where the card was")
        // Out-of-range settings are clamped; a view that clips to its bounds hides its shadow
        // (Core Animation's masksToBounds).
        card.shadowOpacity = 7
        card.shadowRadius = -.infinity
        #expect(card.shadowOpacity == 1 && card.shadowRadius == 0)
        card.shadowRadius = 8
        card.shadowOpacity = 0.3
        card.clipsToBounds = true
        display.renderFrame()
        #expect(luma(250, 208) == background, "clipped away")
    }
}
