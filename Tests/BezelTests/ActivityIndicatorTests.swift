import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 33's bug: a spinner started before it was in a window never spun, nor after it left
/// a window and came back (UIKit's spins whenever it is animating and shown).
@MainActor
@Suite(.serialized, .fontsRegistered) struct ActivityIndicatorTests {
    @Test func aSpinnerStartedBeforeItIsShownSpinsOnceShownAndAgainAfterComingBack() throws {
        let screen = ViewController()
        let harness = try AppHarness(rootViewController: screen)
        let spinner = ActivityIndicatorView(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        screen.view.addSubview(spinner)
        let start = spinner.phase
        harness.wait(ActivityIndicatorView.secondsPerTurn / 2)
        #expect(spinner.phase != start, "it turns once in the window")
        #expect(harness.application.displayLink.isRunning)
        // Out of the window: no frames asked for; back: it turns again.
        spinner.removeFromSuperview()
        harness.wait(0.1)
        #expect(!harness.application.displayLink.isRunning, "a spinner off screen asks for no frames")
        screen.view.addSubview(spinner)
        let back = spinner.phase
        harness.wait(ActivityIndicatorView.secondsPerTurn / 3)
        #expect(spinner.phase != back)
        spinner.stopAnimating()
        harness.wait(0.1)
        #expect(spinner.isHidden && !harness.application.displayLink.isRunning)
    }
}
