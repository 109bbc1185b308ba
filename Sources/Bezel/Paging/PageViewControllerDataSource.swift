/// UIKit's `UIPageViewControllerDataSource`: the pages around the one shown, asked for as the
/// page view controller needs them (after each turn, and when its pages are set).
@MainActor
public protocol PageViewControllerDataSource: AnyObject {
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController?
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController?
    /// How many dots the page control shows; 0 (the default): no page control (UIKit shows
    /// one when both this and `presentationIndex(for:)` are implemented).
    func presentationCount(for pageViewController: PageViewController) -> Int
    /// Which dot is lit when the pages are set.
    func presentationIndex(for pageViewController: PageViewController) -> Int
}

extension PageViewControllerDataSource {
    public func presentationCount(for pageViewController: PageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: PageViewController) -> Int { 0 }
}

/// UIKit's `UIPageViewControllerDelegate`: told about turns the user makes with a finger (not
/// about `setViewControllers`).
@MainActor
public protocol PageViewControllerDelegate: AnyObject {
    /// A drag began to bring in `pendingViewControllers`.
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController])
    /// The drag's page came to rest: `completed` false when the finger took the turn back.
    func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [ViewController], transitionCompleted completed: Bool)
}

extension PageViewControllerDelegate {
    public func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]) {}
    public func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [ViewController], transitionCompleted completed: Bool) {}
}
