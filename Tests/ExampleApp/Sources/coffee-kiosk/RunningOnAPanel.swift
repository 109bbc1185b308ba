// The README's "Running on a panel" sample, as written there, inside a function (CI compiles it,
// and ReadmeSampleTests checks it line for line; main.swift runs the coffee kiosk the same way).
import Bezel
import BezelRuntime

func runningOnAPanel() {
    MainActor.assumeIsolated {
        let app = Application()                 // real time (MonotonicClock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        // ... views, controls, recognizers ...
        window.makeKeyAndVisible()
        do {
            // The file (/etc/bezel/bezel.conf, or BEZEL_CONFIG's), then BEZEL_* variables over it.
            try Runtime(application: app, window: window, configuration: .load()).run()
        } catch {
            print(error)   // e.g. "BEZEL_ROTATION=45: expected 0, 90, 180 or 270"
        }
    }
}
