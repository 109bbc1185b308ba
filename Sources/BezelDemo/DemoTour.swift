import Bezel
import BezelCairo
import BezelDemoApp
import BezelInput
#if canImport(Glibc)
import Glibc
#endif

/// The headless tour: the demo app on a virtual clock, driven by scripted fingers through
/// every screen, rendered with cairo into memory and written as PNGs. What `bezel-demo` does
/// on a machine with no display (and with `--tour`).
@MainActor
struct DemoTour {
    let screenshots: String
    let trace: TraceCategory
    /// Device pixels a point (BEZEL_SCALE): 2 tours an 800x480-point UI on a 1600x960 panel.
    var scale = 1.0

    /// 09:41, the time on Apple's product shots: fixed, so the screenshots are the same on
    /// every run.
    static let timeOfDay = 9 * 3600 + 41 * 60.0

    func run() throws -> [String] {
        let clock = VirtualClock()
        // Before the app loads its images: SVGs are drawn at the screen's scale.
        ImageLoader.screenScale = scale
        let app = Application(clock: clock, tracer: Tracer(categories: trace) { category, message in print("    [\(category)] \(message)") })
        // In English whatever the machine's LANG (the screenshots are the documentation's);
        // the picker switches at the end.
        app.preferredLanguages = ["en"]
        // The keyboard of each language, as the runtime gives a panel (the globe key).
        app.keyboardKeyMapLoader = { try? KeyboardLayout($0).onScreenKeyMap() }
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { Self.timeOfDay + clock.now })
        demo.log = { print("t=\(Int((clock.now * 1000).rounded()))ms  APP: \($0)") }
        let fingers = TouchScript(app)
        let display = try HeadlessDisplay(window: demo.window, scale: scale)
        var written: [String] = []
        func screenshot(_ name: String) throws {
            _ = display.renderFrame()
            let number = written.count + 1
            let path = screenshots + "/\(number < 10 ? "0" : "")\(number)-\(name).png"
            try display.writeScreenshot(to: path)
            written.append(path)
            print("t=\(Int((clock.now * 1000).rounded()))ms  FRAME -> \(path)")
        }
        func center(of view: View) -> Point {
            view.convert(Point(x: view.bounds.width / 2, y: view.bounds.height / 2), to: nil)
        }
        func settle() { fingers.wait(1) }
        /// Back to the home screen, then the screen behind tile `tile` (each slide left to finish).
        func backHomeThenOpen(tile: Int) {
            fingers.tap(at: center(of: demo.navigation.navigationBar.backButton))
            settle()
            fingers.tap(at: center(of: demo.home.tiles[tile]))
            settle()
        }

        print("== home")
        try screenshot("home")

        print("== tap Gestures: the playground slides in (0.35 s, on display-link frames)")
        fingers.tap(at: center(of: demo.home.tiles[0]))
        fingers.wait(0.12)
        try screenshot("push-transition")
        settle()
        print("== gestures: a double tap, then two fingers pinch and turn the card")
        let card = center(of: demo.gestures.card)
        fingers.tap(at: card)
        fingers.wait(0.15)
        fingers.tap(at: card)
        fingers.wait(0.5)
        fingers.frame([.down(1, at: Point(x: card.x - 50, y: card.y)), .down(2, at: Point(x: card.x + 50, y: card.y))])
        for step in 1...10 {
            fingers.wait(0.02)
            let angle = Double(step) * 0.05, radius = 50 + Double(step) * 4
            fingers.frame([.move(1, to: Point(x: card.x - radius * cos(angle), y: card.y - radius * sin(angle))),
                           .move(2, to: Point(x: card.x + radius * cos(angle), y: card.y + radius * sin(angle)))])
        }
        try screenshot("gestures")
        fingers.frame([.up(1), .up(2)])
        settle()

        print("== back, then the list (10,000 rows): a fling, Select on a visible row, then a row swiped left to show Delete")
        backHomeThenOpen(tile: 1)
        fingers.drag(from: Point(x: 300, y: 420), to: Point(x: 300, y: 180), steps: 8, duration: 0.12)
        // Until the fling has come to rest: a touch during deceleration only stops the list
        // (UIKit's rule), it would not reach the row's button.
        fingers.wait(6)
        let visible = demo.list.visibleSelectButtons.filter { button in
            let c = center(of: button)
            return c.y > 100 && c.y < 440
        }
        if let first = visible.first { fingers.tap(at: center(of: first)) }
        settle()
        if visible.count > 2 {
            let row = center(of: visible[2]).y
            fingers.drag(from: Point(x: 500, y: row), to: Point(x: 300, y: row), steps: 8, duration: 0.15)
            settle()
        }
        try screenshot("list")
        if let delete = demo.list.tableView.subviews.first(where: { $0.name == "swipeActions" })?.subviews.first {
            fingers.tap(at: center(of: delete))
            settle()
        }

        print("== back, then settings: dim when idle on, theme Light, idle timeout +1")
        backHomeThenOpen(tile: 2)
        fingers.tap(at: center(of: demo.settings.dimSwitch))
        let theme = demo.settings.theme
        fingers.tap(at: theme.convert(Point(x: theme.bounds.width / 2, y: theme.bounds.height / 2), to: nil))
        let stepper = demo.settings.idleMinutes
        fingers.tap(at: stepper.convert(Point(x: stepper.bounds.width * 0.75, y: stepper.bounds.height / 2), to: nil))
        settle()
        try screenshot("settings")

        print("== Reset in the bar: the confirmation alert zooms in; Reset puts the settings back, animated")
        fingers.tap(at: center(of: demo.navigation.navigationBar.itemViewsShown[0]))
        settle()
        try screenshot("alert")
        if let reset = demo.settings.presentedViewController?.view.subviews.first?.subviews.last {
            fingers.tap(at: center(of: reset))
        }
        settle()

        print("== back, then motion: the drawer opens on an animator; the card is thrown and springs home")
        backHomeThenOpen(tile: 3)
        fingers.tap(at: center(of: demo.motion.drawerButton))
        let thrown = center(of: demo.motion.card)
        fingers.drag(from: thrown, to: Point(x: thrown.x + 180, y: thrown.y + 120), steps: 8, duration: 0.12)
        fingers.wait(0.05)
        try screenshot("motion")
        settle()

        print("== back, then the form: type a name and an e-mail address on the on-screen keyboard, then a PIN on the number pad")
        backHomeThenOpen(tile: 4)
        /// Taps the on-screen keys that type `text` (each character's key by its label).
        func type(_ text: String) {
            for character in text {
                let keyboard = demo.window.subviews.last?.subviews.compactMap { $0 as? KeyboardView }.first
                guard let keyboard, let key = keyboard.center(ofKey: String(character)) else {
                    print("    no key \(character) on the keyboard")
                    continue
                }
                fingers.tap(at: keyboard.convert(key, to: nil))
                fingers.wait(0.08)
            }
        }
        func tapReturn() {
            let keyboard = demo.window.subviews.last?.subviews.compactMap { $0 as? KeyboardView }.first
            if let keyboard, let key = keyboard.keys.first(where: { $0.role == .returnKey }) {
                fingers.tap(at: keyboard.convert(key.frame.center, to: nil))
            }
            settle()
        }
        fingers.tap(at: center(of: demo.form.nameField))
        settle()
        type("Ada")
        tapReturn()
        type("ada@bezel.dev")
        try screenshot("form")
        tapReturn()
        type("2468")
        try screenshot("pin")
        tapReturn()
        fingers.tap(at: center(of: demo.form.saveButton))
        settle()

        print("== back, then the charts: a tap on the gauge animates its ring to the next brew")
        backHomeThenOpen(tile: 5)
        fingers.tap(at: center(of: demo.charts.gauge))
        fingers.wait(0.3)
        try screenshot("charts")
        settle()

        print("== back, then settings: theme Light, and home again: every screen follows the window's style")
        backHomeThenOpen(tile: 2)
        fingers.tap(at: theme.convert(Point(x: theme.bounds.width / 2, y: theme.bounds.height / 2), to: nil))
        settle()
        fingers.tap(at: center(of: demo.navigation.navigationBar.backButton))
        settle()
        try screenshot("home-light")

        print("== the language picker: Deutsch, العربية, 日本語; every screen follows live, Arabic right to left")
        func button(titled title: String) -> Button? {
            var pending: [View] = [demo.window]
            while let view = pending.popLast() {
                if let button = view as? Button, button.title == title, !button.isHidden { return button }
                pending.append(contentsOf: view.subviews)
            }
            return nil
        }
        for (language, name) in [("Deutsch", "deutsch"), ("العربية", "arabic"), ("日本語", "japanese")] {
            guard let picker = demo.navigation.navigationBar.itemViewsShown.first else { break }
            fingers.tap(at: center(of: picker))
            settle()
            guard let choice = button(titled: language) else { break }
            fingers.tap(at: center(of: choice))
            settle()
            try screenshot("home-\(name)")
        }
        fingers.tap(at: center(of: demo.home.tiles[2]))
        settle()
        try screenshot("settings-japanese")
        return written
    }
}
