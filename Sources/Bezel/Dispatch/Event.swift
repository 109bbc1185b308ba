/// One report of a change in the finger configuration (UIKit's `UIEvent` of type touches).
/// All reports of one multitouch sequence, from the first finger down until the screen is
/// free again, reuse the same Event object. Fingers that did not change in a report appear
/// with phase `stationary`.
@MainActor
public final class Event {
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// Every touch of this report, in the order the fingers landed.
    @exclusivity(unchecked) public internal(set) var touchList: [Touch] = []

    /// The tracer of the application delivering this event (so deep code such as hit-testing
    /// can trace without walking to the application).
    @exclusivity(unchecked) var tracer: Tracer?

    init(timestamp: TimeInterval, tracer: Tracer? = nil) {
        self.timestamp = timestamp
        self.tracer = tracer
    }

    public var allTouches: Set<Touch> { Set(touchList) }

    /// The touches whose hit-test view is `view`.
    public func touches(for view: View) -> Set<Touch> {
        Set(touchList.lazy.filter { $0.view === view })
    }

    /// The touches that landed in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        Set(touchList.lazy.filter { $0.window === window })
    }

    /// The touches being delivered to `gestureRecognizer`.
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        Set(touchList.lazy.filter { $0.gestureRecognizers.contains { $0 === gestureRecognizer } })
    }
}
