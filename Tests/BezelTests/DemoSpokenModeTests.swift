import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting
import BezelDemoApp

/// Issue 29 item 7: the demo is operable in the spoken mode. Each screen's focus order (what
/// Tab walks, said as the spoken mode says it), and the accessibility screen's switches by
/// keys and by touch.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DemoSpokenModeTests {
    func start() throws -> (AppHarness, DemoApp, SpeechLog) {
        var demo: DemoApp?
        let harness = try AppHarness { app in
            app.preferredLanguages = ["en"]
            let made = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 })
            made.log = { _ in }
            demo = made
            return made.window
        }
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        return (harness, try #require(demo), speech)
    }

    /// What Tab walks from the first element to the last (the focus stays at the end).
    func focusOrder(_ harness: AppHarness, _ speech: SpeechLog) -> [String] {
        speech.clear()
        harness.application.spokenMode.moveFocus(to: harness.application.spokenMode.elements().first)
        var said: [String] = []
        var last: (any AccessibilityNode)?
        for _ in 0..<200 {
            guard let focused = harness.application.spokenMode.focusedElement, focused !== last else { break }
            said.append(SpokenDescription.text(of: focused))
            last = focused
            harness.press(.tab)
        }
        return said
    }

    /// Each screen's elements in the order Tab (and a swipe right) walks them, said in full.
    @Test func everyDemoScreenHasItsFocusOrder() throws {
        let (harness, demo, speech) = try start()
        harness.application.isSpokenModeRunning = true
        let bar = ["Kiosk, button"]
        let clock = "09:41"
        let tiles = ["Gestures", "List", "Settings", "Motion", "Form", "Charts", "Accessibility"].map { "\($0), button" }
            + (8...24).map { "Item \($0), button" }
        let expected: [(String, [String])] = [
            ("Home", ["English, button", "More, button", "Kiosk, heading", clock] + tiles + ["Brightness, 40%, adjustable", "Dim when idle, off, button"]),
            ("Gestures", bar + ["Gestures, heading", clock, "tap: possible", "double tap: possible", "Touch me", "long press: possible",
                                "pan: possible", "pinch: possible", "rotation: possible", "swipe: possible"]),
            ("Settings", bar + ["Reset, button", "Sleep, button", "Settings, heading", clock, "Sounds, on, button", "Dim when idle, off, button",
                                "Brightness, 80%, adjustable", "Volume, 50%, adjustable", "Dark, 1 of 3, button, selected", "Light, 2 of 3, button",
                                "Auto, 3 of 3, button", "Idle timeout, 5, adjustable"]),
            ("Motion", bar + ["Motion, heading", clock, "Open drawer, button", "Throw me", "Drag me, or use the button", "60%"]),
            ("Form", bar + ["Form, heading", clock, "Name", "Your name, text field", "Save, button", "E-mail", "name@example.com, text field", "Cups, 1 cup, 1 of 12, adjustable",
                            "Staff PIN", "4 digits, secure text field", "Note", "Note, text field"]),
            ("Charts", bar + ["Charts, heading", clock, "72 %", "Tap the gauge to start the next brew", "Today: flat white", "Order #0042  3.20"]),
            ("Accessibility", bar + ["Accessibility, heading", clock, "Larger text, off, button", "High contrast, off, button", "Bold text, off, button",
                                     "Reduce motion, off, button", "Speak, on, button"]),
        ]
        for (screen, order) in expected {
            if screen != "Home" { demo.open(screen); harness.wait(1) }
            #expect(focusOrder(harness, speech) == order, "\(screen)")
            if screen != "Home" { demo.navigation.popViewController(animated: false); harness.wait(0.1) }
        }
    }

    /// The list goes on past the rows shown: the focus scrolls the table a page and lands on
    /// the next row, as VoiceOver's does, and back up again.
    @Test func theFocusScrollsTheListOnPastItsLastShownRow() throws {
        let (harness, demo, speech) = try start()
        harness.application.isSpokenModeRunning = true
        demo.open("List")
        harness.wait(1)
        let said = focusOrder(harness, speech)
        let rows = said.filter { $0.hasPrefix("Row ") }
        #expect(rows.prefix(2) == ["Row 1, Table 2 · 2 items, Row 1 of 100", "Row 2, Table 3 · 3 items, Row 2 of 100"])
        // Every row in turn, none skipped, each followed by its Select button, across pages.
        #expect(rows.count >= 20 && rows.enumerated().allSatisfy { $0.element.hasPrefix("Row \($0.offset + 1),") }, "\(rows.prefix(30))")
        // (The walk stops after 200 steps, between a row and its button or after it.)
        #expect(rows.count - said.filter { $0 == "Select, button" }.count <= 1)
        #expect(demo.list.tableView.contentOffset.y > 300, "scrolled: \(demo.list.tableView.contentOffset)")
        // Backwards: up a page at the top edge of what is shown.
        let before = demo.list.tableView.contentOffset.y
        speech.clear()
        for _ in 0..<40 where demo.list.tableView.contentOffset.y >= before { harness.press(.leftArrow) }
        // Past the section's header that stays at the top: the row above, not the header.
        #expect(speech.texts.suffix(2) == ["Row 96, Table 1 · 1 item, Row 96 of 100", "Select, button"], "\(speech.texts)")
        #expect(demo.list.tableView.contentOffset.y < before)
        let focused = try #require(harness.application.spokenMode.focusedElement)
        #expect(demo.list.tableView.convert(demo.list.tableView.bounds, to: nil).intersects(focused.accessibilityFrame), "the focus is on a row shown")
    }

    @Test func theAccessibilityScreenWorksByKeysAndByTouch() throws {
        defer {
            ContentSizeCategory.current = .large
            AccessibilityContrast.current = .normal
            LegibilityWeight.current = .regular
        }
        let (harness, demo, speech) = try start()
        var log: [String] = []
        demo.log = { log.append($0) }
        // The Help key starts the spoken mode (a customer who cannot see finds the key).
        harness.press(Press.Key(code: 138))
        #expect(harness.application.isSpokenModeRunning && speech.texts == ["English, button"])
        // Tab to the Accessibility tile (the eleventh element, after the bar's two items, its
        // title and clock, and six tiles), Enter: the screen opens.
        for _ in 0..<10 { harness.press(.tab) }
        #expect(speech.texts.last == "Accessibility, button")
        harness.press(.enter)
        harness.wait(1)
        #expect(log.contains("open Accessibility") && demo.navigation.topViewController === demo.accessibility)
        #expect(harness.application.spokenMode.focusedElement.map(SpokenDescription.text(of:)) == "Kiosk, button", "a new screen: its first element")
        // High contrast by keys: Tab, Tab, Tab, Tab, Enter; its new value is said.
        for _ in 0..<4 { harness.press(.tab) }
        #expect(speech.texts.last == "High contrast, off, button")
        speech.clear()
        harness.press(.enter)
        #expect(harness.application.accessibilityContrast == .high && demo.accessibility.highContrast.isOn)
        #expect(speech.texts == ["on"] && log.last == "high contrast on")
        // Larger text by touch: a finger finds it, a double tap anywhere turns it on.
        let larger = demo.accessibility.largerText
        harness.fingers.down(at: larger.convert(Point(x: larger.bounds.midX, y: larger.bounds.midY), to: nil))
        harness.fingers.up()
        #expect(speech.texts.last == "Larger text, off, button")
        harness.fingers.wait(0.5)
        harness.fingers.tap(at: Point(x: 400, y: 400))
        harness.fingers.wait(0.1)
        harness.fingers.tap(at: Point(x: 400, y: 400))
        harness.wait(0.5)
        #expect(harness.application.preferredContentSizeCategory == AccessibilityViewController.largerCategory && larger.isOn)
        #expect(log.filter { $0.hasPrefix("larger text") } == ["larger text on"])
        // Speak off by keys: the mode stops, and the switch shows it.
        for _ in 0..<10 { harness.press(.tab) }
        // (Its hint follows: the other ways in.)
        #expect(speech.texts.suffix(2) == ["Speak, on, button", "Also starts when headphones are plugged in, or with the Help key."])
        harness.press(.enter)
        #expect(!harness.application.isSpokenModeRunning && !demo.accessibility.speak.isOn)
    }
}
