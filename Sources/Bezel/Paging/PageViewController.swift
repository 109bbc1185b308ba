/// UIKit's `UIPageViewController` in its scroll style: one page (a view controller) at a
/// time, the next or previous one dragged in with a finger and snapped into place as a
/// paging scroll view does, asked of the `dataSource` as they are needed. Attract slideshows
/// turn it with `setViewControllers(_:direction:animated:completion:)` from a `Timer`.
///
/// Life cycle of a turn by a finger, as UIKit's: `willTransitionTo` and the pages'
/// `viewWillAppear` (incoming) and `viewWillDisappear` (outgoing) when the drag starts to
/// show the neighbour; at rest `viewDidDisappear` and `viewDidAppear`, then
/// `didFinishAnimating(…, transitionCompleted: true)`. A drag taken back: the incoming
/// page's `viewWillDisappear`/`viewDidDisappear`, the kept page's `viewWillAppear`/
/// `viewDidAppear`, then `didFinishAnimating(…, transitionCompleted: false)`.
///
/// `.pageCurl` is drawn as `.scroll` (Bezel has no page-curl rendering); its life cycle and
/// data source are the same.
@MainActor
open class PageViewController: ViewController {
    public enum TransitionStyle: Sendable { case scroll, pageCurl }
    public enum NavigationOrientation: Sendable { case horizontal, vertical }
    public enum NavigationDirection: Sendable { case forward, reverse }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    /// Between pages while they move (UIKit's `interPageSpacing` option).
    public let interPageSpacing: Double
    public weak var dataSource: (any PageViewControllerDataSource)? {
        didSet { if isViewLoaded { refreshNeighbours() } }
    }
    public weak var delegate: (any PageViewControllerDelegate)?
    /// The page shown (UIKit's array: one page in the scroll style).
    public var viewControllers: [ViewController]? { current.map { [$0] } }
    /// The recognizers that turn the pages (UIKit's): the scroll view's pan.
    public var gestureRecognizers: [GestureRecognizer] { [scrollView.panGestureRecognizer] }

    let scrollView = ScrollView()
    /// Shown at the bottom when the data source gives a `presentationCount` (UIKit's rule).
    public let pageControl = PageControl()
    /// UIKit's page control strip under the pages.
    static let pageControlHeight = 37.0

    private var current: ViewController?
    private var before: ViewController?
    private var after: ViewController?
    /// The neighbour coming in while a drag or an animated `setViewControllers` runs.
    private var pending: (controller: ViewController, forward: Bool)?
    /// An animated `setViewControllers`: its completion, run at rest.
    private var programmaticTurn: ((Bool) -> Void)??
    private var isRelaying = false
    private lazy var scrollObserver = PageScrollObserver(owner: self)

    public init(transitionStyle: TransitionStyle = .scroll, navigationOrientation: NavigationOrientation = .horizontal,
                interPageSpacing: Double = 0) {
        self.transitionStyle = transitionStyle
        self.navigationOrientation = navigationOrientation
        self.interPageSpacing = interPageSpacing.isFinite ? max(0, interPageSpacing) : 0
        super.init()
    }

    open override func loadView() {
        let root = View()
        root.clipsToBounds = true
        scrollView.name = "pages"
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.clipsToBounds = false
        scrollView.delegate = scrollObserver
        root.addSubview(scrollView)
        pageControl.name = "pageControl"
        pageControl.isHidden = true
        pageControl.backgroundColor = .black
        pageControl.addAction(for: .valueChanged) { [weak self] control, _ in
            guard let self, let control = control as? PageControl else { return }
            self.pageControlChanged(to: control.currentPage)
        }
        root.addSubview(pageControl)
        view = root
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutPages()
    }

    // MARK: Setting the page

    /// Shows `viewControllers[0]` (UIKit's: one page in the scroll style; more are reported
    /// and the first used). Animated: the new page slides in from the `direction`'s side, the
    /// finger's turn's life cycle without the delegate's calls; `completion` at rest.
    public func setViewControllers(_ viewControllers: [ViewController]?, direction: NavigationDirection, animated: Bool,
                                   completion: ((Bool) -> Void)? = nil) {
        guard let page = viewControllers?.first else {
            Diagnostics.report(.apiMisuse, "\(debugName): setViewControllers with no page; ignored")
            completion?(false)
            return
        }
        if (viewControllers?.count ?? 0) > 1 {
            Diagnostics.report(.apiMisuse, "\(debugName): \(viewControllers?.count ?? 0) pages for the scroll style, which shows one; the first is shown")
        }
        guard page !== current else {
            completion?(true)
            return
        }
        finishPendingNow()
        let shownOnScreen = isViewLoaded && view.window != nil && isOnScreen
        guard animated, shownOnScreen, let old = current else {
            replaceCurrent(with: page, appearing: shownOnScreen)
            completion?(true)
            return
        }
        // The new page goes in the neighbour's place on that side and the scroll view glides there.
        let forward = direction == .forward
        if forward { after = page } else { before = page }
        layoutPages()
        beginTransition(to: page, forward: forward, telling: false)
        programmaticTurn = .some(completion)
        _ = old
        scrollView.setContentOffset(offset(ofSlot: slot(forward ? .after : .before)), animated: true)
    }

    /// Makes `page` the shown one at once (no animation).
    private func replaceCurrent(with page: ViewController, appearing: Bool) {
        let old = current
        if appearing { old?.beginAppearanceTransition(false, animated: false) }
        if page.parent !== self { addChild(page) }
        if appearing { page.beginAppearanceTransition(true, animated: false) }
        current = page
        if let old {
            old.viewIfLoaded?.removeFromSuperview()
            old.willMove(toParent: nil)
            old.removeFromParent()
        }
        if isViewLoaded { scrollView.addSubview(page.view) }
        page.didMove(toParent: self)
        if appearing {
            old?.endAppearanceTransition()
            page.endAppearanceTransition()
        }
        if isViewLoaded {
            readPresentation()
            refreshNeighbours()
        }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let current {
            scrollView.addSubview(current.view)
            readPresentation()
            refreshNeighbours()
        }
    }

    // MARK: Slots along the scroll view

    private enum Slot { case before, current, after }

    private var isHorizontal: Bool { navigationOrientation == .horizontal }
    /// Forward runs to the left in a right-to-left interface (UIKit mirrors horizontal pages).
    private var forwardIncreases: Bool {
        !(isHorizontal && isViewLoaded && view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    private var pageArea: Rect {
        guard isViewLoaded else { return .zero }
        let bounds = view.bounds
        let strip = pageControl.isHidden ? 0 : Self.pageControlHeight
        return Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - strip))
    }

    private var stride: Double { (isHorizontal ? pageArea.width : pageArea.height) + interPageSpacing }

    /// The slots that hold a page, in increasing offset order.
    private var slots: [Slot] {
        var order: [Slot] = []
        if before != nil { order.append(.before) }
        order.append(.current)
        if after != nil { order.append(.after) }
        return forwardIncreases ? order : order.reversed()
    }

    private func slot(_ slot: Slot) -> Int { slots.firstIndex(of: slot) ?? 0 }

    private func offset(ofSlot index: Int) -> Point {
        isHorizontal ? Point(x: Double(index) * stride, y: 0) : Point(x: 0, y: Double(index) * stride)
    }

    private func frame(ofSlot index: Int) -> Rect {
        let area = pageArea
        let origin = offset(ofSlot: index)
        return Rect(origin: origin, size: area.size)
    }

    /// Places the scroll view (one spacing longer than the pages, so paging strides over the
    /// gap), the pages in their slots, and the page control.
    func layoutPages() {
        guard isViewLoaded else { return }
        isRelaying = true
        defer { isRelaying = false }
        let area = pageArea
        scrollView.frame = isHorizontal ? Rect(x: 0, y: 0, width: area.width + interPageSpacing, height: area.height)
                                        : Rect(x: 0, y: 0, width: area.width, height: area.height + interPageSpacing)
        let count = Double(slots.count)
        scrollView.contentSize = isHorizontal ? Size(width: count * stride, height: area.height) : Size(width: area.width, height: count * stride)
        current?.viewIfLoaded?.frame = frame(ofSlot: slot(.current))
        if let pending { pending.controller.viewIfLoaded?.frame = frame(ofSlot: slot(pending.forward ? .after : .before)) }
        if pending == nil, programmaticTurn == nil, !scrollView.isDragging, !scrollView.isDecelerating {
            scrollView.setContentOffset(offset(ofSlot: slot(.current)), animated: false)
        }
        pageControl.frame = Rect(x: 0, y: area.maxY, width: view.bounds.width, height: pageControl.isHidden ? 0 : Self.pageControlHeight)
    }

    /// Asks the data source for the pages around the current one.
    private func refreshNeighbours() {
        guard let current else { return }
        before = dataSource?.pageViewController(self, viewControllerBefore: current)
        after = dataSource?.pageViewController(self, viewControllerAfter: current)
        if before === current { before = nil }
        if after === current { after = nil }
        layoutPages()
    }

    // MARK: Turning

    private func beginTransition(to page: ViewController, forward: Bool, telling: Bool) {
        guard let current else { return }
        pending = (page, forward)
        if telling { delegate?.pageViewController(self, willTransitionTo: [page]) }
        addChild(page)
        page.beginAppearanceTransition(true, animated: true)
        current.beginAppearanceTransition(false, animated: true)
        page.view.frame = frame(ofSlot: slot(forward ? .after : .before))
        scrollView.addSubview(page.view)
        page.didMove(toParent: self)
    }

    /// The scroll view moved: a drag that begins to show a neighbour starts its transition.
    func scrollViewDidScroll() {
        guard !isRelaying, pending == nil, scrollView.isDragging, current != nil else { return }
        let position = isHorizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let here = isHorizontal ? offset(ofSlot: slot(.current)).x : offset(ofSlot: slot(.current)).y
        guard position != here else { return }
        let forward = (position > here) == forwardIncreases
        guard let page = forward ? after : before else { return }
        beginTransition(to: page, forward: forward, telling: true)
    }

    /// The scroll view came to rest: the turn completes if it rests on the incoming page.
    func scrollViewCameToRest() {
        guard !isRelaying else { return }
        let position = isHorizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let index = Int((position / max(1, stride)).rounded())
        finishTransition(completed: pending.map { index == slot($0.forward ? .after : .before) } ?? false)
    }

    private func finishTransition(completed: Bool) {
        let turn = programmaticTurn
        programmaticTurn = nil
        guard let (page, forward) = pending, let old = current else {
            if let turn { turn?(true) }
            return
        }
        pending = nil
        if completed {
            old.endAppearanceTransition()
            page.endAppearanceTransition()
            old.viewIfLoaded?.removeFromSuperview()
            old.willMove(toParent: nil)
            old.removeFromParent()
            current = page
            // A finger's turn counts the dot on; `setViewControllers` asks the data source (UIKit's).
            if turn == nil { showIndex(shownIndex + (forward ? 1 : -1)) } else { readPresentation() }
        } else {
            page.beginAppearanceTransition(false, animated: true)
            old.beginAppearanceTransition(true, animated: true)
            page.endAppearanceTransition()
            old.endAppearanceTransition()
            page.viewIfLoaded?.removeFromSuperview()
            page.willMove(toParent: nil)
            page.removeFromParent()
        }
        refreshNeighbours()
        if let turn {
            turn?(completed)
        } else {
            delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [old], transitionCompleted: completed)
        }
    }

    /// A new `setViewControllers` while a turn runs: the running one ends where it is.
    private func finishPendingNow() {
        guard pending != nil || programmaticTurn != nil else { return }
        let position = isHorizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let index = Int((position / max(1, stride)).rounded())
        finishTransition(completed: pending.map { index == slot($0.forward ? .after : .before) } ?? false)
    }

    /// A tap on the page control's side turns one page that way (UIKit's). The control has
    /// moved its dot already: it goes back until the page has turned.
    private func pageControlChanged(to page: Int) {
        let forward = page > shownIndex
        pageControl.currentPage = shownIndex
        guard page != shownIndex, let target = forward ? after : before else { return }
        setViewControllers([target], direction: forward ? .forward : .reverse, animated: true)
    }

    /// The dot of the page shown (the data source's `presentationIndex`, then counted by turns).
    private var shownIndex = 0
    private func showIndex(_ index: Int) {
        shownIndex = max(0, min(pageControl.numberOfPages - 1, index))
        pageControl.currentPage = shownIndex
    }

    private func readPresentation() {
        guard let dataSource else { return }
        let count = dataSource.presentationCount(for: self)
        pageControl.numberOfPages = max(0, count)
        pageControl.isHidden = count <= 0
        showIndex(dataSource.presentationIndex(for: self))
    }
}

/// The page view controller's ear on its scroll view (kept out of its public conformances).
@MainActor
final class PageScrollObserver: ScrollViewDelegate {
    unowned let owner: PageViewController
    init(owner: PageViewController) { self.owner = owner }
    func scrollViewDidScroll(_ scrollView: ScrollView) { owner.scrollViewDidScroll() }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { owner.scrollViewCameToRest() }
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { owner.scrollViewCameToRest() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { owner.scrollViewCameToRest() }
}
