import Bezel
import BezelAttacks

/// `bezel-attacks soak`: issue 37 U4, the demo under random use; its samples and RESULT line.
@MainActor
enum SoakCheck {
    /// Hours of samples whose median is compared (8 quarter-hour samples).
    static let window = 2.0

    private static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func run(hours: Double, warmUp: Double, seed: UInt64, busy: Bool, maximumGrowthKiB: Int?) -> Int32 {
        let soak: DemoSoak
        do {
            soak = try DemoSoak(seed: seed, busy: busy)
        } catch {
            print("FAIL U4: the demo could not be set up: \(error)")
            return 1
        }
        let start = MonotonicClock().now
        print("U4 virtual_hours steps rss_kib heap_kib views")
        soak.run(hours: hours) { sample in
            print("U4 \((sample.virtualHours * 100).rounded() / 100) \(sample.steps) \(sample.residentKiB) \(sample.heapKiB) \(sample.views)")
        }
        let afterWarmUp = soak.samples.filter { $0.virtualHours >= warmUp }
        guard let first = afterWarmUp.first, let last = afterWarmUp.last, last.virtualHours - first.virtualHours >= 2 * window else {
            print("FAIL U4: the run must last at least \(2 * window) virtual hours after its warm-up")
            return 1
        }
        // The heap swings by several MiB with what is on screen at the sample (a grid of
        // images or an empty menu): growth is the median of the last `window` hours' samples
        // less the median of the first `window` hours' after the warm-up, not one sample less
        // another. A leak still shows whole (0.7 MB an hour grew 5.5 MB in 12 hours here).
        let base = afterWarmUp.filter { $0.virtualHours < first.virtualHours + window }
        let end = afterWarmUp.filter { $0.virtualHours > last.virtualHours - window }
        let rssGrowth = median(end.map(\.residentKiB)) - median(base.map(\.residentKiB))
        let heapGrowth = median(end.map(\.heapKiB)) - median(base.map(\.heapKiB))
        let seconds = Int((MonotonicClock().now - start).rounded())
        print("RESULT U4 steps=\(soak.steps) virtual_hours=\(Int(hours.rounded())) rss_growth_kib=\(rssGrowth) heap_growth_kib=\(heapGrowth) views=\(first.views)->\(last.views) warm_up_hours=\(warmUp) busy=\(busy) seconds=\(seconds) seed=\(seed)")
        if let limit = maximumGrowthKiB, rssGrowth > limit || heapGrowth > limit {
            print("FAIL U4: after the warm-up the resident size grew \(rssGrowth) KiB and the heap \(heapGrowth) KiB, more than \(limit) KiB (medians of the first and last \(window) hours)")
            return 1
        }
        return 0
    }
}
