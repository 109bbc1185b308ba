import Bezel
import BezelCairo
import BezelScenes

// Issue 17 item 5, the scaling figures: how M1, M2 and M3 grow with the screen and the tree.
//
//   M1_1080p     the standard scene with its layout scaled 2.25x in a 1920x1080 window, drawn
//                in full at scale 1 (the LVGL comparison's "M1 at 1920x1080");
//   M2_500       one of 500 small buttons turns highlighted, against M2_24: one of 24 of the
//                same buttons (the redraw should not depend on the views on screen);
//   M3_wide1000  M3 with 1,000 more views in front of the buttons in the grid: hit-testing
//                passes over each of them (width);
//   M3_deep250   M3 with button 12 at the bottom of a chain of 250 views (depth; 256 is
//                `View.maximumDepth`, deeper views are not hit-tested at all).

/// The standard scene at 1920x1080 (layout scaled 2.25x) and its display.
@MainActor
func makeHDScene() -> (StandardKioskScene, HeadlessDisplay)? {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let scene = StandardKioskScene(application: app, layoutScale: 2.25, windowSize: Size(width: 1920, height: 1080))
    guard let display = try? HeadlessDisplay(window: scene.window) else { return nil }
    display.renderFrame()
    return (scene, display)
}

/// A window of `count` small buttons (28x18, radius 4, 1 px border, a number each) on a
/// 32x24 pitch, 25 a row, and the display drawing it; button `count / 2` is the one pressed.
@MainActor
func makeButtonField(count: Int) -> (window: Window, pressed: Button, display: HeadlessDisplay)? {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    let root = View(frame: window.bounds)
    root.backgroundColor = Color(rgb: 0x202830)
    window.addSubview(root)
    var buttons: [Button] = []
    for n in 0..<min(count, 500) {
        let button = Button(frame: Rect(x: 2 + Double(n % 25) * 32, y: 3 + Double(n / 25) * 24, width: 28, height: 18))
        button.title = "\(n + 1)"
        button.titleStyle.size = 10
        button.backgroundColor = Color(rgb: 0x34495E)
        button.cornerRadius = 4
        button.borderWidth = 1
        button.borderColor = Color.white.withAlpha(0.25)
        button.setTitleColor(.white, for: .normal)
        root.addSubview(button)
        buttons.append(button)
    }
    window.makeKeyAndVisible()
    guard let display = try? HeadlessDisplay(window: window) else { return nil }
    display.renderFrame()
    return (window, buttons[buttons.count / 2], display)
}

/// The standard scene set up for M3 (a tap on the root, a pan on the grid, a click counter on
/// button 12), grown in width or depth.
@MainActor
final class PressScene {
    enum Growth { case none, wide(Int), deep(Int) }
    let clock = VirtualClock()
    let app: Application
    let scene: StandardKioskScene
    let point: Point
    private(set) var clicks = 0

    init(_ growth: Growth) {
        app = Application(clock: clock, tracer: Tracer())
        scene = StandardKioskScene(application: app)
        scene.root.addGestureRecognizer(TapGestureRecognizer { _ in })
        scene.grid.addGestureRecognizer(PanGestureRecognizer { _ in })
        let button = scene.buttons[11]
        point = scene.centerOfButton(12)
        switch growth {
        case .none:
            break
        case .wide(let count):
            // In front of the buttons (later siblings are hit-tested first), in the strip above
            // the first row: none contains the press.
            for k in 0..<count {
                scene.grid.addSubview(View(frame: Rect(x: Double(k % 100) * 8, y: 0, width: 6, height: 14)))
            }
        case .deep(let levels):
            var parent = scene.grid
            for _ in 0..<levels {
                let level = View(frame: scene.grid.bounds)
                parent.addSubview(level)
                parent = level
            }
            parent.addSubview(button)
        }
        button.addAction(for: .touchUpInside) { [unowned self] _, _ in clicks += 1 }
    }

    /// One press and release (a second apart from the last: separate single taps).
    func press() {
        app.runLoop.advance(by: 1)
        app.handleTouchFrame(TouchFrame([.down(1, at: point)], timestamp: clock.now))
        app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
    }
}

struct ScalingFigures {
    let m1HD: Stats
    let m2Few: Stats
    let m2Many: Stats
    let m3Wide: Stats
    let m3Deep: Stats
    let hdCopy: Stats
}

@MainActor
func measureScalingFigures(iterations: Int) -> ScalingFigures? {
    guard let (hd, hdDisplay) = makeHDScene(), let few = makeButtonField(count: 24), let many = makeButtonField(count: 500) else { return nil }
    let m1HD = timed(iterations: iterations) {
        hd.window.setNeedsFullRedraw()
        hdDisplay.renderFrame()
    }
    let m2Few = timed(iterations: iterations) {
        few.pressed.isHighlighted.toggle()
        few.display.renderFrame()
    }
    let m2Many = timed(iterations: iterations) {
        many.pressed.isHighlighted.toggle()
        many.display.renderFrame()
    }
    let wide = PressScene(.wide(1000)), deep = PressScene(.deep(250))
    // Time only the press (the run loop's advance is not part of M3).
    func pressTime(_ scene: PressScene) -> Stats {
        timed(iterations: iterations, beforeEach: { scene.app.runLoop.advance(by: 1) }) {
            scene.app.handleTouchFrame(TouchFrame([.down(1, at: scene.point)], timestamp: scene.clock.now))
            scene.app.handleTouchFrame(TouchFrame([.up(1)], timestamp: scene.clock.now))
        }
    }
    let m3Wide = pressTime(wide), m3Deep = pressTime(deep)
    guard wide.clicks == iterations + iterations / 10, deep.clicks == iterations + iterations / 10 else {
        print("ERROR: a press in the grown M3 scenes did not reach button 12 (wide \(wide.clicks), deep \(deep.clicks))")
        return nil
    }
    let hdCopy = measureFrameCopies(iterations: max(200, iterations / 4), bytes: 1920 * 1080 * 4).memcpy
    return ScalingFigures(m1HD: m1HD, m2Few: m2Few, m2Many: m2Many, m3Wide: m3Wide, m3Deep: m3Deep, hdCopy: hdCopy)
}
