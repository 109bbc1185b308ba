import Testing
@testable import Bezel

@MainActor
@Suite struct HitTestingTests {
    @Test func nestedViewsConvertPointsThroughEveryLevel() {
        let stage = Stage()
        let a = View(name: "a", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        let b = View(name: "b", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let c = View(name: "c", frame: Rect(x: 5, y: 5, width: 50, height: 50))
        stage.window.addSubview(a)
        a.addSubview(b)
        b.addSubview(c)
        #expect(c.convert(Point(1, 2), to: nil) == Point(116, 77))
        #expect(c.convert(Point(116, 77), from: nil) == Point(1, 2))
        #expect(c.convert(Point(0, 0), to: a) == Point(15, 25))
        #expect(a.convert(Point(15, 25), to: c) == Point(0, 0))
        #expect(stage.window.hitTest(Point(116, 77), with: nil) === c)
        #expect(stage.window.hitTest(Point(112, 72), with: nil) === b)
        #expect(stage.window.hitTest(Point(101, 51), with: nil) === a)
    }

    @Test func boundsOriginShiftsTheSubviewsAsAScrollViewWould() {
        let stage = Stage()
        let scroller = View(name: "scroller", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let item = View(name: "item", frame: Rect(x: 0, y: 150, width: 100, height: 40))
        scroller.addSubview(item)
        stage.window.addSubview(scroller)
        scroller.boundsOrigin = Point(0, 120)
        #expect(stage.window.hitTest(Point(50, 40), with: nil) === item)
        #expect(item.convert(Point(0, 0), to: nil) == Point(0, 30))
    }

    @Test func subviewsOutsideTheirSuperviewsBoundsAreNotHit() {
        let stage = Stage()
        let parent = View(name: "parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(name: "overhang", frame: Rect(x: 80, y: 80, width: 100, height: 100))
        parent.addSubview(overhang)
        stage.window.addSubview(parent)
        #expect(stage.window.hitTest(Point(90, 90), with: nil) === overhang)
        #expect(stage.window.hitTest(Point(150, 150), with: nil) === stage.window, "outside the parent: not hit")
    }

    @Test func frontmostSiblingWinsAndEdgesAreHalfOpen() {
        let stage = Stage()
        let back = View(name: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = View(name: "front", frame: Rect(x: 50, y: 0, width: 100, height: 100))
        stage.window.addSubview(back)
        stage.window.addSubview(front)
        #expect(stage.window.hitTest(Point(60, 10), with: nil) === front)
        stage.window.bringSubviewToFront(back)
        #expect(stage.window.hitTest(Point(60, 10), with: nil) === back)
        #expect(stage.window.hitTest(Point(100, 10), with: nil) === front, "x = 100 is outside back's [0, 100)")
    }

    final class EnlargedView: View {
        override func point(inside point: Point, with event: Event?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }
    }

    final class RedirectingView: View {
        weak var target: View?
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            super.hitTest(point, with: event) == nil ? nil : target
        }
    }

    final class PassThroughView: View {
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    @Test func overridesCanEnlargeRedirectOrPassThrough() {
        let stage = Stage()
        let small = EnlargedView(name: "small", frame: Rect(x: 100, y: 100, width: 10, height: 10))
        stage.window.addSubview(small)
        #expect(stage.window.hitTest(Point(85, 85), with: nil) === small)

        let destination = View(name: "destination", frame: Rect(x: 0, y: 300, width: 50, height: 50))
        let redirect = RedirectingView(name: "redirect", frame: Rect(x: 200, y: 200, width: 50, height: 50))
        redirect.target = destination
        stage.window.addSubview(destination)
        stage.window.addSubview(redirect)
        #expect(stage.window.hitTest(Point(210, 210), with: nil) === destination)

        let behind = View(name: "behind", frame: Rect(x: 0, y: 500, width: 200, height: 200))
        let overlay = PassThroughView(name: "overlay", frame: Rect(x: 0, y: 500, width: 200, height: 200))
        let badge = View(name: "badge", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        overlay.addSubview(badge)
        stage.window.addSubview(behind)
        stage.window.addSubview(overlay)
        #expect(stage.window.hitTest(Point(100, 600), with: nil) === behind, "the overlay lets touches through")
        #expect(stage.window.hitTest(Point(5, 505), with: nil) === badge, "but not its subviews'")
    }

    @Test func hitTestViewIsFixedForTheTouchsLife() {
        let stage = Stage()
        let log = Log()
        let a = LoggingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = LoggingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
        stage.window.addSubview(a)
        stage.window.addSubview(b)
        stage.fingers.drag(from: Point(50, 50), to: Point(150, 50), steps: 2)
        #expect(log.entries == ["a touchesBegan", "a touchesMoved", "a touchesMoved", "a touchesEnded"])
    }

    @Test func touchesOutsideEveryWindowReachNothing() {
        let stage = Stage()
        let log = Log()
        stage.window.addSubview(LoggingView("a", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log))
        stage.fingers.tap(at: Point(500, 500))
        #expect(log.entries.isEmpty)
    }

    @Test func frontmostVisibleWindowGetsTheTouch() {
        let stage = Stage()
        let log = Log()
        stage.window.addSubview(LoggingView("main", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log))
        let overlay = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: stage.app)
        overlay.windowLevel = 1
        overlay.addSubview(LoggingView("overlay", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log))
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["main touchesBegan", "main touchesEnded"], "a hidden window is skipped")
        overlay.isHidden = false
        log.clear()
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["overlay touchesBegan", "overlay touchesEnded"])
    }

    @Test func subviewOrderingOperations() {
        let parent = View()
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(\.debugName) == ["c", "a", "b"])
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews.map(\.debugName) == ["a", "b", "c"])
        parent.insertSubview(c, belowSubview: a)
        #expect(parent.subviews.map(\.debugName) == ["c", "a", "b"])
        parent.sendSubviewToBack(b)
        #expect(parent.subviews.map(\.debugName) == ["b", "c", "a"])
        parent.insertSubview(a, at: 99)
        #expect(parent.subviews.map(\.debugName) == ["b", "c", "a"])
        a.removeFromSuperview()
        #expect(parent.subviews.map(\.debugName) == ["b", "c"] && a.superview == nil)
    }

    @Test func geometryKeepsFrameBoundsAndCenterConsistent() {
        let v = View(frame: Rect(x: 10, y: 10, width: -20, height: 40))
        #expect(v.frame == Rect(x: -10, y: 10, width: 20, height: 40), "negative sizes are standardized")
        v.center = Point(100, 100)
        #expect(v.frame == Rect(x: 90, y: 80, width: 20, height: 40))
        v.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        #expect(v.center == Point(100, 100) && v.frame.size == Size(width: 40, height: 40))
        v.alpha = .nan
        #expect(v.alpha == 0)
        v.alpha = 3
        #expect(v.alpha == 1)
    }
}
