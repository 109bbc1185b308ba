/// The spoken mode by touch (VoiceOver's gestures): one finger explores (the element under it
/// takes the focus and is said, and again as the finger slides onto another), a quick swipe
/// right or left moves to the next or previous element, up or down adjusts an adjustable one,
/// a double tap anywhere activates the focused element, a two-finger tap pauses or resumes
/// speech. Every gesture has a key too (nothing needs two fingers: EN 301 549). An element
/// with `.allowsDirectInteraction` takes its touches as usual.
extension SpokenMode {
    /// A swipe: at least 40 pt, mostly along one axis, in under 0.35 s (VoiceOver's feel;
    /// Bezel's numbers). A tap: under 10 pt and 0.3 s; two within 0.35 s a double tap.
    static let swipeDistance = 40.0
    static let swipeDuration = 0.35
    static let tapSlop = 10.0
    static let tapDuration = 0.3
    static let doubleTapInterval = 0.35

    /// One touch sequence, from the first finger down to the last up.
    struct TouchSequence {
        var start: Point
        var startTime: Double
        var last: Point
        var fingers: Set<Int> = []
        var mostFingers = 0
        /// The focus when it began: a swipe moves from there, not from what the finger explored.
        var focusAtStart: (any AccessibilityNode)?
        /// The touches go through to the app (an element that allows direct interaction).
        var direct = false
    }

    /// A frame of touches while the spoken mode runs: true when the spoken mode took it.
    func handleTouchFrame(_ frame: TouchFrame) -> Bool {
        // The spoken mode's own activation taps go through.
        if frame.reports.contains(where: { $0.finger >= SpokenMode.activationFinger }) { return false }
        for report in frame.reports {
            switch report.kind {
            case .down:
                guard let point = report.location else { continue }
                if touchSequence == nil {
                    let under = element(at: point)
                    touchSequence = TouchSequence(start: point, startTime: frame.timestamp, last: point, focusAtStart: focusedElement,
                                                  direct: under?.accessibilityTraits.contains(.allowsDirectInteraction) == true)
                    if touchSequence?.direct == true { return false }
                }
                guard var sequence = touchSequence else { continue }
                sequence.fingers.insert(report.finger)
                sequence.mostFingers = max(sequence.mostFingers, sequence.fingers.count)
                touchSequence = sequence
                // The second tap of a double tap does not explore: it activates what is focused.
                let secondTap = lastTapTime.map { frame.timestamp - $0 < Self.doubleTapInterval } ?? false
                if sequence.mostFingers == 1, !secondTap { explore(at: point) }
            case .move:
                guard var sequence = touchSequence, let point = report.location else { continue }
                if sequence.direct { return false }
                sequence.last = point
                touchSequence = sequence
                if sequence.mostFingers == 1, frame.timestamp - sequence.startTime > Self.swipeDuration { explore(at: point) }
            case .up, .cancel:
                guard var sequence = touchSequence else { continue }
                if sequence.direct {
                    sequence.fingers.remove(report.finger)
                    touchSequence = sequence.fingers.isEmpty ? nil : sequence
                    return false
                }
                if let point = report.location { sequence.last = point }
                sequence.fingers.remove(report.finger)
                touchSequence = sequence
                if sequence.fingers.isEmpty {
                    touchSequence = nil
                    if report.kind == .up { finish(sequence, at: frame.timestamp) }
                }
            }
        }
        return true
    }

    /// The element whose frame holds `point`: the smallest such (a key rather than the
    /// keyboard), in the key window's reading order.
    func element(at point: Point) -> (any AccessibilityNode)? {
        var best: (any AccessibilityNode)?
        var bestArea = Double.infinity
        for node in elements() {
            let frame = node.accessibilityFrame
            guard frame.contains(point) else { continue }
            let area = frame.width * frame.height
            if area < bestArea {
                best = node
                bestArea = area
            }
        }
        return best
    }

    /// Focuses and says the element under the finger, unless it is already focused.
    private func explore(at point: Point) {
        guard let under = element(at: point), under !== focusedElement else { return }
        moveFocus(to: under)
    }

    private func finish(_ sequence: TouchSequence, at time: Double) {
        let dx = sequence.last.x - sequence.start.x, dy = sequence.last.y - sequence.start.y
        let duration = time - sequence.startTime
        let distance = (dx * dx + dy * dy).squareRoot()
        if sequence.mostFingers == 2, distance < Self.tapSlop * 2, duration < Self.tapDuration {
            togglePause()
            return
        }
        guard sequence.mostFingers == 1 else { return }
        if distance >= Self.swipeDistance, duration < Self.swipeDuration {
            lastTapTime = nil
            // A swipe moves from where the focus was before the finger touched.
            if sequence.focusAtStart !== focusedElement { focusedElement = sequence.focusAtStart }
            if abs(dx) > abs(dy) {
                moveFocus(forward: dx > 0)
            } else if focusedElement?.accessibilityTraits.contains(.adjustable) == true {
                adjust(up: dy < 0)
            } else {
                moveFocus(forward: dy > 0)
            }
            return
        }
        guard distance < Self.tapSlop, duration < Self.tapDuration else { return }
        if let previous = lastTapTime, time - previous < Self.doubleTapInterval {
            lastTapTime = nil
            activate()
        } else {
            lastTapTime = time
        }
    }
}
