import Testing
@testable import Bezel

/// A recognizer held in `possible` by a failure requirement keeps receiving its touches, and
/// begins with its state after the whole report that released it, whichever recognizer was
/// added first (issue 16 item 7).
@MainActor
@Suite struct WaitingRecognizerTests {
    /// "Hold still": fails once its finger has moved more than 20 points; a lift before that
    /// recognizes it.
    final class HoldStillRecognizer: GestureRecognizer {
        var start = Point.zero
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            start = touches.first!.location(in: nil)
        }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
            let p = touches.first!.location(in: nil)
            if abs(p.x - start.x) > 20 || abs(p.y - start.y) > 20 { state = .failed }
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .ended }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { state = .failed }
    }

    /// The actions a pan that requires a hold-still recognizer to fail reports, for a finger
    /// moving right 10 points a step; the two recognizers added in `panFirst`'s order.
    func panActions(panFirst: Bool) -> [String] {
        let stage = Stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        stage.window.addSubview(view)
        var log: [String] = []
        let hold = HoldStillRecognizer { log.append("hold \($0.state)") }
        let pan = PanGestureRecognizer { recognizer in
            let t = (recognizer as! PanGestureRecognizer).translation(in: view)
            log.append("pan \(recognizer.state) \(Int(t.x))")
        }
        pan.require(toFail: hold)
        if panFirst {
            view.addGestureRecognizer(pan)
            view.addGestureRecognizer(hold)
        } else {
            view.addGestureRecognizer(hold)
            view.addGestureRecognizer(pan)
        }
        stage.fingers.down(at: Point(x: 100, y: 100))
        for x in stride(from: 110.0, through: 160, by: 10) {
            stage.fingers.move(to: Point(x: x, y: 100))
            log.append("finger at +\(Int(x - 100))")
        }
        stage.fingers.up()
        stage.fingers.wait(1)
        return log
    }

    @Test func aPanReleasedByAFailureBeginsWithTheWholeTravelWhicheverWasAddedFirst() {
        let holdFirst = panActions(panFirst: false)
        // The pan wants to begin at +10 (its hysteresis) and waits; the hold-still fails at +30;
        // the pan begins then with the finger's whole travel, 30, not the 10 it had when it
        // started to wait, and follows the finger after that.
        #expect(holdFirst == ["finger at +10", "finger at +20", "pan began 30", "finger at +30", "pan changed 40", "finger at +40",
                              "pan changed 50", "finger at +50", "pan changed 60", "finger at +60", "pan ended 60"])
        #expect(panActions(panFirst: true) == holdFirst, "the order the recognizers were added in changes nothing")
    }
}
