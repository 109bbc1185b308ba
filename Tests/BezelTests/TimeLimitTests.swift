import Testing
@testable import Bezel
import BezelTesting

/// Time limits a customer can extend (issue 29 item 5): warned 20 s before on screen and, in
/// the spoken mode, by speech; any touch or key pushes the limit back; unattended it expires
/// once; no timer is left behind.
@MainActor
@Suite(.serialized) struct TimeLimitTests {
    @Test func aWarningThenMoreTimeThenTheEnd() throws {
        let screen = ViewController()
        let harness = try AppHarness(rootViewController: screen)
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        harness.application.isSpokenModeRunning = true
        speech.clear()
        var log: [String] = []
        let start = harness.clock.now
        func t() -> Int { Int((harness.clock.now - start).rounded()) }
        let limit = TimeLimit(application: harness.application, duration: 60)
        limit.onWarning = { limit in log.append("warning at \(t()), \(Int(limit.remaining.rounded())) s left") }
        limit.onExtended = { _ in log.append("extended at \(t())") }
        limit.onExpired = { _ in log.append("expired at \(t())") }
        limit.start()
        harness.wait(30)
        harness.press(.tab)                      // activity pushes the limit back to 90
        harness.wait(39)
        #expect(log.isEmpty, "\(log)")
        harness.wait(2)                          // t = 71: 19 s left
        #expect(log == ["warning at 70, 20 s left"])
        #expect(speech.utterances.last == Utterance("20 seconds left. Touch the screen or press a key for more time.", language: "en", interrupts: false))
        harness.wait(5)
        harness.fingers.tap(at: Point(x: 400, y: 300))   // during the warning: more time at once
        #expect(log.last == "extended at 76")
        #expect(limit.state == .running && abs(limit.remaining - 60) < 0.5)
        harness.wait(61)
        #expect(log == ["warning at 70, 20 s left", "extended at 76", "warning at 116, 20 s left", "expired at 136"])
        #expect(limit.state == .expired)
        harness.wait(600)
        #expect(log.count == 4, "expires once")
        harness.application.isSpokenModeRunning = false
        #expect(harness.application.runLoop.nextDeadline == nil, "no timer left: an idle app does not wake")
    }

    @Test func aStoppedLimitSaysNothingAndTheWarningIsAtLeastTwentySeconds() throws {
        let harness = try AppHarness(rootViewController: ViewController())
        var fired = 0
        let limit = TimeLimit(application: harness.application, duration: 30, warningTime: 5)
        #expect(limit.warningTime == 20)
        limit.onWarning = { _ in fired += 1 }
        limit.onExpired = { _ in fired += 1 }
        limit.start()
        harness.wait(5)
        limit.stop()
        harness.wait(100)
        #expect(fired == 0 && limit.state == .stopped)
        let nonsense = TimeLimit(application: harness.application, duration: .nan)
        #expect(nonsense.duration == 60 && nonsense.warningTime == 20)
    }
}
