import Bezel
import BezelCairo

// Issue 33's M14_picker: one frame of a finger turning a wheel of a picker (two wheels of 60
// rows, 400 x 216 in an 800 x 480 window): the touch moved 7 pt through the pipeline (the
// picker's pan), the wheel's column redrawn on its cylinder, the frame copied. Beside M2 (a
// button's highlight redrawn): what a turning wheel costs each frame. Counted in instructions
// by `--instructions M14_picker` under callgrind (countedPickerTurn).

@MainActor
final class PickerScene: PickerViewDataSource, PickerViewDelegate {
    let app: Application
    let clock = VirtualClock()
    let window: Window
    let picker: PickerView
    let display: HeadlessDisplay
    private let titles = (1...60).map { "Row \($0)" }

    init() throws {
        app = Application(clock: clock, tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.backgroundColor = .systemBackground
        picker = PickerView(frame: Rect(x: 200, y: 132, width: 400, height: 216))
        window.addSubview(picker)
        window.makeKeyAndVisible()
        display = try HeadlessDisplay(window: window)
        picker.dataSource = self
        picker.delegate = self
        picker.selectRow(30, inComponent: 1, animated: false)
        display.renderFrame()
    }

    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { titles.count }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { titles[row] }

    /// The finger goes down on the right wheel and drags past the pan's threshold.
    func grab() {
        app.handleTouchFrame(TouchFrame([.down(1, at: Point(x: 500, y: 240))], timestamp: clock.now))
        for y in stride(from: 236.0, through: 220, by: -4) {
            clock.set(clock.now + 1.0 / 60)
            app.handleTouchFrame(TouchFrame([.move(1, to: Point(x: 500, y: y))], timestamp: clock.now))
        }
        display.renderFrame()
    }

    /// One frame: the finger 7 pt up or down (alternately), the frame drawn.
    private var step = 0
    /// Frames that drew something (each must: the wheel moved).
    private(set) var framesDrawn = 0
    func turn() {
        step += 1
        clock.set(clock.now + 1.0 / 60)
        let y = step % 2 == 0 ? 220.0 : 213.0
        app.handleTouchFrame(TouchFrame([.move(1, to: Point(x: 500, y: y))], timestamp: clock.now))
        if !display.renderFrame().isEmpty { framesDrawn += 1 }
    }
}

/// M14_picker: one frame of a finger turning a wheel.
@inline(never) @MainActor
func countedPickerTurn(_ scene: PickerScene) { scene.turn() }

/// `--instructions M14_picker`: `count` frames after a warm-up; false when the wheel did not turn.
@MainActor
func runPickerFigure(count: Int) -> Bool {
    guard let scene = try? PickerScene() else { return false }
    scene.grab()
    for _ in 0..<20 { scene.turn() }
    for _ in 0..<count { countedPickerTurn(scene) }
    return scene.framesDrawn == 20 + count
}
