import Bezel
import BezelCairo
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

// Figures counted in instructions, not timed: `bezel-bench --instructions M1|M2|M3 [count]`
// does the figure's work `count` times inside the `counted…` functions below, after a
// warm-up, and callgrind counts only those (`--toggle-collect`; Tests/Benchmarks/
// instruction-counts.sh). Instruction counts do not change with the machine's load, so CI can
// compare them with the committed ones (Tests/BenchmarkResults/instructions.txt).

/// M1: one full render of the standard scene, and its copy to the framebuffer.
@inline(never) @MainActor
func countedFullRender(_ display: HeadlessDisplay, _ window: Window) {
    window.setNeedsFullRedraw()
    display.renderFrame()
}

/// M2: button 12 turns highlighted (or back), its frame redrawn and copied.
@inline(never) @MainActor
func countedHighlightRedraw(_ display: HeadlessDisplay, _ button: Button) {
    button.isHighlighted.toggle()
    display.renderFrame()
}

/// M3: a press and a release on button 12 through the whole pipeline to its touchUpInside
/// (a tap recognizer on the root, a pan on the grid: full arbitration).
@inline(never) @MainActor
func countedPressRelease(_ app: Application, _ point: Point, _ clock: VirtualClock) {
    app.handleTouchFrame(TouchFrame([.down(1, at: point)], timestamp: clock.now))
    app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
}

/// M13_full: the 200-view grid's ~1,000 constraints activated and solved in a new window.
@inline(never) @MainActor
func countedConstraintGrid() -> Int { makeConstraintGrid().count }

/// M13_incremental: one constant of the grid changed (the first view's preferred height) and
/// the window laid out again.
@inline(never) @MainActor
func countedConstraintEdit(_ gap: LayoutConstraint, _ window: Window, _ constant: Double) {
    gap.constant = constant
    window.layoutIfNeeded()
}

/// M13_settings: the demo's Settings screen made, shown and laid out.
@inline(never) @MainActor
func countedSettingsScreen() -> Window { makeSettingsScreen() }

/// Runs `figure` `count` times after a warm-up of 20 (fonts, caches, first allocations);
/// false for an unknown figure or work that went wrong.
@MainActor
func runInstructionFigure(_ figure: String, count: Int) -> Bool {
    if figure == "M12" { return runLanguageFigure(count: count) }
    if figure == "M14_picker" { return runPickerFigure(count: count) }
    if figure == "M9_plane" { return runPlaneFlingFigure(count: count) }
    let clock = VirtualClock()
    let app = Application(clock: clock, tracer: Tracer())
    let scene = StandardKioskScene(application: app)
    guard let display = try? HeadlessDisplay(window: scene.window) else { return false }
    display.renderFrame()
    let warmup = 20
    switch figure {
    case "M1":
        for _ in 0..<warmup { scene.window.setNeedsFullRedraw(); display.renderFrame() }
        for _ in 0..<count { countedFullRender(display, scene.window) }
    case "M2":
        let button = scene.buttons[11]
        for _ in 0..<warmup { button.isHighlighted.toggle(); display.renderFrame() }
        for _ in 0..<count { countedHighlightRedraw(display, button) }
    case "M3":
        scene.root.addGestureRecognizer(TapGestureRecognizer { _ in })
        scene.grid.addGestureRecognizer(PanGestureRecognizer { _ in })
        var clicks = 0
        scene.buttons[11].addAction(for: .touchUpInside) { _, _ in clicks += 1 }
        let point = scene.centerOfButton(12)
        for _ in 0..<warmup {
            app.runLoop.advance(by: 1)
            app.handleTouchFrame(TouchFrame([.down(1, at: point)], timestamp: clock.now))
            app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
        }
        for _ in 0..<count {
            // A second between presses: separate single taps, no timers pending.
            app.runLoop.advance(by: 1)
            countedPressRelease(app, point, clock)
        }
        guard clicks == warmup + count else { return false }
    case "M1_1080p":
        guard let (hd, hdDisplay) = makeHDScene() else { return false }
        for _ in 0..<warmup { hd.window.setNeedsFullRedraw(); hdDisplay.renderFrame() }
        for _ in 0..<count { countedFullRender(hdDisplay, hd.window) }
    case "M2_24", "M2_500":
        guard let field = makeButtonField(count: figure == "M2_24" ? 24 : 500) else { return false }
        for _ in 0..<warmup { field.pressed.isHighlighted.toggle(); field.display.renderFrame() }
        for _ in 0..<count { countedHighlightRedraw(field.display, field.pressed) }
    case "M3_wide1000", "M3_deep250":
        let grown = PressScene(figure == "M3_wide1000" ? .wide(1000) : .deep(250))
        for _ in 0..<warmup { grown.press() }
        for _ in 0..<count {
            grown.app.runLoop.advance(by: 1)
            countedPressRelease(grown.app, grown.point, grown.clock)
        }
        guard grown.clicks == warmup + count else { return false }
    case "M13_full", "M13_incremental", "M13_settings":
        // Constraint layout that reports anything (a broken constraint) is not the figure.
        var reports = 0
        Diagnostics.handler = { _ in reports += 1 }
        // A short warm-up: each is heavy under valgrind on the emulated arm64 (its counts are
        // taken in CI too), and two runs fill the text caches as well as twenty.
        guard runConstraintFigure(figure, count: count, warmup: 2), reports == 0 else { return false }
    default:
        return false
    }
    return true
}

/// The M13 figures (constraint layout) `count` times after a warm-up.
@MainActor
private func runConstraintFigure(_ figure: String, count: Int, warmup: Int) -> Bool {
    switch figure {
    case "M13_full":
        for _ in 0..<warmup { _ = makeConstraintGrid() }
        for _ in 0..<count { guard countedConstraintGrid() > 900 else { return false } }
    case "M13_incremental":
        let grid = makeConstraintGrid()
        // (The warm-up edits outside the counted function: callgrind counts every call of it.)
        for i in 0..<warmup {
            grid.edit.constant = i % 2 == 0 ? 44 : 40
            grid.window.layoutIfNeeded()
        }
        for i in 0..<count { countedConstraintEdit(grid.edit, grid.window, i % 2 == 0 ? 44 : 40) }
        guard grid.views[20].frame.minY == 44 + 4 || grid.views[20].frame.minY == 40 + 4 else { return false }
    case "M13_settings":
        for _ in 0..<warmup { _ = makeSettingsScreen() }
        for _ in 0..<count { _ = countedSettingsScreen() }
    default:
        return false
    }
    return true
}

/// The figures `runInstructionFigure` knows.
let instructionFigures = ["M12", "M1", "M2", "M3", "M1_1080p", "M2_24", "M2_500", "M3_wide1000", "M3_deep250",
                          "M13_full", "M13_incremental", "M13_settings", "M14_picker", "M9_plane"]
