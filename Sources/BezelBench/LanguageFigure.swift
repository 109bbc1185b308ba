import Bezel
import BezelCairo
import BezelDemoApp

// Issue 31's M12: the demo's busiest screen for text (home: 24 tiles, the title, the
// language picker) switched between English and German with `Application.preferredLanguages`
// and one frame drawn: every localized text resolved again, the grid reloaded, the screen
// laid out once and redrawn. Timed in the main run (RESULT M12); counted in instructions by
// `--instructions M12` under callgrind (countedLanguageSwitch), recorded in
// Tests/BenchmarkResults/2026-11-26-languages.txt.

/// The demo on its home screen, headless, English first.
@MainActor
final class LanguageScene {
    let demo: DemoApp
    let display: HeadlessDisplay
    private var german = false

    init() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        app.preferredLanguages = ["en"]
        demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 })
        demo.log = { _ in }
        display = try HeadlessDisplay(window: demo.window)
        display.renderFrame()
    }

    /// English to German, or back, and the frame.
    func switchLanguage() {
        german.toggle()
        demo.application.preferredLanguages = [german ? "de" : "en"]
        display.renderFrame()
    }

    /// The first tile's title: what the switch must have changed.
    var firstTile: String? { demo.home.tiles.first?.title }
}

/// M12: one language switch of the home screen and its frame.
@inline(never) @MainActor
func countedLanguageSwitch(_ scene: LanguageScene) { scene.switchLanguage() }

/// The switch's time, and what localization costs in resident memory: the process after the
/// demo's first English frame (its catalog read), after switches to German and back, and
/// after ICU's first format and plural (its library and data mapped, the pages touched).
@MainActor
func measureLanguageSwitch(samples: Int) -> (time: Stats, englishKiB: Int, switchedKiB: Int, icuKiB: Int)? {
    guard let scene = try? LanguageScene() else { return nil }
    let english = ProcessStatistics.residentSetKiB() ?? 0
    for _ in 0..<4 { scene.switchLanguage() }
    let switched = ProcessStatistics.residentSetKiB() ?? 0
    _ = 1234.5.formatted(.currency(code: "EUR"))
    _ = DateFormatStyle().format(secondsSince1970: 0)
    _ = String(localized: "\(3) min")
    let icu = ProcessStatistics.residentSetKiB() ?? 0
    return (timed(iterations: samples) { scene.switchLanguage() }, english, switched, icu)
}

/// `--instructions M12`: the switch `count` times after a warm-up (both languages' tables
/// read, fonts and text images made); false when a switch did not change the tiles.
@MainActor
func runLanguageFigure(count: Int) -> Bool {
    guard let scene = try? LanguageScene() else { return false }
    for _ in 0..<4 { scene.switchLanguage() }
    for _ in 0..<count {
        let before = scene.firstTile
        countedLanguageSwitch(scene)
        guard scene.firstTile != before else { return false }
    }
    return true
}
