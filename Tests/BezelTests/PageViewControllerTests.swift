import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's `PageViewController` (UIKit's scroll style): a finger's turn and a turn taken
/// back with their exact life-cycle and delegate logs, an animated `setViewControllers`
/// without the delegate, the ends, right to left, the page control, misuse, and its looks.
@MainActor
@Suite(.serialized, .fontsRegistered) struct PageViewControllerTests {
    final class Pages: PageViewControllerDataSource, PageViewControllerDelegate {
        let log: Log
        let pages: [LifecycleController]
        var startIndex = 0
        init(log: Log, count: Int = 3) {
            self.log = log
            let colours = [Color(rgb: 0xFF9500), Color(rgb: 0x34C759), Color(rgb: 0x5856D6), Color(rgb: 0xFF2D55)]
            pages = (0..<count).map { LifecycleController("p\($0)", log: log) }
            for (index, page) in pages.enumerated() { page.view.backgroundColor = colours[index % colours.count] }
        }
        func index(of controller: ViewController) -> Int? { pages.firstIndex { $0 === controller } }
        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? {
            index(of: viewController).flatMap { $0 > 0 ? pages[$0 - 1] : nil }
        }
        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
            index(of: viewController).flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
        }
        func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }
        func presentationIndex(for pageViewController: PageViewController) -> Int {
            pageViewController.viewControllers?.first.flatMap { index(of: $0) } ?? 0
        }
        func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]) {
            log.add("willTransitionTo \(pendingViewControllers.map(\.debugName))")
        }
        func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [ViewController], transitionCompleted completed: Bool) {
            log.add("didFinishAnimating \(finished) previous \(previousViewControllers.map(\.debugName)) completed \(completed)")
        }
    }

    func makeStage(rightToLeft: Bool = false) -> (Stage, PageViewController, Pages) {
        let stage = Stage()
        let log = Log()
        let pages = Pages(log: log)
        let controller = PageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, interPageSpacing: 10)
        controller.dataSource = pages
        controller.delegate = pages
        controller.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
        if rightToLeft { controller.view.semanticContentAttribute = .forceRightToLeft }
        stage.window.rootViewController = controller
        stage.window.layoutIfNeeded()
        log.clear()
        return (stage, controller, pages)
    }

    func drag(_ stage: Stage, from x0: Double, to x1: Double, steps: Int = 10, stepTime: Double = 0.016, hold: Double = 0) {
        stage.fingers.down(at: Point(x: x0, y: 300))
        for i in 1...steps {
            stage.fingers.wait(stepTime)
            stage.fingers.move(to: Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 300))
        }
        if hold > 0 { stage.fingers.wait(hold) }
        stage.fingers.up()
        stage.fingers.wait(1.5)
    }

    @Test func aSwipeTurnsThePageInUIKitsOrder() {
        let (stage, controller, pages) = makeStage()
        #expect(controller.pageControl.numberOfPages == 3 && controller.pageControl.currentPage == 0 && !controller.pageControl.isHidden)
        drag(stage, from: 350, to: 100)
        let lifecycle = pages.log.entries.filter { !$0.contains("Layout") }
        #expect(lifecycle == [
            "willTransitionTo [\"p1\"]",
            "p1 willMove(toParent: PageViewController)",
            "p1 viewWillAppear true", "p0 viewWillDisappear true",
            "p1 didMove(toParent: PageViewController)",
            "p0 viewDidDisappear true", "p1 viewDidAppear true",
            "p0 willMove(toParent: nil)", "p0 didMove(toParent: nil)",
            "didFinishAnimating true previous [\"p0\"] completed true",
        ])
        #expect(controller.viewControllers?.first === pages.pages[1] && controller.pageControl.currentPage == 1)
        #expect(controller.children.count == 1 && pages.pages[0].viewIfLoaded?.superview == nil)
    }

    @Test func aDragTakenBackKeepsThePage() {
        let (stage, controller, pages) = makeStage()
        drag(stage, from: 300, to: 240, steps: 10, stepTime: 0.05, hold: 0.3)
        let lifecycle = pages.log.entries.filter { !$0.contains("Layout") }
        #expect(lifecycle == [
            "willTransitionTo [\"p1\"]",
            "p1 willMove(toParent: PageViewController)",
            "p1 viewWillAppear true", "p0 viewWillDisappear true",
            "p1 didMove(toParent: PageViewController)",
            "p1 viewWillDisappear true", "p0 viewWillAppear true",
            "p1 viewDidDisappear true", "p0 viewDidAppear true",
            "p1 willMove(toParent: nil)", "p1 didMove(toParent: nil)",
            "didFinishAnimating true previous [\"p0\"] completed false",
        ])
        #expect(controller.viewControllers?.first === pages.pages[0] && controller.pageControl.currentPage == 0)
    }

    @Test func theFirstPageHasNothingBeforeIt() {
        let (stage, controller, pages) = makeStage()
        drag(stage, from: 100, to: 350)
        #expect(pages.log.entries.filter { !$0.contains("Layout") }.isEmpty && controller.viewControllers?.first === pages.pages[0])
    }

    @Test func setViewControllersAnimatedSlidesWithoutTheDelegate() {
        let (stage, controller, pages) = makeStage()
        var completions: [Bool] = []
        controller.setViewControllers([pages.pages[2]], direction: .forward, animated: true) { completions.append($0) }
        #expect(completions.isEmpty)
        stage.fingers.wait(1)
        let lifecycle = pages.log.entries.filter { !$0.contains("Layout") }
        #expect(lifecycle == [
            "p2 willMove(toParent: PageViewController)",
            "p2 viewWillAppear true", "p0 viewWillDisappear true",
            "p2 didMove(toParent: PageViewController)",
            "p0 viewDidDisappear true", "p2 viewDidAppear true",
            "p0 willMove(toParent: nil)", "p0 didMove(toParent: nil)",
        ])
        #expect(completions == [true] && controller.viewControllers?.first === pages.pages[2] && controller.pageControl.currentPage == 2)
        // Not animated: at once.
        pages.log.clear()
        controller.setViewControllers([pages.pages[1]], direction: .reverse, animated: false)
        #expect(pages.log.entries.filter { !$0.contains("Layout") } == [
            "p2 viewWillDisappear false", "p1 willMove(toParent: PageViewController)", "p1 viewWillAppear false",
            "p2 willMove(toParent: nil)", "p2 didMove(toParent: nil)", "p1 didMove(toParent: PageViewController)",
            "p2 viewDidDisappear false", "p1 viewDidAppear false",
        ])
        #expect(controller.pageControl.currentPage == 1)
    }

    @Test func rightToLeftTheNextPageComesFromTheLeft() {
        let (stage, controller, pages) = makeStage(rightToLeft: true)
        drag(stage, from: 100, to: 350)
        #expect(controller.viewControllers?.first === pages.pages[1])
        drag(stage, from: 350, to: 100)
        #expect(controller.viewControllers?.first === pages.pages[0])
    }

    @Test func aTapOnThePageControlTurnsThePage() {
        let (stage, controller, pages) = makeStage()
        let control = controller.pageControl
        stage.fingers.tap(at: control.convert(Point(x: control.bounds.maxX - 20, y: control.bounds.midY), to: nil))
        stage.fingers.wait(1)
        #expect(controller.viewControllers?.first === pages.pages[1] && control.currentPage == 1)
    }

    @Test func misuseIsReported() {
        let (_, controller, pages) = makeStage()
        let reports = capturingDiagnostics {
            controller.setViewControllers([], direction: .forward, animated: false)
            controller.setViewControllers([pages.pages[1], pages.pages[2]], direction: .forward, animated: false)
        }
        #expect(reports.count == 2 && controller.viewControllers?.first === pages.pages[1])
    }

    @Test(arguments: [(UserInterfaceStyle.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func thePagesLookMidTurn(style: UserInterfaceStyle, scale: Double) throws {
        let (stage, _, pages) = makeStage()
        stage.window.overrideUserInterfaceStyle = style
        // Half way through a turn, held: both pages and the gap between them.
        stage.fingers.down(at: Point(x: 350, y: 300))
        for i in 1...10 {
            stage.fingers.wait(0.05)
            stage.fingers.move(to: Point(x: 350 - 20 * Double(i), y: 300))
        }
        stage.window.layoutIfNeeded()
        let display = try HeadlessDisplay(window: stage.window, scale: scale)
        display.renderFrame()
        try withExtendedLifetime(pages) {
            try Snapshot.check(display.framebuffer, named: "pages-\(style == .dark ? "dark" : "light")\(scale == 2 ? "@2x" : "")")
        }
        stage.fingers.up()
    }
}
