/// Delivers one window's touch events (spec §3): hit-tests new touches, applies the
/// exclusive-touch and multiple-touch rules, collects each new touch's recognizers, then for
/// every report calls the recognizers first and the hit-test views after, withholding,
/// releasing and cancelling view deliveries as the recognizers decide.
@MainActor
final class TouchDispatcher {
    /// Its window, which owns it (not a weak reference: Platform/UnownedReferences.swift).
    private(set) unowned(unsafe) var window: Window?
    /// A constant, not a lazy property: reading a lazy one retained and released it at every
    /// access (callgrind, M3).
    let arbiter = GestureArbiter()
    /// This window's touches whose finger is still down, in landing order.
    @exclusivity(unchecked) private var liveTouches: [Touch] = []
    /// Touches whose view delivery is not finished yet (including lifted ones whose
    /// touchesEnded is withheld), in landing order.
    @exclusivity(unchecked) private var viewTouches: [Touch] = []
    /// Sees every view touches call before it is made (tests check delivery invariants with it).
    @exclusivity(unchecked) var viewDeliveryObserver: ((View, Touch.Phase, Set<Touch>) -> Void)?
    /// The sequence's event, for deliveries made outside an event (releases, cancellations).
    @exclusivity(unchecked) private var lastEvent: Event?

    /// UIKit's pause before delivering a withheld touchesEnded when the recognizer's failure
    /// was decided by time (a tap that waited for a second tap); seed 003 measures ~0.15 s.
    static let endedReleaseDelay: TimeInterval = 0.15

    /// The application's tracer and run loop, kept here so the hot path does not walk weak
    /// references to reach them (a window's application never changes).
    let tracer: Tracer?
    let runLoop: RunLoop?

    /// Within one report: new fingers first, then moves, then lifts, then cancellations.
    static let deliveryOrder: [Touch.Phase] = [.began, .moved, .ended, .cancelled]

    init(window: Window) {
        self.window = window
        tracer = window.application?.tracer
        runLoop = window.application?.runLoop
        arbiter.attach(to: self)
    }

    var liveTouchCount: Int { liveTouches.count }

    // MARK: Events

    func dispatch(_ event: Event) {
        guard let window else { return }
        lastEvent = event
        defer { releaseTouchSet() }
        arbiter.turn {
            var changed = event.touchList
            for i in changed.indices.reversed() {
                let touch = changed[i]
                if touch.window !== window || touch.isDropped || touch.phase == .stationary { changed.remove(at: i) }
            }
            for touch in changed where touch.phase == .began && !liveTouches.containsObject(touch) {
                admit(touch, with: event)
            }
            if changed.count == 1 {
                deliverToRecognizers(changed, phase: changed[0].phase, event: event)
            } else {
                for phase in Self.deliveryOrder {
                    var touches: [Touch] = []
                    for touch in changed where touch.phase == phase { touches.append(touch) }
                    if !touches.isEmpty { deliverToRecognizers(touches, phase: phase, event: event) }
                }
            }
            deliverToViews(changed, event: event)
            // In place: a list of the lifted touches was an allocation a lift (M3).
            var i = liveTouches.endIndex
            while i > 0 {
                i -= 1
                if liveTouches[i].phase.isFinal { liveTouches.remove(at: i) }
            }
        }
    }

    /// The storage of the last view batch, kept for the next one: each report's batch was an
    /// allocation (two a tap, M3). A batch made while another is being sent (a touches
    /// method that cancels touches, or ends a sequence) finds none and gets its own.
    @exclusivity(unchecked) private var spareBatch = ViewBatch()

    private func takeBatch() -> ViewBatch {
        var batch = ViewBatch()
        swap(&batch, &spareBatch)
        return batch
    }

    /// Emptied (it keeps no view or touch alive) and kept for the next report.
    private func recycle(_ batch: inout ViewBatch) {
        batch.removeAll()
        swap(&batch, &spareBatch)
    }

    /// The Set handed to touches methods, one storage reused for every call (issue 17 item 2):
    /// building a Set was an allocation and a generic-metadata lookup, ~650 instructions,
    /// twice a tap (M3). Once the called method returns nobody else holds the storage (a
    /// method that keeps its Set keeps a copy: Sets are values), so it is refilled in place.
    /// `setFirst`/`setOthers` say what it holds: a report's recognizers and then its view
    /// usually get the very same touches and reuse it as it is. Emptied after each event
    /// that finished one of them.
    @exclusivity(unchecked) private var touchSetStorage = Set<Touch>(minimumCapacity: 4)
    @exclusivity(unchecked) private var setFirst: Touch?
    @exclusivity(unchecked) private var setOthers: [Touch] = []

    /// The set of `first` and `others` (callers pass `others` empty for one touch: no array).
    private func touchSet(_ first: Touch, _ others: [Touch]) -> Set<Touch> {
        if setFirst === first, setOthers.count == others.count {
            var same = true
            for i in others.indices where others[i] !== setOthers[i] {
                same = false
                break
            }
            if same { return touchSetStorage }
        }
        touchSetStorage.removeAll(keepingCapacity: true)
        touchSetStorage.insert(first)
        for touch in others { touchSetStorage.insert(touch) }
        setFirst = first
        setOthers = others
        return touchSetStorage
    }

    /// After each event: the reused Set keeps no finished touch alive. While all its touches
    /// are still down it stays as it is: the sequence's next report usually hands the very
    /// same touches out again (a press's lift: one Set refill a tap less, ~370 instructions,
    /// M3), and the sequencer holds a touch that is down anyway.
    private func releaseTouchSet() {
        guard let first = setFirst else { return }
        if !first.phase.isFinal {
            var allDown = true
            for touch in setOthers where touch.phase.isFinal {
                allDown = false
                break
            }
            if allDown { return }
        }
        touchSetStorage.removeAll(keepingCapacity: true)
        setFirst = nil
        setOthers.removeAll()
    }

    /// Hit-tests a new touch and decides where it may go (spec §3, "On began").
    private func admit(_ touch: Touch, with event: Event) {
        guard let window else { return }
        liveTouches.append(touch)
        let hit = window.hitTest(touch.locationInWindow, with: event)
        touch.view = hit
        guard let hit else {
            tracer?.log(.touches, "touch \(touch.identifier) hit no view")
            return
        }
        // Exclusive touch: a touch held by an exclusive view blocks new touches elsewhere, and
        // an exclusive view takes no touch while other views hold one. Blocked touches reach
        // neither views nor recognizers (seed 004).
        var exclusiveBlocker: Touch?
        for other in liveTouches where other !== touch && !other.isExcludedByExclusiveTouch {
            if let otherView = other.view, otherView !== hit, otherView.isExclusiveTouch || hit.isExclusiveTouch {
                exclusiveBlocker = other
                break
            }
        }
        if let blocker = exclusiveBlocker {
            touch.isExcludedByExclusiveTouch = true
            tracer?.log(.touches, "touch \(touch.identifier) on \(hit.debugName) blocked by exclusive touch (touch \(blocker.identifier) on \(blocker.view?.debugName ?? "?"))")
            return
        }
        // Multiple touch: a view that already holds a touch and is not multiple-touch enabled
        // does not get the new one; its recognizers still do (seed 004).
        // A touch a recognizer has cancelled in the view still counts while its finger is down.
        var viewIsBusy = false
        if !hit.isMultipleTouchEnabled {
            for other in liveTouches where other !== touch && other.view === hit && !other.phase.isFinal && !other.isExcludedByExclusiveTouch {
                viewIsBusy = true
                break
            }
        }
        if viewIsBusy {
            tracer?.log(.touches, "touch \(touch.identifier) not delivered to \(hit.debugName): it holds a touch and isMultipleTouchEnabled is false")
        } else {
            touch.viewDelivery = .pending
            viewTouches.append(touch)
        }
        // Recognizers of the hit view, then of each ancestor up to the window; fixed for the touch's life.
        var current: View? = hit
        while let view = current {
            for recognizer in view.gestureRecognizers where arbiter.acceptsNewTouches(recognizer) {
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    tracer?.log(.gestures, "\(recognizer.debugName) delegate shouldReceive touch \(touch.identifier) -> false")
                    continue
                }
                touch.gestureRecognizers.append(recognizer)
                recognizer.trackedTouches.append(touch)
                arbiter.enter(recognizer)
            }
            current = view.superview
        }
        tracer?.log(.touches, "touch \(touch.identifier) hit \(hit.debugName); recognizers [\(touch.gestureRecognizers.map(\.debugName).joined(separator: ", "))]")
    }

    private func deliverToRecognizers(_ touches: [Touch], phase: Touch.Phase, event: Event) {
        if touches.count == 1 {
            deliverToRecognizers(touches[0], phase: phase, event: event)
            return
        }
        // Group per recognizer, keeping the order in which recognizers first appear.
        var recognizers = touches[0].gestureRecognizers
        for touch in touches.dropFirst() {
            for recognizer in touch.gestureRecognizers { recognizers.appendIfAbsent(recognizer) }
        }
        arbiter.beginReport()
        defer { arbiter.endReport() }
        for recognizer in recognizers {
            // An earlier recognizer's decision in this same report may have settled this one.
            guard arbiter.isReceiving(recognizer) else { continue }
            var first: Touch?
            var others: [Touch] = []
            for touch in touches where touch.gestureRecognizers.containsObject(recognizer) {
                if first == nil { first = touch } else { others.append(touch) }
            }
            guard let first else { continue }
            call(phase, recognizer, touchSet(first, others), event: event)
        }
    }

    /// The usual report, of one touch: its recognizers in turn (those an earlier one's decision
    /// or `ignore` left out are skipped, as above), without grouping touches per recognizer
    /// (M3: see Tests/BenchmarkResults/instructions.txt).
    private func deliverToRecognizers(_ touch: Touch, phase: Touch.Phase, event: Event) {
        let recognizers = touch.gestureRecognizers
        arbiter.beginReport()
        defer { arbiter.endReport() }
        // Each recognizer borrowed: `recognizers` holds them all through the report, whatever
        // their methods and actions do (Platform/UnownedReferences.swift).
        var i = 0
        while i < recognizers.count {
            withBorrowed(Unmanaged.passUnretained(recognizers[i])) { recognizer in
                guard arbiter.isReceiving(recognizer), touch.gestureRecognizers.containsObject(recognizer) else { return }
                call(phase, recognizer, touchSet(touch, []), event: event)
            }
            i += 1
        }
    }

    /// One touches method of `recognizer`, then the work it queued.
    private func call(_ phase: Touch.Phase, _ recognizer: GestureRecognizer, _ set: Set<Touch>, event: Event) {
        tracer?.log(.touches, "\(recognizer.debugName) touches\(phase.methodSuffix) [\(Self.ids(set))]")
        switch phase {
        case .began: recognizer.touchesBegan(set, with: event)
        case .moved: recognizer.touchesMoved(set, with: event)
        case .ended: recognizer.touchesEnded(set, with: event)
        case .cancelled: recognizer.touchesCancelled(set, with: event)
        case .stationary: break
        }
        arbiter.settle()
    }

    // MARK: Views

    // The recognizers borrowed: the touch's list holds them, and these only read
    // (Platform/UnownedReferences.swift).
    private func isWithholdingBegan(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.containsBorrowed { $0.delaysTouchesBegan && arbiter.isUndecided($0) }
    }

    private func isWithholdingEnded(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.containsBorrowed { ($0.delaysTouchesEnded || $0.delaysTouchesBegan) && arbiter.isUndecided($0) }
    }

    /// Calls the views' touches methods for this report, grouped by phase and by view.
    private func deliverToViews(_ touches: [Touch], event: Event) {
        if touches.count == 1, deliverOneCall(touches[0], event: event) { return }
        var batch = takeBatch()
        for touch in touches {
            guard let view = touch.view else { continue }
            switch touch.viewDelivery {
            case .none, .finished:
                continue
            case .pending:
                if touch.phase == .cancelled {
                    finish(touch, note: "withheld touchesBegan dropped: touch cancelled")
                    continue
                }
                if isWithholdingBegan(touch) {
                    if touch.phase == .moved { touch.movedWhileWithheld = true }
                    if touch.phase == .ended { touch.endWithheld = true }
                    tracer?.log(.touches, "\(view.debugName) touches\(touch.phase.methodSuffix) touch \(touch.identifier) withheld (delaysTouchesBegan)")
                    continue
                }
                batch.add(view, .began, touch)
                touch.viewDelivery = .active
                if touch.phase == .moved { batch.add(view, .moved, touch) }
                if touch.phase == .ended { deliverEndedOrWithhold(touch, view, &batch) }
            case .active:
                switch touch.phase {
                case .moved: batch.add(view, .moved, touch)
                case .ended: deliverEndedOrWithhold(touch, view, &batch)
                case .cancelled:
                    batch.add(view, .cancelled, touch)
                    finish(touch)
                case .began, .stationary: break
                }
            }
        }
        send(batch, event: event)
        recycle(&batch)
    }

    /// The usual report, one touch making one call that nothing withholds (a finger landing,
    /// moving or lifting on one view), made straight away: what the batch below would make,
    /// without filling, grouping and emptying it (M3: see Tests/BenchmarkResults/instructions.txt).
    /// False, having done nothing, for any other case.
    private func deliverOneCall(_ touch: Touch, event: Event) -> Bool {
        guard let view = touch.view else { return false }
        switch (touch.viewDelivery, touch.phase) {
        case (.pending, .began):
            guard !isWithholdingBegan(touch) else { return false }
            touch.viewDelivery = .active
            call(.began, view, touch, [], event: event)
        case (.active, .moved):
            call(.moved, view, touch, [], event: event)
        case (.active, .ended):
            guard !isWithholdingEnded(touch) else { return false }
            finish(touch)
            call(.ended, view, touch, [], event: event)
        default:
            return false
        }
        return true
    }

    private func deliverEndedOrWithhold(_ touch: Touch, _ view: View, _ batch: inout ViewBatch) {
        if isWithholdingEnded(touch) {
            touch.endWithheld = true
            tracer?.log(.touches, "\(view.debugName) touchesEnded touch \(touch.identifier) withheld (delaysTouchesEnded)")
        } else {
            batch.add(view, .ended, touch)
            finish(touch)
        }
    }

    private func finish(_ touch: Touch, note: String? = nil) {
        touch.viewDelivery = .finished
        touch.endWithheld = false
        viewTouches.removeObject(touch)
        if let note { tracer?.log(.touches, "touch \(touch.identifier): \(note)") }
    }

    private func send(_ batch: ViewBatch, event: Event?) {
        batch.forEachCall { phase, view, first, others in
            // Touches cancelled while this batch was out (an earlier call took their view out
            // of the window): the view has had touchesCancelled, and nothing after it.
            if phase != .cancelled, first.isCancelledInView || (!others.isEmpty && others.contains { $0.isCancelledInView }) {
                let kept = ([first] + others).filter { !$0.isCancelledInView }
                if let head = kept.first { call(phase, view, head, Array(kept.dropFirst()), event: event) }
            } else {
                call(phase, view, first, others, event: event)
            }
        }
    }

    /// One touches method of `view`, with `first` and `others`.
    private func call(_ phase: Touch.Phase, _ view: View, _ first: Touch, _ others: [Touch], event: Event?) {
        let set = touchSet(first, others)
        tracer?.log(.touches, "\(view.debugName) touches\(phase.methodSuffix) [\(Self.ids(set))]")
        viewDeliveryObserver?(view, phase, set)
        switch phase {
        case .began: view.touchesBegan(set, with: event)
        case .moved: view.touchesMoved(set, with: event)
        case .ended: view.touchesEnded(set, with: event)
        case .cancelled: view.touchesCancelled(set, with: event)
        case .stationary: break
        }
    }

    /// At the end of every turn: deliveries that no undecided recognizer withholds any more
    /// go out: a withheld touchesBegan (then a touchesMoved to the current location if the
    /// finger moved meanwhile), a withheld touchesEnded (after `endedReleaseDelay` when the
    /// decision was made by a timer).
    func releaseWithheldDeliveries(endedAfterDelay: Bool) {
        // Most turns have nothing withheld: leave before walking the view touches twice and
        // building a batch (M3: see Tests/BenchmarkResults/2026-11-24-bezel-bench.txt).
        // A loop, not `contains(where:)`: that closure (main-actor state, a nonisolated
        // generic) got a run-time executor check at every turn (~150 instructions; M3).
        var anyWithheld = false
        for touch in viewTouches where touch.viewDelivery == .pending || (touch.endWithheld && !touch.endReleaseScheduled) {
            anyWithheld = true
            break
        }
        guard anyWithheld else { return }
        var batch = ViewBatch()
        var delayed: [Touch] = []
        for touch in viewTouches {
            guard let view = touch.view else { continue }
            if touch.viewDelivery == .pending, !isWithholdingBegan(touch) {
                tracer?.log(.touches, "\(view.debugName) touch \(touch.identifier) released (touchesBegan)")
                batch.add(view, .began, touch)
                touch.viewDelivery = .active
                if touch.movedWhileWithheld, !touch.endWithheld { batch.add(view, .moved, touch) }
                touch.movedWhileWithheld = false
                if touch.phase == .ended { touch.endWithheld = true }
            }
            if touch.viewDelivery == .active, touch.endWithheld, !touch.endReleaseScheduled, !isWithholdingEnded(touch) {
                if endedAfterDelay {
                    delayed.append(touch)
                } else {
                    tracer?.log(.touches, "\(view.debugName) touch \(touch.identifier) released (touchesEnded)")
                    batch.add(view, .ended, touch)
                }
            }
        }
        for touch in batch.touches(in: .ended) { finish(touch) }
        send(batch, event: lastEvent)
        for touch in delayed { scheduleDelayedEnd(touch) }
        releaseTouchSet()
    }

    private func scheduleDelayedEnd(_ touch: Touch) {
        guard let runLoop else { return }
        touch.endReleaseScheduled = true
        tracer?.log(.touches, "touch \(touch.identifier): withheld touchesEnded released in \(Self.endedReleaseDelay) s (failure decided by time)")
        runLoop.schedule(after: Self.endedReleaseDelay) { [weak self, weak touch] in
            guard let self, let touch else { return }
            self.arbiter.turn {
                guard touch.viewDelivery == .active, let view = touch.view else { return }
                var batch = ViewBatch()
                batch.add(view, .ended, touch)
                self.finish(touch)
                self.send(batch, event: self.lastEvent)
                self.releaseTouchSet()
            }
        }
    }

    // MARK: Cancellation

    /// A recognizer recognized with `cancelsTouchesInView`: its touches' views get
    /// touchesCancelled (grouped per view) and nothing more of those touches; withheld
    /// touchesBegan are dropped.
    func cancelViewDelivery(of touches: [Touch], recognizedBy recognizer: GestureRecognizer) {
        cancel(touches, reason: "\(recognizer.debugName) recognized")
    }

    /// The touch must not reach its view (a scroll view's `touchesShouldBegin` said no): a
    /// withheld touchesBegan is dropped and nothing more is delivered. A touch the view already
    /// has cannot be taken back; that is left alone.
    func withdrawViewDelivery(of touch: Touch) {
        guard touch.viewDelivery == .pending else { return }
        finish(touch, note: "withdrawn from \(touch.view?.debugName ?? "its view") before delivery")
    }

    /// A subtree left the window: cancel its views' touches and its recognizers.
    func subtreeDidLeave(_ root: View) {
        // Nothing of the subtree's in flight (a table recycling the cells that scrolled out):
        // no turn, and no reason string made (4 % of a plane fling's frame: M9_plane, perf).
        guard viewTouches.contains(where: { $0.view?.isDescendant(of: root) == true })
            || arbiter.arena.contains(where: { $0.view.map { $0.isDescendant(of: root) } ?? true }) else { return }
        arbiter.turn {
            cancel(viewTouches.filter { $0.view?.isDescendant(of: root) == true }, reason: "\(root.debugName) left the window")
            for recognizer in arbiter.arena where recognizer.view.map({ $0.isDescendant(of: root) }) ?? true {
                arbiter.recognizerWithdrawn(recognizer, detached: false)
            }
        }
    }

    private func cancel(_ touches: [Touch], reason: String) {
        var batch = ViewBatch()
        for touch in touches {
            switch touch.viewDelivery {
            case .pending:
                finish(touch, note: "withheld touchesBegan dropped (\(reason))")
            case .active:
                if let view = touch.view { batch.add(view, .cancelled, touch) }
                touch.isCancelledInView = true
                finish(touch)
            case .none, .finished:
                break
            }
        }
        if !batch.isEmpty { tracer?.log(.touches, "cancelling view touches: \(reason)") }
        send(batch, event: lastEvent)
        releaseTouchSet()
    }

    static func ids(_ touches: Set<Touch>) -> String {
        touches.map(\.identifier).sorted().map(String.init).joined(separator: ",")
    }
}

/// View touches calls to make, grouped by phase (began, moved, ended, cancelled) and, within
/// a phase, by view in the order the views first appear.
private struct ViewBatch {
    /// Flat (phase, view, touch) entries, kept sorted by phase (stable): one allocation per
    /// batch instead of one per call. `calls` groups them.
    private var entries: [(phase: Touch.Phase, view: View, touch: Touch)] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Empty again, its storage kept.
    mutating func removeAll() { entries.removeAllKeepingStorage() }

    mutating func add(_ view: View, _ phase: Touch.Phase, _ touch: Touch) {
        let rank = Self.rank(phase)
        var insertAt = entries.endIndex
        while insertAt > 0 && Self.rank(entries[insertAt - 1].phase) > rank { insertAt -= 1 }
        // Usually at the end: an append, not the general insertion's range replacement (M3).
        if insertAt == entries.endIndex {
            entries.append((phase, view, touch))
        } else {
            entries.insert((phase, view, touch), at: insertAt)
        }
    }

    /// One call per (phase, view), phases in order, views in the order they first appear;
    /// `others` is empty (no allocation) in the usual one-touch case.
    func forEachCall(_ body: (Touch.Phase, View, Touch, [Touch]) -> Void) {
        for i in entries.indices {
            let (phase, view, first) = entries[i]
            var seenBefore = false
            var j = i - 1
            while j >= 0 && entries[j].phase == phase {
                if entries[j].view === view {
                    seenBefore = true
                    break
                }
                j -= 1
            }
            if seenBefore { continue }
            var others: [Touch] = []
            var k = i + 1
            while k < entries.count && entries[k].phase == phase {
                if entries[k].view === view { others.append(entries[k].touch) }
                k += 1
            }
            body(phase, view, first, others)
        }
    }

    private static func rank(_ phase: Touch.Phase) -> Int {
        switch phase {
        case .began: 0
        case .moved, .stationary: 1
        case .ended: 2
        case .cancelled: 3
        }
    }

    func touches(in phase: Touch.Phase) -> [Touch] {
        var result: [Touch] = []
        for entry in entries where entry.phase == phase { result.append(entry.touch) }
        return result
    }
}

extension Touch.Phase {
    /// "Began" for touchesBegan, etc.
    var methodSuffix: String {
        switch self {
        case .began: "Began"
        case .moved: "Moved"
        case .stationary: "Stationary"
        case .ended: "Ended"
        case .cancelled: "Cancelled"
        }
    }
}

extension Window {
    /// Touches this window's dispatcher still tracks (random-operation suites check that none
    /// outlives its finger).
    package var liveTouchCount: Int { dispatcher.liveTouchCount }
}

extension Application {
    /// Fingers the touch sequencer still tracks.
    package var liveTouchCount: Int { touchSequencer.liveTouchCount }
}
