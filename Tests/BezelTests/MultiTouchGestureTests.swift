import Testing
@testable import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// Scenarios S1, S2, S7 and S8 of issue 3, and the unit tests of the multi-touch recognizers.
@MainActor
@Suite struct MultiTouchGestureTests {
    func stageWithView() -> (Stage, View) {
        let stage = Stage()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        view.isMultipleTouchEnabled = true
        stage.window.addSubview(view)
        return (stage, view)
    }

    @Test func s1_swipeInEachDirection() {
        let moves: [(SwipeGestureRecognizer.Direction, Point)] = [
            (.right, Point(150, 0)), (.left, Point(-150, 0)), (.up, Point(0, -150)), (.down, Point(0, 150)),
        ]
        for (direction, delta) in moves {
            let (stage, view) = stageWithView()
            let log = Log()
            let swipe = SwipeGestureRecognizer { r in log.add("swipe \(r.state)") }
            swipe.direction = direction
            view.addGestureRecognizer(swipe)
            // 150 pt in 0.1 s: 1500 pt/s.
            stage.fingers.drag(from: Point(200, 400), to: Point(200 + delta.x, 400 + delta.y), steps: 6, duration: 0.1)
            #expect(log.entries == ["swipe ended"], "\(direction)")
        }
    }

    @Test func s1_swipeInTheWrongDirectionOrTooSlowFails() {
        let (stage, view) = stageWithView()
        let log = Log()
        let swipe = SwipeGestureRecognizer { _ in log.add("swipe") }
        swipe.direction = [.left, .up]
        view.addGestureRecognizer(swipe)
        stage.fingers.drag(from: Point(200, 400), to: Point(350, 400), steps: 6, duration: 0.1)
        #expect(log.entries.isEmpty, "right is not allowed")
        stage.fingers.drag(from: Point(300, 400), to: Point(150, 400), steps: 30, duration: 1.0)
        #expect(log.entries.isEmpty, "150 pt in a second is a drag, not a swipe")
        stage.fingers.drag(from: Point(300, 400), to: Point(150, 500), steps: 6, duration: 0.1)
        #expect(log.entries.isEmpty, "too crooked: 100 pt sideways for 150 along")
        stage.fingers.drag(from: Point(300, 400), to: Point(150, 420), steps: 6, duration: 0.1)
        #expect(log.entries == ["swipe"])
    }

    @Test func s1_twoFingerSwipeNeedsTwoFingers() {
        let (stage, view) = stageWithView()
        let log = Log()
        let swipe = SwipeGestureRecognizer { _ in log.add("swipe") }
        swipe.numberOfTouchesRequired = 2
        view.addGestureRecognizer(swipe)
        stage.fingers.drag(from: Point(100, 400), to: Point(300, 400), steps: 6, duration: 0.1)
        #expect(log.entries.isEmpty)
        stage.fingers.frame([.down(1, at: Point(100, 400)), .down(2, at: Point(100, 450))])
        for i in 1...6 {
            stage.fingers.wait(0.016)
            let x = 100 + Double(i) * 30
            stage.fingers.frame([.move(1, to: Point(x, 400)), .move(2, to: Point(x, 450))])
        }
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == ["swipe"])
    }

    /// Two fingers placed at `a` and `b`, then moved in `steps` to `a2`, `b2`.
    func twoFingers(_ stage: Stage, from a: Point, _ b: Point, to a2: Point, _ b2: Point, steps: Int = 10) {
        stage.fingers.frame([.down(1, at: a), .down(2, at: b)])
        for i in 1...steps {
            stage.fingers.wait(0.016)
            let f = Double(i) / Double(steps)
            stage.fingers.frame([.move(1, to: Point(a.x + (a2.x - a.x) * f, a.y + (a2.y - a.y) * f)),
                                 .move(2, to: Point(b.x + (b2.x - b.x) * f, b.y + (b2.y - b.y) * f))])
        }
    }

    @Test func s2_pinchScaleFollowsTheFingerDistanceRatio() {
        let (stage, view) = stageWithView()
        var scales: [Double] = []
        var velocities: [Double] = []
        let pinch = PinchGestureRecognizer { r in
            let p = r as! PinchGestureRecognizer
            scales.append(p.scale)
            velocities.append(p.velocity)
        }
        view.addGestureRecognizer(pinch)
        twoFingers(stage, from: Point(150, 400), Point(250, 400), to: Point(100, 400), Point(300, 400))
        #expect(abs(scales.last! - 2.0) < 0.02, "distance 100 -> 200")
        #expect(velocities.last! > 0)
        stage.fingers.frame([.up(1), .up(2)])
        #expect(pinch.state == .possible)
        // Pinching in.
        twoFingers(stage, from: Point(100, 400), Point(300, 400), to: Point(150, 400), Point(250, 400))
        #expect(abs(scales.last! - 0.5) < 0.005)
        #expect(velocities.last! < 0)
        stage.fingers.frame([.up(1), .up(2)])
    }

    @Test func s2_rotationFollowsATwistWithinHalfADegree() {
        let (stage, view) = stageWithView()
        var rotations: [Double] = []
        let rotation = RotationGestureRecognizer { r in rotations.append((r as! RotationGestureRecognizer).rotation) }
        view.addGestureRecognizer(rotation)
        // Twist 60° clockwise around (200, 400), radius 100, in 12 steps.
        let center = Point(200, 400)
        stage.fingers.frame([.down(1, at: Point(100, 400)), .down(2, at: Point(300, 400))])
        for i in 1...12 {
            stage.fingers.wait(0.016)
            let a = Double(i) * 5 * Double.pi / 180
            let dx = 100 * cosine(a), dy = 100 * sine(a)
            stage.fingers.frame([.move(1, to: Point(center.x - dx, center.y - dy)), .move(2, to: Point(center.x + dx, center.y + dy))])
        }
        let degrees = rotations.last! * 180 / Double.pi
        #expect(abs(degrees - 60) < 0.5, "rotation \(degrees)°")
        stage.fingers.frame([.up(1), .up(2)])
    }

    @Test func s2_pinchAndRotationTogetherOnlyWhenTheDelegateAllows() {
        for allow in [true, false] {
            let (stage, view) = stageWithView()
            let log = Log()
            let pinch = PinchGestureRecognizer { r in if r.state == .began { log.add("pinch") } }
            let rotation = RotationGestureRecognizer { r in if r.state == .began { log.add("rotation") } }
            let delegate = TestDelegate()
            delegate.simultaneous = allow
            pinch.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            // Spread and twist at once: distance 100 -> 200 while turning 30°.
            let center = Point(200, 400)
            stage.fingers.frame([.down(1, at: Point(150, 400)), .down(2, at: Point(250, 400))])
            for i in 1...10 {
                stage.fingers.wait(0.016)
                let a = Double(i) * 3 * Double.pi / 180
                let r = 50 + Double(i) * 5
                stage.fingers.frame([.move(1, to: Point(center.x - r * cosine(a), center.y - r * sine(a))),
                                     .move(2, to: Point(center.x + r * cosine(a), center.y + r * sine(a)))])
            }
            stage.fingers.frame([.up(1), .up(2)])
            withExtendedLifetime(delegate) {}
            #expect(log.entries.sorted() == (allow ? ["pinch", "rotation"] : ["pinch"]), "allow=\(allow)")
        }
    }

    @Test func pinchAndRotationCanBeResetByTheApp() {
        let (stage, view) = stageWithView()
        var scales: [Double] = []
        let pinch = PinchGestureRecognizer { r in
            let p = r as! PinchGestureRecognizer
            scales.append(p.scale)
            p.scale = 1   // apply incrementally, as apps do
        }
        view.addGestureRecognizer(pinch)
        twoFingers(stage, from: Point(150, 400), Point(250, 400), to: Point(100, 400), Point(300, 400), steps: 4)
        let product = scales.reduce(1, *)
        #expect(abs(product - 2.0) < 0.001, "the increments multiply to the whole scale")
        let reports = capturingDiagnostics { pinch.scale = -1 }
        #expect(reports.count == 1)
        stage.fingers.frame([.up(1), .up(2)])
    }

    @Test func oneFingerNeverPinches() {
        let (stage, view) = stageWithView()
        let log = Log()
        view.addGestureRecognizer(PinchGestureRecognizer { _ in log.add("pinch") })
        view.addGestureRecognizer(RotationGestureRecognizer { _ in log.add("rotation") })
        stage.fingers.drag(from: Point(100, 100), to: Point(300, 300), steps: 5)
        #expect(log.entries.isEmpty)
    }

    @Test func s7_threeFingerTapAndTwoFingerLongPress() {
        let (stage, view) = stageWithView()
        let log = Log()
        let tap = TapGestureRecognizer { _ in log.add("three-finger tap") }
        tap.numberOfTouchesRequired = 3
        let press = LongPressGestureRecognizer { r in log.add("two-finger press \(r.state)") }
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        stage.fingers.frame([.down(1, at: Point(100, 100)), .down(2, at: Point(150, 100)), .down(3, at: Point(200, 100))])
        stage.fingers.wait(0.1)
        stage.fingers.frame([.up(1), .up(2), .up(3)])
        #expect(log.entries == ["three-finger tap"])
        stage.fingers.wait(1)
        log.clear()
        stage.fingers.frame([.down(1, at: Point(100, 100)), .down(2, at: Point(150, 100))])
        stage.fingers.wait(0.6)
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == ["two-finger press began", "two-finger press ended"])
    }

    @Test func s8_edgePanBeginsOnlyFromTheEdge() {
        let (stage, view) = stageWithView()
        let log = Log()
        let edge = ScreenEdgePanGestureRecognizer { r in log.add("edge \(r.state)") }
        edge.edges = .left
        view.addGestureRecognizer(edge)
        stage.fingers.drag(from: Point(5, 400), to: Point(120, 400), steps: 6)
        #expect(log.entries.first == "edge began" && log.entries.last == "edge ended")
        log.clear()
        stage.fingers.drag(from: Point(40, 400), to: Point(160, 400), steps: 6)
        #expect(log.entries.isEmpty, "40 pt in is not the edge")
        stage.fingers.drag(from: Point(5, 400), to: Point(5, 200), steps: 6)
        #expect(log.entries.isEmpty, "along the edge is not away from it")
        edge.edges = .right
        stage.fingers.drag(from: Point(395, 400), to: Point(250, 400), steps: 6)
        #expect(log.entries.first == "edge began")
    }

    @Test func velocityTrackerFitsALineAndForgetsAPause() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(Double(i) * 10, Double(i) * -5), at: Double(i) * 0.01) }
        #expect(abs(tracker.velocity.x - 1000) < 1e-6 && abs(tracker.velocity.y + 500) < 1e-6)
        tracker.add(Point(100, -50), at: 0.2)
        #expect(tracker.velocity == .zero, "a finger that rested 100 ms before the last sample")
        tracker.add(Point(.nan, 0), at: 0.21)
        #expect(tracker.velocity == .zero)
        tracker.clear()
        tracker.add(Point(0, 0), at: 1)
        #expect(tracker.velocity == .zero, "one sample: no velocity")
    }

    @Test func displayLinkTicksOnlyWhileSubscribed() {
        let stage = Stage()
        var ticks: [Double] = []
        var subscription: DisplayLink.Subscription?
        subscription = stage.app.displayLink.add { time in
            ticks.append(time)
            if ticks.count == 3 { subscription?.invalidate() }
        }
        stage.fingers.wait(1)
        #expect(ticks.count == 3)
        #expect(abs(ticks[1] - ticks[0] - 1.0 / 60) < 1e-9)
        #expect(stage.app.runLoop.pendingTimerCount == 0, "no subscriber, no wake-ups")
    }
}

func sine(_ x: Double) -> Double { sin(x) }
func cosine(_ x: Double) -> Double { cos(x) }

@MainActor
@Suite struct TouchLimitTests {
    @Test func extraFingersAreIgnoredInLandingOrder() {
        for _ in 0..<20 {
            let stage = Stage()
            let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            view.isMultipleTouchEnabled = true
            stage.window.addSubview(view)
            let pinch = PinchGestureRecognizer()
            view.addGestureRecognizer(pinch)
            stage.fingers.frame([.down(1, at: Point(100, 100)), .down(2, at: Point(200, 100)),
                                 .down(3, at: Point(300, 100)), .down(4, at: Point(300, 300))])
            #expect(pinch.trackedTouches.map(\.identifier) == [1, 2])
            stage.fingers.frame([.up(1), .up(2), .up(3), .up(4)])
        }
    }
}
