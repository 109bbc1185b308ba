/// UIKit's `UINavigationController`: a stack of view controllers whose top one fills the area
/// below a `NavigationBar`. Pushing slides the new view in from the right over the old one
/// (which moves a third of the way left, UIKit's parallax); popping reverses it. The slide runs
/// on display-link frames, eased out, and touches are ignored while it runs (as UIKit does).
/// Without a window (not on screen yet) changes happen at once.
@MainActor
open class NavigationController: ViewController {
    /// UIKit's push/pop duration (UINavigationController's default transition, 0.35 s).
    public static let transitionDuration: TimeInterval = 0.35

    public private(set) var viewControllers: [ViewController] = []
    public var topViewController: ViewController? { viewControllers.last }
    public private(set) var isTransitioning = false
    public private(set) lazy var navigationBar = NavigationBar(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: NavigationBar.height))
    /// Called after each push or pop has finished (the new top controller).
    public var onTransitionFinished: ((ViewController) -> Void)?

    private let content = View()
    private var transition: DisplayLink.Subscription?

    public init(rootViewController: ViewController) {
        super.init()
        viewControllers = [rootViewController]
        addChild(rootViewController)
    }

    open override func viewDidLoad() {
        let view = self.view
        content.name = "navigationContent"
        content.frame = contentFrame
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.clipsToBounds = true
        view.addSubview(content)
        view.addSubview(navigationBar)
        navigationBar.backButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            self?.popViewController(animated: true)
        }
        if let top = topViewController { show(top) }
        updateBar()
    }

    private var contentFrame: Rect {
        Rect(x: 0, y: NavigationBar.height, width: view.bounds.width, height: max(0, view.bounds.height - NavigationBar.height))
    }

    private func show(_ controller: ViewController) {
        controller.view.frame = content.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.addSubview(controller.view)
    }

    private func updateBar() {
        navigationBar.titleLabel.text = topViewController?.title
        navigationBar.backButton.isHidden = viewControllers.count < 2
    }

    /// Pushes `controller` on top (ignored while a transition runs, or if already in the stack).
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !isTransitioning, !viewControllers.contains(where: { $0 === controller }) else {
            Diagnostics.report(.apiMisuse, "pushViewController: \(controller.debugName) is already in the stack or a transition is running; ignored")
            return
        }
        let previous = topViewController
        viewControllers.append(controller)
        addChild(controller)
        guard isViewLoaded else { return }
        show(controller)
        updateBar()
        transition(from: previous, to: controller, forward: true, animated: animated)
    }

    /// Pops the top controller (never the root); returns it.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard !isTransitioning, viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        guard let below = topViewController else { return nil }
        guard isViewLoaded else {
            popped.removeFromParent()
            return popped
        }
        show(below)
        content.bringSubviewToFront(popped.view)
        updateBar()
        transition(from: popped, to: below, forward: false, animated: animated) {
            popped.removeFromParent()
        }
        return popped
    }

    /// Pops back to the root controller.
    public func popToRootViewController(animated: Bool) {
        while viewControllers.count > 2, !isTransitioning {
            let middle = viewControllers.remove(at: viewControllers.count - 2)
            middle.view.removeFromSuperview()
            middle.removeFromParent()
        }
        popViewController(animated: animated)
    }

    private func transition(from old: ViewController?, to new: ViewController, forward: Bool, animated: Bool, completion: (() -> Void)? = nil) {
        let width = content.bounds.width
        let finish = { [weak self] in
            old?.view.removeFromSuperview()
            new.view.frame = self?.content.bounds ?? new.view.frame
            completion?()
            self?.onTransitionFinished?(new)
        }
        guard animated, let application = view.window?.application else {
            finish()
            return
        }
        isTransitioning = true
        application.beginIgnoringInteractionEvents()
        // Push: the new view comes in from the right edge over the old one, which moves a
        // third of the way left. Pop: the old (top) view leaves to the right.
        let moving = forward ? new.view : old?.view
        let behind = forward ? old?.view : new.view
        var start: TimeInterval?
        func place(_ progress: Double) {
            let p = forward ? progress : 1 - progress
            moving?.frame.origin.x = width * (1 - p)
            behind?.frame.origin.x = -width / 3 * p
        }
        place(0)
        transition = application.displayLink.add { [weak self] timestamp in
            guard let self else { return }
            let begun = start ?? timestamp
            start = begun
            let t = min(1, (timestamp - begun) / Self.transitionDuration)
            // Ease out (cubic): fast at first, settling gently, like UIKit's curve.
            place(1 - (1 - t) * (1 - t) * (1 - t))
            guard t >= 1 else { return }
            self.transition?.invalidate()
            self.transition = nil
            self.isTransitioning = false
            behind?.frame.origin.x = 0
            application.endIgnoringInteractionEvents()
            finish()
        }
    }
}
