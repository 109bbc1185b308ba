import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's `PickerView`: its wheels turned by drags, flings and taps on the virtual clock
/// (exact ordered delegate logs), programmatic selection, the spoken mode's adjust, misuse,
/// the damage of a turning wheel, and its looks in light and dark at 1x and 2x.
@MainActor
@Suite(.serialized, .fontsRegistered) struct PickerViewTests {
    /// Two wheels: sizes (3 rows) and a count (1 to 20).
    final class Model: PickerViewDataSource, PickerViewDelegate {
        var log: [String] = []
        let sizes = ["Small", "Medium", "Large"]
        func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 3 : 20 }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            component == 0 ? sizes[row] : "\(row + 1)"
        }
        func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
            log.append("didSelect \(row) in \(component)")
        }
    }

    /// A 400 x 216 picker at (0, 100) of a 400 x 480 window; the count wheel is the right half.
    func stage(style: UserInterfaceStyle = .light) -> (Stage, PickerView, Model) {
        let stage = Stage()
        stage.window.overrideUserInterfaceStyle = style
        stage.window.backgroundColor = .systemBackground
        let picker = PickerView(frame: Rect(x: 0, y: 100, width: 400, height: 216))
        let model = Model()
        picker.dataSource = model
        picker.delegate = model
        _ = stage.add(picker)
        stage.window.layoutIfNeeded()
        return (stage, picker, model)
    }

    /// A finger on the count wheel from y0 to y1 in `steps` moves of `stepTime` each, lifted.
    func drag(_ stage: Stage, from y0: Double, to y1: Double, steps: Int, stepTime: Double, hold: Double = 0) {
        stage.fingers.down(at: Point(x: 300, y: y0))
        for i in 1...steps {
            stage.fingers.wait(stepTime)
            stage.fingers.move(to: Point(x: 300, y: y0 + (y1 - y0) * Double(i) / Double(steps)))
        }
        if hold > 0 { stage.fingers.wait(hold) }
        stage.fingers.up()
    }

    @Test func aSlowDragTurnsTheWheelRowByRowAndItSettlesOnTheNearest() {
        let (stage, picker, model) = stage()
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 1) == 20 && picker.selectedRow(inComponent: 1) == 0)
        // Up by 2.4 rows (106 pt of 44-pt rows), held still: no glide; it settles on row 2.
        drag(stage, from: 260, to: 154, steps: 10, stepTime: 0.05, hold: 0.3)
        #expect(abs(picker.shownOffset(1) - 106.0 / 44) < 0.05, "followed the finger")
        #expect(model.log.isEmpty, "not chosen until it comes to rest")
        stage.fingers.wait(1)
        #expect(model.log == ["didSelect 2 in 1"] && picker.selectedRow(inComponent: 1) == 2 && picker.shownOffset(1) == 2)
        // Pulled down past the first row: it springs back to row 0 (and says so: a new row).
        drag(stage, from: 150, to: 400, steps: 10, stepTime: 0.05, hold: 0.3)
        #expect(picker.shownOffset(1) < 0, "past the first row, with resistance")
        stage.fingers.wait(1)
        #expect(model.log == ["didSelect 2 in 1", "didSelect 0 in 1"] && picker.shownOffset(1) == 0)
    }

    @Test func aFlingGlidesOnAsAScrollViewWouldAndATapTurnsToTheRow() {
        let (stage, picker, model) = stage()
        // 88 pt up in 4 frames of 16 ms: 1,375 pt/s, so 1,375 x 0.499 = 686 pt more: 2 + 15.6
        // rows, the nearest row 18 (of 0-19).
        drag(stage, from: 260, to: 172, steps: 4, stepTime: 0.016)
        stage.fingers.wait(1)
        #expect(model.log == ["didSelect 18 in 1"] && picker.selectedRow(inComponent: 1) == 18)
        // A tap on the row under the band's: one row on.
        stage.fingers.tap(at: Point(x: 300, y: 100 + 108 + 44))
        stage.fingers.wait(1)
        #expect(model.log == ["didSelect 18 in 1", "didSelect 19 in 1"])
        // Past the last row: nothing new to choose.
        stage.fingers.tap(at: Point(x: 300, y: 100 + 108 + 44))
        stage.fingers.wait(1)
        #expect(model.log.count == 2 && picker.selectedRow(inComponent: 0) == 0, "the other wheel did not move")
    }

    @Test func selectRowIsSilentAndTheSpokenModeAdjustsAWheel() throws {
        let (stage, picker, model) = stage()
        picker.selectRow(2, inComponent: 0, animated: false)
        picker.selectRow(9, inComponent: 1, animated: true)
        stage.fingers.wait(1)
        #expect(picker.selectedRow(inComponent: 0) == 2 && picker.selectedRow(inComponent: 1) == 9 && model.log.isEmpty)
        let reports = capturingDiagnostics {
            picker.selectRow(3, inComponent: 0, animated: false)
            picker.selectRow(0, inComponent: 2, animated: false)
            picker.reloadComponent(5)
        }
        #expect(reports.count == 3 && picker.selectedRow(inComponent: 0) == 2 && picker.selectedRow(inComponent: 5) == -1)
        let wheels = try #require(picker.accessibilityElements?.compactMap { $0 as? AccessibilityElement })
        #expect(wheels.map { $0.accessibilityValue ?? "" } == ["Large, 3 of 3", "10, 10 of 20"] && wheels[1].accessibilityTraits == .adjustable)
        wheels[1].accessibilityIncrement()
        stage.fingers.wait(1)
        #expect(model.log == ["didSelect 10 in 1"])
        // Reloaded with fewer rows: the choice is kept where it still exists.
        picker.reloadAllComponents()
        #expect(picker.selectedRow(inComponent: 1) == 10)
    }

    @Test func aSettlingWheelRedrawsOnlyItsColumn() throws {
        let (stage, picker, model) = stage()
        defer { withExtendedLifetime(model) {} }
        let display = try HeadlessDisplay(window: stage.window)
        display.renderFrame()
        picker.selectRow(12, inComponent: 1, animated: true)
        var frames = 0
        for _ in 0..<20 {
            stage.fingers.wait(1.0 / 60)
            let damage = display.renderFrame()
            frames += damage.isEmpty ? 0 : 1
            #expect(damage.allSatisfy { $0.minX >= 200 && $0.minY >= 100 && $0.maxY <= 316 }, "\(damage)")
        }
        #expect(frames > 5)
        stage.fingers.wait(1)
        #expect(display.renderFrame().isEmpty || picker.shownOffset(1) == 12)
        #expect(display.renderFrame().isEmpty, "at rest: nothing more to draw")
    }

    @Test(arguments: [(UserInterfaceStyle.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func thePickerLooks(style: UserInterfaceStyle, scale: Double) throws {
        let (stage, picker, model) = stage(style: style)
        picker.selectRow(1, inComponent: 0, animated: false)
        picker.selectRow(4, inComponent: 1, animated: false)
        let display = try HeadlessDisplay(window: stage.window, scale: scale)
        display.renderFrame()
        try withExtendedLifetime(model) {  // the picker holds its delegate weakly, as UIKit's
            try Snapshot.check(display.framebuffer, named: "picker-\(style == .dark ? "dark" : "light")\(scale == 2 ? "@2x" : "")")
        }
    }
}
