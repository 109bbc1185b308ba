import Testing
@testable import Bezel

/// Records the scroll view delegate's calls.
@MainActor
final class ScrollLog: ScrollViewDelegate {
    var entries: [String] = []
    var zoomView: View?
    var target: ((Point) -> Point)?
    var scrolls = 0

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { entries.append("willBeginDragging") }
    var lastVelocity = Point.zero
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        entries.append("willEndDragging")
        lastVelocity = velocity
        if let target { targetContentOffset = target(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        entries.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { entries.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { entries.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { entries.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    func scrollViewDidZoom(_ scrollView: ScrollView) { entries.append("didZoom") }
}

/// Scenarios S3-S6 of issue 3 and ScrollView unit tests.
@MainActor
@Suite struct ScrollViewTests {
    /// A 400x400 vertical list of 2000 pt with a logging button at (50, 100) in it.
    @MainActor struct ListStage {
        let stage = Stage()
        let log = Log()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button: LoggingButton
        let delegate = ScrollLog()

        init() {
            scroll.name = "list"
            scroll.contentSize = Size(width: 400, height: 2000)
            scroll.delegate = delegate
            button = LoggingButton(log: log, frame: Rect(x: 50, y: 100, width: 200, height: 60))
            scroll.addSubview(button)
            stage.window.addSubview(scroll)
            let controller = ActionLogger(log: log, actions: ["didTouchButton"])
            button.addTarget(controller, action: "didTouchButton", for: .touchUpInside)
            button.addAction(for: .touchCancel) { [log] _, _ in log.add("touchCancel") }
            keepAlive = controller
        }
        var keepAlive: AnyObject?

        /// Drags up from the button's middle in 5 pt steps (the pan begins on the 2nd move).
        func dragUp(moves: Int, holdFirst: TimeInterval) {
            stage.fingers.down(at: Point(150, 130))
            stage.fingers.wait(holdFirst)
            for i in 1...moves {
                stage.fingers.wait(0.016)
                stage.fingers.move(to: Point(150, 130 - 5 * Double(i)))
            }
            stage.fingers.wait(0.016)
            stage.fingers.up()
        }
    }

    @Test func s3_quickTapOnAButtonInAListFires() {
        let s = ListStage()
        s.stage.fingers.tap(at: Point(150, 130))
        #expect(s.log.entries == ["button touchesBegan", "beginTracking", "button touchesEnded", "endTracking", "didTouchButton"])
        #expect(s.scroll.contentOffset == .zero)
    }

    @Test func s3_immediateDragScrollsAndTheButtonSeesNothing() {
        let s = ListStage()
        s.dragUp(moves: 8, holdFirst: 0.016)
        #expect(s.log.entries.isEmpty)
        #expect(s.scroll.contentOffset.y > 25, "scrolled by the drag (the first 10 pt start the pan)")
    }

    @Test func s3_holdPastTheDelayThenDragKeepsTheButtonTracking() {
        let s = ListStage()
        s.dragUp(moves: 8, holdFirst: 0.2)
        var expected = ["button touchesBegan", "beginTracking"]
        for _ in 0..<8 { expected += ["button touchesMoved", "continueTracking"] }
        expected += ["button touchesEnded", "endTracking", "didTouchButton"]
        #expect(s.log.entries == expected)
        #expect(s.scroll.contentOffset == .zero, "the button kept the touch: no scrolling")
    }

    @Test func s3_withTheCancellingOptionTheDragScrollsAndCancelsTheButton() {
        let s = ListStage()
        s.scroll.scrollingCancelsControlTouches = true
        s.dragUp(moves: 8, holdFirst: 0.2)
        #expect(s.log.entries == [
            "button touchesBegan", "beginTracking", "button touchesMoved", "continueTracking",
            "button touchesCancelled", "cancelTracking", "touchCancel",
        ])
        #expect(s.scroll.contentOffset.y > 25)
    }

    @Test func s3_contentTouchesWithoutDelayGoStraightToTheButton() {
        let s = ListStage()
        s.scroll.delaysContentTouches = false
        s.stage.fingers.down(at: Point(150, 130))
        #expect(s.log.entries == ["button touchesBegan", "beginTracking"])
        s.stage.fingers.up()
    }

    @Test func s3_touchesShouldBeginCanKeepContentFromTouches() {
        final class Picky: ScrollView {
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { !(view is Button) }
        }
        let stage = Stage()
        let log = Log()
        let scroll = Picky(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.contentSize = Size(width: 400, height: 2000)
        let button = LoggingButton(log: log, frame: Rect(x: 50, y: 100, width: 200, height: 60))
        scroll.addSubview(button)
        stage.window.addSubview(scroll)
        stage.fingers.tap(at: Point(150, 130))
        stage.fingers.wait(1)
        #expect(log.entries.isEmpty)
    }

    @Test func s4_flingDeceleratesAndStopsAtTheContentEdge() {
        let s = ListStage()
        // A fast flick up: 380 pt in 0.06 s (over 5000 pt/s) would glide ~2500 pt, past 1600.
        s.stage.fingers.drag(from: Point(300, 390), to: Point(300, 10), steps: 6, duration: 0.06)
        #expect(s.scroll.isDecelerating)
        let during = s.scroll.contentOffset.y
        s.stage.fingers.wait(0.5)
        #expect(s.scroll.contentOffset.y > during)
        s.stage.fingers.wait(6)
        #expect(s.scroll.contentOffset.y == 1600, "stops exactly at the bottom edge (2000 - 400)")
        #expect(!s.scroll.isDecelerating)
        #expect(s.delegate.entries == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
        #expect(s.stage.app.runLoop.pendingTimerCount == 0, "no frames once it rests")
    }

    @Test func s4_flingDistanceFollowsUIKitsDecelerationRate() {
        let s = ListStage()
        s.scroll.contentSize = Size(width: 400, height: 100_000)
        s.stage.fingers.drag(from: Point(300, 350), to: Point(300, 250), steps: 10, duration: 0.1)
        let released = s.scroll.contentOffset.y
        s.stage.fingers.wait(10)
        // v pt/s at 0.998/ms travels v / (1000 · ln(1/0.998)) = 0.4995 s × v.
        let v = s.delegate.lastVelocity.y * 1000
        #expect(v > 500, "a real fling (\(v) pt/s)")
        #expect(abs(s.scroll.contentOffset.y - released - v * 0.4995) < 1)
    }

    @Test func s4_overscrollWithBouncesReturnsToTheEdge() {
        let s = ListStage()
        // Drag down at the top: the content follows with resistance, then springs back.
        s.stage.fingers.down(at: Point(300, 100))
        for i in 1...10 {
            s.stage.fingers.wait(0.05)
            s.stage.fingers.move(to: Point(300, 100 + Double(i) * 20))
        }
        let pulled = s.scroll.contentOffset.y
        #expect(pulled < -30 && pulled > -190, "190 pt of finger moved the content \(-pulled) pt: resisted")
        s.stage.fingers.wait(0.2)
        s.stage.fingers.up()
        s.stage.fingers.wait(2)
        #expect(s.scroll.contentOffset.y == 0)
        // Without bounces the content stops at the edge.
        s.scroll.bounces = false
        s.stage.fingers.drag(from: Point(300, 100), to: Point(300, 300), steps: 10, duration: 0.5)
        #expect(s.scroll.contentOffset.y == 0)
    }

    @Test func s4_pagingSnapsToAPage() {
        let stage = Stage()
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        pager.contentSize = Size(width: 1200, height: 400)
        pager.isPagingEnabled = true
        stage.window.addSubview(pager)
        // A slow drag of 150 pt (less than half a page) settles back on page 0.
        stage.fingers.drag(from: Point(300, 200), to: Point(150, 200), steps: 30, duration: 1.5)
        stage.fingers.wait(0.2)
        stage.fingers.wait(3)
        #expect(pager.contentOffset.x == 0)
        // A flick of the same distance goes to the next page.
        stage.fingers.drag(from: Point(300, 200), to: Point(150, 200), steps: 5, duration: 0.08)
        stage.fingers.wait(3)
        #expect(pager.contentOffset.x == 400)
        // A slow drag past half a page lands on the nearest page.
        stage.fingers.drag(from: Point(350, 200), to: Point(100, 200), steps: 30, duration: 1.5)
        stage.fingers.wait(0.2)
        stage.fingers.wait(3)
        #expect(pager.contentOffset.x == 800)
    }

    @Test func s5_touchDuringDecelerationStopsScrollingAndIsNotATap() {
        let s = ListStage()
        s.button.frame = Rect(x: 50, y: 100, width: 200, height: 1000)
        s.stage.fingers.drag(from: Point(300, 350), to: Point(300, 250), steps: 6, duration: 0.1)
        s.stage.fingers.wait(0.1)
        #expect(s.scroll.isDecelerating)
        s.log.clear()
        let onButton = Point(150, 200)
        #expect(s.stage.window.hitTest(onButton, with: nil) === s.scroll, "while decelerating the scroll view takes the touch")
        s.stage.fingers.tap(at: onButton)
        let stopped = s.scroll.contentOffset
        s.stage.fingers.wait(2)
        #expect(s.log.entries.isEmpty, "the tap that stops scrolling is not a tap on the content")
        #expect(s.scroll.contentOffset == stopped && !s.scroll.isDecelerating)
        #expect(s.delegate.entries.last == "didEndDecelerating")
        // The next tap is a tap again.
        s.stage.fingers.tap(at: onButton)
        #expect(s.log.entries.last == "didTouchButton")
    }

    @Test func s6_nestedPerpendicularScrollViewsRouteDragsByDirection() {
        let stage = Stage()
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        pager.name = "pager"
        pager.contentSize = Size(width: 1200, height: 400)
        var lists: [ScrollView] = []
        for page in 0..<3 {
            let list = ScrollView(frame: Rect(x: Double(page) * 400, y: 0, width: 400, height: 400))
            list.name = "list\(page)"
            list.contentSize = Size(width: 400, height: 3000)
            pager.addSubview(list)
            lists.append(list)
        }
        stage.window.addSubview(pager)
        stage.fingers.drag(from: Point(200, 300), to: Point(200, 100), steps: 10, duration: 0.5)
        stage.fingers.wait(3)
        #expect(lists[0].contentOffset.y > 100 && pager.contentOffset.x == 0, "vertical drag scrolls the list")
        let listOffset = lists[0].contentOffset
        stage.fingers.drag(from: Point(300, 200), to: Point(100, 200), steps: 10, duration: 0.5)
        stage.fingers.wait(3)
        #expect(pager.contentOffset.x > 100, "horizontal drag scrolls the pager")
        #expect(lists[0].contentOffset == listOffset, "and not the list")
    }

    @Test func directionalLockKeepsADragOnItsAxis() {
        let stage = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.contentSize = Size(width: 2000, height: 2000)
        scroll.isDirectionalLockEnabled = true
        stage.window.addSubview(scroll)
        stage.fingers.down(at: Point(300, 300))
        stage.fingers.move(to: Point(300, 260))
        stage.fingers.move(to: Point(290, 220))
        stage.fingers.move(to: Point(270, 180))
        #expect(scroll.contentOffset.x == 0 && scroll.contentOffset.y > 0)
        stage.fingers.wait(0.2)
        stage.fingers.up()
    }

    @Test func delegateMayChooseWhereTheFlingEnds() {
        let s = ListStage()
        s.delegate.target = { _ in Point(0, 1000) }
        s.stage.fingers.drag(from: Point(300, 350), to: Point(300, 250), steps: 6, duration: 0.1)
        s.stage.fingers.wait(8)
        #expect(s.scroll.contentOffset == Point(0, 1000))
    }

    @Test func animatedContentOffsetEndsWithItsCallback() {
        let s = ListStage()
        s.scroll.setContentOffset(Point(0, 500), animated: true)
        #expect(s.scroll.isScrollAnimating && s.scroll.areScrollIndicatorsVisible)
        s.stage.fingers.wait(0.15)
        #expect(s.scroll.contentOffset.y > 250 && s.scroll.contentOffset.y < 500, "ease-out: past halfway at half time")
        s.stage.fingers.wait(0.2)
        #expect(s.scroll.contentOffset == Point(0, 500))
        #expect(s.delegate.entries == ["didEndScrollingAnimation"])
        #expect(!s.scroll.areScrollIndicatorsVisible)
        let reports = capturingDiagnostics { s.scroll.setContentOffset(Point(.nan, 0), animated: false) }
        #expect(reports.count == 1 && s.scroll.contentOffset == Point(0, 500))
    }

    /// Issue 37 item 10: an animated scroll started while a finger drags, then the lift's
    /// fling. Only one display-link subscription runs at a time: after the fling the list
    /// rests where the deceleration took it, `isDecelerating` is false, the display link has
    /// no subscriber left (the app idles), and a tap reaches the row's button.
    @Test func anAnimatedScrollStartedDuringADragLeavesNoSubscriptionBehind() throws {
        let s = ListStage()
        let link = try #require(s.stage.window.application?.displayLink)
        s.stage.fingers.down(at: Point(300, 350))
        s.stage.fingers.move(to: Point(300, 330))
        s.stage.fingers.move(to: Point(300, 310))
        s.scroll.setContentOffset(Point(0, 800), animated: true)
        for y in stride(from: 290.0, through: 230, by: -20) {
            s.stage.fingers.wait(0.016)
            s.stage.fingers.move(to: Point(300, y))
        }
        s.stage.fingers.up()
        #expect(s.scroll.isDecelerating, "the lift flings")
        s.stage.fingers.wait(10)
        #expect(!s.scroll.isDecelerating && !s.scroll.isScrollAnimating)
        #expect(!link.isRunning, "no display-link subscriber left: the app idles")
        let resting = s.scroll.contentOffset
        s.stage.fingers.wait(1)
        #expect(s.scroll.contentOffset == resting, "nothing moves the list after it rests")
        #expect(s.delegate.entries.filter { $0.hasPrefix("did") && $0 != "didZoom" }
                    == ["didEndDragging(true)", "didEndDecelerating"], "\(s.delegate.entries)")
        // The button, scrolled to where it is now, takes a tap.
        s.scroll.setContentOffset(.zero, animated: false)
        s.stage.fingers.tap(at: Point(150, 130))
        #expect(s.log.entries.last == "didTouchButton")
    }

    @Test func insetsExtendTheScrollableRange() {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.contentSize = Size(width: 400, height: 1000)
        scroll.contentInset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
        #expect(scroll.minimumContentOffset == Point(0, -50))
        #expect(scroll.maximumContentOffset == Point(0, 630))
        scroll.contentSize = Size(width: -5, height: .nan)
        #expect(scroll.contentSize == .zero)
        #expect(scroll.maximumContentOffset == Point(0, -20) || scroll.maximumContentOffset == Point(0, -50))
    }

    @Test func scrollIndicatorsFollowTheOffset() {
        let s = ListStage()
        #expect(s.scroll.verticalScrollIndicatorFrame == nil, "hidden while resting")
        s.stage.fingers.down(at: Point(300, 300))
        s.stage.fingers.move(to: Point(300, 280))
        s.stage.fingers.move(to: Point(300, 250))
        let indicator = s.scroll.verticalScrollIndicatorFrame
        #expect(indicator != nil)
        // 400 of 2000 pt visible: the indicator is a fifth of the track (394 pt).
        #expect(abs(indicator!.height - 394.0 / 5) < 1)
        #expect(s.scroll.horizontalScrollIndicatorFrame == nil, "cannot scroll sideways")
        s.stage.fingers.wait(0.3)
        s.stage.fingers.up()
        s.stage.fingers.wait(1)
    }

    @Test func rubberBandMatchesUIKitsFormula() {
        #expect(RubberBand.offset(0, dimension: 400) == 0)
        #expect(abs(RubberBand.offset(100, dimension: 400) - 48.352) < 0.001)
        #expect(abs(RubberBand.offset(-100, dimension: 400) + 48.352) < 0.001)
        #expect(RubberBand.offset(1e9, dimension: 400) < 400)
        #expect(RubberBand.offset(10, dimension: 0) == 0)
    }

    @Test func pinchZoomsTheDelegatesViewWithinItsLimits() {
        let stage = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.addSubview(photo)
        scroll.contentSize = photo.frame.size
        let delegate = ScrollLog()
        delegate.zoomView = photo
        scroll.delegate = delegate
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 3
        #expect(scroll.pinchGestureRecognizer != nil)
        stage.window.addSubview(scroll)
        stage.fingers.frame([.down(1, at: Point(150, 200)), .down(2, at: Point(250, 200))])
        for i in 1...10 {
            stage.fingers.wait(0.016)
            stage.fingers.frame([.move(1, to: Point(150 - Double(i) * 10, 200)), .move(2, to: Point(250 + Double(i) * 10, 200))])
        }
        stage.fingers.frame([.up(1), .up(2)])
        #expect(abs(scroll.zoomScale - 3) < 0.01, "100 -> 300 pt apart: 3x, the maximum")
        #expect(abs(scroll.contentSize.width - 1200) < 1)
        #expect(delegate.entries.contains("didZoom"))
        scroll.setZoomScale(10)
        #expect(scroll.zoomScale == 3, "clamped to the maximum")
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil && scroll.zoomScale == 1)
    }

    @Test func disabledScrollingLeavesTouchesToTheContent() {
        let s = ListStage()
        s.scroll.isScrollEnabled = false
        s.dragUp(moves: 8, holdFirst: 0.016)
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.log.entries.first == "button touchesBegan" && s.log.entries.last == "didTouchButton")
    }

    @Test func canCancelContentTouchesFalseKeepsEvenPlainViews() {
        let stage = Stage()
        let log = Log()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.contentSize = Size(width: 400, height: 2000)
        scroll.canCancelContentTouches = false
        let row = LoggingView("row", frame: Rect(x: 0, y: 100, width: 400, height: 60), log: log)
        row.callsSuper = false
        scroll.addSubview(row)
        stage.window.addSubview(scroll)
        stage.fingers.down(at: Point(150, 130))
        stage.fingers.wait(0.2)
        stage.fingers.drag(from: Point(150, 130), to: Point(150, 60), steps: 7, lift: false)
        #expect(scroll.contentOffset == .zero && !log.entries.contains("row touchesCancelled"))
        // With the default, the same drag on a plain view scrolls and cancels it.
        scroll.canCancelContentTouches = true
        stage.fingers.frame([.up(1)])
        log.clear()
        stage.fingers.down(at: Point(150, 130))
        stage.fingers.wait(0.2)
        for i in 1...7 { stage.fingers.move(to: Point(150, 130 - Double(i) * 10)) }
        stage.fingers.up()
        #expect(log.entries.contains("row touchesCancelled") && scroll.contentOffset.y > 0)
    }

    @Test func alwaysBounceLetsShortContentBeDragged() {
        let stage = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroll.contentSize = Size(width: 400, height: 100)
        stage.window.addSubview(scroll)
        stage.fingers.drag(from: Point(200, 100), to: Point(200, 250), steps: 10, lift: false)
        #expect(scroll.contentOffset == .zero, "nothing to scroll: the pan does not begin")
        stage.fingers.up()
        scroll.alwaysBounceVertical = true
        stage.fingers.drag(from: Point(200, 100), to: Point(200, 250), steps: 10, lift: false)
        #expect(scroll.contentOffset.y < 0)
        stage.fingers.up()
        stage.fingers.wait(2)
        #expect(scroll.contentOffset == .zero)
    }
}
