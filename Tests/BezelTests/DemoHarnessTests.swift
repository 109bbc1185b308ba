import Testing
import Bezel
import BezelDemoApp
import BezelTesting
#if canImport(Glibc)
import Glibc
#endif

/// The demo driven through BezelTesting's `AppHarness`, as an app's own tests would be: taps
/// on views, a drag, a pinch, keys, a trace assertion and goldens (proving the harness on
/// the real demo screens).
@MainActor
@Suite struct DemoHarnessTests {
    func harness(trace: TraceCategory = []) throws -> (AppHarness, DemoApp) {
        var made: DemoApp?
        let harness = try AppHarness(size: Size(width: 800, height: 480), trace: trace) { application in
            let demo = DemoApp(application: application, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 })
            made = demo
            return demo.window
        }
        let demo = try #require(made)
        demo.log = { _ in }
        return (harness, demo)
    }

    /// Issue 33's demo: the home bar's menu (a template icon) opens the attract loop, whose
    /// timer turns the slides until a touch ends it and leaves no timer behind.
    @Test func theBarMenuOpensTheAttractLoopWhichATouchEnds() throws {
        let (app, demo) = try harness()
        var log: [String] = []
        demo.log = { log.append($0) }
        let more = try #require(app.view(identifiedBy: "more") as? Button)
        #expect(more.accessibilityLabel == "More" && more.menu != nil && more.showsMenuAsPrimaryAction)
        app.tap(more)
        app.wait(0.5)
        try app.expectSnapshot(named: "harness-menu")
        try app.tap(named: "attractLoop")
        app.wait(1)
        let attract = try #require(demo.attract)
        #expect(attract.pages.viewControllers?.first === attract.slides[0] && demo.application.isIdleTimerDisabled)
        app.wait(AttractViewController.interval)
        #expect(attract.pages.viewControllers?.first === attract.slides[1])
        try app.expectSnapshot(named: "harness-attract")
        app.wait(2 * AttractViewController.interval)
        #expect(attract.pages.viewControllers?.first === attract.slides[0], "round and round")
        app.tap(at: Point(x: 400, y: 200))
        app.wait(1)
        #expect(demo.attract == nil && !demo.application.isIdleTimerDisabled)
        #expect(log == ["attract loop", "attract slide 2", "attract slide 3", "attract slide 1", "attract ended"])
        // Only the clock's timer is left: the idle app wakes once a minute, as before.
        let deadline = demo.application.runLoop.nextDeadline ?? .infinity
        #expect(deadline - demo.application.clock.now > AttractViewController.interval, "next wake-up in \(deadline - demo.application.clock.now) s")
    }

    /// The menu's "Book a table": a form sheet with the inline date picker (a day tapped on
    /// the calendar, the time on its wheels) and a configured button that books it.
    @Test func bookingATableOnTheDatePicker() throws {
        let saved = DatePicker.currentTime
        defer { DatePicker.currentTime = saved }
        DatePicker.currentTime = { 1_795_686_060 }  // 2026-11-26 09:41 UTC
        let (app, demo) = try harness()
        var log: [String] = []
        demo.log = { log.append($0) }
        try app.tap(named: "more")
        app.wait(0.5)
        try app.tap(named: "bookTable")
        app.wait(1)
        let booking = try #require(demo.booking)
        booking.picker.timeZone = "UTC"
        app.render()
        // The 28th found as the spoken mode finds it, then tapped where it is drawn.
        let day = try #require(AccessibilityTree.elements(in: app.window).first { $0.accessibilityLabel == "Saturday, November 28" })
        app.tap(at: Point(x: day.accessibilityFrame.midX, y: day.accessibilityFrame.midY))
        app.wait(0.5)
        try app.expectSnapshot(named: "harness-booking")
        try app.tap(named: "book")
        app.wait(1)
        #expect(log == ["booking", "booked Nov 28, 2026, 9:30\u{202F}AM"] && demo.booking == nil, "\(log)")
    }

    /// The menu's "Call staff": an alert with a text field, typed into and sent with Return.
    @Test func callStaffAsksWhereInAnAlertWithATextField() throws {
        let (app, demo) = try harness()
        var log: [String] = []
        demo.log = { log.append($0) }
        try app.tap(named: "more")
        app.wait(0.5)
        try app.tap(named: "callStaff")
        app.wait(1)
        let field = try #require(app.view(named: "staffWhere") as? TextField)
        #expect(field.isFirstResponder)
        try app.type("Table 4")
        app.press(.enter)
        app.wait(1)
        #expect(log == ["staff called: Table 4"])
        // Help is a submenu: opened in place, its Accessibility row opens that screen.
        try app.tap(named: "more")
        app.wait(0.5)
        try app.tap(named: "help")
        try app.tap(named: "helpAccessibility")
        app.wait(1)
        #expect(demo.navigation.topViewController === demo.accessibility)
    }

    @Test func aTileTapOpensItsScreenAndTheTraceSaysWhy() throws {
        let (app, demo) = try harness(trace: [.actions])
        app.tap(demo.home.tiles[1])
        app.wait(1)
        #expect(demo.navigation.topViewController === demo.list)
        #expect(app.traceLines(.actions).contains { $0.contains("touchUpInside") }, "\(app.traceLines())")
        try app.expectSnapshot(named: "harness-list")
    }

    @Test func theGesturesScreenFollowsADragAndAPinch() throws {
        let (app, demo) = try harness()
        app.tap(demo.home.tiles[0])
        app.wait(1)
        let card = demo.gestures.card
        let before = card.frame.center
        let start = app.center(of: card)
        app.drag(from: start, to: Point(x: start.x + 60, y: start.y + 30))
        #expect(demo.gestures.lines["pan"]?.text?.hasPrefix("pan: ended") == true, "\(demo.gestures.lines["pan"]?.text ?? "")")
        app.pinch(center: app.center(of: card), from: 60, to: 140)
        #expect(demo.gestures.lines["pinch"]?.text?.hasPrefix("pinch: ended") == true, "\(demo.gestures.lines["pinch"]?.text ?? "")")
        #expect(card.frame.center != before || card.transform != .identity)
    }

    @Test func theFormTakesKeysFromAHardwareKeyboard() throws {
        let (app, demo) = try harness()
        app.tap(demo.home.tiles[4])
        app.wait(1)
        app.tap(demo.form.nameField)
        app.wait(0.5)
        #expect(demo.form.nameField.isFirstResponder)
        app.press(.tab)
        #expect(demo.form.emailField.isFirstResponder, "Tab moves to the next field")
        try app.expectSnapshot(named: "harness-form-email")
    }

    @Test func aMismatchOrAMissingGoldenIsAThrownErrorWithTheImagesWritten() throws {
        let (app, demo) = try harness()
        let folder = "/tmp/bezel-goldens-\(UInt32.random(in: 0...UInt32.max))"
        setenv("BEZEL_SNAPSHOT_FAILURES", folder + "/failures", 1)
        defer { unsetenv("BEZEL_SNAPSHOT_FAILURES"); _ = system("rm -rf \(folder)") }
        // No golden: an error saying how to record one.
        #expect(throws: SnapshotMismatch.self) { try GoldenImage.check(app.display.framebuffer, named: "home", in: folder) }
        do { try GoldenImage.check(app.display.framebuffer, named: "home", in: folder) } catch {
            #expect("\(error)" == "no golden image \(folder)/home.png: record it with BEZEL_RECORD_SNAPSHOTS=1")
        }
        // A golden of the home screen; the list screen differs from it.
        _ = mkdir(folder, 0o755)
        try app.display.framebuffer.writePNG(to: folder + "/home.png")
        try GoldenImage.check(app.display.framebuffer, named: "home", in: folder)
        app.tap(demo.home.tiles[1])
        app.wait(1)
        do {
            try GoldenImage.check(app.display.framebuffer, named: "home", in: folder)
            Issue.record("the list screen matched the home golden")
        } catch {
            #expect("\(error)".contains("pixels differ (allowed 384); see \(folder)/failures/home.diff.png"), "\(error)")
        }
        #expect(access(folder + "/failures/home.actual.png", F_OK) == 0 && access(folder + "/failures/home.diff.png", F_OK) == 0)
    }
}
