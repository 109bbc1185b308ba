import Testing
@testable import Bezel

/// Issue 36 item 4: the sequencer keeps the last finished touch and gives it to the next
/// finger when nothing else holds it (one Touch and its recognizer list allocated a press
/// less). The rule: a touch anybody kept (an app, a recognizer, a withheld delivery) is never
/// reused under them; a reused touch is indistinguishable from a new one; a kept spare holds
/// nothing alive. These tests also run under AddressSanitizer (`dev.sh asan`).
@MainActor
@Suite struct ReusedTouchTests {
    /// Keeps the touches its touchesEnded sees (an app that keeps them).
    final class KeepingView: View {
        var kept: [Touch] = []
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            kept.append(contentsOf: touches)
        }
    }

    /// Says what each touch looked like at its touchesBegan, and keeps no touch.
    final class DescribingView: View {
        var seen: [String] = []
        var identities: [ObjectIdentifier] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            for touch in touches {
                identities.append(ObjectIdentifier(touch))
                seen.append("began \(touch.identifier) \(touch.phase) tap \(touch.tapCount) at \(touch.location(in: self)) landed \(touch.landingLocationInWindow) view \(touch.view === self) recognizers \(touch.gestureRecognizers.count) withheld \(touch.endWithheld || touch.movedWhileWithheld)")
            }
        }
    }

    @Test func aTouchNobodyKeptIsTheNextFingersAndLooksNew() {
        let stage = Stage()
        let view = DescribingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view.addGestureRecognizer(PanGestureRecognizer { _ in })
        _ = stage.add(view)
        stage.fingers.down(1, at: Point(10, 20))
        stage.fingers.up(1)
        stage.app.runLoop.advance(by: 1)
        stage.fingers.down(7, at: Point(50, 60))
        stage.fingers.up(7)
        // The second finger got the first one's touch back (counted: an equal identity alone
        // could be malloc handing out a freed touch's address again).
        #expect(stage.app.touchSequencer.reusedTouchCount == 1)
        #expect(view.identities.count == 2 && view.identities[0] == view.identities[1])
        // Everything as a new touch's: the identifier, phase, tap count (the second tap came
        // after the multi-tap interval), its own landing point and one recognizer, not two.
        #expect(view.seen == [
            "began 1 began tap 1 at \(Point(10, 20)) landed \(Point(10, 20)) view true recognizers 1 withheld false",
            "began 7 began tap 1 at \(Point(50, 60)) landed \(Point(50, 60)) view true recognizers 1 withheld false",
        ])
    }

    @Test func aTouchAnAppKeptIsNeverReusedUnderIt() {
        let stage = Stage()
        let view = KeepingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        _ = stage.add(view)
        stage.fingers.down(1, at: Point(10, 20))
        stage.fingers.up(1)
        stage.app.runLoop.advance(by: 1)
        stage.fingers.down(2, at: Point(30, 40))
        stage.fingers.move(2, to: Point(35, 45))
        stage.fingers.up(2)
        #expect(view.kept.count == 2)
        #expect(view.kept[0] !== view.kept[1])
        #expect(stage.app.touchSequencer.reusedTouchCount == 0)
        // The kept touch is as the app last saw it.
        #expect(view.kept[0].identifier == 1)
        #expect(view.kept[0].phase == .ended)
        #expect(view.kept[0].location(in: nil) == Point(10, 20))
        #expect(view.kept[1].identifier == 2)
        #expect(view.kept[1].location(in: nil) == Point(35, 45))
    }

    /// An app that keeps a finished touch only weakly sees it go nil, as when it is freed; it
    /// never comes back as the next finger's.
    @Test func aTouchAnAppKeptWeaklyGoesNilAndIsNotReused() {
        final class WeaklyKeepingView: View {
            weak var last: Touch?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                last = touches.first
            }
        }
        let stage = Stage()
        let view = WeaklyKeepingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        _ = stage.add(view)
        stage.fingers.down(1, at: Point(10, 20))
        #expect(view.last?.identifier == 1)
        stage.fingers.up(1)
        #expect(view.last == nil)
        stage.app.runLoop.advance(by: 1)
        stage.fingers.down(2, at: Point(30, 40))
        #expect(view.last?.identifier == 2)
        stage.fingers.up(2)
        #expect(view.last == nil)
        #expect(stage.app.touchSequencer.reusedTouchCount == 0)
    }

    /// The spare touch lets go of its view and window as soon as it is kept: a view removed
    /// after a tap is freed then, not when the next finger lands.
    @Test func aSpareTouchKeepsNoViewAlive() {
        let stage = Stage()
        let log = Log()
        var view: FingerLoggingView? = FingerLoggingView("V", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        view?.logsFreeing = true
        stage.window.addSubview(view!)
        stage.fingers.down(1, at: Point(50, 50))
        stage.fingers.up(1)
        view?.removeFromSuperview()
        view = nil
        log.add("removed")
        stage.fingers.down(2, at: Point(50, 50))
        stage.fingers.up(2)
        #expect(log.entries == ["V touchesBegan [1]", "V touchesEnded [1]", "V freed", "removed"])
    }

    /// Two fingers at once, one kept by a recognizer's delegate (a recognizer holding touches
    /// past its reset is the app's doing): the next two fingers get a touch each, never one
    /// that is still held, and their deliveries are as for new touches.
    @Test func twoFingersAfterAKeptOneEachGetTheirOwn() {
        let stage = Stage()
        let log = Log()
        let a = FingerLoggingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = FingerLoggingView("B", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
        stage.window.addSubview(a)
        stage.window.addSubview(b)
        var held: [Touch] = []
        let delegate = HoldingDelegate { held.append($0) }
        let tap = TapGestureRecognizer { _ in }
        tap.delegate = delegate
        a.addGestureRecognizer(tap)
        stage.fingers.frame([.down(1, at: Point(50, 50)), .down(2, at: Point(250, 50))])
        stage.fingers.frame([.up(1), .up(2)])
        stage.app.runLoop.advance(by: 1)
        stage.fingers.frame([.down(3, at: Point(50, 50)), .down(4, at: Point(250, 50))])
        stage.fingers.frame([.up(3), .up(4)])
        #expect(held.count == 2)
        #expect(held[0] !== held[1])
        // B's touch, nobody's, was the next finger's (finger 3's, on A, which the delegate holds).
        #expect(stage.app.touchSequencer.reusedTouchCount == 1)
        #expect(held[0].identifier == 1 && held[0].phase == .ended)
        #expect(log.entries == [
            // A's tap recognizes at the lift and cancels A's touch (cancelsTouchesInView).
            "A touchesBegan [1]", "B touchesBegan [2]", "A touchesCancelled [1]", "B touchesEnded [2]",
            "A touchesBegan [3]", "B touchesBegan [4]", "A touchesCancelled [3]", "B touchesEnded [4]",
        ])
        #expect(stage.window.liveTouchCount == 0)
    }

    final class HoldingDelegate: GestureRecognizerDelegate {
        let hold: (Touch) -> Void
        init(_ hold: @escaping (Touch) -> Void) { self.hold = hold }
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            hold(touch)
            return true
        }
    }

    /// Damage already covered by a damaged rectangle changes nothing (a control highlighted
    /// and unhighlighted before the next frame), and the rest still merges as before.
    @Test func damageAlreadyCoveredIsNotAddedAgain() {
        var damage = DamageTracker(bounds: Rect(x: 0, y: 0, width: 400, height: 400))
        damage.add(Rect(x: 10, y: 10, width: 100, height: 40))
        damage.add(Rect(x: 20.5, y: 12, width: 50, height: 20))
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 100, height: 40)])
        damage.add(Rect(x: 100, y: 40, width: 20, height: 20))
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 110, height: 50)])
        damage.add(Rect(x: 300, y: 300, width: 10, height: 10))
        #expect(damage.rects.count == 2)
    }

    /// A touch's location in views of another window, under a transform, and in a view of the
    /// same tree: the one-walk conversion gives what the walk per step gave.
    @Test func conversionsAcrossTreesAndTransformsAgree() {
        let stage = Stage()
        let outer = View(frame: Rect(x: 20, y: 30, width: 200, height: 200))
        let inner = View(frame: Rect(x: 5, y: 7, width: 50, height: 50))
        outer.addSubview(inner)
        outer.boundsOrigin = Point(2, 3)
        _ = stage.add(outer)
        #expect(inner.convert(Point(1, 1), to: nil) == Point(1 + 5 + 20 - 2, 1 + 7 + 30 - 3))
        #expect(stage.window.convert(Point(100, 100), to: inner) == Point(100 - 20 + 2 - 5, 100 - 30 + 3 - 7))
        // Under a transform: a half-size inner view maps its centre to the same place.
        inner.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        let centre = inner.convert(Point(25, 25), to: nil)
        #expect(centre == Point(5 + 25 + 20 - 2, 7 + 25 + 30 - 3))
        #expect(stage.window.convert(centre, to: inner) == Point(25, 25))
        #expect(stage.window.convert(Point(centre.x + 10, centre.y), to: inner) == Point(45, 25))
        // Another window: through the screen.
        let other = Window(frame: Rect(x: 0, y: 400, width: 400, height: 400), application: stage.app)
        let there = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        other.addSubview(there)
        #expect(there.convert(Point(0, 0), to: outer) == Point(10 - 20 + 2, 10 + 400 - 30 + 3))
    }
}
