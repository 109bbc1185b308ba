import Testing
@testable import Bezel
@testable import BezelCairo
import BezelDemoApp

/// Issue 29's goldens: the demo at the largest accessibility text size, in high contrast, with
/// bold text, and with the spoken mode's focus ring, each switched live on one running demo.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DemoAccessibilityLookTests {
    func start() throws -> (Application, DemoApp, TouchScript, HeadlessDisplay) {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        app.preferredLanguages = ["en"]
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 })
        demo.log = { _ in }
        return (app, demo, TouchScript(app), try HeadlessDisplay(window: demo.window))
    }

    @Test func theDemoAtTheLargestTextSize() throws {
        defer { ContentSizeCategory.current = .large }
        let (app, demo, fingers, display) = try start()
        app.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        for screen in ["Accessibility", "List"] {
            demo.open(screen)
            fingers.wait(1)
            _ = display.renderFrame()
            #expect(try Snapshot.check(display.framebuffer, named: "demo-ax5-\(screen.lowercased())"))
            demo.navigation.popViewController(animated: false)
            fingers.wait(0.1)
        }
        // Settings' Reset alert: its text grows and scrolls, its buttons stack.
        demo.open("Settings")
        fingers.wait(1)
        demo.settings.confirmReset()
        fingers.wait(1)
        _ = display.renderFrame()
        #expect(try Snapshot.check(display.framebuffer, named: "demo-ax5-alert"))
    }

    @Test func theDemoInHighContrastAndBoldText() throws {
        defer {
            AccessibilityContrast.current = .normal
            LegibilityWeight.current = .regular
        }
        let (app, demo, fingers, display) = try start()
        app.accessibilityContrast = .high
        app.legibilityWeight = .bold
        _ = display.renderFrame()
        #expect(try Snapshot.check(display.framebuffer, named: "demo-high-contrast-home"))
        demo.open("Settings")
        fingers.wait(1)
        _ = display.renderFrame()
        #expect(try Snapshot.check(display.framebuffer, named: "demo-high-contrast-settings"))
    }

    @Test func theFocusRingOnTheDemo() throws {
        let (app, demo, _, display) = try start()
        app.speechSynthesizer = SpeechLog()
        app.isSpokenModeRunning = true
        app.spokenMode.moveFocus(to: demo.home.tiles[6])
        _ = display.renderFrame()
        #expect(try Snapshot.check(display.framebuffer, named: "demo-focus-ring"))
        app.isSpokenModeRunning = false
    }
}
