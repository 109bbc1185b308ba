/// UIKit's `UINavigationControllerDelegate`: told when the navigation controller is about to
/// show a controller and when it has shown it (push, pop, `popToViewController`,
/// `setViewControllers`, the edge-swipe pop). Both have empty defaults.
///
/// The order, as UIKit's: `willShow` after the appearance callbacks' first half (the old top's
/// `viewWillDisappear`, the new top's `viewWillAppear`), `didShow` after the second half and
/// the containment calls (`didMove(toParent:)`). A cancelled edge-swipe pop has had its
/// `willShow` and gets no `didShow` (the controller below was never shown), as in UIKit.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
}
