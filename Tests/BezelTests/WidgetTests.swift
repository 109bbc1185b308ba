import Testing
@testable import Bezel
import BezelCairo

@MainActor
@Suite(.serialized, .fontsRegistered) struct WidgetTests {
    @Test func everyWidgetInItsStatesMatchesItsGolden() throws {
        let progress = ProgressView(frame: Rect(x: 10, y: 10, width: 200, height: 8))
        progress.progress = 0.65
        let pages = PageControl(frame: Rect(x: 10, y: 30, width: 200, height: 20))
        pages.numberOfPages = 5
        pages.currentPage = 2
        let stepper = Stepper(frame: Rect(x: 10, y: 60, width: 94, height: 32))
        stepper.value = 0
        let segmented = SegmentedControl(frame: Rect(x: 120, y: 60, width: 200, height: 32), items: ["One", "Two", "Three"])
        segmented.selectedSegmentIndex = 1
        let spinner = ActivityIndicatorView(frame: Rect(x: 230, y: 10, width: 40, height: 40))
        spinner.isHidden = false
        spinner.color = .white
        let icon = ImageView(frame: Rect(x: 10, y: 100, width: 48, height: 48), image: ImageLoader.asset(named: "touch-target"))
        let fitted = ImageView(frame: Rect(x: 70, y: 100, width: 96, height: 48), image: ImageLoader.asset(named: "touch-target"))
        fitted.contentMode = .scaleAspectFit
        let missing = ImageView(frame: Rect(x: 180, y: 100, width: 60, height: 48))
        let (app, window) = Snapshot.window(Size(width: 330, height: 160),
                                            [progress, pages, stepper, segmented, spinner, icon, fitted, missing])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "widgets") }
    }

    @Test func pageControlStepperAndSegmentsRespondToTaps() {
        let stage = Stage()
        let log = Log()
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        pages.numberOfPages = 3
        let stepper = Stepper(frame: Rect(x: 0, y: 100, width: 100, height: 40))
        stepper.maximumValue = 3
        let segmented = SegmentedControl(frame: Rect(x: 0, y: 200, width: 300, height: 40), items: ["a", "b", "c"])
        for control in [pages, stepper, segmented] as [Control] {
            control.addAction(for: .valueChanged) { _, _ in log.add("changed") }
            stage.window.addSubview(control)
        }
        stage.fingers.tap(at: Point(150, 20))
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(150, 20))
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(150, 20))
        #expect(pages.currentPage == 2, "forward twice, then the last page stays")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(20, 20))
        #expect(pages.currentPage == 1)
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(80, 120))
        #expect(stepper.value == 1)
        stage.fingers.wait(0.5)
        // Hold plus: one step, then after 0.5 s one every 0.1 s, stopping at the maximum.
        stage.fingers.down(at: Point(80, 120))
        stage.fingers.wait(0.75)
        stage.fingers.up()
        #expect(stepper.value == 3)
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(20, 120))
        #expect(stepper.value == 2)
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: Point(250, 220))
        #expect(segmented.selectedSegmentIndex == 2)
        stage.fingers.wait(0.5)
        stage.fingers.drag(from: Point(20, 220), to: Point(250, 220), steps: 3)
        #expect(segmented.selectedSegmentIndex == 2, "a touch must lift on the segment it began on")
        #expect(log.entries.count == 8, "3 page changes, 4 stepper changes (the held plus: 1 -> 2 -> 3, then at the maximum), 1 segment")
        #expect(stage.app.runLoop.pendingTimerCount == 0, "autorepeat stopped")
    }

    @Test func builtInControlsBeatAnAncestorsTapAndSlidersBeatItsPan() {
        let stage = Stage()
        let log = Log()
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        stage.window.addSubview(container)
        let tap = TapGestureRecognizer { _ in log.add("parent tap") }
        let pan = PanGestureRecognizer { r in if r.state == .began { log.add("parent pan") } }
        container.addGestureRecognizer(tap)
        container.addGestureRecognizer(pan)
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        let pages = PageControl(frame: Rect(x: 10, y: 60, width: 200, height: 30))
        pages.numberOfPages = 3
        let stepper = Stepper(frame: Rect(x: 10, y: 100, width: 100, height: 40))
        let segmented = SegmentedControl(frame: Rect(x: 10, y: 150, width: 200, height: 40), items: ["a", "b"])
        let slider = Slider(frame: Rect(x: 10, y: 220, width: 300, height: 24))
        slider.value = 0.5
        for control in [toggle, pages, stepper, segmented, slider] as [Control] {
            control.addAction(for: .valueChanged) { c, _ in log.add("\(type(of: c))") }
            container.addSubview(control)
        }
        for point in [Point(50, 30), Point(150, 75), Point(80, 120), Point(160, 170)] {
            stage.fingers.tap(at: point)
            stage.fingers.wait(0.5)
        }
        #expect(log.entries == ["Switch", "PageControl", "Stepper", "SegmentedControl"], "no parent tap")
        log.clear()
        let thumb = slider.convert(Point(slider.thumbRect.midX, slider.thumbRect.midY), to: nil)
        stage.fingers.drag(from: thumb, to: Point(thumb.x + 100, thumb.y), steps: 10)
        #expect(log.entries.first == "Slider" && !log.entries.contains("parent pan"), "the thumb's drag belongs to the slider")
        log.clear()
        stage.fingers.drag(from: Point(20, 232), to: Point(20, 400), steps: 10)
        #expect(log.entries == ["parent pan"], "a vertical drag is the parent's")
    }

    @Test func activityIndicatorAnimatesOnFramesAndStops() {
        let stage = Stage()
        let spinner = ActivityIndicatorView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        stage.window.addSubview(spinner)
        #expect(spinner.isHidden)
        spinner.startAnimating()
        stage.fingers.wait(0.3)
        #expect(spinner.phase == 3 && !spinner.isHidden, "0.3 of a turn: the fourth of twelve spokes")
        spinner.stopAnimating()
        stage.fingers.wait(0.1)
        #expect(spinner.isHidden && stage.app.runLoop.pendingTimerCount == 0)
    }

    @Test func imageViewFitsAndReportsMissingImages() throws {
        let image = try #require(ImageLoader.asset(named: "touch-target"))
        #expect(image.size == Size(width: 48, height: 48))
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 96, height: 48), image: image)
        view.contentMode = .scaleAspectFit
        #expect(view.imageRect == Rect(x: 24, y: 0, width: 48, height: 48))
        view.contentMode = .scaleAspectFill
        #expect(view.imageRect == Rect(x: 0, y: -24, width: 96, height: 96))
        #expect(view.intrinsicContentSize == Size(width: 48, height: 48))
        var missing: Image?
        let reports = capturingDiagnostics { missing = ImageLoader.asset(named: "does-not-exist") }
        #expect(missing == nil && reports.count == 1)
        #expect(throws: CairoError.self) { try ImageLoader.load(path: "/nonexistent.png") }
    }

    @Test func valuesAreClampedAndNaNRefused() {
        let progress = ProgressView()
        progress.progress = 2
        #expect(progress.progress == 1)
        progress.progress = .nan
        #expect(progress.progress == 0)
        let slider = Slider()
        slider.value = 0.3
        slider.value = .nan
        #expect(slider.value == 0.3)
        slider.maximumValue = 0.2
        #expect(slider.value == 0.2)
        let stepper = Stepper()
        stepper.stepValue = -1
        #expect(stepper.stepValue == 1)
        let segmented = SegmentedControl(items: ["a"])
        segmented.selectedSegmentIndex = 7
        #expect(segmented.selectedSegmentIndex == -1)
        let pages = PageControl()
        pages.numberOfPages = -2
        pages.currentPage = 4
        #expect(pages.numberOfPages == 0 && pages.currentPage == 0)
    }

    @Test func pressedAndDisabledStatesOfTheOtherControls() throws {
        let stepperPressed = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 32))
        stepperPressed.isHighlighted = true
        let stepperDisabled = Stepper(frame: Rect(x: 114, y: 10, width: 94, height: 32))
        stepperDisabled.value = 100
        stepperDisabled.maximumValue = 100
        let segmentedDisabled = SegmentedControl(frame: Rect(x: 10, y: 52, width: 198, height: 32), items: ["Off", "On"])
        segmentedDisabled.selectedSegmentIndex = 0
        segmentedDisabled.isEnabled = false
        let switchPressed = Switch(frame: Rect(x: 218, y: 10, width: 80, height: 40))
        switchPressed.isOn = true
        switchPressed.isHighlighted = true
        let pagesSingle = PageControl(frame: Rect(x: 218, y: 60, width: 80, height: 20))
        pagesSingle.numberOfPages = 1
        pagesSingle.hidesForSinglePage = true
        let (app, window) = Snapshot.window(Size(width: 310, height: 95),
                                            [stepperPressed, stepperDisabled, segmentedDisabled, switchPressed, pagesSingle])
        _ = try withExtendedLifetime(app) { try Snapshot.check(window, named: "widget-states") }
    }

    @Test func hugeAndDegenerateViewsRenderWithoutTrouble() throws {
        let huge = View(frame: Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
        huge.backgroundColor = Color(rgb: 0x123456)
        huge.cornerRadius = 1e6
        huge.borderWidth = 1e5
        let label = Label(frame: Rect(x: 0, y: 0, width: 1e9, height: 30), text: String(repeating: "long ", count: 2000),
                          style: TextStyle(size: 1e4))
        let nan = View(frame: Rect(x: .nan, y: 0, width: 10, height: 10))
        nan.backgroundColor = .white
        let (app, window) = Snapshot.window(Size(width: 50, height: 50), [huge, label, nan])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(display.framebuffer.pixel(x: 25, y: 40) != nil)
        withExtendedLifetime(app) {}
    }
}
