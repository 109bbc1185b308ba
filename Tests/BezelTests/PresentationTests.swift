import Testing
@testable import Bezel
import BezelCairo
import BezelTesting

/// Modal presentation, alerts, tab bars and navigation bars: touches, the responder chain,
/// actions, misuse, and their looks against goldens.
@MainActor
@Suite(.serialized, .fontsRegistered) struct PresentationTests {
    func center(_ view: View) -> Point { view.convert(Point(x: view.bounds.width / 2, y: view.bounds.height / 2), to: nil) }

    /// An 800x480 stage whose root controller holds a full-screen button.
    func stage() -> (Stage, ViewController, Button, () -> Int) {
        let stage = Stage()
        stage.window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        let root = ViewController()
        root.title = "root"
        stage.window.rootViewController = root
        let under = Button(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        under.name = "under"
        var taps = 0
        under.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        root.view.addSubview(under)
        return (stage, root, under, { taps })
    }

    @Test func aFormSheetTakesTheTouchesAndItsDimmingViewTakesNone() {
        let (stage, root, _, taps) = stage()
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        let inside = Button(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        var insideTaps = 0
        inside.addAction(for: .touchUpInside) { _, _ in insideTaps += 1 }
        sheet.view.addSubview(inside)
        root.present(sheet, animated: true)
        stage.fingers.wait(1)
        // UIKit's 540 x 620 form sheet, inset 20 pt on a 480 pt tall screen.
        #expect(sheet.view.frame == Rect(x: 130, y: 20, width: 540, height: 440))
        // Outside the sheet, on the dimming view: nothing underneath is hit.
        stage.fingers.tap(at: Point(x: 40, y: 240))
        #expect(taps() == 0)
        #expect(stage.window.hitTest(Point(x: 40, y: 240), with: nil) is PresentationContainerView)
        stage.fingers.tap(at: center(inside))
        #expect(insideTaps == 1)
        // The presenting controller follows the presented one in the responder chain.
        #expect(sheet.next === root && root.presentedViewController === sheet)
        root.dismiss(animated: true)
        stage.fingers.wait(1)
        stage.fingers.tap(at: Point(x: 40, y: 240))
        #expect(taps() == 1 && root.presentedViewController == nil && sheet.view.window == nil)
    }

    @Test func presentingMisuseIsReportedAndIgnored() {
        let (stage, root, _, _) = stage()
        let first = ViewController(), second = ViewController(), loose = ViewController()
        var completions = 0
        let reports = capturingDiagnostics {
            root.present(first, animated: false) { completions += 1 }
            root.present(second, animated: false) { completions += 1 }   // already presenting
            loose.present(second, animated: false)                      // not in a window
            first.present(root, animated: false)                        // root is not presentable
        }
        #expect(completions == 1 && reports.count == 3 && reports.allSatisfy { $0.kind == .apiMisuse }, "\(completions) \(reports)")
        #expect(root.presentedViewController === first && second.presentingViewController == nil)
        // Dismissing while it is still moving in is refused; afterwards it works.
        first.dismiss(animated: false)
        root.present(second, animated: true)
        let refused = capturingDiagnostics { second.dismiss(animated: true) }
        #expect(refused.count == 1)
        stage.fingers.wait(1)
        second.dismiss(animated: true)
        stage.fingers.wait(1)
        #expect(root.presentedViewController == nil)
    }

    /// Issue 37 item 7: the root dismisses A while the controller A presents, B, is still
    /// sliding in. B goes with A (its appearance ends, then it disappears), nothing is left in
    /// the window, every completion runs once, and letting A and B go is safe (it trapped on an
    /// unowned reference when B's transition ended). A controller being dismissed presents
    /// nothing more.
    @Test func dismissingAPresenterWhileWhatItPresentsSlidesInTakesItAlong() {
        let (stage, root, _, taps) = stage()
        let log = Log()
        final class Logged: ViewController {
            var log: Log?
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log?.add("\(title ?? "?") didAppear") }
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log?.add("\(title ?? "?") didDisappear") }
            isolated deinit { log?.add("\(title ?? "?") deinit") }
        }
        var a: Logged? = Logged(), b: Logged? = Logged()
        a!.title = "A"; b!.title = "B"; a!.log = log; b!.log = log
        a!.modalPresentationStyle = .overFullScreen
        b!.modalPresentationStyle = .formSheet
        root.present(a!, animated: false) { log.add("A presented") }
        a!.present(b!, animated: true) { log.add("B presented") }
        stage.fingers.wait(0.1)
        #expect(b!.isBeingPresented)
        root.dismiss(animated: false) { log.add("A dismissed") }
        #expect(log.entries == ["A didAppear", "A presented", "B didAppear", "B presented", "B didDisappear", "A didDisappear", "A dismissed"])
        #expect(root.presentedViewController == nil && a!.presentedViewController == nil && b!.presentingViewController == nil)
        #expect(!stage.window.subviews.contains { $0 is PresentationContainerView }, "nothing of either is left in the window")
        let reports = capturingDiagnostics { a!.present(ViewController(), animated: false) }
        #expect(reports.count == 1 && a!.presentedViewController == nil, "a dismissed controller is out of the window")
        a = nil
        b = nil
        stage.fingers.wait(1)
        #expect(log.entries.suffix(2).sorted() == ["A deinit", "B deinit"])
        stage.fingers.tap(at: Point(x: 40, y: 240))
        #expect(taps() == 1, "the root takes touches again")
    }

    /// Issue 37 item 8: replacing the window's root while it presents (an alert, a sheet over
    /// it, one still sliding in) takes the presentations down with it, as a dismissal without
    /// animation: 200 idle resets leave the window with the new root and its own alert only,
    /// and the old controllers are freed.
    @Test func replacingTheRootTakesItsPresentationsDown() {
        let (stage, _, _, _) = stage()
        weak var firstRoot: ViewController?, firstAlert: ViewController?
        for reset in 0..<200 {
            let root = ViewController()
            stage.window.rootViewController = root
            let alert = AlertController(title: "Still there?", message: nil, preferredStyle: .alert)
            alert.addAction(AlertAction(title: "Yes", style: .default))
            root.present(alert, animated: true)
            if reset % 2 == 0 { stage.fingers.wait(0.5) }   // every other reset mid-transition
            if reset == 0 { firstRoot = root; firstAlert = alert }
            #expect(stage.window.subviews.count == 2, "the root's view and its alert's container")
        }
        #expect(firstRoot == nil && firstAlert == nil, "the old root and its alert are freed")
        stage.window.rootViewController = ViewController()
        stage.fingers.wait(1)
        #expect(stage.window.subviews.count == 1)
    }

    /// A controller whose dismissal is under way presents nothing: what it presented could
    /// never be dismissed after.
    @Test func aControllerBeingDismissedPresentsNothing() {
        let (stage, root, _, _) = stage()
        let a = ViewController(), late = ViewController()
        root.present(a, animated: false)
        root.dismiss(animated: true)
        let reports = capturingDiagnostics { a.present(late, animated: false) }
        #expect(reports.map(\.message) == ["present(\(late.debugName)): \(a.debugName) is being dismissed; ignored"])
        stage.fingers.wait(1)
        #expect(root.presentedViewController == nil && late.presentingViewController == nil && late.viewIfLoaded?.window == nil)
    }

    /// Issue 33's bug: `isBeingPresented` and `isBeingDismissed` were false inside the
    /// appearance callbacks, where UIKit's guide says they are true (animated or not).
    @Test(arguments: [false, true])
    func beingPresentedAndDismissedAreTrueInTheAppearanceCallbacks(animated: Bool) {
        final class Sheet: ViewController {
            var log: [String] = []
            override func viewWillAppear(_ animated: Bool) { log.append("willAppear \(isBeingPresented) \(isBeingDismissed)") }
            override func viewDidAppear(_ animated: Bool) { log.append("didAppear \(isBeingPresented) \(isBeingDismissed)") }
            override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear \(isBeingPresented) \(isBeingDismissed)") }
            override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear \(isBeingPresented) \(isBeingDismissed)") }
        }
        let (stage, root, _, _) = stage()
        let sheet = Sheet()
        root.present(sheet, animated: animated) { sheet.log.append("presented \(sheet.isBeingPresented)") }
        stage.fingers.wait(1)
        #expect(!sheet.isBeingPresented)
        root.dismiss(animated: animated) { sheet.log.append("dismissed \(sheet.isBeingDismissed)") }
        stage.fingers.wait(1)
        #expect(sheet.log == ["willAppear true false", "didAppear true false", "presented false",
                              "willDisappear false true", "didDisappear false true", "dismissed false"])
    }

    @Test func anAlertsActionDismissesItThenRunsTheHandler() {
        let (stage, root, _, taps) = stage()
        let alert = AlertController(title: "Pay 4.50?", message: "Your card will be charged.", preferredStyle: .alert)
        var log: [String] = []
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel, presented: \(root.presentedViewController != nil)") })
        alert.addAction(AlertAction(title: "Pay", style: .default) { _ in log.append("pay, presented: \(root.presentedViewController != nil)") })
        let second = capturingDiagnostics { alert.addAction(AlertAction(title: "Never", style: .cancel)) }
        #expect(second.count == 1 && alert.actions.count == 2)
        root.present(alert, animated: true)
        // During the zoom in the buttons take no touch.
        let buttons = alert.view.subviews[0].subviews.compactMap { $0 as? Button }
        #expect(buttons.map(\.title) == ["Cancel", "Pay"], "two actions side by side, cancel on the left")
        stage.fingers.tap(at: center(buttons[1]))
        #expect(log.isEmpty && taps() == 0)
        stage.fingers.wait(1)
        stage.fingers.tap(at: center(buttons[1]))
        #expect(log.isEmpty, "the handler waits for the dismissal")
        stage.fingers.wait(1)
        #expect(log == ["pay, presented: false"] && alert.view.window == nil)
        // The cancel action.
        root.present(alert, animated: false)
        stage.fingers.tap(at: center(buttons[0]))
        stage.fingers.wait(1)
        #expect(log == ["pay, presented: false", "cancel, presented: false"])
    }

    @Test func anActionSheetPutsCancelApart() {
        let (stage, root, _, _) = stage()
        defer { withExtendedLifetime(stage) {} }
        let sheet = AlertController(title: nil, message: "Receipt", preferredStyle: .actionSheet)
        for title in ["Print", "E-mail"] { sheet.addAction(AlertAction(title: title, style: .default)) }
        sheet.addAction(AlertAction(title: "Delete", style: .destructive))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        let groups = sheet.view.subviews
        #expect(groups.count == 2 && groups[1].name == "alertCancelCard")
        #expect((groups[1].subviews[0] as? Button)?.title == "Cancel")
        #expect(sheet.view.frame.maxY == 480 - 8, "8 pt above the bottom edge: \(sheet.view.frame) \(groups.map(\.frame))")
    }

    @Test func aTabBarSelectsByTapAsksItsDelegateAndShowsBadges() {
        final class Gate: TabBarControllerDelegate {
            var allow = true
            var log: [String] = []
            func tabBarController(_ t: TabBarController, shouldSelect c: ViewController) -> Bool { log.append("should \(c.title!)"); return allow }
            func tabBarController(_ t: TabBarController, didSelect c: ViewController) { log.append("did \(c.title!)") }
        }
        let stage = Stage()
        let tabs = TabBarController()
        let controllers = ["Menu", "Orders", "Staff"].map { name -> ViewController in
            let c = ViewController()
            c.title = name
            return c
        }
        controllers[1].tabBarItem.badgeValue = "3"
        tabs.setViewControllers(controllers)
        let gate = Gate()
        tabs.delegate = gate
        stage.window.rootViewController = tabs
        stage.window.layoutIfNeeded()
        func tap(_ i: Int) {
            let button = tabs.tabBar.view(for: controllers[i].tabBarItem)!
            stage.fingers.tap(at: center(button))
        }
        tap(1)
        #expect(tabs.selectedIndex == 1 && controllers[1].view.window === stage.window && controllers[0].view.window == nil)
        gate.allow = false
        tap(2)
        #expect(tabs.selectedIndex == 1 && gate.log == ["should Orders", "did Orders", "should Staff"])
        let reports = capturingDiagnostics { tabs.selectedIndex = 7 }
        #expect(reports.count == 1 && tabs.selectedIndex == 1)
        tabs.selectedIndex = 0
        #expect(tabs.selectedViewController === controllers[0])
    }

    @Test func barButtonItemsSendTheirActionsThroughTheFunnel() {
        let stage = Stage(trace: .actions)
        let top = ViewController()
        top.title = "Orders"
        let log = Log()
        let handler = ActionLogger(log: log, actions: [Selector("addOrder")])
        top.navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", style: .done, target: handler, action: Selector("addOrder"))
        top.navigationItem.leftBarButtonItem = BarButtonItem(title: "Edit") { _ in log.add("edit") }
        let navigation = NavigationController(rootViewController: top)
        stage.window.rootViewController = navigation
        stage.window.layoutIfNeeded()
        let views = navigation.navigationBar.itemViewsShown
        #expect(views.count == 2 && navigation.navigationBar.backButton.isHidden)
        stage.fingers.tap(at: center(views[1]))
        stage.fingers.tap(at: center(views[0]))
        #expect(log.entries == ["addOrder", "edit"])
        #expect(stage.lines.messages(.actions).contains { $0.hasPrefix("addOrder from") })
        // Pushed: a back button titled after the controller below.
        let detail = ViewController()
        detail.title = "Order 12"
        navigation.pushViewController(detail, animated: false)
        #expect(!navigation.navigationBar.backButton.isHidden && navigation.navigationBar.backButton.title == "‹ Orders")
        top.navigationItem.backButtonTitle = "List"
        stage.window.layoutIfNeeded()
        #expect(navigation.navigationBar.backButton.title == "‹ List")
    }

    // MARK: Looks

    func snapshotStage() throws -> (Stage, HeadlessDisplay, ViewController) {
        let stage = Stage()
        stage.window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        let root = ViewController()
        root.view.backgroundColor = Color(rgb: 0x202830)
        for i in 0..<6 {
            let tile = Button(frame: Rect(x: 16 + Double(i) * 132, y: 16, width: 120, height: 80))
            tile.title = "Item \(i + 1)"
            tile.backgroundColor = Color(rgb: 0x34495E)
            tile.cornerRadius = 10
            tile.setTitleColor(.white, for: .normal)
            root.view.addSubview(tile)
        }
        stage.window.rootViewController = root
        let display = try HeadlessDisplay(window: stage.window)
        return (stage, display, root)
    }

    @Test func aMovingPresentationDrawnOverItsRecordedBackdropEqualsAFullRedraw() throws {
        let (stage, display, root) = try snapshotStage()
        _ = display.renderFrame()
        let alert = AlertController(title: "Start the brew?", message: "It takes about four minutes.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Start", style: .default))
        root.present(alert, animated: true)
        let container = try #require(alert.view.superview)
        for _ in 0..<6 {
            stage.fingers.wait(1.0 / 60)
            _ = display.renderFrame()
        }
        #expect(container.wantsBackdropCapture && container.backdropCapture != nil, "the frames came from the recorded backdrop")
        let incremental = try ImageBuffer(width: 800, height: 480)
        display.framebuffer.copy([Rect(x: 0, y: 0, width: 800, height: 480)], to: incremental)
        // The same instant drawn from scratch, every view.
        container.wantsBackdropCapture = false
        _ = display.renderFrame()
        let differing = try #require(display.framebuffer.countDifferingPixels(from: incremental, tolerance: GoldenImage.channelTolerance))
        #expect(differing == 0, "\(differing) pixels differ between the backdrop frame and a full redraw")
        stage.fingers.wait(1)
        #expect(!container.wantsBackdropCapture && container.backdropCapture == nil)
    }

    @Test func anAlertLooksLikeItsGolden() throws {
        let (stage, display, root) = try snapshotStage()
        let alert = AlertController(title: "Start the brew?", message: "The machine will use 250 ml of water. It takes about four minutes.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Start", style: .default))
        alert.preferredAction = alert.actions[1]
        root.present(alert, animated: true)
        stage.fingers.wait(1)
        _ = display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "alert")
    }

    /// Issue 33's bug: an alert's buttons were drawn in the tint as it was when the alert was
    /// built (the default blue), whatever the window's or the alert's own `tintColor`.
    @Test func anAlertsButtonsTakeTheWindowsAndTheAlertsTint() throws {
        let (stage, display, root) = try snapshotStage()
        root.view.window?.tintColor = .systemOrange
        let alert = AlertController(title: "Start the brew?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Discard", style: .destructive))
        root.present(alert, animated: false)
        stage.fingers.wait(0.5)
        _ = display.renderFrame()
        func button(_ title: String) throws -> Button {
            var pending: [View] = [alert.view]
            while let view = pending.popLast() {
                if let button = view as? Button, button.title == title { return button }
                pending += view.subviews
            }
            throw ScenarioFailure("no \(title) button")
        }
        #expect(try button("Cancel").titleColor(for: .normal) == .systemOrange, "the window's tint")
        #expect(try button("Discard").titleColor(for: .normal) == AlertController.destructiveColor, "destructive stays red")
        alert.view.tintColor = .systemGreen
        #expect(try button("Cancel").titleColor(for: .normal) == .systemGreen, "the alert's own tint")
    }

    @Test func anActionSheetLooksLikeItsGolden() throws {
        let (stage, display, root) = try snapshotStage()
        let sheet = AlertController(title: "Receipt", message: "How would you like your receipt?", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Print", style: .default))
        sheet.addAction(AlertAction(title: "Delete order", style: .destructive))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: true)
        stage.fingers.wait(1)
        _ = display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "action-sheet")
    }

    @Test func aFormSheetLooksLikeItsGolden() throws {
        let (stage, display, root) = try snapshotStage()
        let form = ViewController()
        form.modalPresentationStyle = .formSheet
        form.view.backgroundColor = Color(rgb: 0xF2F2F2)
        form.view.cornerRadius = 12
        let label = Label(frame: Rect(x: 20, y: 20, width: 500, height: 40), text: "Staff sign-in", style: TextStyle(size: 24, weight: .bold))
        form.view.addSubview(label)
        root.present(form, animated: true)
        stage.fingers.wait(1)
        _ = display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "form-sheet")
    }

    @Test func aTabBarAndANavigationBarWithItemsLookLikeTheirGolden() throws {
        let stage = Stage()
        stage.window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        let menu = ViewController()
        menu.title = "Menu"
        menu.view.backgroundColor = Color(rgb: 0x202830)
        menu.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Order", style: .done, target: nil, action: Selector("order")),
                                                   BarButtonItem(title: "Search", target: nil, action: Selector("search"))]
        menu.navigationItem.leftBarButtonItem = BarButtonItem(title: "Staff", target: nil, action: Selector("staff"))
        let navigation = NavigationController(rootViewController: menu)
        navigation.tabBarItem = TabBarItem(title: "Menu", image: nil)
        let orders = ViewController()
        orders.title = "Orders"
        orders.tabBarItem.badgeValue = "12"
        let settings = ViewController()
        settings.title = "Settings"
        settings.tabBarItem.badgeValue = ""
        let tabs = TabBarController()
        tabs.setViewControllers([navigation, orders, settings])
        stage.window.rootViewController = tabs
        let display = try HeadlessDisplay(window: stage.window)
        _ = display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "tab-bar-navigation-bar")
    }
}

/// Issue 37 item 14: a controller still presented when its window goes away was never freed:
/// it and its presentation held each other.
@MainActor
@Suite struct PresentationLifetimeTests {
    @Test func aControllerStillPresentedWhenItsWindowGoesIsFreed() {
        weak var presented: ViewController?
        weak var presentation: AnyObject?
        weak var window: Window?
        do {
            let application = Application(clock: VirtualClock(), tracer: Tracer())
            let made = Window(frame: Rect(x: 0, y: 0, width: 400, height: 600), application: application)
            made.makeKeyAndVisible()
            let root = ViewController()
            made.rootViewController = root
            let modal = ViewController()
            root.present(modal, animated: false)
            TouchScript(application).wait(0.1)
            #expect(root.presentedViewController === modal)
            presented = modal
            presentation = modal.presentation
            window = made
        }
        #expect(window == nil)
        #expect(presentation == nil, "the presentation is freed")
        #expect(presented == nil, "the controller it presented is freed")
    }
}
