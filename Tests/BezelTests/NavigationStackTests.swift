import Testing
@testable import Bezel
import BezelCairo

/// Issue 33's navigation behaviour: `popToViewController`, `setViewControllers(_:animated:)`,
/// the delegate, `isMovingToParent/FromParent`, `backBarButtonItem` and the back title's
/// fallback, with UIKit's life-cycle order in exact logs.
@MainActor
@Suite struct NavigationStackTests {
    /// Logs the delegate's calls into the controllers' log.
    final class Delegate: NavigationControllerDelegate {
        let log: Log
        init(_ log: Log) { self.log = log }
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            log.add("delegate willShow \(viewController.debugName) \(animated)")
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            log.add("delegate didShow \(viewController.debugName) \(animated)")
        }
    }

    /// Logs what `isMovingToParent` and `isMovingFromParent` say in each appearance callback.
    final class MovingController: ViewController {
        let log: Log
        init(_ name: String, log: Log) {
            self.log = log
            super.init()
            title = name
        }
        private func note(_ callback: String) {
            log.add("\(title ?? "?") \(callback)\(isMovingToParent ? " movingToParent" : "")\(isMovingFromParent ? " movingFromParent" : "")")
        }
        override func viewWillAppear(_ animated: Bool) { note("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { note("viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { note("viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { note("viewDidDisappear") }
    }

    /// A stack of `names` (the first the root) in a shown 400 x 800 window, the log cleared.
    func stage(_ log: Log, _ names: [String]) -> (Stage, NavigationController, [LifecycleController]) {
        let stage = Stage()
        let controllers = names.map { LifecycleController($0, log: log) }
        let navigation = NavigationController(rootViewController: controllers[0])
        navigation.title = "nav"
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        for controller in controllers.dropFirst() { navigation.pushViewController(controller, animated: false) }
        stage.window.layoutIfNeeded()
        log.clear()
        return (stage, navigation, controllers)
    }

    func finish(_ stage: Stage) { stage.fingers.wait(NavigationController.transitionDuration + 0.05) }

    @Test func popToViewControllerPopsEverythingAboveInOneTransition() {
        let log = Log()
        let (stage, navigation, c) = stage(log, ["A", "B", "C", "D"])
        let delegate = Delegate(log)  // held: the property is weak, as UIKit's
        navigation.delegate = delegate
        let popped = navigation.popToViewController(c[1], animated: true)
        #expect(popped?.map(\.debugName) == ["C", "D"])
        #expect(log.entries == ["D willMove(toParent: nil)", "C willMove(toParent: nil)",
                                "D viewWillDisappear true", "B viewWillAppear true", "delegate willShow B true"])
        #expect(navigation.viewControllers.map(\.debugName) == ["A", "B"] && navigation.isTransitioning)
        log.clear()
        finish(stage)
        #expect(log.entries == ["D viewDidDisappear true", "B viewDidAppear true",
                                "D didMove(toParent: nil)", "C didMove(toParent: nil)", "delegate didShow B true"])
        #expect(c[2].parent == nil && c[3].parent == nil && c[3].viewIfLoaded?.window == nil && c[2].viewIfLoaded?.window == nil)
        #expect(navigation.navigationBar.backButton.accessibilityLabel == "A")
        // The top itself: nothing to pop. A controller not in the stack: refused.
        #expect(navigation.popToViewController(c[1], animated: true)?.isEmpty == true)
        #expect(navigation.popToViewController(c[3], animated: true) == nil)
        #expect(navigation.popToRootViewController(animated: false)?.map(\.debugName) == ["B"])
        #expect(navigation.popToRootViewController(animated: false)?.isEmpty == true && delegate.log === log)
    }

    @Test func setViewControllersPushesANewTopAndPopsToAnOldOne() {
        let log = Log()
        let (stage, navigation, c) = stage(log, ["A", "B"])
        let x = LifecycleController("X", log: log), y = LifecycleController("Y", log: log)
        // A new top: a push; B leaves, X stays under Y without being shown.
        navigation.setViewControllers([c[0], x, y], animated: true)
        #expect(log.entries == ["B willMove(toParent: nil)", "X willMove(toParent: nav)", "Y willMove(toParent: nav)", "Y viewDidLoad",
                                "B viewWillDisappear true", "Y viewWillAppear true", "Y viewWillLayoutSubviews", "Y viewDidLayoutSubviews"])
        log.clear()
        finish(stage)
        #expect(log.entries == ["B viewDidDisappear true", "Y viewDidAppear true", "B didMove(toParent: nil)",
                                "X didMove(toParent: nav)", "Y didMove(toParent: nav)"])
        #expect(navigation.viewControllers.map(\.debugName) == ["A", "X", "Y"] && c[1].parent == nil && x.viewIfLoaded == nil)
        #expect(navigation.navigationBar.backButton.accessibilityLabel == "X", "the back button goes to X, never shown yet")
        log.clear()
        // An old controller as the top: a pop (the top slides off to the right).
        navigation.setViewControllers([x], animated: true)
        #expect(stage.window.hitTest(Point(x: 200, y: 400), with: nil) === navigation.view, "a transition runs")
        finish(stage)
        #expect(log.entries == ["Y willMove(toParent: nil)", "A willMove(toParent: nil)", "X viewDidLoad",
                                "Y viewWillDisappear true", "X viewWillAppear true", "X viewWillLayoutSubviews", "X viewDidLayoutSubviews",
                                "Y viewDidDisappear true", "X viewDidAppear true", "Y didMove(toParent: nil)", "A didMove(toParent: nil)"])
        #expect(navigation.viewControllers.map(\.debugName) == ["X"] && navigation.navigationBar.backButton.isHidden)
        log.clear()
        // The same top: only the containment calls, nothing appears.
        navigation.setViewControllers([c[0], x], animated: true)
        #expect(log.entries == ["A willMove(toParent: nav)", "A didMove(toParent: nav)"] && !navigation.isTransitioning)
        log.clear()
        // Misuse is refused with the stack unchanged.
        navigation.setViewControllers([], animated: false)
        navigation.setViewControllers([x, x], animated: false)
        #expect(log.entries.isEmpty && navigation.viewControllers.map(\.debugName) == ["A", "X"])
    }

    @Test func theDelegateHearsPushesPopsAndTheEdgeSwipe() {
        let log = Log()
        let (stage, navigation, c) = stage(log, ["A"])
        let delegate = Delegate(log)
        navigation.delegate = delegate
        let b = LifecycleController("B", log: log)
        navigation.pushViewController(b, animated: true)
        finish(stage)
        #expect(log.entries == ["B willMove(toParent: nav)", "B viewDidLoad", "A viewWillDisappear true", "B viewWillAppear true",
                                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "delegate willShow B true",
                                "A viewDidDisappear true", "B viewDidAppear true", "B didMove(toParent: nav)", "delegate didShow B true"])
        log.clear()
        navigation.popViewController(animated: false)
        #expect(log.entries == ["B willMove(toParent: nil)", "B viewWillDisappear false", "A viewWillAppear false", "delegate willShow A false",
                                "B viewDidDisappear false", "A viewDidAppear false", "B didMove(toParent: nil)", "delegate didShow A false"])
        navigation.pushViewController(b, animated: false)
        log.clear()
        // A cancelled edge swipe: willShow, no didShow.
        stage.fingers.down(at: Point(x: 5, y: 400))
        for i in 1...5 {
            stage.fingers.wait(0.05)
            stage.fingers.move(to: Point(x: 5 + 20 * Double(i), y: 400))
        }
        stage.fingers.wait(0.3)
        stage.fingers.up()
        finish(stage)
        #expect(log.entries.filter { $0.hasPrefix("delegate") } == ["delegate willShow A true"])
        #expect(navigation.topViewController === b && c[0].parent === navigation && delegate.log === log)
    }

    @Test func isMovingToAndFromParentAreTrueOnlyAroundTheMove() {
        let log = Log()
        let stage = Stage()
        let a = MovingController("A", log: log), b = MovingController("B", log: log)
        let navigation = NavigationController(rootViewController: a)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        #expect(log.entries == ["A viewWillAppear movingToParent", "A viewDidAppear movingToParent"], "the root's first appearance")
        log.clear()
        navigation.pushViewController(b, animated: true)
        finish(stage)
        #expect(log.entries == ["A viewWillDisappear", "B viewWillAppear movingToParent", "A viewDidDisappear", "B viewDidAppear movingToParent"])
        #expect(!b.isMovingToParent)
        log.clear()
        navigation.popViewController(animated: true)
        finish(stage)
        #expect(log.entries == ["B viewWillDisappear movingFromParent", "A viewWillAppear", "B viewDidDisappear movingFromParent", "A viewDidAppear"])
        #expect(!b.isMovingFromParent && b.parent == nil)
        // A cancelled edge swipe leaves B where it was, no longer moving.
        navigation.pushViewController(b, animated: false)
        log.clear()
        stage.fingers.down(at: Point(x: 5, y: 400))
        stage.fingers.wait(0.05)
        stage.fingers.move(to: Point(x: 60, y: 400))
        #expect(b.isMovingFromParent)
        stage.fingers.wait(0.3)
        stage.fingers.up()
        finish(stage)
        #expect(!b.isMovingFromParent && navigation.topViewController === b)
        #expect(log.entries.last == "B viewDidAppear", "shown again, not moving")
    }

    @Test func theBackButtonTakesTheBackItemsTitleThenFallsBackToBackThenTheChevron() {
        FontRegistry.registerBundledFonts()  // the fallback measures the titles
        let log = Log()
        let (stage, navigation, c) = stage(log, ["A", "B"])
        let bar = navigation.navigationBar
        func shown() -> String? {
            stage.window.layoutIfNeeded()
            return bar.backButton.title
        }
        #expect(shown() == "‹ A")
        c[0].navigationItem.backButtonTitle = "Menu"
        #expect(shown() == "‹ Menu")
        let back = BarButtonItem(title: "Drinks", target: nil, action: nil)
        back.tintColor = Color(rgb: 0xFFD700)
        c[0].navigationItem.backBarButtonItem = back
        #expect(shown() == "‹ Drinks" && bar.backButton.titleColor(for: .normal) == Color(rgb: 0xFFD700))
        back.title = "Hot drinks"
        #expect(shown() == "‹ Hot drinks", "a change to the back item shows at once")
        // A title longer than the room left of the centred title: UIKit's "Back".
        back.title = "All the hot and cold drinks of the day, with their sizes"
        #expect(shown() == "‹ Back" && bar.backButton.accessibilityLabel == "Back")
        #expect(bar.backButton.frame.maxX <= bar.titleLabel.frame.minX + 1)
        // A long screen title too: only the chevron, still spoken as "Back".
        c[1].title = "A very long title for the screen on top of the stack"
        #expect(shown() == "‹" && bar.backButton.accessibilityLabel == "Back" && bar.backButton.frame.width >= 44)
        c[1].title = "B"
        back.title = nil
        c[0].navigationItem.backBarButtonItem = nil
        #expect(shown() == "‹ Menu" && bar.backButton.titleColor(for: .normal) == .white)
    }
}
