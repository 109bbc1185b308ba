/// UIKit's `UILongPressGestureRecognizer`: a continuous gesture that begins once
/// `numberOfTouchesRequired` fingers have been held for `minimumPressDuration` without moving
/// more than `allowableMovement`; it then reports changes as the fingers move and ends when
/// they lift.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// UIKit's default: 0.5 s.
    public var minimumPressDuration: TimeInterval = 0.5
    /// UIKit's default: 10 pt.
    public var allowableMovement: Double = 10
    /// UIKit's default: 1 finger.
    public var numberOfTouchesRequired = 1
    /// Taps before the press (UIKit's default 0; 1 makes it a "tap and a half").
    public var numberOfTapsRequired = 0
    /// The longest pause between those taps: the same 0.35 s as `TapGestureRecognizer`.
    public var maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35

    private var tapsCompleted = 0
    /// Made once (`makeTimer`), started when the fingers are down: held long enough, it begins.
    private lazy var pressTimer = makeTimer { recognizer in
        if recognizer.state == .possible { recognizer.state = .began }
    }
    /// Made once, started after each of the taps before the press: a pause too long fails.
    private lazy var gapTimer = makeTimer { $0.failIfStillPossible() }

    private var touchesRequired: Int { max(1, numberOfTouchesRequired) }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else {
            // Extra fingers during the gesture do not change it.
            for touch in touches { ignore(touch, for: event) }
            return
        }
        gapTimer.cancel()
        if numberOfTouches > touchesRequired {
            state = .failed
            return
        }
        if numberOfTouches == touchesRequired, tapsCompleted >= numberOfTapsRequired {
            start(pressTimer, after: minimumPressDuration)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            if touches.anyMoved(fartherThan: allowableMovement) { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            pressTimer.cancel()
            guard numberOfTouches == 0, tapsCompleted < numberOfTapsRequired else {
                // Lifted before the press was long enough.
                state = .failed
                return
            }
            tapsCompleted += 1
            start(gapTimer, after: maximumIntervalBetweenSuccessiveTaps)
        case .began, .changed:
            if numberOfTouches < touchesRequired { state = .ended }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        failOrCancel()
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
    }
}
