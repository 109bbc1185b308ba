import Testing
@testable import Bezel
import BezelCairo

/// Issue 35 item 3: which pictures a display plane may show (`Window.planeRequests`): only
/// where the plane gives exactly what the software composition would.
@MainActor
@Suite struct PlaneRequestTests {
    /// A view with a fixed 64x48 picture at (8, 6) in its bounds.
    final class PictureView: View, PlaneContent {
        var isOnPlane = false
        let image: Image
        init(frame: Rect, image: Image) {
            self.image = image
            super.init(frame: frame)
        }
        var planePicture: PlanePicture? { PlanePicture(image: image, rect: Rect(x: 8, y: 6, width: 64, height: 48), revision: 1) }
    }

    @MainActor struct Scene {
        let stage = Stage()
        let container: View
        let picture: PictureView

        init() throws {
            let image = try ImageBuffer(width: 32, height: 24).image(scale: 1)
            container = View(frame: Rect(x: 20, y: 100, width: 300, height: 300))
            picture = PictureView(frame: Rect(x: 10, y: 10, width: 80, height: 60), image: image)
            container.addSubview(picture)
            stage.window.addSubview(container)
        }

        var rects: [Rect] { stage.window.planeRequests().map(\.windowRect) }
    }

    @Test func aPlainPictureIsOfferedAtItsPlaceInTheWindow() throws {
        let scene = try Scene()
        #expect(scene.rects == [Rect(x: 38, y: 116, width: 64, height: 48)])
        // Scrolled content: the container's bounds origin moves the picture.
        scene.container.boundsOrigin = Point(x: 0, y: 10)
        #expect(scene.rects == [Rect(x: 38, y: 106, width: 64, height: 48)])
    }

    @Test func aViewDrawnOverThePictureKeepsItInTheUI() throws {
        let scene = try Scene()
        let badge = View(frame: Rect(x: 300, y: 500, width: 40, height: 40))
        scene.stage.window.addSubview(badge)
        #expect(scene.rects.count == 1, "beside the picture, the badge leaves it on a plane")
        badge.frame.origin = Point(x: 90, y: 150)
        #expect(scene.rects.isEmpty, "over it")
        badge.isHidden = true
        #expect(scene.rects.count == 1, "hidden")
        // Under the picture (drawn before it): no matter.
        badge.isHidden = false
        badge.removeFromSuperview()
        scene.stage.window.insertSubview(badge, at: 0)
        #expect(scene.rects.count == 1)
    }

    @Test func aViewWhoseSubviewReachesOverThePictureKeepsItInTheUI() throws {
        let scene = try Scene()
        // A later container of no size: its subview is drawn over the picture all the same.
        let holder = View(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        let child = View(frame: Rect(x: 60, y: 140, width: 20, height: 20))
        holder.addSubview(child)
        scene.stage.window.addSubview(holder)
        #expect(scene.rects.isEmpty)
        child.frame.origin = Point(x: 200, y: 600)
        #expect(scene.rects.count == 1)
        // The picture view's own subviews are drawn over its picture.
        scene.picture.addSubview(View(frame: Rect(x: 20, y: 20, width: 10, height: 10)))
        #expect(scene.rects.isEmpty)
    }

    @Test func aViewAnimatingOverThePictureKeepsItInTheUIUntilItHasGone() throws {
        let scene = try Scene()
        let badge = View(frame: Rect(x: 60, y: 140, width: 40, height: 40))
        scene.stage.window.addSubview(badge)
        #expect(scene.rects.isEmpty)
        // Animated away: its model frame is clear at once, it is drawn over the picture until
        // the animation ends.
        View.animate(withDuration: 5) { badge.frame.origin = Point(x: 300, y: 600) }
        scene.stage.app.runLoop.advance(by: 0.1)
        scene.stage.window.prepareForFrame()
        #expect(scene.rects.isEmpty, "still on its way")
        #expect(badge.presentation.frame.intersects(Rect(x: 38, y: 116, width: 64, height: 48)))
        scene.stage.app.runLoop.advance(by: 6)
        #expect(scene.rects.count == 1, "gone")
    }

    @Test func transformsAlphaClipsCornersAndHalfPixelsKeepThePictureInTheUI() throws {
        let scene = try Scene()
        scene.container.transform = AffineTransform(scaleX: 1.5, y: 1.5)
        #expect(scene.rects.isEmpty, "a scaled ancestor")
        scene.container.transform = .identity
        scene.container.alpha = 0.5
        #expect(scene.rects.isEmpty, "a translucent ancestor")
        scene.container.alpha = 1
        scene.picture.cornerRadius = 8
        #expect(scene.rects.isEmpty, "rounded")
        scene.picture.cornerRadius = 0
        // A clipping ancestor that cuts the picture.
        scene.container.clipsToBounds = true
        scene.container.frame.size = Size(width: 60, height: 300)
        #expect(scene.rects.isEmpty, "clipped")
        scene.container.frame.size = Size(width: 300, height: 300)
        #expect(scene.rects.count == 1, "the clip leaves it whole")
        scene.container.frame.origin.x = 20.5
        #expect(scene.rects.isEmpty, "between device pixels")
        scene.container.frame.origin.x = 20
        scene.picture.isHidden = true
        #expect(scene.rects.isEmpty, "hidden")
    }
}
