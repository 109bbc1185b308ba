import Bezel
import BezelCairo

/// An app's window under test: on a virtual clock (timers and animations advance only when
/// the test waits, so every run is the same), drawn by the headless display at a panel's
/// size, driven by scripted fingers and keys, with its `BEZEL_TRACE` lines captured. Works
/// from Swift Testing and XCTest alike (failures are thrown errors).
///
/// ```swift
/// @Test @MainActor func orderingACoffee() throws {
///     let app = try AppHarness(size: Size(width: 800, height: 480)) { application in
///         CoffeeKiosk(application: application).window
///     }
///     app.tap(app.view(named: "flat white")!)
///     #expect(app.traceLines(.actions).contains { $0.contains("order") })
///     try app.expectSnapshot(named: "ordered")
/// }
/// ```
@MainActor
public final class AppHarness {
    public let clock = VirtualClock()
    public let application: Application
    public let window: Window
    /// Fingers on the screen (`TouchScript`): down, move, up, tap, drag, in window points.
    public let fingers: TouchScript
    public let display: HeadlessDisplay
    private var lines: [(TraceCategory, String)] = []
    private let captured: TraceLineBox

    /// Builds the app's window with `build` (given the application), sizes it to `size`
    /// points unless it has a size, shows it and draws the first frame. `trace`: the
    /// categories captured (as `BEZEL_TRACE` would print them).
    public init(size: Size = Size(width: 800, height: 480), scale: Double = 1, trace: TraceCategory = [],
                build: (Application) throws -> Window) throws {
        let box = TraceLineBox()
        captured = box
        application = Application(clock: clock, tracer: Tracer(categories: trace) { category, message in box.lines.append((category, message)) })
        window = try build(application)
        if window.bounds.isEmpty { window.frame = Rect(origin: .zero, size: size) }
        if window.isHidden { window.makeKeyAndVisible() }
        fingers = TouchScript(application)
        display = try HeadlessDisplay(window: window, scale: scale)
        display.renderFrame()
    }

    /// A harness whose window shows `rootViewController`.
    public convenience init(size: Size = Size(width: 800, height: 480), scale: Double = 1, trace: TraceCategory = [],
                            rootViewController: @autoclosure () -> ViewController) throws {
        try self.init(size: size, scale: scale, trace: trace) { application in
            let window = Window(frame: Rect(origin: .zero, size: size), application: application)
            window.rootViewController = rootViewController()
            return window
        }
    }

    // MARK: Finding views

    /// The first view in the window (depth first, front to back of the tree order) named `name`.
    public func view(named name: String) -> View? { firstView { $0.name == name } }

    /// The first view, depth first in tree order, that `matches`.
    private func firstView(where matches: (View) -> Bool) -> View? {
        var pending: [View] = [window]
        while let view = pending.popLast() {
            if matches(view) { return view }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    /// The first view whose `accessibilityIdentifier` is `identifier` (bar-button and tab
    /// items carry theirs on their views): a name that does not change with the language.
    public func view(identifiedBy identifier: String) -> View? { firstView { $0.accessibilityIdentifier == identifier } }

    /// The view named `name`, or an error saying so (a typo fails the test where it is).
    public func requireView(named name: String) throws -> View {
        guard let view = view(named: name) ?? view(identifiedBy: name) else { throw AppHarnessError.noView(name) }
        return view
    }

    /// The centre of `view` in window points, with layout brought up to date first.
    public func center(of view: View) -> Point {
        window.prepareForFrame()
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    // MARK: Input

    /// A tap at the centre of `view`, then a frame.
    public func tap(_ view: View) {
        tap(at: center(of: view))
    }

    /// A tap at `point` in `view`'s coordinates, then a frame. (Not optional: a nil from a
    /// lookup that missed would have tapped the centre without a word.)
    public func tap(_ view: View, at point: Point) {
        window.prepareForFrame()
        tap(at: view.convert(point, to: nil))
    }

    /// A tap on the view named (or identified as) `name`; throws when there is none.
    public func tap(named name: String) throws {
        tap(try requireView(named: name))
    }

    /// A tap at `point` (window points), then a frame.
    public func tap(at point: Point) {
        fingers.tap(at: point)
        render()
    }

    /// One finger from `start` to `end` in `steps` moves over `duration`, lifted, then a frame.
    public func drag(from start: Point, to end: Point, steps: Int = 10, duration: TimeInterval = 0.2) {
        fingers.drag(from: start, to: end, steps: steps, duration: duration)
        render()
    }

    /// Two fingers on either side of `center`, horizontally `from` points apart, moved to `to`
    /// points apart in `steps` (a pinch out when `to` > `from`), lifted, then a frame.
    public func pinch(center: Point, from: Double, to: Double, steps: Int = 10, duration: TimeInterval = 0.3) {
        func points(_ distance: Double) -> (Point, Point) {
            (Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y))
        }
        let (a, b) = points(from)
        fingers.frame([.down(1, at: a), .down(2, at: b)])
        for i in 1...max(1, steps) {
            fingers.wait(duration / Double(max(1, steps)))
            let (p, q) = points(from + (to - from) * Double(i) / Double(max(1, steps)))
            fingers.frame([.move(1, to: p), .move(2, to: q)])
        }
        fingers.frame([.up(1), .up(2)])
        render()
    }

    // MARK: The on-screen keyboard

    /// The on-screen keyboard in the window, while a text input shows it (nil otherwise).
    public var keyboard: KeyboardView? {
        firstView { ($0 as? KeyboardView).map { !$0.isHidden && $0.window != nil } ?? false } as? KeyboardView
    }

    /// Taps the on-screen key labelled `label` (its label as drawn: "q", "Q", "123",
    /// "return"'s word), then lets it settle; throws when the keyboard or the key is missing.
    public func tapKey(_ label: String) throws {
        let keyboard = try shownKeyboard()
        guard let center = keyboard.center(ofKey: label) else { throw AppHarnessError.noKey(label, shown: keyboard.keys.map(\.label)) }
        tapKey(at: center, in: keyboard)
    }

    /// Types `text` on the on-screen keyboard, one key at a time as a person would: Shift for
    /// a capital, the number and symbol pages for what is on them, space, and "\n" as the
    /// return key. Throws on a character no page has (and when no keyboard is up).
    public func type(_ text: String) throws {
        for character in text {
            let keyboard = try shownKeyboard()
            if character == " " || character == "\n" {
                let role: KeyboardView.Role = character == " " ? .space : .returnKey
                guard let key = keyboard.keys.first(where: { $0.role == role }) else { throw AppHarnessError.noKey(String(character), shown: keyboard.keys.map(\.label)) }
                tapKey(at: Point(x: key.frame.midX, y: key.frame.midY), in: keyboard)
                continue
            }
            try typeCharacter(character, on: keyboard)
        }
    }

    /// Finds `character` on the page shown, else on the letters page (with Shift for the
    /// other case), the numbers and the symbols pages in turn, and taps it.
    private func typeCharacter(_ character: Character, on keyboard: KeyboardView) throws {
        let wanted = String(character)
        func characterKey() -> KeyboardView.Key? {
            keyboard.keys.first { if case .character = $0.role { return $0.label == wanted } else { return false } }
        }
        func tap(_ key: KeyboardView.Key) { tapKey(at: Point(x: key.frame.midX, y: key.frame.midY), in: keyboard) }
        if let key = characterKey() { return tap(key) }
        for page in [KeyboardView.Page.letters, .symbols, .moreSymbols] {
            if keyboard.page != page {
                guard let switchKey = keyboard.keys.first(where: { $0.role == .page(page) }) else { continue }
                tap(switchKey)
            }
            if let key = characterKey() { return tap(key) }
            if page == .letters, wanted.lowercased() != wanted.uppercased(),
               let shift = keyboard.keys.first(where: { $0.role == .shift }) {
                tap(shift)
                if let key = characterKey() { return tap(key) }
            }
        }
        throw AppHarnessError.noKey(wanted, shown: keyboard.keys.map(\.label))
    }

    private func shownKeyboard() throws -> KeyboardView {
        render()
        guard let keyboard else { throw AppHarnessError.noKeyboard }
        return keyboard
    }

    /// One finger on `point` of the keyboard and off, then 50 ms (a typist's pace) and a frame.
    private func tapKey(at point: Point, in keyboard: KeyboardView) {
        fingers.tap(at: keyboard.convert(point, to: nil))
        wait(0.05)
    }

    /// `key` pressed and released (a hardware keyboard's key), then a frame.
    public func press(_ key: Press.Key, hold: TimeInterval = 0.05) {
        application.handleKey(key, isDown: true)
        wait(hold)
        application.handleKey(key, isDown: false)
        render()
    }

    /// Moves the virtual clock on (timers, animations), then draws a frame.
    public func wait(_ seconds: TimeInterval) {
        fingers.wait(seconds)
        render()
    }

    /// Draws what changed (observed models applied, layout done first); returns the
    /// rectangles redrawn.
    @discardableResult
    public func render() -> [Rect] {
        display.renderFrame()
    }

    // MARK: Checking

    /// The trace lines captured in `categories` (all captured ones by default), oldest first.
    public func traceLines(_ categories: TraceCategory? = nil) -> [String] {
        captured.lines.filter { categories.map($0.0.isSubset) ?? true }.map(\.1)
    }

    /// Forgets the trace lines captured so far.
    public func clearTrace() {
        captured.lines.removeAll()
    }

    /// Draws pending changes and compares the screen with the golden `name` (see
    /// `GoldenImage`; by default in `Snapshots/` beside the calling test file).
    public func expectSnapshot(named name: String, file: String = #filePath) throws {
        render()
        try GoldenImage.check(display.framebuffer, named: name, in: GoldenImage.directory(besides: file))
    }
}

/// What `AppHarness` throws when a test asks for something the screen does not have.
public enum AppHarnessError: Error, CustomStringConvertible {
    case noView(String)
    case noKeyboard
    case noKey(String, shown: [String])

    public var description: String {
        switch self {
        case .noView(let name): "no view named or identified as \"\(name)\" in the window"
        case .noKeyboard: "no on-screen keyboard is shown (is a text field first responder?)"
        case .noKey(let label, let shown): "no key \"\(label)\" on the on-screen keyboard; it shows \(shown)"
        }
    }
}

@MainActor
private final class TraceLineBox {
    var lines: [(TraceCategory, String)] = []
}
