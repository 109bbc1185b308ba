/// UIKit's `UITapGestureRecognizer`: a discrete gesture of `numberOfTapsRequired` taps with
/// `numberOfTouchesRequired` fingers each. It fails when a finger moves too far, a tap lasts
/// too long, the pause between taps is too long, a later tap lands too far from the first,
/// or more fingers touch than required.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (UIKit default 1). Values below 1 are treated as 1.
    @exclusivity(unchecked) public var numberOfTapsRequired = 1
    /// Fingers per tap (UIKit default 1). Values below 1 are treated as 1.
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// How far (points) a finger may move from where it landed: the spec's ~10 pt, UIKit's behaviour.
    @exclusivity(unchecked) public var allowableMovement: Double = 10
    /// The longest a single tap may last. UIKit's private `maximumTapDuration` is 1.5 s.
    @exclusivity(unchecked) public var maximumTapDuration: TimeInterval = 1.5
    /// The longest pause between the taps of a multi-tap. UIKit's private
    /// `maximumIntervalBetweenSuccessiveTaps` is 0.35 s.
    @exclusivity(unchecked) public var maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35
    /// How far (points) a later tap may land from the first one (Bezel's choice: 45 pt, as
    /// for `Touch.tapCount`).
    @exclusivity(unchecked) public var maximumDistanceBetweenTaps: Double = 45

    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var mostFingersInThisTap = 0
    @exclusivity(unchecked) private var firstTapLocation: Point?
    /// Made once, started for each tap (`makeTimer`): a tap that lasts too long fails.
    private lazy var tapTimer = makeTimer { $0.failIfStillPossible() }
    /// Made once, started after each tap but the last: a pause too long between taps fails.
    private lazy var gapTimer = makeTimer { $0.failIfStillPossible() }

    private var tapsRequired: Int { max(1, numberOfTapsRequired) }
    private var touchesRequired: Int { max(1, numberOfTouchesRequired) }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        gapTimer.cancel()
        // Counted once (each count walks the tracked touches).
        let fingersDown = numberOfTouches
        let startsTap = fingersDown == touches.count
        if fingersDown > touchesRequired {
            state = .failed
            return
        }
        mostFingersInThisTap = max(mostFingersInThisTap, fingersDown)
        if startsTap {
            let here = location(in: nil)
            if let first = firstTapLocation, first.distance(to: here) > maximumDistanceBetweenTaps {
                state = .failed
                return
            }
            firstTapLocation = firstTapLocation ?? here
            start(tapTimer, after: maximumTapDuration)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if movedTooFar(touches) { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if movedTooFar(touches) {
            state = .failed
            return
        }
        guard numberOfTouches == 0 else { return }
        tapTimer.cancel()
        guard mostFingersInThisTap == touchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        mostFingersInThisTap = 0
        if tapsCompleted >= tapsRequired {
            state = .recognized
        } else {
            start(gapTimer, after: maximumIntervalBetweenSuccessiveTaps)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        mostFingersInThisTap = 0
        firstTapLocation = nil
    }

    private func movedTooFar(_ touches: Set<Touch>) -> Bool {
        touches.anyMoved(fartherThan: allowableMovement)
    }
}
