/// UIKit's edge-swipe pop: a finger from the leading edge of the screen (the left; the right
/// in a right-to-left language) drags the top screen off, the one below following a third as
/// fast, and lifting decides: past half the width, or flicked, it pops; otherwise it slides
/// back. The life cycle is UIKit's for an interactive pop: at the start the top controller's
/// `viewWillDisappear` and the one below's `viewWillAppear`; finished, their `viewDidDisappear`
/// and `viewDidAppear`; cancelled, the one below's `viewWillDisappear` and `viewDidDisappear`,
/// then the top one's `viewWillAppear` and `viewDidAppear` again. The delegate hears `willShow`
/// at the start and `didShow` only when the pop finishes.
extension NavigationController {
    /// A lift faster than this toward the trailing edge finishes the pop whatever the
    /// distance (points per second; Bezel's choice, near what iOS's flick needs).
    static let interactivePopFlickVelocity = 300.0

    /// The pop under way: the controllers, the dimming view, and how far it has gone (0...1).
    struct InteractivePop {
        let popped: ViewController
        let below: ViewController
        let dimming: View
        let appearance: Bool
        var progress: Double
    }

    /// +1 when the pop drags rightward (left to right), -1 in right to left.
    private var popDirection: Double { view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? -1 : 1 }

    /// The edge the pop starts from: the leading one.
    func updateInteractivePopEdge() {
        interactivePopGestureRecognizer.edges = popDirection > 0 ? .left : .right
    }

    /// Whether the edge swipe may begin: a screen to go back to, no transition running, and a
    /// drag toward the trailing edge.
    func interactivePopShouldBegin() -> Bool {
        guard viewControllers.count > 1, !isTransitioning, interactivePop == nil else { return false }
        return interactivePopGestureRecognizer.translation(in: view).x * popDirection > 0
    }

    func handleInteractivePop(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began: beginInteractivePop()
        case .changed: updateInteractivePop(translation: pan.translation(in: view).x)
        case .ended:
            guard let pop = interactivePop else { return }
            let velocity = pan.velocity(in: view).x * popDirection
            endInteractivePop(finishing: velocity > Self.interactivePopFlickVelocity || pop.progress > 0.5 && velocity > -Self.interactivePopFlickVelocity)
        case .cancelled, .failed: endInteractivePop(finishing: false)
        case .possible: break
        }
    }

    private func beginInteractivePop() {
        guard viewControllers.count > 1, let popped = topViewController else { return }
        let below = viewControllers[viewControllers.count - 2]
        isTransitioning = true
        popped.isMovingFromParent = true
        popped.willMove(toParent: nil)
        let appearance = forwardsAppearance
        if appearance {
            popped.beginAppearanceTransition(false, animated: true)
            below.beginAppearanceTransition(true, animated: true)
        }
        showContent(below)
        below.view.layoutIfNeeded()
        contentView.bringSubviewToFront(popped.view)
        let dimming = View(frame: contentView.bounds)
        dimming.name = "navigationDimming"
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        contentView.insertSubview(dimming, belowSubview: popped.view)
        interactivePop = InteractivePop(popped: popped, below: below, dimming: dimming, appearance: appearance, progress: 0)
        place(progress: 0)
        delegate?.navigationController(self, willShow: below, animated: true)
    }

    private func updateInteractivePop(translation: Double) {
        guard var pop = interactivePop else { return }
        let width = max(1, contentView.bounds.width)
        pop.progress = min(1, max(0, translation * popDirection / width))
        interactivePop = pop
        place(progress: pop.progress)
    }

    /// The pages where a pop `progress` of the way through puts them: the top page moved
    /// that fraction of the width toward the trailing edge, the one below from a third of
    /// the width on the leading side, the dimming fading.
    private func place(progress: Double) {
        guard let pop = interactivePop else { return }
        let width = contentView.bounds.width * popDirection
        pop.popped.view.frame.origin.x = progress * width
        pop.below.view.frame.origin.x = -width / 3 * (1 - progress)
        pop.dimming.alpha = Self.transitionDimming * (1 - progress)
    }

    private func endInteractivePop(finishing: Bool) {
        guard let pop = interactivePop else { return }
        // The rest of the way at the push's speed: the remaining fraction of its duration.
        let remaining = finishing ? 1 - pop.progress : pop.progress
        let finish = { [weak self] in
            guard let self else { return }
            self.interactivePop = nil
            self.isTransitioning = false
            pop.dimming.removeFromSuperview()
            if finishing {
                self.removeTopForInteractivePop()
                pop.popped.view.removeFromSuperview()
                View.performWithoutAnimation { pop.popped.view.frame = self.contentView.bounds }
                if pop.appearance {
                    pop.popped.endAppearanceTransition()
                    pop.below.endAppearanceTransition()
                }
                pop.popped.removeFromParent()
                self.updateNavigationBar()
                self.delegate?.navigationController(self, didShow: pop.below, animated: true)
                self.onTransitionFinished?(pop.below)
                Accessibility.post(notification: .screenChanged, argument: nil)
            } else {
                pop.below.view.removeFromSuperview()
                View.performWithoutAnimation { pop.below.view.frame = self.contentView.bounds }
                pop.popped.isMovingFromParent = false  // staying: it appears again as it was
                if pop.appearance {
                    pop.below.beginAppearanceTransition(false, animated: true)
                    pop.below.endAppearanceTransition()
                    pop.popped.beginAppearanceTransition(true, animated: true)
                    pop.popped.endAppearanceTransition()
                }
                pop.popped.didMove(toParent: self)
            }
        }
        guard remaining > 0, view.window?.application != nil else {
            place(progress: finishing ? 1 : 0)
            return finish()
        }
        View.animate(withDuration: Self.transitionDuration * remaining, curve: Self.transitionCurve, animations: {
            self.place(progress: finishing ? 1 : 0)
        }, completion: { _ in finish() })
    }
}
