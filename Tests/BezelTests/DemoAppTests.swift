import Testing
@testable import Bezel
import BezelCairo
import BezelDemoApp
#if canImport(Glibc)
import Glibc
#endif

/// The demo kiosk app: its screens, navigation and clock driven by scripted fingers on a
/// virtual clock, and `bezel-demo`'s headless tour (the README's demo command) producing the
/// screenshots kept as goldens.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DemoAppTests {
    func makeDemo() -> (DemoApp, TouchScript, VirtualClock, [String]) {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 59 * 60 + 30 + clock.now })
        var log: [String] = []
        demo.log = { log.append($0) }
        _ = log
        return (demo, TouchScript(app), clock, [])
    }

    func center(_ view: View) -> Point { view.convert(Point(x: view.bounds.width / 2, y: view.bounds.height / 2), to: nil) }

    @Test func tilesPushScreensWithASlideAndBackPopsThem() {
        let (demo, fingers, _, _) = makeDemo()
        #expect(demo.navigation.topViewController === demo.home && demo.navigation.navigationBar.backButton.isHidden)
        fingers.tap(at: center(demo.home.tiles[1]))           // "List"
        #expect(demo.navigation.isTransitioning && demo.navigation.topViewController === demo.list)
        fingers.wait(0.1)
        // The model is at the end at once; the screen shows the slide (UIKit's presentation values).
        let x = demo.list.view.presentation.frame.origin.x
        #expect(demo.list.view.frame.origin.x == 0)
        #expect(x > 0 && x < 800, "mid-slide the list is on its way in from the right (x = \(x))")
        let homeX = demo.home.view.presentation.frame.origin.x
        #expect(homeX < 0 && homeX > -800 / 3 - 1, "the home screen moves a third of the way left")
        // Touches during the slide are ignored (UIKit's rule).
        var pressed = false
        demo.list.visibleSelectButtons[0].addAction(for: .touchUpInside) { _, _ in pressed = true }
        fingers.tap(at: Point(x: 710, y: 88))
        fingers.wait(0.5)
        #expect(!demo.navigation.isTransitioning && demo.list.view.frame.origin.x == 0 && demo.home.view.superview == nil)
        #expect(!pressed, "a tap during the transition reached a row")
        #expect(demo.navigation.navigationBar.titleLabel.text == "List" && !demo.navigation.navigationBar.backButton.isHidden)
        fingers.tap(at: center(demo.navigation.navigationBar.backButton))
        fingers.wait(0.5)
        #expect(demo.navigation.topViewController === demo.home && demo.list.view.superview == nil && demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.navigationBar.titleLabel.text == "Kiosk" && demo.navigation.navigationBar.backButton.isHidden)
    }

    @Test func aRowsButtonSelectsItAndADragScrollsInstead() {
        let (demo, fingers, _, _) = makeDemo()
        fingers.tap(at: center(demo.home.tiles[1]))
        fingers.wait(1)
        fingers.tap(at: center(demo.list.visibleSelectButtons[2]))
        fingers.wait(0.3)
        #expect(demo.list.selectedRow == 3 && demo.navigation.navigationBar.titleLabel.text == "Row 3 selected")
        // A drag starting on a button scrolls the list and selects nothing.
        fingers.drag(from: center(demo.list.visibleSelectButtons[4]), to: Point(x: 710, y: 150), steps: 10, duration: 0.3)
        fingers.wait(5)
        #expect(demo.list.tableView.contentOffset.y > 100 && demo.list.selectedRow == 3)
    }

    @Test func theSettingsControlsShowTheirValues() {
        let (demo, fingers, _, _) = makeDemo()
        demo.open("Settings")
        fingers.wait(1)
        fingers.tap(at: center(demo.settings.soundSwitch))
        let theme = demo.settings.theme
        fingers.tap(at: theme.convert(Point(x: theme.bounds.width * 5 / 6, y: 10), to: nil))
        let stepper = demo.settings.idleMinutes
        fingers.tap(at: stepper.convert(Point(x: stepper.bounds.width / 4, y: 10), to: nil))
        fingers.wait(0.5)
        #expect(demo.settings.values["Sounds"]?.text == "off")
        #expect(demo.settings.values["Theme"]?.text == "Auto")
        #expect(demo.settings.values["Idle timeout"]?.text == "4 min")
    }

    @Test func theGesturePlaygroundShowsEachRecognizersState() {
        let (demo, fingers, _, _) = makeDemo()
        demo.open("Gestures")
        fingers.wait(1)
        let card = center(demo.gestures.card)
        fingers.tap(at: card, hold: 0.7)
        fingers.wait(1)
        #expect(demo.gestures.lines["long press"]?.text?.hasPrefix("long press: ended") == true)
        fingers.drag(from: card, to: Point(x: card.x + 100, y: card.y), steps: 10, duration: 0.5)
        fingers.wait(1)
        #expect(demo.gestures.lines["pan"]?.text == "pan: ended x1 (100, 0)")
        #expect(abs(center(demo.gestures.card).x - (card.x + 100)) < 0.5, "the card moved with the finger")
        fingers.tap(at: Point(x: 100, y: 400))
        fingers.wait(1)
        // The 0.7 s press counted as a tap too (all recognize together here, and a tap may last
        // up to 1.5 s), and this one is the second, recognized once the double tap failed.
        #expect(demo.gestures.lines["tap"]?.text == "tap: ended x2")
    }

    @Test func theMotionCardSpringsHomeAndCanBeGrabbedMidFlight() {
        let (demo, fingers, _, _) = makeDemo()
        var log: [String] = []
        demo.log = { log.append($0) }
        demo.open("Motion")
        fingers.wait(1)
        let card = demo.motion.card
        let home = card.center
        fingers.drag(from: center(card), to: center(card) + Point(x: 200, y: 100), steps: 8, duration: 0.12)
        #expect(card.center == demo.motion.cardHome, "the model is home at once")
        fingers.wait(0.1)
        let flying = card.presentation.center
        #expect(flying != home && flying.x > home.x, "on its way home (\(flying))")
        // Grab it where it is seen: the card takes the touch (.allowUserInteraction) and stops there.
        let grabAt = card.superview!.convert(flying, to: nil)
        fingers.down(at: grabAt)
        fingers.wait(0.05)
        fingers.move(to: grabAt + Point(x: 12, y: 0))
        fingers.wait(0.05)
        fingers.move(to: grabAt + Point(x: 24, y: 0))
        #expect(log.contains("card grabbed mid-flight"))
        #expect(abs(card.presentation.center.x - (flying.x + 24)) < 1, "it follows the finger from where it was seen")
        fingers.up()
        fingers.wait(2)
        #expect(card.presentation.center == home && !card.hasRunningAnimations)
        #expect(log.filter { $0.hasPrefix("card") } == ["card released", "card grabbed mid-flight", "card interrupted", "card released", "card settled"])
        #expect(!demo.application.displayLink.isRunning)
    }

    @Test func theDrawerRunsOnAnAnimatorThatTheButtonTurnsAround() {
        let (demo, fingers, _, _) = makeDemo()
        demo.open("Motion")
        fingers.wait(1)
        let drawer = demo.motion.drawer
        demo.motion.toggleDrawer()
        fingers.wait(MotionViewController.drawerDuration / 2)
        let midway = drawer.presentation.frame.origin.y
        #expect(midway < demo.motion.drawerClosedY && midway > MotionViewController.drawerOpenY)
        demo.motion.toggleDrawer()            // turned around: back to closed
        fingers.wait(1)
        #expect(!demo.motion.isDrawerOpen && drawer.frame.origin.y == demo.motion.drawerClosedY)
        demo.motion.toggleDrawer()
        fingers.wait(1)
        #expect(demo.motion.isDrawerOpen && drawer.frame.origin.y == MotionViewController.drawerOpenY)
    }

    @Test func resetAsksWithAnAlertAndPutsTheSettingsBack() {
        let (demo, fingers, _, _) = makeDemo()
        var log: [String] = []
        demo.log = { log.append($0) }
        demo.open("Settings")
        fingers.wait(1)
        demo.window.layoutIfNeeded()
        demo.settings.soundSwitch.isOn = false
        fingers.tap(at: center(demo.navigation.navigationBar.itemViewsShown[0]))
        fingers.wait(1)
        let alert = try! #require(demo.settings.presentedViewController as? AlertController)
        #expect(demo.navigation.presentedViewController === alert && alert.actions.map(\.title) == ["Cancel", "Reset"])
        let buttons = alert.view.subviews[0].subviews.compactMap { $0 as? Button }
        fingers.tap(at: center(buttons[1]))
        fingers.wait(1)
        #expect(log.suffix(1) == ["settings reset"] && demo.settings.soundSwitch.isOn)
        #expect(demo.settings.values["Sounds"]?.text == "on")
    }

    @Test func theChartsGaugeAnimatesItsRingToTheNextBrew() throws {
        let (demo, fingers, _, _) = makeDemo()
        var log: [String] = []
        demo.log = { log.append($0) }
        fingers.tap(at: center(demo.home.tiles[5]))
        fingers.wait(1)
        #expect(demo.navigation.topViewController === demo.charts && log.suffix(2) == ["open Charts", "showing Charts"])
        let gauge = demo.charts.gauge
        #expect(gauge.arc.strokeEnd == 0.72 && gauge.valueLabel.text == "72 %")
        fingers.tap(at: center(gauge))
        #expect(log.last == "brew at 35 %" && gauge.arc.strokeEnd == 0.35 && gauge.valueLabel.text == "35 %")
        fingers.wait(0.3)
        // Half way through the 0.6 s ease-in-out: the ring shows half way between 72 % and 35 %.
        let shown = gauge.arc.presentedDrawnValue(1, model: gauge.arc.strokeEnd)
        #expect(abs(shown - (0.72 + 0.35) / 2) < 0.02, "\(shown)")
        fingers.wait(1)
        #expect(gauge.arc.presentedDrawnValue(1, model: -1) == -1)
        #expect(demo.charts.chart.values.count == demo.charts.chart.labels.count)
        // The order line follows the @Observable brew model (observe), updated at the next frame.
        let line = try #require(demo.charts.view.subviews.compactMap { $0 as? Label }.first { $0.name == "order line" })
        #expect(demo.charts.brews.orderNumber == 43 && line.text == "Order #0042  3.20", "not before a frame")
        demo.window.prepareForFrame()
        #expect(line.text == "Order #0043  3.20")
    }

    /// `--attract-after`: the attract loop after that long without a touch, never before;
    /// a touch ends it and the wait starts again; without the option nothing but the clock
    /// wakes the idle demo (the test below).
    @Test func theAttractLoopStartsAfterTheIdleTimeAndATouchEndsIt() throws {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + clock.now })
        var log: [String] = []
        demo.log = { log.append($0) }
        let fingers = TouchScript(app)
        demo.attractAfter = 60
        app.runLoop.advance(by: 40)
        fingers.tap(at: Point(x: 400, y: 300))   // a touch at 40 s: the wait starts again
        app.runLoop.advance(by: 59)
        #expect(demo.attract == nil, "99 s in, 59 s after the touch")
        app.runLoop.advance(by: 2)
        #expect(demo.attract != nil && log.contains("idle 60 s") && log.contains("attract loop"), "\(log)")
        app.runLoop.advance(by: 1)
        fingers.tap(at: Point(x: 400, y: 300))
        app.runLoop.advance(by: 1)
        #expect(demo.attract == nil && log.last == "attract ended")
        app.runLoop.advance(by: 61)
        #expect(demo.attract != nil, "again after the next idle minute")
        let reports = log.count
        demo.attractAfter = -5
        #expect(demo.attractAfter == nil && log.count == reports + 1, "a bad value is reported and turns it off")
    }

    @Test func theClockShowsTheMinuteAndWakesOnlyOnMinuteBoundaries() {
        let (demo, _, _, _) = makeDemo()
        let runLoop = demo.application.runLoop
        #expect(demo.clock.text == "09:59" && demo.clock.updates == 1)
        // The only timer the idle app has is the clock's, due at the next minute (30 s on).
        let deadline = runLoop.nextDeadline ?? 0
        #expect(abs(deadline - 30.001) < 1e-6, "next wake-up at \(deadline)")
        runLoop.advance(by: 30.01)
        #expect(demo.clock.text == "10:00" && demo.clock.updates == 2)
        runLoop.advance(by: 3600)
        #expect(demo.clock.text == "11:00" && demo.clock.updates == 62, "one update a minute, no more")
        #expect(MinuteClock.format(-60) == "23:59" && MinuteClock.format(86400 + 61) == "00:01")
    }

    @Test func theDemoCommandToursEveryScreenHeadlessAndWritesTheScreenshots() throws {
        let demo = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-demo"))
        let directory = "/tmp/bezel-demo-shots-\(getpid())"
        let (output, status) = runCommand("BEZEL_BACKEND=headless BEZEL_SCREENSHOT_DIR=\(directory) BEZEL_CONFIG=/dev/null \(demo)")
        try #require(status == 0 && output.contains("touring the demo headless instead"), "\(output)")
        for name in ["01-home", "02-push-transition", "03-gestures", "04-list", "05-settings", "06-alert", "07-motion", "08-form", "09-pin", "10-charts", "11-home-light",
                     // The language picker (issue 31): German, Arabic and Japanese, live.
                     "12-home-deutsch", "13-home-arabic", "14-home-japanese", "15-settings-japanese"] {
            let image = try ImageBuffer(contentsOfPNG: "\(directory)/\(name).png")
            #expect(try Snapshot.check(image, named: "demo-" + name))
        }
        #expect(output.contains("APP: Row 20 selected"))
        #expect(output.contains("APP: Row 22 deleted"), "the list's swipe-to-delete")
        #expect(output.contains("APP: theme light: the window is light"), "Settings' Theme switches the window")
        #expect(output.contains("APP: Saved Ada <ada@bezel.dev>, PIN set"), "the form typed on the on-screen keyboard")
        // Bad arguments and bad settings: clear messages, no tour.
        let (bad, badStatus) = runCommand("\(demo) --frobnicate 2>&1")
        #expect(badStatus == 2 && bad.contains("unknown argument '--frobnicate'"))
        let (badSetting, settingStatus) = runCommand("BEZEL_ROTATION=45 BEZEL_CONFIG=/dev/null \(demo) 2>&1")
        #expect(settingStatus == 1 && badSetting.contains("BEZEL_ROTATION=45: expected 0, 90, 180 or 270"))
        // The simulator with no desktop: a clear error, not an invisible window.
        let (noDesktop, noDesktopStatus) = runCommand("env -u DISPLAY -u WAYLAND_DISPLAY BEZEL_BACKEND=sim BEZEL_CONFIG=/dev/null BEZEL_ROTATON=90 \(demo) 2>&1")
        #expect(noDesktopStatus == 1 && noDesktop.contains("backend sim: no desktop to open the simulator's window on"), "\(noDesktop)")
        #expect(noDesktop.contains("BEZEL_ROTATON is not a Bezel setting (did you mean BEZEL_ROTATION?); ignored"))
        // DISPLAY naming an X server that is not running: SDL would draw into its offscreen
        // driver; the simulator refuses it with the reason (K1 once ran so when Xvfb failed).
        let (deadDisplay, deadStatus) = runCommand("env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER XDG_RUNTIME_DIR=/nonexistent DISPLAY=:4093 BEZEL_BACKEND=sim BEZEL_CONFIG=/dev/null \(demo) 2>&1")
        #expect(deadStatus == 1 && deadDisplay.contains("simulator: no window system answers (DISPLAY=:4093); SDL fell back to its offscreen driver"), "\(deadDisplay)")
        let (help, helpStatus) = runCommand("\(demo) --help")
        #expect(helpStatus == 0 && help.contains("BEZEL_DIM_AFTER") && help.contains("/etc/bezel/bezel.conf"))
    }
}


/// NavigationController misuse and edge cases: nothing crashes, misuse is reported.
@MainActor
@Suite(.serialized, .fontsRegistered) struct NavigationControllerTests {
    @Test func misuseIsReportedAndIgnored() {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        let root = ViewController()
        root.title = "Root"
        let navigation = NavigationController(rootViewController: root)
        window.rootViewController = navigation
        navigation.view.frame = window.bounds
        window.makeKeyAndVisible()
        let reports = capturingDiagnostics {
            #expect(navigation.popViewController(animated: true) == nil, "the root is never popped")
            let second = ViewController()
            second.title = "Second"
            navigation.pushViewController(second, animated: true)
            navigation.pushViewController(ViewController(), animated: true)     // during the slide: ignored
            app.runLoop.advance(by: 1)
            #expect(navigation.viewControllers.count == 2 && navigation.topViewController === second)
            navigation.pushViewController(second, animated: false)               // already there: ignored
            #expect(navigation.viewControllers.count == 2)
            let third = ViewController()
            navigation.pushViewController(third, animated: false)
            #expect(navigation.topViewController === third && third.view.frame.origin.x == 0 && second.view.superview == nil)
            navigation.popToRootViewController(animated: true)
            app.runLoop.advance(by: 1)
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === root && root.view.superview != nil)
            #expect(third.parent == nil && second.parent == nil, "popped controllers leave the hierarchy")
        }
        #expect(reports.count == 2 && reports.allSatisfy { $0.kind == .apiMisuse && $0.message.contains("pushViewController") }, "\(reports)")
    }
}
