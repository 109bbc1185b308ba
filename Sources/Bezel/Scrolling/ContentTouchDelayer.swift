/// The scroll view's hidden recognizer that implements `delaysContentTouches` and
/// `touchesShouldBegin(_:with:in:)` (UIKit has the same: UIScrollViewDelayedTouchesBeganGestureRecognizer).
///
/// It never recognizes. While it is undecided it withholds touchesBegan from the content
/// (`delaysTouchesBegan`); it fails after `ScrollView.contentTouchDelay`, or when the finger
/// lifts, and the withheld delivery is released; if the scroll view's pan begins first, the
/// pan's recognition drops the withheld delivery, so content the user scrolled never sees the
/// touch. Before content gets a touch, `touchesShouldBegin` may veto it.
@MainActor
final class ContentTouchDelayer: GestureRecognizer {
    unowned let scrollView: ScrollView

    init(scrollView: ScrollView) {
        self.scrollView = scrollView
        super.init()
        name = "contentTouchDelayer"
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        guard delaysTouchesBegan, !touches.contains(where: { $0.view.map(scrollView.receivesTouchesWithoutDelay) == true }) else {
            askContentWhetherTouchesShouldBegin(touches, event: event)
            state = .failed
            return
        }
        if numberOfTouches == touches.count {
            schedule(after: ScrollView.contentTouchDelay) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.release(with: event)
            }
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        // A quick tap: the content gets began and ended together.
        if state == .possible { release(with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    private func release(with event: Event) {
        askContentWhetherTouchesShouldBegin(Set(trackedTouches), event: event)
        state = .failed
    }

    /// Touches `touchesShouldBegin` refuses are withdrawn from their views for good.
    private func askContentWhetherTouchesShouldBegin(_ touches: Set<Touch>, event: Event) {
        var byView: [(View, [Touch])] = []
        for touch in touches {
            guard let view = touch.view, view !== scrollView else { continue }
            if let i = byView.firstIndex(where: { $0.0 === view }) { byView[i].1.append(touch) } else { byView.append((view, [touch])) }
        }
        for (view, viewTouches) in byView where !scrollView.touchesShouldBegin(Set(viewTouches), with: event, in: view) {
            for touch in viewTouches { scrollView.window?.dispatcher.withdrawViewDelivery(of: touch) }
        }
    }
}
