import Testing
@testable import Bezel

/// A controller that logs its life cycle into a shared log.
@MainActor
final class LifecycleController: ViewController {
    let log: Log
    init(_ name: String, log: Log) {
        self.log = log
        super.init()
        title = name
    }
    private var name: String { title ?? "?" }
    override func viewDidLoad() { log.add("\(name) viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name) viewWillAppear \(animated)") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name) viewDidAppear \(animated)") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name) viewWillDisappear \(animated)") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name) viewDidDisappear \(animated)") }
    override func viewWillLayoutSubviews() { log.add("\(name) viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.add("\(name) viewDidLayoutSubviews") }
    override func willMove(toParent parent: ViewController?) { log.add("\(name) willMove(toParent: \(parent?.debugName ?? "nil"))") }
    override func didMove(toParent parent: ViewController?) { log.add("\(name) didMove(toParent: \(parent?.debugName ?? "nil"))") }
}

/// The view-controller life cycle in UIKit's order (exact logs) for a window's root, push,
/// pop, present, dismiss, a tab switch and containment.
@MainActor
@Suite struct ControllerLifecycleTests {
    func navigationStage(_ log: Log) -> (Stage, NavigationController, LifecycleController) {
        let stage = Stage()
        let a = LifecycleController("A", log: log)
        let navigation = NavigationController(rootViewController: a)
        navigation.title = "nav"
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        stage.window.layoutIfNeeded()
        return (stage, navigation, a)
    }

    @Test func aWindowsRootAppearsWhenTheWindowIsShown() {
        let log = Log()
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800), application: app)
        let root = LifecycleController("root", log: log)
        window.rootViewController = root
        #expect(log.entries == ["root viewDidLoad"], "a hidden window shows nothing yet")
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(log.entries == ["root viewDidLoad", "root viewWillAppear false", "root viewDidAppear false",
                                "root viewWillLayoutSubviews", "root viewDidLayoutSubviews"])
    }

    @Test func pushAndPopFollowUIKitsOrder() {
        let log = Log()
        let (stage, navigation, _) = navigationStage(log)
        log.clear()
        let b = LifecycleController("B", log: log)
        navigation.pushViewController(b, animated: true)
        #expect(log.entries == ["B willMove(toParent: nav)", "B viewDidLoad", "A viewWillDisappear true", "B viewWillAppear true",
                                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews"])
        log.clear()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(log.entries == ["A viewDidDisappear true", "B viewDidAppear true", "B didMove(toParent: nav)"])
        log.clear()
        navigation.popViewController(animated: true)
        #expect(log.entries == ["B willMove(toParent: nil)", "B viewWillDisappear true", "A viewWillAppear true"])
        log.clear()
        stage.fingers.wait(NavigationController.transitionDuration + 0.05)
        #expect(log.entries == ["B viewDidDisappear true", "A viewDidAppear true", "B didMove(toParent: nil)"])
        #expect(navigation.topViewController?.title == "A" && b.viewIfLoaded?.window == nil)
    }

    @Test func presentAndDismissFollowUIKitsOrder() {
        let log = Log()
        let (stage, navigation, a) = navigationStage(log)
        log.clear()
        let m = LifecycleController("M", log: log)
        a.present(m, animated: true)
        // The presentation is made by the outermost container (UIKit's presentation context).
        #expect(m.presentingViewController === navigation && navigation.presentedViewController === m && m.isBeingPresented)
        let expectedBegin = ["M viewDidLoad", "A viewWillDisappear true", "M viewWillAppear true", "M viewWillLayoutSubviews", "M viewDidLayoutSubviews"]
        #expect(log.entries == expectedBegin)
        log.clear()
        stage.fingers.wait(ModalPresentation.coverDuration + 0.05)
        #expect(log.entries == ["M viewDidAppear true", "A viewDidDisappear true"])
        #expect(navigation.view.window == nil, "a full-screen presentation takes the presenter's view out of the window")
        log.clear()
        var dismissed = false
        m.dismiss(animated: true) { dismissed = true }
        #expect(log.entries == ["M viewWillDisappear true", "A viewWillAppear true"] && m.isBeingDismissed)
        log.clear()
        stage.fingers.wait(ModalPresentation.coverDuration + 0.05)
        #expect(log.entries == ["M viewDidDisappear true", "A viewDidAppear true"] && dismissed)
        #expect(navigation.presentedViewController == nil && m.presentingViewController == nil && navigation.view.window === stage.window)
    }

    @Test func overFullScreenLeavesThePresenterAppeared() {
        let log = Log()
        let (stage, _, a) = navigationStage(log)
        log.clear()
        let m = LifecycleController("M", log: log)
        m.modalPresentationStyle = .overFullScreen
        a.present(m, animated: false)
        #expect(log.entries == ["M viewDidLoad", "M viewWillAppear false", "M viewWillLayoutSubviews", "M viewDidLayoutSubviews", "M viewDidAppear false"])
        #expect(a.view.window === stage.window)
    }

    @Test func aTabSwitchFollowsUIKitsOrder() {
        let log = Log()
        let stage = Stage()
        let a = LifecycleController("A", log: log), b = LifecycleController("B", log: log)
        let tabs = TabBarController()
        tabs.setViewControllers([a, b])
        #expect(log.entries == ["A willMove(toParent: \(tabs.debugName))", "A didMove(toParent: \(tabs.debugName))",
                                "B willMove(toParent: \(tabs.debugName))", "B didMove(toParent: \(tabs.debugName))"])
        stage.window.rootViewController = tabs
        stage.window.layoutIfNeeded()
        #expect(Array(log.entries.suffix(5)) == ["A viewDidLoad", "A viewWillAppear false", "A viewDidAppear false",
                                                 "A viewWillLayoutSubviews", "A viewDidLayoutSubviews"])
        log.clear()
        // A tap on the second tab.
        let item = tabs.tabBar.view(for: b.tabBarItem)!
        stage.fingers.tap(at: item.convert(Point(x: item.bounds.midX, y: item.bounds.midY), to: nil))
        #expect(log.entries == ["B viewDidLoad", "A viewWillDisappear false", "B viewWillAppear false", "B viewWillLayoutSubviews",
                                "B viewDidLayoutSubviews", "A viewDidDisappear false", "B viewDidAppear false"])
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === b)
    }

    @Test func containmentCallsWillAndDidMoveAndForwardsAppearance() {
        let log = Log()
        let stage = Stage()
        let parent = LifecycleController("parent", log: log)
        stage.window.rootViewController = parent
        log.clear()
        let child = LifecycleController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.entries == ["child willMove(toParent: parent)", "child viewDidLoad", "child viewWillAppear false",
                                "child viewDidAppear false", "child didMove(toParent: parent)"])
        log.clear()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.entries == ["child willMove(toParent: nil)", "child viewWillDisappear false", "child viewDidDisappear false",
                                "child didMove(toParent: nil)"])
        // A child inside its parent's view appears and disappears with it.
        parent.addChild(child)
        parent.view.addSubview(child.view)
        log.clear()
        stage.window.rootViewController = nil
        #expect(log.entries == ["parent viewWillDisappear false", "child viewWillDisappear false",
                                "parent viewDidDisappear false", "child viewDidDisappear false"])
    }

    /// Read before the view loads (an app styling its bar in its set-up), the navigation bar
    /// is the one shown, and its back button pops. It was once made twice: the lazy bar's
    /// first read loaded the view, whose viewDidLoad read (and made) it again.
    @Test func theNavigationBarReadBeforeTheViewLoadsIsTheOneShownAndItsBackButtonPops() {
        let stage = Stage()
        let root = ViewController()
        let navigation = NavigationController(rootViewController: root)
        let bar = navigation.navigationBar
        bar.barTintColor = .red
        stage.window.rootViewController = navigation
        navigation.view.frame = stage.window.bounds
        #expect(navigation.view.subviews.contains { $0 === bar })
        #expect(bar.frame.width == stage.window.bounds.width)
        navigation.pushViewController(ViewController(), animated: false)
        stage.fingers.tap(at: bar.backButton.convert(Point(x: bar.backButton.bounds.midX, y: bar.backButton.bounds.midY), to: nil))
        stage.fingers.wait(1)
        #expect(navigation.topViewController === root)
    }

    /// The page underneath dims under the sliding page (UIKit's parallax dimming) and takes no
    /// touch; the dimming goes when the slide ends, and a pop brightens it back.
    @Test func thePageUnderneathDimsDuringAPushAndBrightensDuringAPop() {
        let stage = Stage()
        let root = ViewController(), top = ViewController()
        let navigation = NavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        navigation.view.frame = stage.window.bounds
        navigation.view.layoutIfNeeded()
        navigation.pushViewController(top, animated: true)
        func dimming() -> View? { top.view.superview?.subviews.first { $0.name == "navigationDimming" } }
        stage.fingers.wait(0.1)
        let pushing = dimming()
        let order = top.view.superview?.subviews ?? []
        #expect(pushing != nil && order.count == 3 && order[0] === root.view && order[1] === pushing && order[2] === top.view,
                "under the page coming in, over the page underneath")
        let midPush = pushing?.presentation.alpha ?? -1
        #expect(midPush > 0 && midPush < NavigationController.transitionDimming)
        #expect(pushing?.isUserInteractionEnabled == false)
        stage.fingers.wait(0.5)
        #expect(dimming() == nil)
        navigation.popViewController(animated: true)
        stage.fingers.wait(0.1)
        let midPop = dimming()?.presentation.alpha ?? -1
        #expect(midPop > 0 && midPop < NavigationController.transitionDimming)
        stage.fingers.wait(0.5)
        #expect(root.view.superview?.subviews.contains { $0.name == "navigationDimming" } == false)
    }
}
