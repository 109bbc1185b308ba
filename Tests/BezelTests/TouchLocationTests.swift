import Testing
@testable import Bezel

/// A view that keeps the touch it was given.
@MainActor
private final class TouchKeepingView: View {
    var touch: Touch?
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touch = touches.first }
}

/// `Touch.location(in:)` and `previousLocation(in:)`: a view of the touch's own window is
/// converted in one walk up (`convert(_:fromRoot:)`); the answers are those of the general
/// conversion, checked here by hand for translations, bounds origins and other windows.
@MainActor
@Suite struct TouchLocationTests {
    private func scene() -> (Stage, View, TouchKeepingView) {
        let stage = Stage()
        let container = View(name: "container", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        container.bounds.origin = Point(10, 0)
        let child = TouchKeepingView(name: "child", frame: Rect(x: 20, y: 30, width: 100, height: 100))
        container.addSubview(child)
        stage.window.addSubview(container)
        return (stage, container, child)
    }

    @Test func aViewOfTheTouchsWindowGetsItsOwnCoordinates() throws {
        let (stage, container, child) = scene()
        stage.fingers.down(at: Point(150, 100))
        let touch = try #require(child.touch)
        // Window (150, 100) -> container (150 - 100 + 10, 100 - 50) -> child (60 - 20, 50 - 30).
        #expect(touch.location(in: child) == Point(40, 20))
        #expect(touch.location(in: container) == Point(60, 50))
        #expect(touch.location(in: stage.window) == Point(150, 100))
        #expect(touch.location(in: nil) == Point(150, 100))
        stage.fingers.move(to: Point(160, 110))
        #expect(touch.location(in: child) == Point(50, 30))
        #expect(touch.previousLocation(in: child) == Point(40, 20))
        #expect(touch.previousLocation(in: container) == Point(60, 50))
        stage.fingers.up()
    }

    @Test func aTransformedAncestorIsUndoneAsTheGeneralConversionDoes() throws {
        let (stage, container, child) = scene()
        // A half turn about the container's center: window (200 + dx, 150 + dy) lands on the
        // container's bounds point (110 - dx, 100 - dy).
        container.transform = AffineTransform(rotationAngle: .pi)
        stage.fingers.down(at: Point(230, 190))
        let touch = try #require(child.touch)
        let inChild = touch.location(in: child)
        // Container (110 - 30, 100 - 40) = (80, 60) -> child (80 - 20, 60 - 30).
        #expect(abs(inChild.x - 60) < 1e-9 && abs(inChild.y - 30) < 1e-9)
        #expect(inChild == child.convert(Point(230, 190), from: stage.window))
        stage.fingers.up()
    }

    @Test func aViewOfAnotherWindowGoesThroughTheScreen() throws {
        let (stage, _, child) = scene()
        let other = Window(frame: Rect(x: 0, y: 300, width: 400, height: 400), application: stage.app)
        let view = View(name: "elsewhere", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        other.addSubview(view)
        stage.fingers.down(at: Point(150, 100))
        let touch = try #require(child.touch)
        // Screen (150, 100) -> other window (150, -200) -> its view (140, -210).
        #expect(touch.location(in: view) == Point(140, -210))
        #expect(touch.location(in: other) == Point(150, -200))
        stage.fingers.up()
    }
}
