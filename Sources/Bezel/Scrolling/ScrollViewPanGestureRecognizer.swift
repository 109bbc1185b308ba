/// The scroll view's pan: a plain pan that tells its scroll view when a finger lands (a touch
/// stops a deceleration at once) and never prevents the scroll view's own pinch, so dragging
/// and zooming can happen together, as in UIKit.
@MainActor
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    unowned let scrollView: ScrollView

    init(scrollView: ScrollView) {
        self.scrollView = scrollView
        super.init()
        name = "scrollViewPan"
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        scrollView.fingerLanded()
        super.touchesBegan(touches, with: event)
    }

    override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView.pinchGestureRecognizer
    }

    override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool {
        preventingGestureRecognizer !== scrollView.pinchGestureRecognizer
    }
}
