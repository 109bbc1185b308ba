// The coffee kiosk on a panel: its screen (CoffeeKiosk) run by the runtime, as the README's
// "Running on a panel" shows (that sample, as written there, is RunningOnAPanel.swift).
// deploy/install.sh --app installs it as a service; dev.sh measure compares its start-up and
// peak RSS with the demo's on a real kernel (issue 36 item 2).
import Bezel
import BezelRuntime
import CoffeeKiosk
#if canImport(Glibc)
import Glibc
#endif

let status: Int32 = MainActor.assumeIsolated {
    let app = Application()                 // real time (MonotonicClock)
    let kiosk = CoffeeKiosk(application: app)
    do {
        // The file (/etc/bezel/bezel.conf, or BEZEL_CONFIG's), then BEZEL_* variables over it.
        try Runtime(application: app, window: kiosk.window, configuration: .load()).run()
        return 0
    } catch {
        writeLineToStandardError("coffee-kiosk: \(error)")
        return 1
    }
}
exit(status)
