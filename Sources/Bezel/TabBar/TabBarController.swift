/// What a tab bar controller asks and tells (UIKit's `UITabBarControllerDelegate`).
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// False keeps the current tab (asked for taps, not for `selectedIndex` set in code).
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}

/// UIKit's `UITabBarController`: child controllers, one shown above a `TabBar` of their
/// `tabBarItem`s. A tap on an item selects its controller (if the delegate agrees); tapping
/// the selected item of a navigation controller pops it to its root, as UIKit does. Switching
/// is immediate, with UIKit's appearance order: old `viewWillDisappear`, new `viewWillAppear`,
/// old `viewDidDisappear`, new `viewDidAppear`.
@MainActor
open class TabBarController: ViewController {
    public private(set) lazy var tabBar = TabBar(frame: Rect(x: 0, y: max(0, view.bounds.height - TabBar.height),
                                                            width: view.bounds.width, height: TabBar.height))
    public weak var delegate: (any TabBarControllerDelegate)?
    public private(set) var viewControllers: [ViewController] = []
    private let content = View()
    private var selected = -1

    public override init() {
        super.init()
    }

    open override func loadView() {
        view = ContainerRootView(controller: self)
    }

    open override func viewDidLoad() {
        content.name = "tabContent"
        content.clipsToBounds = true
        placeBars()
        view.addSubview(content)
        view.addSubview(tabBar)
        tabBar.onItemTapped = { [weak self] item in self?.itemTapped(item) }
        tabBar.setItems(viewControllers.map(\.tabBarItem))
        if selected >= 0 { showSelected(previous: nil) }
    }

    /// Replaces the tabs; the first is selected (or the one already selected, if still there).
    public func setViewControllers(_ controllers: [ViewController], animated: Bool = false) {
        let previous = selectedViewController
        for old in viewControllers where !controllers.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            if old === previous, isViewLoaded, isOnScreen {
                old.beginAppearanceTransition(false, animated: false)
                old.viewIfLoaded?.removeFromSuperview()
                old.endAppearanceTransition()
            } else {
                old.viewIfLoaded?.removeFromSuperview()
            }
            old.removeFromParent()
        }
        viewControllers = controllers
        for controller in controllers where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        if isViewLoaded { tabBar.setItems(controllers.map(\.tabBarItem)) }
        let keep = previous.flatMap { p in controllers.firstIndex { $0 === p } }
        selected = -1
        select(keep ?? (controllers.isEmpty ? -1 : 0))
    }

    /// The selected tab's index (out-of-range values are reported and ignored).
    public var selectedIndex: Int {
        get { selected }
        set {
            guard viewControllers.indices.contains(newValue) else {
                Diagnostics.report(.apiMisuse, "selectedIndex = \(newValue): \(viewControllers.count) tabs; ignored")
                return
            }
            select(newValue)
        }
    }

    public var selectedViewController: ViewController? {
        get { viewControllers.indices.contains(selected) ? viewControllers[selected] : nil }
        set {
            guard let newValue, let index = viewControllers.firstIndex(where: { $0 === newValue }) else {
                Diagnostics.report(.apiMisuse, "selectedViewController: not one of the tabs; ignored")
                return
            }
            select(index)
        }
    }

    /// The content above the bar, the bar along the bottom (again whenever the view's size
    /// changes, so frames are right before any layout pass).
    override func containerViewDidResize() { placeBars() }

    func placeBars() {
        let bounds = view.bounds
        content.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - TabBar.height))
        tabBar.frame = Rect(x: 0, y: max(0, bounds.height - TabBar.height), width: bounds.width, height: TabBar.height)
    }

    private func itemTapped(_ item: TabBarItem) {
        guard let index = viewControllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let controller = viewControllers[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        if index == selected {
            (controller as? NavigationController)?.popToRootViewController(animated: true)
        } else {
            select(index)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func select(_ index: Int) {
        guard index != selected else { return }
        let previous = selectedViewController
        selected = index
        guard isViewLoaded else { return }
        showSelected(previous: previous)
    }

    private func showSelected(previous: ViewController?) {
        let next = selectedViewController
        tabBar.selectedItem = next?.tabBarItem
        let appearance = isOnScreen && view.window != nil
        _ = next?.view
        if appearance {
            previous?.beginAppearanceTransition(false, animated: false)
            next?.beginAppearanceTransition(true, animated: false)
        }
        previous?.viewIfLoaded?.removeFromSuperview()
        if let next {
            next.view.frame = content.bounds
            next.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            content.addSubview(next.view)
            if appearance { next.view.layoutIfNeeded() }
        }
        if appearance {
            previous?.endAppearanceTransition()
            next?.endAppearanceTransition()
        }
    }
}

