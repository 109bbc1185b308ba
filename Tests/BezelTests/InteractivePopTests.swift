import Testing
@testable import Bezel

/// The navigation controller's edge-swipe pop (issue 33's `interactivePopGestureRecognizer`,
/// issue 31's edge-pop side): it follows the finger, finishes past half the width or on a
/// flick, is cancelled otherwise, with UIKit's life-cycle order for each; from the right edge
/// in a right-to-left language.
@MainActor
@Suite struct InteractivePopTests {
    /// A 400-point-wide window with A under B on a navigation stack.
    func stage(_ log: Log, rightToLeft: Bool = false) -> (Stage, NavigationController, LifecycleController, LifecycleController) {
        let stage = Stage()
        let a = LifecycleController("A", log: log), b = LifecycleController("B", log: log)
        let navigation = NavigationController(rootViewController: a)
        navigation.title = "nav"
        stage.window.rootViewController = navigation
        if rightToLeft { navigation.view.semanticContentAttribute = .forceRightToLeft }
        stage.window.makeKeyAndVisible()
        stage.window.layoutIfNeeded()
        navigation.pushViewController(b, animated: false)
        stage.window.layoutIfNeeded()
        log.clear()
        return (stage, navigation, a, b)
    }

    /// A finger from `x0` to `x1` at y 400, in 10 steps of 50 ms (slow: no flick), not lifted.
    func drag(_ stage: Stage, from x0: Double, to x1: Double, steps: Int = 10, stepTime: Double = 0.05) {
        stage.fingers.down(at: Point(x: x0, y: 400))
        for i in 1...steps {
            stage.fingers.wait(stepTime)
            stage.fingers.move(to: Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 400))
        }
    }

    @Test func aSwipeFromTheLeftEdgePastHalfwayPopsFollowingTheFinger() {
        let log = Log()
        let (stage, navigation, a, b) = stage(log)
        drag(stage, from: 5, to: 245)
        // What a programmatic pop does at its start (ControllerLifecycleTests).
        #expect(navigation.isTransitioning && log.entries == ["B willMove(toParent: nil)", "B viewWillDisappear true", "A viewWillAppear true"])
        // The top page moved as far as the finger, the one below a third of the way in.
        let moved = 240.0
        #expect(abs(b.view.frame.minX - moved) < 1, "\(b.view.frame)")
        #expect(abs(a.view.frame.minX - (-400.0 / 3) * (1 - moved / 400)) < 1, "\(a.view.frame)")
        #expect(navigation.topViewController === b, "still on the stack while the finger decides")
        log.clear()
        stage.fingers.wait(0.3)  // held still: no flick
        stage.fingers.up()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(log.entries == ["B viewDidDisappear true", "A viewDidAppear true", "B didMove(toParent: nil)"])
        #expect(navigation.topViewController === a && navigation.viewControllers.count == 1 && b.viewIfLoaded?.window == nil)
        #expect(a.view.frame.minX == 0 && !navigation.isTransitioning)
    }

    @Test func liftedShortOfHalfwayItSlidesBackWithUIKitsCancelledOrder() {
        let log = Log()
        let (stage, navigation, a, b) = stage(log)
        drag(stage, from: 5, to: 105)
        stage.fingers.wait(0.3)
        log.clear()
        stage.fingers.up()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(log.entries == ["A viewWillDisappear true", "A viewDidDisappear true", "B viewWillAppear true", "B viewDidAppear true",
                                "B didMove(toParent: nav)"])
        #expect(navigation.topViewController === b && navigation.viewControllers.count == 2)
        #expect(b.view.frame.minX == 0 && a.viewIfLoaded?.window == nil && !navigation.isTransitioning)
        // And it works again afterwards.
        drag(stage, from: 5, to: 305)
        stage.fingers.wait(0.3)
        stage.fingers.up()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(navigation.topViewController === a)
    }

    @Test func aFlickFinishesAShortSwipeAndTheMiddleOfTheScreenDoesNothing() {
        let log = Log()
        let (stage, navigation, a, _) = stage(log)
        drag(stage, from: 150, to: 350)
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(navigation.topViewController !== a && log.entries.isEmpty, "a drag that starts away from the edge is not a pop")
        drag(stage, from: 5, to: 85, steps: 4, stepTime: 0.016)
        stage.fingers.up()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(navigation.topViewController === a, "a fast flick pops from a fifth of the way")
    }

    @Test func inRightToLeftItStartsAtTheRightEdgeAndThePageLeavesToTheLeft() {
        let log = Log()
        let (stage, navigation, a, b) = stage(log, rightToLeft: true)
        #expect(navigation.interactivePopGestureRecognizer.edges == .right)
        drag(stage, from: 5, to: 305)
        stage.fingers.wait(0.3)
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(navigation.topViewController === b && log.entries.isEmpty, "the left edge does nothing in right to left")
        drag(stage, from: 395, to: 145)
        #expect(b.view.frame.minX < -150 && a.view.frame.minX > 0, "the top page leaves to the left, the one below comes from the right")
        stage.fingers.wait(0.3)
        stage.fingers.up()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(navigation.topViewController === a)
        // Back to left to right: the edge follows.
        navigation.pushViewController(b, animated: false)
        navigation.view.semanticContentAttribute = .unspecified
        stage.window.layoutIfNeeded()
        #expect(navigation.interactivePopGestureRecognizer.edges == .left)
    }

    @Test func theRootCannotBePoppedAndADisabledRecognizerDoesNothing() {
        let log = Log()
        let (stage, navigation, _, b) = stage(log)
        navigation.interactivePopGestureRecognizer.isEnabled = false
        drag(stage, from: 5, to: 305)
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(navigation.topViewController === b)
        navigation.interactivePopGestureRecognizer.isEnabled = true
        navigation.popViewController(animated: false)
        log.clear()
        drag(stage, from: 5, to: 305)
        stage.fingers.up()
        stage.fingers.wait(1)
        #expect(navigation.viewControllers.count == 1 && !navigation.isTransitioning)
        #expect(!log.entries.contains { $0.contains("Disappear") })
    }
}
