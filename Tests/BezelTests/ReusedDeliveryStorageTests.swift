import Testing
@testable import Bezel

/// Issue 36 item 4: the dispatcher keeps one view batch's storage for the next report instead
/// of allocating one a report, and drops lifted touches in place. Deliveries made while a batch
/// is being sent (a touches method that removes a view holding a touch cancels its touches:
/// a batch of its own) and views freed during delivery must come out exactly as before, and
/// the kept storage must hold nothing alive (the tests also run under AddressSanitizer:
/// `dev.sh asan`).
@MainActor
@Suite struct ReusedDeliveryStorageTests {
    /// Two fingers land in one frame on A and B; A's touchesBegan takes B out of the window
    /// while the report's batch still has B's touchesBegan to send. B's touch is cancelled in a
    /// batch of its own (made while the first is out), and the touchesBegan still in the first
    /// is not made (before, B got touchesCancelled and then touchesBegan: a touch that never
    /// ended). B is freed when its touch lets it go (the touch's view is strong, as UIKit's),
    /// and later reports reuse the kept storage.
    @Test func aViewRemovedWhileItsBatchIsBeingSentIsCancelledOnlyAndFreed() {
        let stage = Stage()
        let log = Log()
        let a = FingerLoggingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        var b: FingerLoggingView? = FingerLoggingView("B", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
        b?.logsFreeing = true
        stage.window.addSubview(a)
        stage.window.addSubview(b!)
        a.onBegan = { [weak b] in
            log.add("A removes B")
            b?.removeFromSuperview()
        }
        b = nil
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(250, 50))])
        log.add("report done")
        stage.fingers.frame([.up(1), .up(2)])
        a.onBegan = nil
        stage.fingers.down(3, at: Point(50, 50))
        stage.fingers.up(3)
        #expect(log.entries == [
            "A touchesBegan [1]", "A removes B", "B touchesCancelled [2]", "report done",
            "A touchesEnded [1]", "B freed",
            "A touchesBegan [3]", "A touchesEnded [3]",
        ])
        #expect(stage.window.liveTouchCount == 0)
    }

    /// Four fingers in one frame, two of them on a multiple-touch view B: A's touchesBegan
    /// takes C out of the window, whose touch is cancelled; B's call still has both its touches.
    @Test func theCancelledViewsCallIsDroppedAndTheOthersGoOut() {
        let stage = Stage()
        let log = Log()
        let a = FingerLoggingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = FingerLoggingView("B", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
        b.isMultipleTouchEnabled = true
        let c = FingerLoggingView("C", frame: Rect(x: 0, y: 200, width: 100, height: 100), log: log)
        stage.window.addSubview(a)
        stage.window.addSubview(b)
        stage.window.addSubview(c)
        a.onBegan = { c.removeFromSuperview() }
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(250, 50)), .down(3, at: Point(50, 250)), .down(4, at: Point(260, 60))])
        stage.fingers.frame([.up(1), .up(2), .up(3), .up(4)])
        #expect(log.entries == [
            "A touchesBegan [1]", "C touchesCancelled [3]", "B touchesBegan [2, 4]",
            "A touchesEnded [1]", "B touchesEnded [2, 4]",
        ])
    }

    /// A touchesBegan that feeds a whole tap of its own, on another view, while the outer
    /// batch is out: the tap waits for the outer report (as UIKit's events wait for the run
    /// loop's next turn), then comes whole, before the outer lift; no touch outlives its finger.
    @Test func aTapFedFromInsideADeliveryComesAfterThatReport() {
        let stage = Stage()
        let log = Log()
        let a = FingerLoggingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = FingerLoggingView("B", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
        let c = FingerLoggingView("C", frame: Rect(x: 0, y: 200, width: 100, height: 100), log: log)
        for view in [a, b, c] { stage.window.addSubview(view) }
        a.onBegan = {
            a.onBegan = nil
            stage.fingers.down(5, at: Point(50, 250))
            stage.fingers.up(5)
        }
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(250, 50))])
        stage.fingers.frame([.up(1), .up(2)])
        #expect(log.entries == [
            "A touchesBegan [1]", "B touchesBegan [2]",
            "C touchesBegan [5]", "C touchesEnded [5]",
            "A touchesEnded [1]", "B touchesEnded [2]",
        ])
        #expect(stage.window.liveTouchCount == 0 && stage.app.liveTouchCount == 0)
    }

    /// Lifted touches leave the dispatcher in place, whichever of several lifts: the others stay.
    @Test func liftedTouchesLeaveAndTheOthersStay() {
        let stage = Stage()
        let log = Log()
        let a = FingerLoggingView("A", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        a.isMultipleTouchEnabled = true
        stage.window.addSubview(a)
        stage.fingers.frame([.down(1, at: Point(10, 10)), .down(2, at: Point(20, 20)), .down(3, at: Point(30, 30))])
        #expect(stage.window.liveTouchCount == 3)
        stage.fingers.frame([.up(1), .up(3)])
        #expect(stage.window.liveTouchCount == 1)
        stage.fingers.up(2)
        #expect(stage.window.liveTouchCount == 0)
        #expect(log.entries == ["A touchesBegan [1, 2, 3]", "A touchesEnded [1, 3]", "A touchesEnded [2]"])
    }
}
