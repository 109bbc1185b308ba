import Bezel
import BezelInput
import BezelLinux
import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The "flood" mode (issue 13's R6): an application that records, for every touch event it
/// is sent, the time from the kernel's timestamp (evdev, CLOCK_MONOTONIC) to `sendEvent`;
/// resident memory 5 s and 20 s into the flood and at its end; the kernel's event losses
/// libinput reported. `finish()` prints them as BEZEL-R6 lines.
@MainActor
final class LatencyRecordingApplication: Application {
    /// Seconds from the kernel's timestamp to `sendEvent`, one per touch event.
    private(set) var latencies: [Double] = []
    /// Called with the first touch event (the flood began).
    var onFirstTouch: (() -> Void)?

    override func sendEvent(_ event: Event) {
        if latencies.isEmpty {
            // A 60 s flood at 2 kHz is 120,000 events: reserved once, so recording allocates nothing.
            latencies.reserveCapacity(400_000)
            onFirstTouch?()
        }
        latencies.append(ProcessClock.monotonicNow() - event.timestamp)
        super.sendEvent(event)
    }
}

@MainActor
final class FloodReport {
    private let app: LatencyRecordingApplication
    /// Frames of moves the input source merged into later ones.
    var coalescedFrames: () -> Int = { 0 }
    private var residentAfterWarmUp: Int?
    /// 20 s in: the allocator's and the input queues' working size under a loaded host's
    /// slower delivery is reached by then (a loaded run grew ~1 MB between 5 s and 20 s and
    /// was flat after; a leak grows all along).
    private var residentAfter20s: Int?

    init(app: LatencyRecordingApplication) {
        self.app = app
        app.onFirstTouch = { [unowned self] in
            app.runLoop.schedule(after: 5) { [unowned self] in self.residentAfterWarmUp = ProcessStatistics.residentSetKiB() }
            app.runLoop.schedule(after: 20) { [unowned self] in self.residentAfter20s = ProcessStatistics.residentSetKiB() }
        }
    }

    func finish() {
        // Read before the report's own work (the sorted copy of the latencies is ~120 KB).
        let residentAtEnd = ProcessStatistics.residentSetKiB() ?? -1
        let sorted = app.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? -1 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000
        }
        say("BEZEL-R6 events=\(sorted.count) p50_ms=\(format(percentile(0.5))) p99_ms=\(format(percentile(0.99))) max_ms=\(format((sorted.last ?? -0.001) * 1000))")
        say("BEZEL-R6 rss_after_5s_kib=\(residentAfterWarmUp ?? -1) rss_after_20s_kib=\(residentAfter20s ?? -1) rss_end_kib=\(residentAtEnd)")
        say("BEZEL-R6 syn_dropped_reports=\(LibinputLog.droppedEventReports) coalesced_frames=\(coalescedFrames())")
    }

    private func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
