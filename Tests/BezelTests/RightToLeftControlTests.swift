import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Controls in a right-to-left language (issue 31 item 4), as iOS mirrors them: a slider's
/// minimum and its fill at the right, a progress bar filling from the right, a segmented
/// control's first segment at the right; dragged and tapped through the whole pipeline.
@MainActor
@Suite(.fontsRegistered) struct RightToLeftControlTests {
    func make(rightToLeft: Bool) throws -> (AppHarness, Slider, ProgressView, SegmentedControl) {
        let slider = Slider(frame: Rect(x: 100, y: 60, width: 300, height: 24))
        let progress = ProgressView(frame: Rect(x: 100, y: 120, width: 300, height: 4))
        let segments = SegmentedControl(frame: Rect(x: 100, y: 160, width: 300, height: 44), items: ["A", "B", "C"])
        let harness = try AppHarness { app in
            let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
            for view in [slider, progress, segments] as [View] {
                if rightToLeft { view.semanticContentAttribute = .forceRightToLeft }
                window.addSubview(view)
            }
            return window
        }
        return (harness, slider, progress, segments)
    }

    @Test func aSliderRunsFromTheRight() throws {
        let (harness, slider, _, _) = try make(rightToLeft: true)
        slider.value = 0
        #expect(slider.thumbRect.midX > slider.bounds.width - 20, "the minimum at the right")
        slider.value = 1
        #expect(slider.thumbRect.midX < 20, "the maximum at the left")
        slider.value = 0.25
        let start = slider.convert(Point(x: slider.thumbRect.midX, y: slider.bounds.midY), to: nil)
        // Dragged 75 points to the left: a quarter of the track further.
        harness.drag(from: start, to: Point(x: start.x - 71.5, y: start.y), steps: 6)
        #expect(abs(slider.value - 0.5) < 0.01, "\(slider.value)")
        let (_, ltr, _, _) = try make(rightToLeft: false)
        ltr.value = 0
        #expect(ltr.thumbRect.midX < 20)
    }

    @Test func progressAndSegmentsMirror() throws {
        let (harness, _, progress, segments) = try make(rightToLeft: true)
        progress.progress = 0.25
        segments.selectedSegmentIndex = 0
        _ = harness.render()
        // The segment under a point: the first one at the right.
        #expect(segments.segment(at: Point(x: 290, y: 20)) == 0)
        #expect(segments.segment(at: Point(x: 10, y: 20)) == 2)
        harness.tap(at: segments.convert(Point(x: 20, y: 22), to: nil))
        #expect(segments.selectedSegmentIndex == 2)
        // The fill's pixels at the right end, the track's at the left.
        let image = harness.display.framebuffer
        let fill = image.pixel(x: 390, y: 121), track = image.pixel(x: 110, y: 121)
        #expect(fill != track)
        let (ltrHarness, _, ltrProgress, _) = try make(rightToLeft: false)
        ltrProgress.progress = 0.25
        _ = ltrHarness.render()
        #expect(ltrHarness.display.framebuffer.pixel(x: 110, y: 121) == fill, "the same fill colour, at the other end")
        #expect(ltrHarness.display.framebuffer.pixel(x: 390, y: 121) == track)
    }

    @Test func aSwitchTurnsOnToTheLeftAndAGridRunsFromTheRight() throws {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        toggle.semanticContentAttribute = .forceRightToLeft
        #expect(toggle.knobRect.maxX == 48, "off: the knob at the right")
        toggle.isOn = true
        #expect(toggle.knobRect.minX == 3, "on: the knob at the left")

        final class Tiles: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            }
        }
        let tiles = Tiles()
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 300),
                                  collectionViewLayout: .grid(columns: 3, itemHeight: 80, spacing: 10, insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 20)))
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.semanticContentAttribute = .forceRightToLeft
        grid.dataSource = tiles
        grid.layoutIfNeeded()
        let first = try #require(grid.cellForItem(at: IndexPath(item: 0, section: 0))), fourth = try #require(grid.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(first.frame.maxX == 390, "the first item at the top right, the left inset at the right")
        #expect(fourth.frame.maxX == 390 && fourth.frame.minY > first.frame.minY)
        #expect(grid.cellForItem(at: IndexPath(item: 2, section: 0))!.frame.minX == 20)
        #expect(grid.indexPathForItem(at: Point(x: 380, y: 10)) == IndexPath(item: 0, section: 0))
    }

    @Test func tabsSteppersAndPageControlsRunFromTheRight() throws {
        let stepper = Stepper(frame: Rect(x: 100, y: 40, width: 94, height: 32))
        let pages = PageControl(frame: Rect(x: 100, y: 100, width: 200, height: 37))
        pages.numberOfPages = 5
        let tabs = TabBarController()
        let first = ViewController(), second = ViewController()
        first.title = "One"
        second.title = "Two"
        tabs.setViewControllers([first, second], animated: false)
        let harness = try AppHarness(rootViewController: tabs)
        for view in [stepper, pages] as [View] {
            view.semanticContentAttribute = .forceRightToLeft
            first.view.addSubview(view)
        }
        tabs.tabBar.semanticContentAttribute = .forceRightToLeft
        tabs.tabBar.setNeedsLayout()
        _ = harness.render()
        let buttons = tabs.tabBar.subviews.compactMap { $0 as? Control }
        #expect(buttons.count == 2 && buttons[0].frame.minX > buttons[1].frame.minX, "the first tab at the right")
        // The stepper's left half adds, its right half subtracts.
        harness.tap(at: stepper.convert(Point(x: 20, y: 16), to: nil))
        #expect(stepper.value == 1)
        harness.tap(at: stepper.convert(Point(x: 74, y: 16), to: nil))
        #expect(stepper.value == 0)
        // The page control's left half goes forward.
        harness.tap(at: pages.convert(Point(x: 20, y: 18), to: nil))
        #expect(pages.currentPage == 1)
    }
}
