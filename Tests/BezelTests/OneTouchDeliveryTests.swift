import Testing
@testable import Bezel

/// A recognizer that logs its touches calls and runs `onBegan` from its touchesBegan.
@MainActor
private final class LoggingRecognizer: GestureRecognizer {
    let log: Log
    var onBegan: (Touch, Event) -> Void = { _, _ in }

    init(_ name: String, log: Log) {
        self.log = log
        super.init()
        self.name = name
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.add("\(debugName) began \(touches.count)")
        if let touch = touches.first { onBegan(touch, event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.add("\(debugName) ended \(touches.count)")
        if state == .possible { state = .failed }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log.add("\(debugName) cancelled \(touches.count)")
    }
}

/// A report of one touch goes to its recognizers and its view without the grouping a report of
/// several touches needs (TouchDispatcher's one-touch paths): the same calls in the same order,
/// including when a recognizer's touches method changes who gets the touch.
@MainActor
@Suite struct OneTouchDeliveryTests {
    private func stage(_ log: Log) -> (Stage, LoggingView) {
        let stage = Stage()
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        stage.window.addSubview(view)
        return (stage, view)
    }

    @Test func aRecognizerRemovedByAnEarlierOneInTheSameReportGetsNothing() {
        let log = Log()
        let (stage, view) = stage(log)
        let first = LoggingRecognizer("first", log: log)
        let second = LoggingRecognizer("second", log: log)
        first.onBegan = { _, _ in view.removeGestureRecognizer(second) }
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["first began 1", "view touchesBegan", "first ended 1", "view touchesEnded"])
    }

    @Test func aTouchIgnoredByALaterRecognizerReachesOnlyTheOthers() {
        let log = Log()
        let (stage, view) = stage(log)
        let first = LoggingRecognizer("first", log: log)
        let second = LoggingRecognizer("second", log: log)
        // The first makes the second ignore the touch before the second's turn in that report.
        first.onBegan = { touch, event in second.ignore(touch, for: event) }
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["first began 1", "view touchesBegan", "first ended 1", "view touchesEnded"])
        // The next touch reaches both again.
        first.onBegan = { _, _ in }
        log.clear()
        stage.fingers.wait(1)
        stage.fingers.tap(at: Point(60, 60))
        #expect(log.entries == ["first began 1", "second began 1", "view touchesBegan",
                                "first ended 1", "second ended 1", "view touchesEnded"])
    }

    @Test func aWithheldEndStillWaitsForTheUndecidedRecognizer() {
        let log = Log()
        let (stage, view) = stage(log)
        // Undecided at the lift (it decides by its timer): the view's touchesEnded waits.
        let tap = TapGestureRecognizer { _ in log.add("double tap") }
        tap.numberOfTapsRequired = 2
        view.addGestureRecognizer(tap)
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["view touchesBegan"], "touchesEnded withheld while the double tap is undecided")
        stage.fingers.wait(1)
        #expect(log.entries == ["view touchesBegan", "view touchesEnded"])
    }
}
