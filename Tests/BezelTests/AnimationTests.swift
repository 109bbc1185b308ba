import Testing
@testable import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// View animations on the virtual clock: interpolated values per curve and for a spring,
/// the model/presentation split, interruption and completions, touches while animating,
/// damage, and that nothing stays subscribed once the last animation ends.
@MainActor
@Suite(.fontsRegistered) struct AnimationTests {
    /// A 400x800 stage with one 100x100 box at (0, 0).
    func stageWithBox() -> (Stage, View) {
        let stage = Stage()
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        _ = stage.add(box)
        return (stage, box)
    }

    /// y at x on a timing Bézier, by bisection on the curve's parameter: an independent check
    /// of the engine's Newton solver.
    func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(y1, y2, (lo + hi) / 2)
    }

    @Test func eachCurveInterpolatesTheFrameAtGivenTimes() {
        let curves: [(View.AnimationOptions, (Double) -> Double)] = [
            (.curveLinear, { $0 }),
            (.curveEaseInOut, { bezier(0.42, 0, 0.58, 1, at: $0) }),
            (.curveEaseIn, { bezier(0.42, 0, 1, 1, at: $0) }),
            (.curveEaseOut, { bezier(0, 0, 0.58, 1, at: $0) }),
        ]
        for (options, expected) in curves {
            let (stage, box) = stageWithBox()
            View.animate(withDuration: 1, options: options) { box.frame.origin.x = 200 }
            // The model holds the end value at once.
            #expect(box.frame.origin.x == 200)
            for t in [0.1, 0.25, 0.5, 0.8] {
                stage.fingers.wait(t - stage.clock.now)
                let shown = box.presentation.frame.origin.x
                #expect(abs(shown - 200 * expected(t)) < 1e-6, "\(options.rawValue) at \(t): \(shown) vs \(200 * expected(t))")
            }
            stage.fingers.wait(0.3)
            #expect(box.presentation.frame.origin.x == 200 && !box.hasRunningAnimations)
        }
        // The default curve is ease-in-out (UIKit's).
        #expect(View.AnimationOptions().curve == .easeInOut)
    }

    @Test func everyAnimatablePropertyMovesFromOldToNew() {
        let (stage, box) = stageWithBox()
        box.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let scroll = ScrollView(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        scroll.contentSize = Size(width: 100, height: 1000)
        _ = stage.add(scroll)
        View.animate(withDuration: 1, options: .curveLinear) {
            box.alpha = 0
            box.transform = AffineTransform(scaleX: 3, y: 3)
            box.backgroundColor = Color(red: 1, green: 0, blue: 0)
            box.bounds = Rect(x: 10, y: 0, width: 200, height: 100)
            scroll.contentOffset = Point(x: 0, y: 400)
        }
        #expect(box.alpha == 0 && box.bounds == Rect(x: 10, y: 0, width: 200, height: 100) && scroll.contentOffset.y == 400)
        stage.fingers.wait(0.5)
        let p = box.presentation
        #expect(abs(p.alpha - 0.5) < 1e-9)
        #expect(abs(p.transform.a - 2) < 1e-9 && abs(p.transform.d - 2) < 1e-9)
        #expect(abs(p.backgroundColor!.red - 0.5) < 1e-9 && abs(p.backgroundColor!.blue - 0.5) < 1e-9)
        // bounds keeps the centre: the frame grows about (50, 50) and the origin moves.
        #expect(abs(p.frame.width - 150) < 1e-9 && abs(p.center.x - 50) < 1e-9 && abs(p.boundsOrigin.x - 5) < 1e-9)
        #expect(abs(scroll.presentation.boundsOrigin.y - 200) < 1e-9)
    }

    @Test func aSpringFollowsTheDampedOscillatorsClosedForm() {
        // The same motion integrated numerically (RK4, 1/10,000 s steps) from the spring's
        // definition: x'' = -2 ζ ω0 x' - ω0² x, x(0) = 1 (distance left), x'(0) = -v.
        let duration = 1.0, zeta = 0.4, velocity = 2.0
        let w0 = log(1000.0) / (zeta * duration)
        func integrated(until t: Double) -> Double {
            var x = 1.0, v = -velocity
            let h = 1e-4
            var time = 0.0
            func a(_ x: Double, _ v: Double) -> Double { -2 * zeta * w0 * v - w0 * w0 * x }
            while time < t - h / 2 {
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                time += h
            }
            return 1 - x
        }
        let (stage, box) = stageWithBox()
        View.animate(withDuration: duration, usingSpringWithDamping: zeta, initialSpringVelocity: velocity, animations: {
            box.center = Point(x: 150, y: 50)
        })
        var overshot = false
        for t in [0.05, 0.1, 0.2, 0.3, 0.5, 0.7] {
            stage.fingers.wait(t - stage.clock.now)
            let progress = (box.presentation.center.x - 50) / 100
            #expect(abs(progress - integrated(until: t)) < 1e-6, "t = \(t): \(progress) vs \(integrated(until: t))")
            if progress > 1 { overshot = true }
        }
        #expect(overshot, "an underdamped spring passes its target")
        // Critically damped: never past the target.
        let (stage2, box2) = stageWithBox()
        View.animate(withDuration: 0.5, usingSpringWithDamping: 1, initialSpringVelocity: 0, animations: { box2.frame.origin.x = 100 })
        for _ in 0..<30 {
            stage2.fingers.wait(1.0 / 60)
            #expect(box2.presentation.frame.origin.x <= 100 + 1e-9)
        }
    }

    @Test func theModelIsAtTheEndAtOnceAndHitTestingUsesIt() throws {
        let (stage, box) = stageWithBox()
        View.animate(withDuration: 1, options: [.curveLinear, .allowUserInteraction]) { box.frame.origin.x = 300 }
        stage.fingers.wait(0.5)
        #expect(box.frame.origin.x == 300 && box.presentation.frame.origin.x == 150)
        #expect(stage.window.hitTest(Point(x: 350, y: 50), with: nil) === box)
        #expect(stage.window.hitTest(Point(x: 160, y: 50), with: nil) === stage.window)
    }

    @Test func theScreenShowsThePresentedValueMidAnimation() throws {
        let box = View(frame: Rect(x: 10, y: 10, width: 60, height: 60))
        box.backgroundColor = Color(rgb: 0xE74C3C)
        box.cornerRadius = 8
        let (app, window) = Snapshot.window(Size(width: 320, height: 120), [box])
        let display = try HeadlessDisplay(window: window)
        _ = display.renderFrame()
        View.animate(withDuration: 1, options: .curveLinear) {
            box.frame.origin.x = 250
            box.alpha = 0.5
            box.transform = AffineTransform(rotationAngle: .pi / 2)
        }
        app.runLoop.advance(by: 0.5)
        _ = display.renderFrame()
        #expect(box.frame.origin.x == 250)
        try Snapshot.check(display.framebuffer, named: "animation-midway")
    }

    @Test func damageIsTheAnimatedViewsOldAndNewAreasOnly() throws {
        let (stage, box) = stageWithBox()
        let other = View(name: "other", frame: Rect(x: 0, y: 500, width: 400, height: 300))
        _ = stage.add(other)
        _ = stage.window.takeDamage()
        View.animate(withDuration: 1, options: .curveLinear) { box.frame.origin.y = 200 }
        // Frame by frame, as a display takes it: each frame's damage is the box's previous
        // and current places, nothing else.
        var previous = box.presentation.frame
        var damage: [Rect] = []
        for _ in 0..<30 {
            _ = stage.window.takeDamage()
            previous = box.presentation.frame
            stage.fingers.wait(1.0 / 60)
            damage = stage.window.takeDamage()
        }
        let shown = box.presentation.frame
        let area = previous.union(shown).insetBy(dx: -1, dy: -1)
        #expect(!damage.isEmpty)
        for rect in damage { #expect(area.contains(rect), "\(rect) is outside the box's old and new places \(area)") }
        #expect(damage.contains { $0.contains(shown.integral) })
    }

    @Test func beginFromCurrentStateReplacesTheRunningAnimation() {
        let (stage, box) = stageWithBox()
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { box.frame.origin.x = 100 }) { log.append("first \($0)") }
        stage.fingers.wait(0.5)
        View.animate(withDuration: 1, options: [.curveLinear, .beginFromCurrentState], animations: { box.frame.origin.x = 0 }) { log.append("second \($0)") }
        // It starts where the screen is (50), not from the first animation's end (100).
        #expect(box.presentation.frame.origin.x == 50)
        stage.fingers.wait(0.5)
        #expect(abs(box.presentation.frame.origin.x - 25) < 1e-9)
        stage.fingers.wait(1)
        #expect(log == ["first false", "second true"])
    }

    @Test func aSecondAnimationOfTheSamePropertyBlendsWithoutAJump() {
        let (stage, box) = stageWithBox()
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { box.frame.origin.x = 100 }) { log.append("first \($0)") }
        stage.fingers.wait(0.5)
        View.animate(withDuration: 1, options: .curveLinear, animations: { box.frame.origin.x = 0 }) { log.append("second \($0)") }
        // Additive (UIKit since iOS 8): no jump, and both run to their ends.
        #expect(box.presentation.frame.origin.x == 50)
        stage.fingers.wait(0.25)
        // 0 + (0 - 100)(1 - 0.25) + (0 - 100)... : model 0, plus first's (0-100)(1-0.75), plus second's (100-0)(1-0.25)
        #expect(abs(box.presentation.frame.origin.x - (-25 + 75)) < 1e-9)
        stage.fingers.wait(1)
        #expect(log == ["first true", "second true"] && box.presentation.frame.origin.x == 0)
    }

    @Test func leavingTheWindowInterruptsWithFinishedFalse() {
        let (stage, box) = stageWithBox()
        var finished: Bool?
        View.animate(withDuration: 1, animations: { box.alpha = 0.2 }) { finished = $0 }
        stage.fingers.wait(0.3)
        box.removeFromSuperview()
        #expect(finished == nil, "called on the next turn of the run loop, as UIKit does")
        stage.fingers.wait(0)
        #expect(finished == false && box.presentationState == nil)
        // removeAllAnimations does the same.
        _ = stage.add(box)
        var second: Bool?
        View.animate(withDuration: 1, animations: { box.alpha = 1 }) { second = $0 }
        box.removeAllAnimations()
        stage.fingers.wait(0)
        #expect(second == false && box.presentation.alpha == 1)
    }

    @Test func nestedAnimationsCompleteInnerFirstAndInheritTheDuration() {
        let (stage, box) = stageWithBox()
        let other = View(name: "other", frame: Rect(x: 0, y: 200, width: 50, height: 50))
        _ = stage.add(other)
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            box.frame.origin.x = 100
            View.animate(withDuration: 5, animations: { other.frame.origin.x = 100 }) { log.append("inner \($0)") }
            View.animate(withDuration: 0.5, options: [.overrideInheritedDuration, .overrideInheritedCurve], animations: {
                other.alpha = 0
            }) { log.append("own duration \($0)") }
        }) { log.append("outer \($0)") }
        stage.fingers.wait(0.5)
        // The inner block took the outer's duration and curve: halfway at 0.5 s.
        #expect(abs(other.presentation.frame.origin.x - 50) < 1e-9)
        stage.fingers.wait(0.6)
        #expect(log == ["own duration true", "inner true", "outer true"])
    }

    @Test func delayRepeatAndAutoreverse() {
        let (stage, box) = stageWithBox()
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { box.frame.origin.x = 100 })
        stage.fingers.wait(0.4)
        #expect(box.presentation.frame.origin.x == 0 && box.frame.origin.x == 100, "during the delay the old value shows")
        stage.fingers.wait(0.35)
        #expect(abs(box.presentation.frame.origin.x - 25) < 1e-9)
        stage.fingers.wait(1)
        var finished: Bool?
        View.animate(withDuration: 1, options: [.curveLinear, .repeat, .autoreverse], animations: { box.frame.origin.x = 200 }) { finished = $0 }
        stage.fingers.wait(0.25)
        #expect(abs(box.presentation.frame.origin.x - 125) < 1e-9)
        stage.fingers.wait(1)
        #expect(abs(box.presentation.frame.origin.x - 175) < 1e-9, "on its way back")
        stage.fingers.wait(10)
        #expect(finished == nil && box.hasRunningAnimations, "repeats for ever")
        box.removeAllAnimations()
        stage.fingers.wait(0)
        #expect(finished == false)
    }

    @Test func touchesPassAnimatingViewsByUnlessAllowed() {
        let log = Log()
        let stage = Stage()
        let back = LoggingView("back", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        let card = LoggingView("card", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        _ = stage.add(back).add(card)
        View.animate(withDuration: 1, animations: { card.alpha = 0.9 })
        stage.fingers.tap(at: Point(x: 50, y: 50))
        #expect(log.entries == ["back touchesBegan", "back touchesEnded"])
        stage.fingers.wait(1)
        log.clear()
        View.animate(withDuration: 1, options: .allowUserInteraction, animations: { card.alpha = 1 })
        stage.fingers.tap(at: Point(x: 50, y: 50))
        #expect(log.entries == ["card touchesBegan", "card touchesEnded"])
    }

    @Test func afterTheLastAnimationNothingIsSubscribedAndNoTimerIsLeft() {
        let (stage, box) = stageWithBox()
        let app = stage.app
        #expect(!app.displayLink.isRunning && app.runLoop.pendingTimerCount == 0)
        View.animate(withDuration: 0.3, animations: { box.frame.origin.x = 40 })
        View.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: { box.alpha = 0.5 })
        #expect(app.displayLink.isRunning && app.animationEngine.isSubscribedToDisplayLink)
        stage.fingers.wait(0.6)
        #expect(!app.animationEngine.isSubscribedToDisplayLink && !app.displayLink.isRunning)
        #expect(app.runLoop.pendingTimerCount == 0 && app.runLoop.nextDeadline == nil)
        #expect(box.presentationState == nil)
    }

    @Test func badArgumentsAreReportedAndTheChangeIsMadeAtOnce() {
        let (stage, box) = stageWithBox()
        var finished: Bool?
        let reports = capturingDiagnostics {
            View.animate(withDuration: .nan, animations: { box.frame.origin.x = 10 }) { finished = $0 }
            View.animate(withDuration: 1, usingSpringWithDamping: -1, initialSpringVelocity: .infinity, animations: { box.alpha = 0.5 })
        }
        #expect(reports.count == 2 && reports.allSatisfy { $0.kind == .apiMisuse })
        #expect(finished == true && box.presentation.frame.origin.x == 10)
        stage.fingers.wait(1)
        #expect(box.presentation.alpha == 0.5)
        // Off screen: no animation, completion at once.
        let loose = View()
        var done: Bool?
        View.animate(withDuration: 1, animations: { loose.alpha = 0 }) { done = $0 }
        #expect(done == true && loose.presentationState == nil)
    }

    // MARK: ViewPropertyAnimator

    @Test func anAnimatorScrubbedByAPanThenReversed() {
        let stage = Stage()
        let card = View(name: "card", frame: Rect(x: 0, y: 600, width: 100, height: 100))
        _ = stage.add(card)
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeInOut) { card.frame.origin.y = 100 }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        var fractions: [Double] = []
        let pan = PanGestureRecognizer { recognizer in
            let pan = recognizer as! PanGestureRecognizer
            switch pan.state {
            case .began: animator.pauseAnimation()
            case .changed:
                animator.fractionComplete = -pan.translation(in: stage.window).y / 500
                fractions.append(animator.fractionComplete)
            case .ended:
                animator.isReversed = animator.fractionComplete < 0.5
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            default: break
            }
        }
        card.addGestureRecognizer(pan)
        stage.fingers.drag(from: Point(x: 50, y: 650), to: Point(x: 50, y: 450), steps: 10, duration: 0.2)
        // Scrubbing is linear while paused: 200 pt of the 500 = 0.4.
        #expect(abs((fractions.last ?? 0) - 0.4) < 0.02)
        #expect(animator.isReversed && animator.isRunning && card.frame.origin.y == 100)
        stage.fingers.wait(0.2)
        let y = card.presentation.frame.origin.y
        #expect(y > 400 && y < 600, "on its way back down (\(y))")
        stage.fingers.wait(1)
        // Reversed to the start: the model goes back too, the completion says .start.
        #expect(ended == [.start] && card.frame.origin.y == 600 && animator.state == .inactive)
        #expect(!stage.app.displayLink.isRunning)
    }

    @Test func anAnimatorPausesContinuesStopsAndFinishes() {
        let (stage, box) = stageWithBox()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { box.frame.origin.x = 100 }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        #expect(animator.state == .inactive && box.frame.origin.x == 0)
        animator.startAnimation()
        #expect(animator.state == .active && box.frame.origin.x == 100)
        stage.fingers.wait(0.25)
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9 && !animator.isRunning)
        stage.fingers.wait(5)
        #expect(abs(box.presentation.frame.origin.x - 25) < 1e-9 && !stage.app.displayLink.isRunning, "paused: no frames")
        // A running animator cannot be scrubbed.
        let reports = capturingDiagnostics { animator.continueAnimation(); animator.fractionComplete = 0.9 }
        #expect(reports.count == 1)
        stage.fingers.wait(0.25)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && abs(box.frame.origin.x - 50) < 1e-9, "stopped where it was shown")
        animator.finishAnimation(at: .end)
        #expect(ended == [.end] && box.frame.origin.x == 100 && animator.state == .inactive)
        // stopAnimation(true): done, no completion.
        let second = ViewPropertyAnimator(duration: 1, curve: .linear) { box.frame.origin.x = 0 }
        var called = false
        second.addCompletion { _ in called = true }
        second.startAnimation()
        stage.fingers.wait(0.5)
        second.stopAnimation(true)
        stage.fingers.wait(1)
        #expect(!called && abs(box.frame.origin.x - 50) < 1e-9 && second.state == .inactive)
        #expect(!stage.app.displayLink.isRunning && stage.app.runLoop.pendingTimerCount == 0)
    }

    /// Issue 37 item 9: a running animator the app does not keep runs to its end and calls
    /// its completions (UIKit keeps it alive); one released while paused is reported and ended
    /// where its views are, their touches back, its completions called with `.current`.
    @Test func anAnimatorTheAppDoesNotKeepStillFinishes() {
        let log = Log()
        let (stage, box) = stageWithBox()
        box.isUserInteractionEnabled = true
        _ = ViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, animations: { box.frame.origin.x = 100 },
                                                         completion: { log.add("running \($0)") })
        func startAndForget() {
            let animator = ViewPropertyAnimator(duration: 0.5, curve: .linear) { box.alpha = 0.5 }
            animator.addCompletion { log.add("started \($0)") }
            animator.startAnimation()
        }
        startAndForget()
        stage.fingers.wait(1)
        #expect(log.entries == ["running end", "started end"])
        #expect(box.presentation.frame.origin.x == 100 && box.presentation.alpha == 0.5)
        #expect(!stage.app.displayLink.isRunning)

        func pauseAndForget() {
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { box.frame.origin.y = 200 }
            animator.addCompletion { log.add("paused \($0)") }
            animator.fractionComplete = 0.25
        }
        let reports = capturingDiagnostics { pauseAndForget() }
        #expect(reports.map(\.message) == ["ViewPropertyAnimator released while paused: finish or stop it first; ended where its views are"])
        #expect(log.entries.last == "paused current")
        #expect(abs(box.frame.origin.y - 50) < 1e-9 && abs(box.presentation.frame.origin.y - 50) < 1e-9, "ended where it was shown")
        #expect(stage.window.hitTest(Point(x: 150, y: 100), with: nil) === box, "the box takes touches again")
    }

    @Test func anAnimatorWithNothingOnScreenFinishesAtOnce() {
        let loose = View()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { loose.alpha = 0 }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        #expect(ended == [.end] && loose.alpha == 0 && animator.state == .inactive)
    }

    @Test func aMovingAnimatorsViewCanBeGrabbed() {
        let log = Log()
        let stage = Stage()
        let card = LoggingView("card", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        _ = stage.add(card)
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.frame.origin.x = 200 }
        animator.startAnimation()
        stage.fingers.wait(0.5)
        // The finger lands on the model frame (200...300), where hit-testing looks.
        stage.fingers.down(at: Point(x: 250, y: 50))
        animator.pauseAnimation()
        stage.fingers.up()
        #expect(log.entries == ["card touchesBegan", "card touchesEnded"] && !animator.isRunning)
    }

    // MARK: Controls

    @Test func controlsHonourAnimated() {
        let stage = Stage()
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
        let slider = Slider(frame: Rect(x: 0, y: 100, width: 300, height: 24))
        let progress = ProgressView(frame: Rect(x: 0, y: 200, width: 300, height: 8))
        _ = stage.add(toggle).add(slider).add(progress)
        let offKnob = toggle.knobRect.minX
        toggle.setOn(true, animated: true)
        slider.setValue(1, animated: true)
        progress.setProgress(1, animated: true)
        #expect(toggle.isOn && slider.value == 1 && progress.progress == 1)
        #expect(toggle.knobRect.minX == offKnob, "the knob starts where it was")
        stage.fingers.wait(Switch.toggleDuration / 2)
        let onKnob = toggle.bounds.maxX - 3 - toggle.knobRect.width
        #expect(toggle.knobRect.minX > offKnob + 1 && toggle.knobRect.minX < onKnob - 1)
        #expect(slider.thumbCenterX > 20 && slider.thumbCenterX < 280)
        stage.fingers.wait(1)
        #expect(toggle.knobRect.minX == onKnob && abs(slider.thumbCenterX - (300 - 16 / 2)) < 1)
        // Not animated: at once.
        toggle.setOn(false, animated: false)
        #expect(toggle.knobRect.minX == offKnob)
        // A tap slides the knob.
        stage.fingers.tap(at: Point(x: 40, y: 20))
        #expect(toggle.isOn && toggle.knobRect.minX < onKnob)
        stage.fingers.wait(1)
        #expect(toggle.knobRect.minX == onKnob && !stage.app.displayLink.isRunning)
    }
}
