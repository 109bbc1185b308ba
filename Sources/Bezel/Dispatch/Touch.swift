/// One finger on the screen (UIKit's `UITouch`). The same object represents the finger from
/// the moment it lands until it lifts or is cancelled.
///
/// As UIKit's documentation advises, copy what you need from a touch rather than keep it past
/// its sequence. A touch nobody keeps (no strong, weak or unowned reference) may be given to a
/// later finger, so an `ObjectIdentifier` of a finished touch can come back; a touch you keep
/// stays as it was when its finger lifted.
@MainActor
public final class Touch: Hashable {
    public enum Phase: Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        /// Ended or cancelled: the finger is gone.
        public var isFinal: Bool { self == .ended || self == .cancelled }
    }

    /// The input source's identifier of this finger (libinput's seat slot, a script's finger number).
    @exclusivity(unchecked) public internal(set) var identifier: Int
    @exclusivity(unchecked) public internal(set) var phase: Phase
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// How many times the finger tapped at about this place in quick succession (1 for a single tap).
    @exclusivity(unchecked) public internal(set) var tapCount: Int
    /// The window the touch landed in; fixed for its life. Strong, as UIKit's `UITouch.window`
    /// is (a weak one would put the window's counts in a side table: Platform/UnownedReferences.swift).
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// The hit-test view, fixed for the touch's life (nil when the touch hit no view).
    @exclusivity(unchecked) public internal(set) var view: View?
    /// The recognizers the touch is delivered to: fixed when it lands, minus recognizers that
    /// later ignored it or were removed from their view.
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Where the finger landed (window coordinates).
    @exclusivity(unchecked) private(set) var landingLocationInWindow: Point
    @exclusivity(unchecked) var locationInWindow: Point
    @exclusivity(unchecked) var previousLocationInWindow: Point

    // MARK: Delivery bookkeeping (owned by TouchDispatcher)

    /// How far delivery of this touch to its hit-test view has got.
    enum ViewDelivery {
        /// Never delivered to a view (hit nothing, excluded by multiple/exclusive touch, ignored).
        case none
        /// Its touchesBegan has not been delivered yet (withheld by delaysTouchesBegan).
        case pending
        /// The view has had touchesBegan and waits for more.
        case active
        /// The view has had touchesEnded or touchesCancelled: nothing more goes to it.
        case finished
    }
    @exclusivity(unchecked) var viewDelivery: ViewDelivery = .none
    /// The touch ended but its touchesEnded is withheld (delaysTouchesEnded).
    @exclusivity(unchecked) var endWithheld = false
    /// The touch moved while its touchesBegan was withheld: on release the view also gets a
    /// touchesMoved with the current location.
    @exclusivity(unchecked) var movedWhileWithheld = false
    /// A withheld touchesEnded is already scheduled for delivery.
    @exclusivity(unchecked) var endReleaseScheduled = false
    /// Its view had touchesCancelled: a call for it still in a batch being sent (the view was
    /// taken out of the window by an earlier call of the same report) is not made.
    @exclusivity(unchecked) var isCancelledInView = false
    /// Blocked by another view's exclusive touch: delivered to no view and no recognizer.
    @exclusivity(unchecked) var isExcludedByExclusiveTouch = false
    /// Dropped by the application (it began while interaction events were ignored): never delivered.
    @exclusivity(unchecked) var isDropped = false

    init(identifier: Int, location: Point, timestamp: TimeInterval, tapCount: Int, window: Window?) {
        self.identifier = identifier
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        self.landingLocationInWindow = location
        self.locationInWindow = location
        self.previousLocationInWindow = location
        // A touch usually reaches a few recognizers: one allocation instead of growing 1, 2, 4.
        gestureRecognizers.reserveCapacity(4)
    }

    /// A spare touch's references let go (`TouchSequencer` keeps the last finished touch when
    /// nothing else holds it): it keeps no view, window or recognizer alive.
    func releaseReferences() {
        window = nil
        view = nil
        gestureRecognizers.removeAllKeepingStorage()
    }

    /// Gives a finished touch nobody else holds (`TouchSequencer` checks that it is uniquely
    /// referenced) to a new finger: every property as `init` sets it, the recognizer list's
    /// storage kept. No app, view or recognizer can tell it from a new one; a Touch and its
    /// list are allocated and freed less a press (M3, callgrind: see instructions.txt).
    func reuse(identifier: Int, location: Point, timestamp: TimeInterval, tapCount: Int, window: Window?) {
        releaseReferences()
        self.identifier = identifier
        phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        landingLocationInWindow = location
        locationInWindow = location
        previousLocationInWindow = location
        viewDelivery = .none
        endWithheld = false
        movedWhileWithheld = false
        endReleaseScheduled = false
        isCancelledInView = false
        isExcludedByExclusiveTouch = false
        isDropped = false
    }

    /// The touch's position in `view`'s coordinates (window coordinates when `view` is nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        guard let window else { return view.convert(locationInWindow, from: nil) }
        return view.convert(locationInWindow, fromRoot: window)
    }

    /// The position at the previous report, in `view`'s coordinates.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        guard let window else { return view.convert(previousLocationInWindow, from: nil) }
        return view.convert(previousLocationInWindow, fromRoot: window)
    }

    public nonisolated static func == (a: Touch, b: Touch) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// The hash Set uses, in one step: the address hashed as one word by the standard
    /// library's one-shot SipHash (what `Int` itself gives Set), instead of the default's
    /// Hasher made, fed and finalized. The Set handed to every touches method is refilled for
    /// each new touch: M3 19,453 -> 19,367 instructions (callgrind). Consistent with `==`
    /// (identity) and `hash(into:)` (the same word).
    public nonisolated func _rawHashValue(seed: Int) -> Int {
        Int(bitPattern: ObjectIdentifier(self))._rawHashValue(seed: seed)
    }

    public var description: String { "touch \(identifier) \(phase) at \(locationInWindow)" }
}
