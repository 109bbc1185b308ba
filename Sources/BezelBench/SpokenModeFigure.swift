#if canImport(Glibc)
import Glibc
#endif
import Bezel
import BezelCairo
import BezelDemoApp
import BezelSpeech

// Issue 29's M11: the spoken mode's focus moved by a key (the next element of the demo's home
// screen) to the first sample of its words reaching ALSA (espeak-ng's voice, ALSA's `null`
// device: the whole path to the driver without a sound card), wall clock; and the demo's
// resident size with the spoken mode off (espeak-ng and ALSA not loaded) and on.

/// Seconds on CLOCK_MONOTONIC.
private func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Waits (polling every 0.2 ms) until `condition`, at most `limit` seconds; false on timeout.
private func waitUntil(_ limit: Double, _ condition: () -> Bool) -> Bool {
    let start = monotonicSeconds()
    while !condition() {
        if monotonicSeconds() - start > limit { return false }
        usleep(200)
    }
    return true
}

/// M11: `samples` focus moves; nil (with the reason) when speech cannot run here.
@MainActor
func measureSpokenFocus(samples: Int) -> (time: Stats, offKiB: Int, onKiB: Int)? {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    app.preferredLanguages = ["en"]
    let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 })
    demo.log = { _ in }
    guard let display = try? HeadlessDisplay(window: demo.window) else { return nil }
    _ = display.renderFrame()
    let off = ProcessStatistics.residentSetKiB() ?? 0
    let voice = ESpeakSynthesizer(output: .alsa(device: "null"))
    app.speechSynthesizer = voice
    app.isSpokenModeRunning = true
    guard voice.isLoaded, waitUntil(10, { voice.utterancesStarted > 0 }) else {
        print("RESULT M11 unavailable reason=\"espeak-ng or ALSA's null device could not be used here\"")
        return nil
    }
    let on = ProcessStatistics.residentSetKiB() ?? 0
    var times: [UInt64] = []
    for _ in 0..<samples {
        let before = voice.utterancesStarted
        let start = monotonicSeconds()
        app.handleKey(.rightArrow, isDown: true)
        app.handleKey(.rightArrow, isDown: false)
        guard waitUntil(10, { voice.utterancesStarted > before }) else { break }
        times.append(UInt64((monotonicSeconds() - start) * 1e9))
        if app.spokenMode.focusedElement === AccessibilityTree.elements(in: demo.window).last {
            app.spokenMode.moveFocus(to: nil)
        }
    }
    app.isSpokenModeRunning = false
    voice.shutdown()
    guard !times.isEmpty else { return nil }
    return (Stats(times), off, on)
}

/// M11's RESULT line.
func printSpokenFocus(_ m11: (time: Stats, offKiB: Int, onKiB: Int)) {
    print("RESULT M11 focus_to_first_sample_us=\(format(m11.time.median)) p95_us=\(format(m11.time.p95)) device=alsa-null voice=espeak-ng rss_spoken_off_kib=\(m11.offKiB) rss_spoken_on_kib=\(m11.onKiB)")
}
