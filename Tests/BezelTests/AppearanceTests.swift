import Testing
@testable import Bezel
import BezelCairo

/// Light and dark, dynamic colours and tint: who is told, in which order, what is redrawn,
/// and how every built-in widget looks in each style and with a custom tint.
@MainActor
@Suite(.fontsRegistered) struct AppearanceTests {
    // MARK: Dynamic colours

    @Test func aDynamicColourResolvesPerStyleAndStaysDynamicThroughAlphaAndBlending() {
        let ink = Color(light: .black, dark: .white)
        #expect(ink.isDynamic)
        #expect(!Color.black.isDynamic)
        #expect(ink.resolved(with: .light) == .black)
        #expect(ink.resolved(with: .dark) == .white)
        #expect(ink.resolved(with: TraitCollection()) == .black, "an unspecified style resolves as light")
        // Its own components are its light resolution (what animations interpolate).
        #expect(ink.red == 0 && ink.alpha == 1)
        let faded = ink.withAlpha(0.5)
        #expect(faded.isDynamic)
        #expect(faded.resolved(with: .dark) == Color.white.withAlpha(0.5))
        let blend = ink.interpolated(to: .red, fraction: 0.5)
        #expect(blend.isDynamic)
        #expect(blend.resolved(with: .dark) == Color.white.interpolated(to: .red, fraction: 0.5))
        #expect(blend.resolved(with: .light) == Color.black.interpolated(to: .red, fraction: 0.5))
        // A provider answering with a dynamic colour is resolved through it; a plain colour is itself.
        let nested = Color { _ in ink }
        #expect(nested.resolved(with: .dark) == .white)
        #expect(!nested.resolved(with: .dark).isDynamic)
        #expect(Color.red.resolved(with: .dark) == .red)
        // Two dynamic colours are equal when both their resolutions are.
        #expect(Color(light: .black, dark: .white) == ink)
        #expect(Color(light: .black, dark: .gray) != ink)
        #expect(ink != .black, "a dynamic colour is not its light resolution")
        // The provider is asked once per appearance (each style, at normal and high contrast),
        // when the colour is made.
        var asked: [String] = []
        let counted = Color { traits in asked.append("\(traits.userInterfaceStyle) \(traits.accessibilityContrast)"); return .red }
        _ = counted.resolved(with: .dark)
        _ = counted.resolved(with: .light)
        #expect(asked == ["light unspecified", "dark unspecified", "light high", "dark high"])
    }

    @Test func systemColoursHaveUIKitsValuesInBothStyles() {
        #expect(Color.label.resolved(with: .light) == .black)
        #expect(Color.label.resolved(with: .dark) == .white)
        #expect(Color.systemBackground.resolved(with: .dark) == .black)
        #expect(Color.systemGroupedBackground.resolved(with: .light) == Color(rgb: 0xF2F2F7))
        #expect(Color.secondaryLabel.resolved(with: .light) == Color(rgb: 0x3C3C43, alpha: 0.6))
        #expect(Color.systemTint.resolved(with: .light) == Color(rgb: 0x007AFF))
        #expect(Color.systemTint.resolved(with: .dark) == Color(rgb: 0x0A84FF))
        #expect(View().tintColor == .systemTint)
    }

    // MARK: Who is told, in which order

    final class LoggingView: View {
        var log: Log
        init(_ name: String, log: Log) {
            self.log = log
            super.init(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            self.name = name
        }
        override func traitCollectionDidChange(_ previous: TraitCollection?) {
            log.lines.append("\(name ?? "?") \(previous?.userInterfaceStyle ?? .unspecified)->\(traitCollection.userInterfaceStyle)")
        }
        override func tintColorDidChange() { log.lines.append("tint \(name ?? "?")") }
    }

    final class LoggingController: ViewController {
        let log: Log
        let label: String
        init(_ label: String, log: Log) {
            self.log = log
            self.label = label
            super.init()
        }
        override func loadView() { view = LoggingView("\(label).view", log: log) }
        override func traitCollectionDidChange(_ previous: TraitCollection?) {
            log.lines.append("\(label) \(previous?.userInterfaceStyle ?? .unspecified)->\(traitCollection.userInterfaceStyle)")
        }
    }

    final class Log { var lines: [String] = [] }

    @Test func aStyleChangeTellsEveryControllerAndViewTopDownAndSkipsOverriddenSubtrees() {
        let log = Log()
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: app)
        let root = LoggingController("root", log: log)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let a = LoggingView("a", log: log), a1 = LoggingView("a1", log: log)
        let b = LoggingView("b", log: log), b1 = LoggingView("b1", log: log)
        a.addSubview(a1)
        b.addSubview(b1)
        b.overrideUserInterfaceStyle = .light
        root.view.addSubview(a)
        root.view.addSubview(b)
        #expect(log.lines.isEmpty, "everything starts light: nothing changed")

        app.userInterfaceStyle = .dark
        #expect(log.lines == ["root light->dark", "root.view light->dark", "a light->dark", "a1 light->dark"],
                "b forces light: neither it nor b1 is told")
        #expect(b1.traitCollection.userInterfaceStyle == .light)
        #expect(root.traitCollection.userInterfaceStyle == .dark)

        log.lines.removeAll()
        b.overrideUserInterfaceStyle = .unspecified
        #expect(log.lines == ["b light->dark", "b1 light->dark"])

        // A light view added to a dark tree takes its style, and is told.
        log.lines.removeAll()
        let c = LoggingView("c", log: log)
        a1.addSubview(c)
        #expect(log.lines == ["c light->dark"])
        // A window's override beats the application's.
        log.lines.removeAll()
        window.overrideUserInterfaceStyle = .light
        #expect(log.lines.first == "root dark->light")
        #expect(log.lines.count == 7)
        #expect(c.traitCollection.userInterfaceStyle == .light)
    }

    @Test func aControllersOverrideReachesItsViewLoadedOrNot() {
        let log = Log()
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: app)
        let early = LoggingController("early", log: log)
        early.overrideUserInterfaceStyle = .dark
        #expect(early.traitCollection.userInterfaceStyle == .light, "not loaded yet: UIKit's default")
        window.rootViewController = early
        window.makeKeyAndVisible()
        #expect(early.view.traitCollection.userInterfaceStyle == .dark)
        #expect(early.traitCollection.userInterfaceStyle == .dark)
        // Set on a loaded controller: its view and everything in it follow, and are told.
        let child = LoggingView("child", log: log)
        early.view.addSubview(child)
        log.lines.removeAll()
        early.overrideUserInterfaceStyle = .light
        #expect(log.lines == ["early dark->light", "early.view dark->light", "child dark->light"])
    }

    // MARK: What is redrawn

    @Test func aStyleChangeRedrawsOnlyTheViewsWhoseStyleChanged() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        window.backgroundColor = .systemBackground
        let left = Label(frame: Rect(x: 20, y: 20, width: 150, height: 40), text: "Left")
        let right = Label(frame: Rect(x: 220, y: 20, width: 150, height: 40), text: "Right")
        let rightInner = Switch(frame: Rect(x: 10, y: 4, width: 51, height: 31))
        window.addSubview(left)
        window.addSubview(right)
        right.addSubview(rightInner)
        window.makeKeyAndVisible()
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        let before = try ImageBuffer(width: 400, height: 300)
        display.framebuffer.copy([window.bounds], to: before)

        right.overrideUserInterfaceStyle = .dark
        let damage = display.renderFrame()
        let reach = right.frame.insetBy(dx: -rightInner.drawingOverflow - 1, dy: -rightInner.drawingOverflow - 1)
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { reach.contains($0) }, "redrew \(damage): only the right label and its switch changed")
        #expect(display.framebuffer.countDifferingPixels(from: before, tolerance: 0, in: right.frame) ?? 0 > 0)
        #expect(display.framebuffer.countDifferingPixels(from: before, tolerance: 0, in: left.frame) == 0)

        // Setting the style it already has draws nothing.
        right.overrideUserInterfaceStyle = .dark
        #expect(display.renderFrame().isEmpty)
        app.userInterfaceStyle = .light
        #expect(display.renderFrame().isEmpty, "the application was light already")
    }

    // MARK: Tint

    @Test func tintIsInheritedAndTellsOnlyTheViewsThatInheritIt() throws {
        let log = Log()
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: app)
        window.makeKeyAndVisible()
        let a = LoggingView("a", log: log), a1 = LoggingView("a1", log: log)
        let b = LoggingView("b", log: log), b1 = LoggingView("b1", log: log)
        window.addSubview(a)
        a.addSubview(a1)
        window.addSubview(b)
        b.addSubview(b1)
        b.tintColor = .systemGreen
        #expect(log.lines == ["tint b", "tint b1"])
        log.lines.removeAll()

        window.tintColor = .systemOrange
        #expect(log.lines == ["tint a", "tint a1"], "b keeps its own tint: neither it nor b1 is told")
        #expect(a1.tintColor == .systemOrange)
        #expect(b1.tintColor == .systemGreen)
        #expect(b1.traitCollection.userInterfaceStyle == .light)
    }

    // MARK: Looks

    /// Every built-in widget on one screen: a navigation bar, labels, buttons, switches, a
    /// slider, a stepper, a segmented control, progress, a page control, fields, a text view,
    /// a separator and a tab bar.
    static func gallery() -> (Application, Window) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 480, height: 420), application: app)
        window.backgroundColor = .systemGroupedBackground
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 480, height: NavigationBar.height))
        bar.titleLabel.text = "Gallery"
        window.addSubview(bar)

        let card = View(frame: Rect(x: 12, y: 72, width: 456, height: 270))
        card.backgroundColor = .secondarySystemGroupedBackground
        card.cornerRadius = 10
        window.addSubview(card)
        card.addSubview(Label(frame: Rect(x: 12, y: 8, width: 200, height: 24), text: "Espresso", style: TextStyle(size: 20, weight: .bold)))
        card.addSubview(Label(frame: Rect(x: 12, y: 32, width: 200, height: 20), text: "Double shot", style: TextStyle(size: 15, color: .secondaryLabel)))
        let plain = Button(frame: Rect(x: 230, y: 10, width: 100, height: 40))
        plain.title = "Order"
        card.addSubview(plain)
        let filled = Button(frame: Rect(x: 340, y: 10, width: 100, height: 40))
        filled.title = "Pay"
        filled.backgroundColor = .systemTint
        filled.setTitleColor(.white, for: .normal)
        filled.cornerRadius = 8
        card.addSubview(filled)
        let separator = View(frame: Rect(x: 12, y: 60, width: 432, height: 1))
        separator.backgroundColor = .separator
        card.addSubview(separator)
        let on = Switch(frame: Rect(x: 12, y: 72, width: 51, height: 31))
        on.isOn = true
        card.addSubview(on)
        card.addSubview(Switch(frame: Rect(x: 75, y: 72, width: 51, height: 31)))
        let slider = Slider(frame: Rect(x: 140, y: 72, width: 170, height: 31))
        slider.value = 0.4
        card.addSubview(slider)
        card.addSubview(Stepper(frame: Rect(x: 330, y: 72, width: 110, height: 32)))
        let segments = SegmentedControl(frame: Rect(x: 12, y: 116, width: 240, height: 32), items: ["Small", "Medium", "Large"])
        segments.selectedSegmentIndex = 1
        card.addSubview(segments)
        let progress = ProgressView(frame: Rect(x: 270, y: 130, width: 170, height: 4))
        progress.progress = 0.6
        card.addSubview(progress)
        let name = TextField(frame: Rect(x: 12, y: 160, width: 210, height: 36))
        name.borderStyle = .roundedRect
        name.text = "Ada"
        card.addSubview(name)
        let mail = TextField(frame: Rect(x: 232, y: 160, width: 210, height: 36))
        mail.borderStyle = .roundedRect
        mail.placeholder = "E-mail"
        card.addSubview(mail)
        let note = TextView(frame: Rect(x: 12, y: 206, width: 300, height: 56))
        note.text = "Oat milk, no sugar"
        card.addSubview(note)
        let pages = PageControl(frame: Rect(x: 320, y: 220, width: 120, height: 20))
        pages.numberOfPages = 4
        pages.pageIndicatorTintColor = .tertiaryLabel
        pages.currentPageIndicatorTintColor = .label
        card.addSubview(pages)

        let tabs = TabBar(frame: Rect(x: 0, y: 420 - TabBar.height, width: 480, height: TabBar.height))
        let items = [TabBarItem(title: "Menu", image: nil), TabBarItem(title: "Orders", image: nil), TabBarItem(title: "Settings", image: nil)]
        tabs.setItems(items)
        tabs.selectedItem = items[0]
        window.addSubview(tabs)
        window.makeKeyAndVisible()
        return (app, window)
    }

    @Test func everyBuiltInWidgetInLightDarkAndACustomTintMatchesItsGolden() throws {
        let (app, window) = Self.gallery()
        try Snapshot.check(window, named: "appearance-light")
        app.userInterfaceStyle = .dark
        try Snapshot.check(window, named: "appearance-dark")
        app.userInterfaceStyle = .light
        window.tintColor = .systemOrange
        try Snapshot.check(window, named: "appearance-tint")

        // A window forced dark draws exactly what a dark application draws.
        let (darkApp, darkWindow) = Self.gallery()
        darkApp.userInterfaceStyle = .dark
        let (_, forced) = Self.gallery()
        forced.overrideUserInterfaceStyle = .dark
        let expected = try HeadlessDisplay(window: darkWindow)
        expected.renderFrame()
        let actual = try HeadlessDisplay(window: forced)
        actual.renderFrame()
        #expect(actual.framebuffer.countDifferingPixels(from: expected.framebuffer, tolerance: 0) == 0)
    }

    @Test func aLiveSwitchToDarkRedrawsToTheSameImageAsStartingDark() throws {
        let (app, window) = Self.gallery()
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        app.userInterfaceStyle = .dark
        display.renderFrame()
        let (darkApp, darkWindow) = Self.gallery()
        darkApp.userInterfaceStyle = .dark
        let fresh = try HeadlessDisplay(window: darkWindow)
        fresh.renderFrame()
        #expect(display.framebuffer.countDifferingPixels(from: fresh.framebuffer, tolerance: 0) == 0,
                "a style change must redraw everything that changed (damage tracking)")
    }
}
