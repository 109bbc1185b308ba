/// Decides between the gesture recognizers of one window (spec §3, §4). Every recognizer that
/// has received a touch since the last reset is in the *arena*; the arbiter
///
/// - holds a recognizer that wants to leave `possible` until the recognizers it requires to
///   fail have failed (failing it if one of them recognizes), then asks the views under its
///   touches and its delegate whether it should begin;
/// - on recognition: sends the actions, cancels the recognizer's touches in their views
///   (`cancelsTouchesInView`), and makes every other undecided recognizer holding one of
///   those touches fail, unless the two may recognize simultaneously;
/// - sends continuous recognizers' actions after the touches method that changed the state;
/// - when the screen is free and every recognizer in the arena has reached a final state,
///   resets them all to `possible`.
///
/// All of this happens inside *turns*: one per touch event, timer or external change, so
/// that work queued while a recognizer's method runs is done right after it returns, and the
/// deliveries a decision releases are made at the end of the turn.
@MainActor
final class GestureArbiter {
    /// Its dispatcher, which owns it and sets this as it is made (Platform/UnownedReferences.swift).
    unowned(unsafe) private(set) var dispatcher: TouchDispatcher!
    @exclusivity(unchecked) private(set) var arena: [GestureRecognizer] = []
    /// The arena being reset (`resetArena`), its storage kept for the next one.
    @exclusivity(unchecked) private var resetting: [GestureRecognizer] = []
    /// Queued work, done from `workHead` on: a queue read by index and emptied once done keeps
    /// its storage, where `removeFirst()` moved the rest of the array at every item (M3).
    @exclusivity(unchecked) private var work: [Work] = []
    @exclusivity(unchecked) private var workHead = 0
    @exclusivity(unchecked) private var waiting: [GestureRecognizer] = []
    @exclusivity(unchecked) private var depth = 0
    /// True during a turn started by a timer: failures decided by time release withheld
    /// touchesEnded after UIKit's short delay.
    @exclusivity(unchecked) private(set) var isTimerTurn = false

    private enum Work {
        case evaluate(GestureRecognizer)
        case sendActions(GestureRecognizer)
    }

    init() {}

    /// Called once, by the dispatcher that made it.
    func attach(to dispatcher: TouchDispatcher) {
        self.dispatcher = dispatcher
    }

    deinit {
        // The recognizers in the arena point back here (unowned): they are let go.
        let arena = arena
        guard !arena.isEmpty else { return }
        cleanUpAsMainActor {
            for recognizer in arena where recognizer.arbiter === self { recognizer.arbiter = nil }
        }
    }

    var tracer: Tracer? { dispatcher.tracer }
    var runLoop: RunLoop? { dispatcher.runLoop }

    // MARK: Turns

    /// Runs `body` as a turn (or as part of the current one), then settles the queued work.
    /// Nested calls join the running turn: their work is queued and done by the outer
    /// turn's settling (so a state set inside a touches method is acted on after it returns).
    func turn(_ body: () -> Void) {
        depth += 1
        body()
        if depth == 1 { settle() }
        depth -= 1
        if depth == 0 { endOfTurn() }
    }

    /// A turn started by a recognizer's timer.
    func timerTurn(_ body: () -> Void) {
        let outermost = depth == 0
        if outermost { isTimerTurn = true }
        turn(body)
        if outermost { isTimerTurn = false }
    }

    /// Processes queued work until none is left. Work queued by actions (an action that
    /// changes another recognizer, removes a view...) is processed in the same loop.
    func settle() {
        // (Work queued meanwhile goes at the end, done in the same loop; a nested settle, from
        // an action, takes up the items after the one being done.)
        while workHead < work.count {
            let item = work[workHead]
            workHead += 1
            switch item {
            case .evaluate(let recognizer): evaluate(recognizer)
            case .sendActions(let recognizer): recognizer.invokeActions()
            }
        }
        guard !work.isEmpty else { return }
        work.removeAllKeepingStorage()
        workHead = 0
    }

    private func endOfTurn() {
        depth += 1
        defer { depth -= 1 }
        dispatcher.releaseWithheldDeliveries(endedAfterDelay: isTimerTurn)
        settle()
        guard dispatcher.liveTouchCount == 0, !arena.isEmpty else { return }
        // Usually every recognizer has decided by the lift: then there is nothing to sweep and
        // no circular wait (one look instead of the two walks below, M3).
        if arena.containsBorrowed(where: { $0.storedState == .possible }) {
            // Nothing stalls (Flutter's arena sweep): an undecided recognizer with no touch left,
            // no timer of its own and no decision pending can never decide; it fails.
            for recognizer in arena where recognizer.storedState == .possible && recognizer.pendingState == nil
                && !recognizer.hasScheduledTimers {
                fail(recognizer, because: "no touches left, no timer: undecided recognizer swept")
            }
            settle()
            breakCircularWaits()
        }
        dispatcher.releaseWithheldDeliveries(endedAfterDelay: isTimerTurn)
        settle()
        guard dispatcher.liveTouchCount == 0, !arena.containsBorrowed(where: { $0.storedState == .possible }) else { return }
        resetArena()
    }

    /// With the screen free, recognizers that all wait for one another's failure (A requires
    /// B to fail and B requires A) and have no timer to break the tie would wait forever and
    /// block every later sequence. That is an app bug; it is reported and they all fail.
    private func breakCircularWaits() {
        var undecided: [GestureRecognizer] = []
        for recognizer in arena where recognizer.storedState == .possible {
            if recognizer.pendingState == nil || recognizer.hasScheduledTimers { return }
            undecided.append(recognizer)
        }
        guard !undecided.isEmpty else { return }
        Diagnostics.report(.apiMisuse, "circular failure requirements between \(undecided.map(\.debugName)); all of them fail")
        for recognizer in undecided { fail(recognizer, because: "circular failure requirement") }
        settle()
    }

    private func resetArena() {
        waiting.removeAllKeepingStorage()
        // The arena is swapped with a spare array, not copied: both keep their storage (a
        // copy then `removeAll(keepingCapacity:)` allocated a new buffer at every tap, M3).
        // A reset that empties the arena again (from a recognizer's `reset()`) gets a copy.
        guard resetting.isEmpty else {
            let recognizers = arena
            arena.removeAll()
            for recognizer in recognizers { reset(recognizer) }
            return
        }
        swap(&arena, &resetting)
        for recognizer in resetting { reset(recognizer) }
        resetting.removeAllKeepingStorage()
    }

    private func reset(_ recognizer: GestureRecognizer) {
        recognizer.cancelTimers()
        recognizer.storedState = .possible
        recognizer.pendingState = nil
        recognizer.trackedTouches.removeAllKeepingStorage()
        recognizer.arbiter = nil
        tracer?.log(.gestures, "\(recognizer.debugName) reset -> possible")
        recognizer.reset()
    }

    // MARK: Membership

    func enter(_ recognizer: GestureRecognizer) {
        if recognizer.arbiter !== self {
            recognizer.arbiter?.recognizerWithdrawn(recognizer, detached: true)
            recognizer.arbiter = self
        }
        arena.appendIfAbsent(recognizer)
    }

    /// Whether `recognizer` takes reports of the touches it tracks: enabled, attached, and
    /// undecided or an ongoing continuous gesture. One that waits for another's failure
    /// (a decision pending) keeps receiving them, as in UIKit, which only delays its
    /// transition: a pan released when a custom recognizer fails begins with the finger's
    /// whole travel, not the travel when it started to wait.
    func isReceiving(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, recognizer.viewReference != nil else { return false }
        switch recognizer.storedState {
        case .possible, .began, .changed: return true
        case .ended, .cancelled, .failed: return false
        }
    }

    /// Whether `recognizer` takes a new touch: as `isReceiving`, but not while it waits to
    /// leave `possible` (its gesture is decided; a new finger is not part of it).
    func acceptsNewTouches(_ recognizer: GestureRecognizer) -> Bool {
        isReceiving(recognizer) && !(recognizer.storedState == .possible && recognizer.pendingState != nil)
    }

    /// While one report (a touch event's touches in one phase) is handed to each recognizer
    /// in turn, a waiting recognizer released by another's failure is evaluated only after
    /// all of them have had the report. So the result does not depend on the order the
    /// recognizers were added: it begins once, with its state after the whole report, as if
    /// every recognizer had seen the event before any decision (UIKit delivers an event to
    /// all of a touch's recognizers, then updates their states).
    @exclusivity(unchecked) private var isHandingOutReport = false
    @exclusivity(unchecked) private var wokenDuringReport = false

    /// Called around the hand-out of one report (plain calls, not a closure: this is on
    /// every touch's path, M3).
    func beginReport() {
        isHandingOutReport = true
    }

    func endReport() {
        isHandingOutReport = false
        if wokenDuringReport {
            wokenDuringReport = false
            wakeWaiting()
            settle()
        }
    }

    /// Undecided and part of this arena: withholds deliveries for its touches.
    func isUndecided(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.arbiterReference?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
            && recognizer.storedState == .possible && recognizer.isEnabled
    }

    /// A recognizer was disabled, removed from its view, or its view left the window: an
    /// ongoing gesture is cancelled (with its actions), an undecided one fails. A detached
    /// recognizer also leaves the arena and its touches at once, and is reset.
    func recognizerWithdrawn(_ recognizer: GestureRecognizer, detached: Bool) {
        turn {
            switch recognizer.storedState {
            case .possible:
                fail(recognizer, because: detached ? "removed from its view" : "disabled")
            case .began, .changed:
                setState(recognizer, .cancelled, cause: detached ? "removed from its view" : "disabled")
                work.append(.sendActions(recognizer))
            case .ended, .cancelled, .failed:
                break
            }
            guard detached else { return }
            settle()
            for touch in recognizer.trackedTouches { touch.gestureRecognizers.removeObject(recognizer) }
            arena.removeObject(recognizer)
            waiting.removeObject(recognizer)
            reset(recognizer)
        }
    }

    // MARK: State changes

    /// A subclass (or app code) set `recognizer.state`.
    func requestTransition(_ recognizer: GestureRecognizer, to new: State) {
        turn {
            if recognizer.storedState == .possible, recognizer.pendingState != nil {
                // Waiting to leave possible: later requests refine the decision being held.
                switch new {
                case .changed, .began: break
                case .ended: recognizer.pendingState = .ended
                case .failed, .cancelled: fail(recognizer, because: "set \(new) while waiting")
                case .possible: recognizer.reportIllegalTransition(to: new)
                }
                return
            }
            guard State.isLegal(from: recognizer.storedState, to: new) else {
                recognizer.reportIllegalTransition(to: new)
                return
            }
            switch (recognizer.storedState, new) {
            case (.possible, .began), (.possible, .ended):
                recognizer.pendingState = new
                work.append(.evaluate(recognizer))
            case (.possible, .failed), (.possible, .cancelled):
                fail(recognizer, because: "set by the recognizer")
            default:
                setState(recognizer, new, cause: "set by the recognizer")
                if new.isFinal { recognizer.cancelTimers() }
                work.append(.sendActions(recognizer))
            }
        }
    }

    typealias State = GestureRecognizer.State

    private func setState(_ recognizer: GestureRecognizer, _ new: State, cause: @autoclosure () -> String) {
        let old = recognizer.storedState
        recognizer.storedState = new
        tracer?.log(.gestures, "\(recognizer.debugName) \(old) -> \(new) (\(cause()))")
    }

    private func fail(_ recognizer: GestureRecognizer, because reason: @autoclosure () -> String) {
        guard recognizer.storedState == .possible else { return }
        recognizer.pendingState = nil
        setState(recognizer, .failed, cause: reason())
        recognizer.cancelTimers()
        waiting.removeObject(recognizer)
        wakeWaiting()
    }

    private func wakeWaiting() {
        guard !waiting.isEmpty else { return }
        if isHandingOutReport {
            wokenDuringReport = true
            return
        }
        for recognizer in waiting { work.append(.evaluate(recognizer)) }
    }

    // MARK: Leaving possible

    private func hasRecognized(_ recognizer: GestureRecognizer) -> Bool {
        switch recognizer.storedState {
        case .began, .changed, .ended, .cancelled: true
        case .possible, .failed: false
        }
    }

    /// Whether `recognizer` must wait for `other` to fail: `require(toFail:)`, the subclass
    /// hooks, or either delegate.
    private func requiresFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) -> Bool {
        recognizer.explicitlyRequiresFailure(of: other)
            || recognizer.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: recognizer)
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    private func evaluate(_ recognizer: GestureRecognizer) {
        guard recognizer.storedState == .possible, let target = recognizer.pendingState else { return }
        var blocker: GestureRecognizer?
        for other in arena where other !== recognizer && requiresFailure(recognizer, of: other) {
            if hasRecognized(other) {
                fail(recognizer, because: "\(other.debugName), which it requires to fail, recognized")
                return
            }
            if other.storedState == .possible { blocker = other }
        }
        if let blocker {
            if !waiting.containsObject(recognizer) {
                waiting.append(recognizer)
                tracer?.log(.gestures, "\(recognizer.debugName) wants \(target); waits for \(blocker.debugName) to fail")
            }
            return
        }
        waiting.removeObject(recognizer)
        if let refusing = viewRefusingToBegin(recognizer) {
            fail(recognizer, because: "\(refusing.debugName).gestureRecognizerShouldBegin returned false")
            return
        }
        if let delegate = recognizer.delegate {
            let allowed = delegate.gestureRecognizerShouldBegin(recognizer)
            tracer?.log(.gestures, "\(recognizer.debugName) delegate gestureRecognizerShouldBegin -> \(allowed)")
            if !allowed {
                fail(recognizer, because: "delegate's gestureRecognizerShouldBegin returned false")
                return
            }
        }
        // The delegate may have changed things (disabled the recognizer, removed a view).
        guard recognizer.storedState == .possible, recognizer.pendingState != nil else { return }
        recognize(recognizer, as: target)
    }

    /// Asks each view from the hit-test view of each of the recognizer's touches up to the
    /// recognizer's own view, once each; returns the first that says no.
    private func viewRefusingToBegin(_ recognizer: GestureRecognizer) -> View? {
        // With one touch (the usual case) each view of its chain comes once, and nothing needs
        // remembering: the list of views asked was an allocation a recognition (M3).
        let remembers = recognizer.trackedTouches.count > 1
        var asked: [View] = []
        for touch in recognizer.trackedTouches {
            var current = touch.view
            while let view = current {
                if !remembers || !asked.containsObject(view) {
                    if remembers { asked.append(view) }
                    let allowed = view.gestureRecognizerShouldBegin(recognizer)
                    tracer?.log(.gestures, "\(view.debugName).gestureRecognizerShouldBegin(\(recognizer.debugName)) -> \(allowed)")
                    if !allowed { return view }
                }
                if view === recognizer.view { break }
                current = view.superview
            }
        }
        return nil
    }

    private func recognize(_ recognizer: GestureRecognizer, as target: State) {
        recognizer.pendingState = nil
        setState(recognizer, target, cause: "recognized")
        if target.isFinal { recognizer.cancelTimers() }
        recognizer.invokeActions()
        if recognizer.cancelsTouchesInView {
            dispatcher.cancelViewDelivery(of: recognizer.trackedTouches, recognizedBy: recognizer)
        }
        for other in arena where other !== recognizer && other.storedState == .possible
            && sharesTouch(recognizer, other)
            && !mayRecognizeSimultaneously(recognizer, other)
            && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer) {
            fail(other, because: "\(recognizer.debugName) recognized")
        }
        wakeWaiting()
    }

    private func sharesTouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for touch in a.trackedTouches where b.trackedTouches.containsObject(touch) { return true }
        return false
    }

    private func mayRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}
