#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ScrollView {
    /// Glides to `target` on display-link frames, the remaining distance shrinking by `rate`
    /// every millisecond: the same curve as a fling decelerating by `rate`, and it lands
    /// exactly on `target` (the delegate's choice included).
    func decelerate(to target: Point, rate: Double) {
        guard let link = window?.application?.displayLink else {
            applyOffset(target)
            finishDeceleration()
            return
        }
        var last = window?.application?.clock.now ?? 0
        endRunningScrollAnimation()
        animationTarget = target
        animation = link.add { [weak self] now in
            guard let self else { return }
            let target = self.animationTarget
            let elapsedMs = max(0, (now - last) * 1000)
            last = now
            let keep = pow(rate, elapsedMs)
            let current = self.contentOffset
            var next = Point(x: target.x - (target.x - current.x) * keep, y: target.y - (target.y - current.y) * keep)
            if next.distance(to: target) < Self.restingDistance { next = target }
            self.applyOffset(next == target ? next : self.pixelAligned(next, toward: target))
            if next == target { self.finishDeceleration() }
        }
    }

    private func finishDeceleration() {
        animation?.invalidate()
        animation = nil
        guard isDecelerating else { return }
        isDecelerating = false
        delegate?.scrollViewDidEndDecelerating(self)
    }

    /// `setContentOffset(_:animated: true)`: 0.3 s, ease-out (cubic).
    func animateOffset(to target: Point) {
        guard let app = window?.application else {
            applyOffset(target)
            delegate?.scrollViewDidEndScrollingAnimation(self)
            return
        }
        // A deceleration this takes over ends as it would at rest (its delegate call made).
        endRunningScrollAnimation()
        finishDeceleration()
        animationStart = contentOffset
        animationTarget = target
        let startTime = app.clock.now
        isScrollAnimating = true
        animation = app.displayLink.add { [weak self] now in
            guard let self else { return }
            let start = self.animationStart, target = self.animationTarget
            let progress = min(1, (now - startTime) / Self.animatedScrollDuration)
            let eased = 1 - pow(1 - progress, 3)
            let next = Point(x: start.x + (target.x - start.x) * eased, y: start.y + (target.y - start.y) * eased)
            self.applyOffset(progress >= 1 ? target : self.pixelAligned(next))
            if progress >= 1 {
                self.animation?.invalidate()
                self.animation = nil
                self.isScrollAnimating = false
                self.delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        }
    }

    /// Moves the offset by `delta` without scrolling what is shown: the content above the
    /// visible area grew or shrank (a table's row measured as it appeared). A drag, a
    /// deceleration or an animation in progress carries on from the moved place.
    func shiftContentOffset(by delta: Point) {
        guard delta != .zero else { return }
        boundsOrigin = boundsOrigin + delta
        dragStartOffset = dragStartOffset + delta
        animationStart = animationStart + delta
        animationTarget = animationTarget + delta
    }

    /// One display-link subscription at a time: a new deceleration or animated scroll first
    /// ends the one running. An animated `setContentOffset` started while a finger dragged
    /// was replaced by the lift's deceleration without being invalidated (issue 37 item 10):
    /// it re-applied its target on every frame for ever, pinning the list, keeping
    /// `isDecelerating` true (the next tap on a row was eaten) and the app awake (60 wake-ups
    /// a second), and when it ended it invalidated the deceleration instead of itself. The
    /// animated scroll that is replaced does not report `scrollViewDidEndScrollingAnimation`.
    private func endRunningScrollAnimation() {
        animation?.invalidate()
        animation = nil
        isScrollAnimating = false
    }

    /// Stops any deceleration or animation where it is (no delegate call: callers decide).
    func stopAnimation() {
        animation?.invalidate()
        animation = nil
        isDecelerating = false
        isScrollAnimating = false
    }
}
