import Testing
@testable import Bezel
@testable import BezelCairo
import BezelDemoApp
import BezelInput

/// Every demo screen in Arabic (mirrored), German (long words) and Japanese (issue 31's
/// goldens), switched live on one running demo, and the form's keyboard in Arabic.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DemoLanguageTests {
    static let screens = ["Home", "Gestures", "List", "Settings", "Motion", "Form", "Charts"]

    @Test(arguments: ["ar", "de", "ja"])
    func everyScreenMatchesItsGolden(language: String) throws {
        let saved = (Localization.source, Localization.preferredLanguages)
        defer { Localization.source = saved.0; Localization.preferredLanguages = saved.1 }
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        app.preferredLanguages = ["en"]
        app.keyboardKeyMapLoader = { try? KeyboardLayout($0).onScreenKeyMap() }
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 + clock.now })
        let fingers = TouchScript(app)
        let display = try HeadlessDisplay(window: demo.window)
        app.preferredLanguages = [language]
        for screen in Self.screens {
            if screen != "Home" {
                demo.open(screen)
                fingers.wait(1)
            }
            _ = display.renderFrame()
            #expect(try Snapshot.check(display.framebuffer, named: "demo-\(language)-\(screen.lowercased())"))
            if screen == "Form", language == "ar" {
                // The name field's keyboard: Arabic letters, its labels in Arabic.
                fingers.tap(at: demo.form.nameField.convert(Point(x: 40, y: 20), to: nil))
                fingers.wait(1)
                let keyboard = try #require(demo.window.subviews.last?.subviews.compactMap { $0 as? KeyboardView }.first)
                #expect(keyboard.inputLanguage == "ar")
                _ = display.renderFrame()
                #expect(try Snapshot.check(display.framebuffer, named: "demo-ar-form-keyboard"))
                _ = demo.form.nameField.resignFirstResponder()
                fingers.wait(1)
            }
            if screen != "Home" {
                demo.navigation.popViewController(animated: false)
                fingers.wait(0.1)
            }
        }
    }
}
