/// Modal presentation (UIKit's `present(_:animated:completion:)` and `dismiss`).
extension ViewController {
    /// Shows `controller` modally over this controller's window, in its
    /// `modalPresentationStyle`, moving as its `modalTransitionStyle` says.
    ///
    /// As in UIKit, the presentation is made by the outermost controller containing this one
    /// (a navigation or tab bar controller, say), which becomes `presentingViewController`.
    /// Refused with a report (and no completion) when this controller's view is not in a
    /// window, when that controller already presents one, or when `controller` is already
    /// presented, on screen (a window's root) or in a container.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        var presenter: ViewController = self
        while let parent = presenter.parent { presenter = parent }
        guard !(presenter.presentation?.isHiding ?? false) else {
            Diagnostics.report(.apiMisuse, "present(\(controller.debugName)): \(presenter.debugName) is being dismissed; ignored")
            return
        }
        guard presenter.ownPresentedViewController == nil else {
            Diagnostics.report(.apiMisuse, "present(\(controller.debugName)): \(presenter.debugName) is already presenting \(presenter.ownPresentedViewController!.debugName); ignored")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            Diagnostics.report(.apiMisuse, "present(\(controller.debugName)): \(debugName)'s view is not in a window; ignored")
            return
        }
        var below: ViewController? = presenter
        while let b = below {
            if b === controller {
                Diagnostics.report(.apiMisuse, "present(\(controller.debugName)): it presents \(presenter.debugName) (directly or not); ignored")
                return
            }
            below = b.presentingViewController
        }
        guard controller.presentingViewController == nil, controller.parent == nil, controller !== presenter,
              controller.viewIfLoaded?.window == nil else {
            Diagnostics.report(.apiMisuse, "present(\(controller.debugName)): it is already presented, on screen or a child controller; ignored")
            return
        }
        let presentation = ModalPresentation(presenter: presenter, presented: controller)
        presenter.ownPresentedViewController = controller
        controller.presentingViewController = presenter
        controller.presentation = presentation
        presentation.show(in: window, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one presents (with those it presents in turn); called on
    /// a presented controller that presents nothing, dismisses that controller itself.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let target: ViewController
        if ownPresentedViewController != nil {
            target = self
        } else if let presenting = presentingViewController {
            target = presenting
        } else {
            var outer: ViewController = self
            while let parent = outer.parent { outer = parent }
            guard outer !== self else {
                completion?()
                return
            }
            return outer.dismiss(animated: animated, completion: completion)
        }
        guard let presented = target.ownPresentedViewController, let presentation = presented.presentation else {
            completion?()
            return
        }
        guard !presentation.isTransitioning else {
            Diagnostics.report(.apiMisuse, "dismiss: \(presented.debugName) is still being presented or dismissed; ignored")
            return
        }
        // Controllers presented above it go at once, even mid-transition (UIKit takes them
        // along); the one this call is about moves. Refusing a sliding-in one here left it
        // on screen for good over a dismissed presenter, and its transition's end then read
        // the presenter after the app had let it go (issue 37 item 7).
        presented.dismissPresentedAtOnce()
        presentation.hide(animated: animated) {
            target.endPresentation(of: presented)
            completion?()
        }
    }

    /// Takes down what this controller presents, and what that presents in turn, at once:
    /// a transition under way ends first (its callbacks and completion run), then each goes
    /// without animation, the topmost first.
    func dismissPresentedAtOnce() {
        guard let presented = ownPresentedViewController, let presentation = presented.presentation else { return }
        presented.dismissPresentedAtOnce()
        presentation.finishTransitionNow()
        // A dismissal that was under way has just ended it.
        guard ownPresentedViewController === presented else { return }
        presentation.hide(animated: false) { [self] in endPresentation(of: presented) }
    }

    private func endPresentation(of presented: ViewController) {
        ownPresentedViewController = nil
        presented.presentingViewController = nil
        presented.presentation = nil
    }

    /// True from `present` until `viewDidAppear` has returned (UIKit's: true inside
    /// `viewWillAppear` and `viewDidAppear`, animated or not).
    public var isBeingPresented: Bool { presentation?.phase == .presenting }

    /// True from `dismiss` until `viewDidDisappear` has returned.
    public var isBeingDismissed: Bool { presentation?.phase == .dismissing }
}
