/// UIKit's `UINavigationController`: a stack of view controllers whose top one fills the area
/// below a `NavigationBar`. Pushing slides the new view in from the right over the old one
/// (which moves a third of the way left, UIKit's parallax); popping reverses it. The slide is
/// a view animation on display-link frames; new touches are absorbed by the navigation
/// controller's view while it runs (as UIKit ignores them), while fingers already down stay
/// with their views until those views leave the window. Without a window (not on screen yet)
/// changes happen at once. Appearance callbacks follow UIKit's order: the old top's
/// `viewWillDisappear`, the new top's `viewWillAppear`, then after the slide the old top's
/// `viewDidDisappear` and the new top's `viewDidAppear`.
@MainActor
open class NavigationController: ViewController {
    /// UIKit's push/pop duration (UINavigationController's default transition, 0.35 s).
    public static let transitionDuration: TimeInterval = 0.35
    /// The push's ease-out: easeOutCubic's control points (fast at first, settling gently),
    /// the curve Bezel's slide has always used.
    public static let transitionCurve = TimingCurve.cubic(Point(x: 0.33, y: 1), Point(x: 0.68, y: 1))
    /// How dark the page underneath gets while the top one slides over it: black at 10 %, what
    /// iOS's push shows (its parallax dimming view, sampled from screen recordings: the page
    /// underneath at 90 % of its brightness at the end of a push). Not a UIKit API.
    public static let transitionDimming = 0.1

    public private(set) var viewControllers: [ViewController] = []
    public var topViewController: ViewController? { viewControllers.last }
    /// The controller shown: the top one, or the one it presents.
    public var visibleViewController: ViewController? { topViewController?.presentedViewController ?? topViewController }
    public internal(set) var isTransitioning = false
    /// Made with the controller, not lazily from its view: a lazy bar read before the view
    /// loaded was made twice (`viewDidLoad`, run by the first read, reads it too), and the
    /// app's changes went to the bar that was not shown. Sized when the view is.
    public let navigationBar = NavigationBar(frame: Rect(x: 0, y: 0, width: 0, height: NavigationBar.height))
    /// Called after each push or pop has finished (the new top controller).
    public var onTransitionFinished: ((ViewController) -> Void)?

    private let content = View()
    var contentView: View { content }

    /// UIKit's edge-swipe pop (NavigationController+InteractivePop.swift): from the leading
    /// edge, following the finger, cancelled when lifted short of half the width. Disable it
    /// with `isEnabled`, or give it a delegate to decide when it may begin.
    public private(set) lazy var interactivePopGestureRecognizer: ScreenEdgePanGestureRecognizer = {
        let recognizer = ScreenEdgePanGestureRecognizer()
        recognizer.name = "interactivePop"
        recognizer.addAction { [unowned self] recognizer in
            if let pan = recognizer as? PanGestureRecognizer { self.handleInteractivePop(pan) }
        }
        return recognizer
    }()
    /// The edge-swipe pop under way, if any.
    var interactivePop: InteractivePop?

    public init(rootViewController: ViewController) {
        super.init()
        viewControllers = [rootViewController]
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }

    open override func loadView() {
        view = NavigationTransitionView(controller: self)
    }

    open override func viewDidLoad() {
        let view = self.view
        content.name = "navigationContent"
        content.frame = contentFrame
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.clipsToBounds = true
        view.addSubview(content)
        navigationBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: NavigationBar.height)
        view.addSubview(navigationBar)
        navigationBar.backButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            self?.popViewController(animated: true)
        }
        if let top = topViewController { show(top) }
        updateBar()
        updateInteractivePopEdge()
        view.addGestureRecognizer(interactivePopGestureRecognizer)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        updateInteractivePopEdge()  // the leading edge: it changes with the language
    }

    func showContent(_ controller: ViewController) { show(controller) }
    func updateNavigationBar() { updateBar() }
    func removeTopForInteractivePop() { viewControllers.removeLast() }

    override func containerViewDidResize() { placeContent() }

    func placeContent() {
        content.frame = contentFrame
        navigationBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: NavigationBar.height)
    }

    private var contentFrame: Rect {
        Rect(x: 0, y: NavigationBar.height, width: view.bounds.width, height: max(0, view.bounds.height - NavigationBar.height))
    }

    private func show(_ controller: ViewController) {
        View.performWithoutAnimation {
            controller.view.frame = content.bounds
        }
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.addSubview(controller.view)
    }

    private func updateBar() {
        let back = viewControllers.count >= 2 ? viewControllers[viewControllers.count - 2].navigationItem : nil
        navigationBar.setItems(top: topViewController?.navigationItem, back: back)
    }

    /// Whether appearance callbacks are due (the navigation controller itself is on screen).
    var forwardsAppearance: Bool { isOnScreen && view.window != nil }

    /// Pushes `controller` on top (ignored while a transition runs, or if already in the stack).
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !isTransitioning, !viewControllers.contains(where: { $0 === controller }) else {
            Diagnostics.report(.apiMisuse, "pushViewController: \(controller.debugName) is already in the stack or a transition is running; ignored")
            return
        }
        replaceStack(with: viewControllers + [controller], animated: animated)
    }

    /// Pops the top controller (never the root); returns it.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard !isTransitioning, viewControllers.count > 1 else { return nil }
        return replaceStack(with: Array(viewControllers.dropLast()), animated: animated).first
    }

    /// The spoken mode's escape (the keypad's Back): pops, as the back button does.
    open override func accessibilityPerformEscape() -> Bool {
        guard viewControllers.count > 1, !isTransitioning else { return super.accessibilityPerformEscape() }
        popViewController(animated: true)
        return true
    }

    /// Pops back to the root controller; returns the controllers popped, bottom first (nil
    /// when nothing was popped).
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// UIKit's `popToViewController(_:animated:)`: pops every controller above `controller`
    /// in one transition (the top one slides off, the ones between go without being shown);
    /// returns them, bottom first. Nil, with a diagnostic, when `controller` is not in the
    /// stack (UIKit raises) or a transition runs.
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard !isTransitioning, let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            Diagnostics.report(.apiMisuse, "popToViewController: \(controller.debugName) is not in the stack or a transition is running; ignored")
            return nil
        }
        guard index < viewControllers.count - 1 else { return [] }
        return replaceStack(with: Array(viewControllers[...index]), animated: animated)
    }

    /// UIKit's `setViewControllers(_:animated:)`: replaces the whole stack. When the top
    /// changes it is a push (the new top was not in the stack) or a pop (it was), animated as
    /// those are; controllers that leave get `willMove(toParent: nil)` first and
    /// `didMove(toParent: nil)` after the transition, new ones `willMove(toParent:)` and
    /// `didMove(toParent:)`. An empty list or one with a controller twice is refused with a
    /// diagnostic (UIKit raises); so is a call while a transition runs.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        var seen = Set<ObjectIdentifier>()
        guard !controllers.isEmpty, controllers.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }), !isTransitioning else {
            Diagnostics.report(.apiMisuse, "setViewControllers: an empty list, a controller twice, or a transition running; ignored")
            return
        }
        replaceStack(with: controllers, animated: animated)
    }

    /// Told before and after each controller is shown.
    public weak var delegate: NavigationControllerDelegate?

    /// Every stack change in one place: the containment calls, the appearance callbacks of the
    /// old and new top, the bar, the slide, the delegate. Returns the controllers that left,
    /// bottom first.
    @discardableResult
    private func replaceStack(with controllers: [ViewController], animated: Bool) -> [ViewController] {
        let oldTop = topViewController
        let kept = Set(controllers.map(ObjectIdentifier.init))
        let old = Set(viewControllers.map(ObjectIdentifier.init))
        let removed = viewControllers.filter { !kept.contains(ObjectIdentifier($0)) }
        let added = controllers.filter { !old.contains(ObjectIdentifier($0)) }
        for controller in removed.reversed() {
            controller.isMovingFromParent = true
            controller.willMove(toParent: nil)
        }
        for controller in added { addChild(controller) }
        viewControllers = controllers
        let newTop = controllers[controllers.count - 1]
        let finishContainment = { [unowned self] in
            for controller in removed.reversed() { controller.removeFromParent() }
            for controller in added {
                if controller !== newTop { controller.isMovingToParent = false }  // never shown
                controller.didMove(toParent: self)
            }
        }
        guard isViewLoaded else {
            finishContainment()
            return removed
        }
        for controller in removed where controller !== oldTop { controller.viewIfLoaded?.removeFromSuperview() }
        guard newTop !== oldTop else {
            finishContainment()
            updateBar()
            return removed
        }
        let forward = !old.contains(ObjectIdentifier(newTop))
        let appearance = forwardsAppearance
        _ = newTop.view
        if appearance {
            oldTop?.beginAppearanceTransition(false, animated: animated)
            newTop.beginAppearanceTransition(true, animated: animated)
        }
        show(newTop)
        newTop.view.layoutIfNeeded()
        if !forward, let oldView = oldTop?.viewIfLoaded { content.bringSubviewToFront(oldView) }
        updateBar()
        let slides = animated && view.window != nil
        delegate?.navigationController(self, willShow: newTop, animated: slides)
        transition(from: oldTop, to: newTop, forward: forward, animated: slides) { [unowned self] in
            if appearance {
                oldTop?.endAppearanceTransition()
                newTop.endAppearanceTransition()
            }
            finishContainment()
            self.delegate?.navigationController(self, didShow: newTop, animated: slides)
        }
        return removed
    }

    private func transition(from old: ViewController?, to new: ViewController, forward: Bool, animated: Bool, completion: @escaping () -> Void) {
        // In a right-to-left language the pages slide the other way: a push comes in from the
        // left, a pop leaves to the left (UIKit's mirrored navigation).
        let width = content.bounds.width * (view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? -1 : 1)
        let moving = forward ? new.view : old?.view
        let behind = forward ? old?.view : new.view
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            self.isTransitioning = false
            old?.view.removeFromSuperview()
            View.performWithoutAnimation {
                old?.view.frame = self.content.bounds
                new.view.frame = self.content.bounds
            }
            completion()
            self.onTransitionFinished?(new)
            Accessibility.post(notification: .screenChanged, argument: nil)
        }
        guard animated else { return finish(true) }
        isTransitioning = true
        if view.window?.application?.isReduceMotionEnabled == true {
            // Reduced motion: the new page fades in over the old (push) or the old fades out
            // (pop); nothing slides.
            let fading = forward ? new.view : old?.view
            View.performWithoutAnimation { fading?.alpha = forward ? 0 : 1 }
            View.animate(withDuration: Self.transitionDuration, curve: Self.transitionCurve, animations: {
                fading?.alpha = forward ? 1 : 0
            }, completion: { finished in
                View.performWithoutAnimation { fading?.alpha = 1 }
                finish(finished)
            })
            return
        }
        // The page underneath darkens as it is covered (push) and brightens as it is
        // uncovered (pop), under the sliding page; it takes no touch.
        let dimming = View(frame: content.bounds)
        dimming.name = "navigationDimming"
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        if let moving { content.insertSubview(dimming, belowSubview: moving) }
        View.performWithoutAnimation { dimming.alpha = forward ? 0 : Self.transitionDimming }
        // Push: the new view comes in from the right edge over the old one, which moves a
        // third of the way left. Pop: the old (top) view leaves to the right. (Mirrored when
        // `width` is negative.)
        View.performWithoutAnimation {
            if forward { moving?.frame.origin.x = width } else { behind?.frame.origin.x = -width / 3 }
        }
        View.animate(withDuration: Self.transitionDuration, curve: Self.transitionCurve, animations: {
            if forward {
                moving?.frame.origin.x = 0
                behind?.frame.origin.x = -width / 3
            } else {
                moving?.frame.origin.x = width
                behind?.frame.origin.x = 0
            }
            dimming.alpha = forward ? Self.transitionDimming : 0
        }, completion: { finished in
            dimming.removeFromSuperview()
            finish(finished)
        })
    }
}

/// The navigation controller's view: while a push or pop slides, it is the hit view for
/// every new touch inside it (so none reaches the sliding screens or the bar), as UIKit
/// ignores touches during the transition; fingers already down are not affected.
@MainActor
final class NavigationTransitionView: ContainerRootView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let navigation = controller as? NavigationController, gestureRecognizer === navigation.interactivePopGestureRecognizer {
            return navigation.interactivePopShouldBegin()
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        if (controller as? NavigationController)?.isTransitioning == true {
            guard canBeHit, self.point(inside: point, with: event) else { return nil }
            event?.tracer?.log(.hittest, "\(debugName) hit \(debugName) (navigation transition running: touches are absorbed)")
            return self
        }
        return super.hitTest(point, with: event)
    }
}
