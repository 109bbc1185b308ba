import Testing
@testable import Bezel
import BezelScenes
import BezelAttacks

/// Random multitouch sequences over the standard kiosk scene with tap, double-tap,
/// long-press and pan recognizers attached, checking the pipeline's invariants after every
/// sequence (issue 2 §7).
@MainActor
final class InvariantHarness {
    let clock = VirtualClock()
    let app: Application
    let scene: StandardKioskScene
    let fingers: TouchScript
    var recognizers: [GestureRecognizer] = []
    var violations: [String] = []
    var actionCount = 0
    var deliveries = 0

    /// Per touch: did the view get touchesBegan, and how many ends (ended or cancelled).
    private var began: Set<ObjectIdentifier> = []
    private var ends: [ObjectIdentifier: Int] = [:]
    private var touchesOfSequence: [Touch] = []

    /// Re-entrant input (issue 13 item 5): with a non-zero rate, actions (buttons' and
    /// recognizers', so both in touch deliveries and in timers' turns) feed frames through
    /// `handleTouchFrame` themselves: whole taps, taps that move, or a finger put down that a
    /// later action (or the sequence's end) lifts. Their fingers are numbered from 1,000 so
    /// they never collide with the sequence's own.
    private let reentrantRate: Int
    private var feedRNG = SplitMix64(seed: 0x13E5)
    private var feedsOpen = false
    private var fedFingersDown: [Int] = []
    private var nextFedFinger = 1_000
    private(set) var reentrantFrames = 0
    /// Of those, frames fed from a timer's turn (a delayed touchesEnded, a recognizer's timer).
    private(set) var reentrantFramesFromTimers = 0

    init(reentrantPercent: Int = 0) {
        reentrantRate = reentrantPercent
        app = Application(clock: clock, tracer: Tracer())
        scene = StandardKioskScene(application: app)
        fingers = TouchScript(app)
        let tap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        let longPress = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let buttonPress = LongPressGestureRecognizer()
        scene.root.addGestureRecognizer(tap)
        scene.root.addGestureRecognizer(doubleTap)
        scene.header.addGestureRecognizer(longPress)
        scene.grid.addGestureRecognizer(pan)
        scene.buttons[5].addGestureRecognizer(buttonPress)
        recognizers = [tap, doubleTap, longPress, pan, buttonPress]
        for recognizer in recognizers {
            recognizer.addAction { [unowned self] r in
                self.actionCount += 1
                self.maybeFeed()
                if r.state == .failed || r.state == .possible {
                    self.violations.append("\(r.debugName) sent an action in state \(r.state)")
                }
            }
        }
        for button in scene.buttons {
            button.addAction(for: .allTouchEvents) { [unowned self] _, _ in
                self.actionCount += 1
                self.maybeFeed()
            }
        }
        scene.window.dispatcher.viewDeliveryObserver = { [unowned self] view, phase, touches in
            self.deliveries += 1
            for touch in touches {
                let id = ObjectIdentifier(touch)
                if touch.view !== view { self.violations.append("touch \(touch.identifier) delivered to \(view.debugName), not its view") }
                if self.ends[id, default: 0] > 0 { self.violations.append("touch \(touch.identifier) got \(phase) after its end") }
                switch phase {
                case .began:
                    if !self.began.insert(id).inserted { self.violations.append("touch \(touch.identifier) began twice") }
                case .ended, .cancelled:
                    if !self.began.contains(id) { self.violations.append("touch \(touch.identifier) \(phase) without began") }
                    self.ends[id, default: 0] += 1
                case .moved:
                    if !self.began.contains(id) { self.violations.append("touch \(touch.identifier) moved without began") }
                case .stationary:
                    break
                }
                if !self.touchesOfSequence.contains(where: { $0 === touch }) { self.touchesOfSequence.append(touch) }
            }
        }
    }

    /// Called from actions: sometimes feeds frames re-entrantly.
    private func maybeFeed() {
        guard feedsOpen, Int.random(in: 0..<100, using: &feedRNG) < reentrantRate else { return }
        func point() -> Point {
            Point(Double.random(in: 0..<800, using: &feedRNG), Double.random(in: 0..<480, using: &feedRNG))
        }
        let now = app.clock.now
        func feed(_ reports: [TouchReport]) {
            reentrantFrames += 1
            if app.runLoop.isFiringTimer { reentrantFramesFromTimers += 1 }
            app.handleTouchFrame(TouchFrame(reports, timestamp: now))
        }
        if !fedFingersDown.isEmpty, Bool.random(using: &feedRNG) {
            feed([.up(fedFingersDown.removeFirst())])
            return
        }
        let finger = nextFedFinger
        nextFedFinger += 1
        let start = point()
        feed([.down(finger, at: start)])
        switch Int.random(in: 0..<3, using: &feedRNG) {
        case 0:
            feed([.up(finger)])
        case 1:
            feed([.move(finger, to: Point(start.x + 3, start.y + 2))])
            feed([.up(finger)])
        default:
            fedFingersDown.append(finger)
        }
    }

    /// One random sequence of up to 5 fingers, then all fingers lifted and time run out.
    func runSequence<R: RandomNumberGenerator>(_ rng: inout R, index: Int) {
        feedsOpen = true
        var live: [Int: Point] = [:]
        var nextFinger = 1
        let steps = Int.random(in: 1...24, using: &rng)
        func randomPoint() -> Point {
            Point(Double.random(in: 0..<800, using: &rng), Double.random(in: 0..<480, using: &rng))
        }
        for _ in 0..<steps {
            var reports: [TouchReport] = []
            let count = Int.random(in: 0..<10, using: &rng) < 8 ? 1 : Int.random(in: 2...3, using: &rng)
            for _ in 0..<count {
                let roll = Int.random(in: 0..<100, using: &rng)
                if live.count < 5 && (live.isEmpty || roll < 25) {
                    let finger = nextFinger
                    nextFinger += 1
                    let p = randomPoint()
                    live[finger] = p
                    reports.append(.down(finger, at: p))
                } else if let finger = live.keys.sorted().randomElement(using: &rng), !reports.contains(where: { $0.finger == finger }) {
                    if roll < 65 {
                        let small = Int.random(in: 0..<3, using: &rng) > 0
                        let d = small ? Double.random(in: -6...6, using: &rng) : Double.random(in: -80...80, using: &rng)
                        let p = Point(min(799, max(0, live[finger]!.x + d)), min(479, max(0, live[finger]!.y + d / 2)))
                        live[finger] = p
                        reports.append(.move(finger, to: p))
                    } else if roll < 95 {
                        live[finger] = nil
                        reports.append(.up(finger))
                    } else {
                        live[finger] = nil
                        reports.append(.cancel(finger))
                    }
                }
            }
            if !reports.isEmpty { fingers.frame(reports) }
            let pause = Int.random(in: 0..<10, using: &rng)
            fingers.wait(pause < 7 ? Double.random(in: 0...0.05, using: &rng) : Double.random(in: 0...0.7, using: &rng))
        }
        feedsOpen = false
        if !live.isEmpty { fingers.frame(live.keys.sorted().map { .up($0) }) }
        if !fedFingersDown.isEmpty {
            fingers.frame(fedFingersDown.map { .up($0) })
            fedFingersDown.removeAll()
        }
        fingers.wait(1.0)
        check(sequence: index)
    }

    private func check(sequence: Int) {
        for touch in touchesOfSequence {
            let id = ObjectIdentifier(touch)
            if began.contains(id), ends[id, default: 0] != 1 {
                violations.append("sequence \(sequence): touch \(touch.identifier) ended \(ends[id, default: 0]) times in its view")
            }
        }
        for recognizer in recognizers where recognizer.state != .possible {
            violations.append("sequence \(sequence): \(recognizer.debugName) left in \(recognizer.state)")
        }
        if app.touchSequencer.liveTouchCount != 0 || scene.window.dispatcher.liveTouchCount != 0 {
            violations.append("sequence \(sequence): touches outlive their end (\(app.touchSequencer.liveTouchCount) fingers, \(scene.window.dispatcher.liveTouchCount) in the window)")
        }
        if app.runLoop.pendingTimerCount != 0 {
            violations.append("sequence \(sequence): \(app.runLoop.pendingTimerCount) timers still pending")
        }
        began.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        touchesOfSequence.removeAll(keepingCapacity: true)
    }
}

@MainActor
@Suite struct RandomSequenceTests {
    @Test func randomSequencesKeepTheDeliveryInvariants() {
        let harness = InvariantHarness()
        var rng = SplitMix64(seed: 0xBE2E1)
        for index in 0..<10_000 {
            harness.runSequence(&rng, index: index)
            if harness.violations.count > 20 { break }
        }
        #expect(harness.violations.isEmpty, "\(harness.violations.prefix(20))")
        // The generator must actually exercise the pipeline: views and actions both fire.
        #expect(harness.deliveries > 50_000)
        #expect(harness.actionCount > 1_000)
    }

    /// R5 (issue 13): the same invariants with actions feeding frames re-entrantly, from
    /// touch deliveries and from timers' turns alike; no diagnostic either.
    @Test func reentrantFramesFromActionsKeepTheDeliveryInvariants() throws {
        try scenario("R5", "10,000 random sequences with actions feeding frames re-entrantly keep the delivery invariants, with no diagnostic") {
            let harness = InvariantHarness(reentrantPercent: 20)
            var rng = SplitMix64(seed: 0x13E5)
            var sequences = 0
            let reports = capturingDiagnostics {
                for index in 0..<10_000 {
                    harness.runSequence(&rng, index: index)
                    sequences += 1
                    if harness.violations.count > 20 { break }
                }
            }
            print("RESULT R5 sequences=\(sequences) reentrant_frames=\(harness.reentrantFrames) from_timers=\(harness.reentrantFramesFromTimers) violations=\(harness.violations.count) diagnostics=\(reports.count)")
            try check(harness.violations.isEmpty, "\(harness.violations.prefix(20))")
            try check(reports.isEmpty, "\(reports.prefix(5))")
            // The generator must actually feed frames, from deliveries and timers' turns both.
            try check(harness.reentrantFrames > 5_000 && harness.reentrantFramesFromTimers > 500, "too few re-entrant frames fed")
        }
    }

    /// The soak: `BEZEL_SOAK=1000000 swift test --filter soak` (by hand). Peak RSS must stay flat.
    @Test(.enabled(if: Environment.value("BEZEL_SOAK") != nil))
    func soak_peakResidentSetSizeStaysFlat() {
        let total = Int(Environment.value("BEZEL_SOAK") ?? "") ?? 1_000_000
        let harness = InvariantHarness()
        var rng = SplitMix64(seed: 0x50A4)
        let warmup = min(10_000, total / 10)
        for index in 0..<warmup { harness.runSequence(&rng, index: index) }
        let startKiB = ProcessStatistics.peakResidentSetKiB() ?? -1
        for index in warmup..<total { harness.runSequence(&rng, index: index) }
        let endKiB = ProcessStatistics.peakResidentSetKiB() ?? -1
        print("SOAK sequences=\(total) peak_rss_start_kib=\(startKiB) peak_rss_end_kib=\(endKiB) violations=\(harness.violations.count)")
        #expect(harness.violations.isEmpty, "\(harness.violations.prefix(20))")
        #expect(endKiB - startKiB < 2048, "peak RSS grew by \(endKiB - startKiB) KiB")
    }
}
