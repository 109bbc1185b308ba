import Testing
@testable import Bezel

/// A recognizer that never recognizes and logs which touches it is given.
@MainActor
final class TouchRecordingRecognizer: GestureRecognizer {
    let log: Log
    let label: String

    init(log: Log, label: String) {
        self.log = log
        self.label = label
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label) touchesBegan \(touches.map(\.identifier).sorted())")
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label) touchesEnded \(touches.map(\.identifier).sorted())")
        if numberOfTouches == 0 { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches == 0 { state = .failed }
    }
}

/// A view that logs the finger identifiers of its touches; `onBegan` runs after its
/// touchesBegan is logged (to change the tree in the middle of a report's deliveries), and
/// with `logsFreeing` its deinit is logged too.
@MainActor
final class FingerLoggingView: View {
    let log: Log
    var onBegan: (() -> Void)?
    var logsFreeing = false

    init(_ name: String, frame: Rect, log: Log) {
        self.log = log
        super.init(frame: frame)
        self.name = name
    }

    isolated deinit {
        if logsFreeing { log.add("\(name ?? "?") freed") }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesBegan \(touches.map(\.identifier).sorted())")
        onBegan?()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesEnded \(touches.map(\.identifier).sorted())")
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesCancelled \(touches.map(\.identifier).sorted())")
    }
}

/// Conformance traces T19-T23 of spec §7: who gets a touch at all.
@MainActor
@Suite struct DeliveryTraceTests {
    @Test func t19_secondFingerOnASingleTouchViewGoesOnlyToItsRecognizers() {
        let stage = Stage()
        let log = Log()
        let view = FingerLoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        view.addGestureRecognizer(TouchRecordingRecognizer(log: log, label: "rec"))
        stage.window.addSubview(view)
        stage.fingers.down(1, at: Point(50, 50))
        stage.fingers.down(2, at: Point(150, 150))
        stage.fingers.up(2)
        stage.fingers.up(1)
        #expect(log.entries == [
            "rec touchesBegan [1]", "view touchesBegan [1]",
            "rec touchesBegan [2]",
            "rec touchesEnded [2]",
            "rec touchesEnded [1]", "view touchesEnded [1]",
        ])
    }

    @Test func t19_multipleTouchEnabledViewGetsBothFingers() {
        let stage = Stage()
        let log = Log()
        let view = FingerLoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        stage.window.addSubview(view)
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(150, 150))])
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == ["view touchesBegan [1, 2]", "view touchesEnded [1, 2]"])
    }

    @Test func t20_exclusiveTouchViewBlocksTouchesElsewhere() {
        let stage = Stage()
        let log = Log()
        let exclusive = FingerLoggingView("exclusive", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        exclusive.isExclusiveTouch = true
        let other = FingerLoggingView("other", frame: Rect(x: 0, y: 300, width: 200, height: 200), log: log)
        other.addGestureRecognizer(TouchRecordingRecognizer(log: log, label: "otherRec"))
        stage.window.addSubview(exclusive)
        stage.window.addSubview(other)
        stage.fingers.down(1, at: Point(50, 50))
        stage.fingers.down(2, at: Point(50, 350))
        stage.fingers.up(2)
        stage.fingers.up(1)
        #expect(log.entries == ["exclusive touchesBegan [1]", "exclusive touchesEnded [1]"])

        // And the other way: an exclusive view takes no touch while another view holds one.
        log.clear()
        stage.fingers.down(1, at: Point(50, 350))
        stage.fingers.down(2, at: Point(50, 50))
        stage.fingers.up(2)
        stage.fingers.up(1)
        #expect(log.entries == [
            "otherRec touchesBegan [1]", "other touchesBegan [1]",
            "otherRec touchesEnded [1]", "other touchesEnded [1]",
        ])
    }

    @Test func t21_hiddenDisabledAndTransparentViewsAreNeverHit() {
        for kind in ["hidden", "disabled", "transparent"] {
            let stage = Stage()
            let log = Log()
            let back = FingerLoggingView("back", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
            let front = FingerLoggingView("front", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
            let child = FingerLoggingView("child", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
            front.addSubview(child)
            stage.window.addSubview(back)
            stage.window.addSubview(front)
            switch kind {
            case "hidden": front.isHidden = true
            case "disabled": front.isUserInteractionEnabled = false
            default: front.alpha = 0.009
            }
            stage.fingers.tap(at: Point(50, 50))
            #expect(log.entries == ["back touchesBegan [1]", "back touchesEnded [1]"], "\(kind)")
        }
    }

    @Test func t21_alphaAtTheThresholdIsStillHit() {
        let stage = Stage()
        let log = Log()
        let front = FingerLoggingView("front", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        front.alpha = 0.01
        stage.window.addSubview(front)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["front touchesBegan [1]", "front touchesEnded [1]"])
    }

    @Test func t22_touchesThatBeginWhileIgnoringAreNeverDelivered() {
        let stage = Stage()
        let log = Log()
        let view = FingerLoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(TouchRecordingRecognizer(log: log, label: "rec"))
        stage.window.addSubview(view)
        stage.app.beginIgnoringInteractionEvents()
        stage.app.beginIgnoringInteractionEvents()
        stage.fingers.down(1, at: Point(50, 50))
        stage.app.endIgnoringInteractionEvents()
        stage.fingers.move(1, to: Point(60, 60))
        #expect(stage.app.isIgnoringInteractionEvents, "nested: still ignoring after one end")
        stage.app.endIgnoringInteractionEvents()
        #expect(!stage.app.isIgnoringInteractionEvents)
        stage.fingers.move(1, to: Point(70, 70))
        stage.fingers.down(2, at: Point(100, 100))
        stage.fingers.up(1)
        stage.fingers.up(2)
        #expect(log.entries == [
            "rec touchesBegan [2]", "view touchesBegan [2]",
            "rec touchesEnded [2]", "view touchesEnded [2]",
        ])
    }

    @Test func t22_ignoringCancelsTouchesAlreadyDown() {
        let stage = Stage()
        let log = Log()
        let view = FingerLoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
        stage.window.addSubview(view)
        stage.fingers.down(1, at: Point(50, 50))
        stage.app.beginIgnoringInteractionEvents()
        stage.fingers.up(1)
        stage.app.endIgnoringInteractionEvents()
        let reports = capturingDiagnostics { stage.app.endIgnoringInteractionEvents() }
        #expect(log.entries == ["view touchesBegan [1]", "view touchesCancelled [1]"])
        #expect(reports.map(\.kind) == [.apiMisuse], "an unmatched end is reported, not fatal")
    }

    @Test func t23_aViewWithoutTouchesMethodsPassesTheTouchToItsSuperview() {
        let stage = Stage()
        let log = Log()
        final class Parent: View {
            var log: Log?
            var seenViews: [View?] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                log?.add("parent touchesBegan")
                seenViews = touches.map(\.view)
            }
        }
        let parent = Parent(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        parent.log = log
        let child = View(name: "child", frame: Rect(x: 10, y: 10, width: 100, height: 100))
        parent.addSubview(child)
        stage.window.addSubview(parent)
        stage.fingers.down(at: Point(20, 20))
        #expect(log.entries == ["parent touchesBegan"])
        #expect(parent.seenViews.count == 1 && parent.seenViews[0] === child)
    }
}
