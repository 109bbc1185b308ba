/// Turns frames of finger reports into UIKit's objects: one `Touch` per finger for its whole
/// life, one `Event` per multitouch sequence (reused by every report of the sequence), phases,
/// tap counts; then hands each report to `Application.sendEvent`.
///
/// Odd input is repaired, reported through `Diagnostics`, never fatal: a move or up for a
/// finger that is not down is dropped; a second down for a finger that is down is treated as
/// a move; non-finite coordinates are dropped; a finger reported twice in one frame is split
/// into consecutive reports, so a down and an up in the same frame still make a tap.
@MainActor
final class TouchSequencer {
    /// Successive taps within this interval count up `tapCount`. UIKit does not document its
    /// value; 0.35 s is the interval commonly measured for UIKit's double tap.
    static let multiTapInterval: TimeInterval = 0.35
    /// ...and within this distance of the previous tap, in points (Bezel's choice, about the
    /// size of a fingertip's contact patch plus jitter: 45 pt).
    static let multiTapRadius: Double = 45

    @exclusivity(unchecked) private var live: [(finger: Int, touch: Touch)] = []
    /// The touch event, made at the first touch and reused for every sequence after (UIKit's).
    @exclusivity(unchecked) private var event: Event?
    @exclusivity(unchecked) private var lastTap: (location: Point, time: TimeInterval, count: Int)?
    /// Fingers still on the glass whose touches are over for the app: cancelled by Bezel (the
    /// application began ignoring events, a device went away) or reported once as malformed.
    /// Their later moves and their lift are expected and absorbed without a report.
    @exclusivity(unchecked) private var retiredFingers: [Int] = []

    var liveTouchCount: Int { live.count }

    /// The last finished touch, kept to be the next finger's when nobody else holds it by then.
    @exclusivity(unchecked) private var spareTouch: Touch?
    /// How many fingers got a reused touch (tests tell reuse from malloc handing out a freed
    /// touch's address again).
    @exclusivity(unchecked) private(set) var reusedTouchCount = 0

    /// Keeps the finished touch only if nothing else holds it now (an app, strongly, weakly or
    /// unowned; a withheld delivery; a recognizer), letting go of its view, window and recognizers at once: a
    /// spare touch keeps nothing alive.
    private func keepSpareTouchIfUnheld() {
        guard spareTouch != nil else { return }
        if isKnownUniquelyReferenced(&spareTouch), let touch = spareTouch, !Self.hasWeakOrUnownedReferences(touch) {
            touch.releaseReferences()
        } else {
            spareTouch = nil
        }
    }

    /// Whether anything keeps a weak or unowned reference to `touch`. An app's `weak var` to a
    /// finished touch must go nil, as it does when the touch is freed, not come back as the
    /// next finger's; `isKnownUniquelyReferenced` counts only strong references. Each count's
    /// floor is 1 (the object's own), the runtime's debugging counts
    /// (`swift_weakRetainCount`, `swift_unownedRetainCount`).
    private static func hasWeakOrUnownedReferences(_ touch: Touch) -> Bool {
        _getWeakRetainCount(touch) > 1 || _getUnownedRetainCount(touch) > 1
    }

    /// A new finger's touch: the spare one when only this sequencer holds it (an app that
    /// keeps a touch keeps its own: it is never reused under it), else a new one.
    private func makeTouch(identifier: Int, location: Point, timestamp: TimeInterval, tapCount: Int, window: Window?) -> Touch {
        if spareTouch != nil, isKnownUniquelyReferenced(&spareTouch), let touch = spareTouch {
            spareTouch = nil
            reusedTouchCount += 1
            touch.reuse(identifier: identifier, location: location, timestamp: timestamp, tapCount: tapCount, window: window)
            return touch
        }
        spareTouch = nil
        return Touch(identifier: identifier, location: location, timestamp: timestamp, tapCount: tapCount, window: window)
    }

    func process(_ frame: TouchFrame, in app: Application) {
        if Self.isWellFormed(frame.reports) {
            // The usual case: each finger once, finite coordinates. No copying.
            deliver(frame.reports, timestamp: frame.timestamp, in: app)
            return
        }
        var pending: [TouchReport] = []
        for report in frame.reports {
            if let p = report.location, !(p.x.isFinite && p.y.isFinite) {
                Diagnostics.report(.malformedInput, "finger \(report.finger): non-finite location \(p); report dropped")
                continue
            }
            pending.append(report)
        }
        // A finger may appear only once per Event report: split the frame where one repeats.
        while !pending.isEmpty {
            var chunk: [TouchReport] = []
            var rest: [TouchReport] = []
            for report in pending {
                if Self.mentions(chunk, report.finger) || Self.mentions(rest, report.finger) {
                    rest.append(report)
                } else {
                    chunk.append(report)
                }
            }
            deliver(chunk, timestamp: frame.timestamp, in: app)
            pending = rest
        }
    }

    private static func isWellFormed(_ reports: [TouchReport]) -> Bool {
        for i in reports.indices {
            if let p = reports[i].location, !(p.x.isFinite && p.y.isFinite) { return false }
            var j = i + 1
            while j < reports.count {
                if reports[j].finger == reports[i].finger { return false }
                j += 1
            }
        }
        return true
    }

    private static func mentions(_ reports: [TouchReport], _ finger: Int) -> Bool {
        for report in reports where report.finger == finger { return true }
        return false
    }

    private func index(of finger: Int) -> Int? {
        for i in live.indices where live[i].finger == finger { return i }
        return nil
    }

    private func deliver(_ reports: [TouchReport], timestamp: TimeInterval, in app: Application) {
        let event = self.event ?? Event(timestamp: timestamp, tracer: app.tracer)
        // Whether any touch changed (a flag, not a list: an array here was an allocation a frame).
        var changed = false
        for (_, touch) in live { touch.phase = .stationary }
        for report in reports {
            switch report.kind {
            case .down:
                // A finger id reused: the retired finger lifted without a report reaching us.
                if !retiredFingers.isEmpty, let retired = retiredFingers.firstIndex(of: report.finger) { retiredFingers.remove(at: retired) }
                if let i = index(of: report.finger) {
                    Diagnostics.report(.malformedInput, "finger \(report.finger) went down while already down; treated as a move")
                    if let p = report.location { move(live[i].touch, to: p, at: timestamp) }
                    live[i].touch.phase = .moved
                    changed = true
                    continue
                }
                guard let p = report.location else {
                    Diagnostics.report(.malformedInput, "finger \(report.finger) went down without a location; dropped")
                    continue
                }
                let window = app.window(at: p)
                let touch = makeTouch(identifier: report.finger, location: Self.point(p, in: window), timestamp: timestamp,
                                      tapCount: tapCount(at: p, time: timestamp), window: window)
                live.append((report.finger, touch))
                event.touchList.append(touch)
                changed = true
            case .move, .up, .cancel:
                guard let i = index(of: report.finger) else {
                    if !retiredFingers.isEmpty, let retired = retiredFingers.firstIndex(of: report.finger) {
                        // Its touch was already ended for the app: the rest of it is absorbed.
                        if report.kind != .move { retiredFingers.remove(at: retired) }
                        continue
                    }
                    // Reported once per finger: its later moves and its lift are absorbed.
                    Diagnostics.report(.malformedInput, "finger \(report.finger): \(report.kind) for a finger that is not down; dropped (and the rest of it)")
                    if report.kind == .move { retiredFingers.append(report.finger) }
                    continue
                }
                let touch = live[i].touch
                if let p = report.location { move(touch, to: p, at: timestamp) } else { touch.timestamp = timestamp }
                touch.phase = report.kind == .move ? .moved : report.kind == .up ? .ended : .cancelled
                if report.kind == .up { lastTap = (screenLocation(of: touch), timestamp, touch.tapCount) }
                changed = true
            }
        }
        guard changed else { return }
        self.event = event
        event.timestamp = timestamp
        app.sendEvent(event)
        // Fingers that lifted leave the sequence; when none is left, the next finger starts a new one.
        for i in live.indices.reversed() where live[i].touch.phase.isFinal {
            if spareTouch == nil { spareTouch = live[i].touch }
            live.remove(at: i)
        }
        for i in event.touchList.indices.reversed() where event.touchList[i].phase.isFinal { event.touchList.remove(at: i) }
        keepSpareTouchIfUnheld()
        // The event stays for the next sequence, as UIKit reuses one UIEvent for all of an
        // app's touches (and its touch list keeps its storage: one allocation less a press).
    }

    /// `screenPoint` in `window`'s coordinates (the screen's without a window). `if let`, not
    /// `window.map { ... }`: a closure reading the window's main-actor state, handed to a
    /// nonisolated generic, got a run-time executor check (~150 instructions; M3, issue 36).
    private static func point(_ screenPoint: Point, in window: Window?) -> Point {
        guard let window else { return screenPoint }
        return screenPoint - window.frame.origin + window.boundsOrigin
    }

    private func move(_ touch: Touch, to screenPoint: Point, at timestamp: TimeInterval) {
        let local = Self.point(screenPoint, in: touch.window)
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = local
        touch.timestamp = timestamp
    }

    private func screenLocation(of touch: Touch) -> Point {
        guard let window = touch.window else { return touch.locationInWindow }
        return touch.locationInWindow - window.boundsOrigin + window.frame.origin
    }

    private func tapCount(at p: Point, time: TimeInterval) -> Int {
        guard let last = lastTap, time - last.time <= Self.multiTapInterval,
              last.location.distance(to: p) <= Self.multiTapRadius else { return 1 }
        return last.count + 1
    }

    /// Cancels every finger (device removed, application began ignoring events).
    func cancelAll(in app: Application, because reason: String) {
        guard !live.isEmpty else { return }
        app.tracer.log(.touches, "cancelling \(live.count) touch(es): \(reason)")
        let fingers = live.map(\.finger)
        deliver(fingers.map { .cancel($0) }, timestamp: app.clock.now, in: app)
        // The fingers are still down: their moves and lifts will come, and are not errors.
        for finger in fingers where !retiredFingers.contains(finger) { retiredFingers.append(finger) }
    }
}
