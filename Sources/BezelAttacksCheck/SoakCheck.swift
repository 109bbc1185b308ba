import Bezel
import BezelAttacks

/// `bezel-attacks soak`: issue 37 U4, the demo under random use; its samples and RESULT line.
@MainActor
enum SoakCheck {
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
        guard let last = soak.samples.last, let base = soak.samples.first(where: { $0.virtualHours >= warmUp }) else { return 1 }
        let seconds = Int((MonotonicClock().now - start).rounded())
        print("RESULT U4 steps=\(soak.steps) virtual_hours=\(Int(hours.rounded())) rss_growth_kib=\(last.residentKiB - base.residentKiB) heap_growth_kib=\(last.heapKiB - base.heapKiB) views=\(base.views)->\(last.views) warm_up_hours=\(warmUp) busy=\(busy) seconds=\(seconds) seed=\(seed)")
        let rssGrowth = last.residentKiB - base.residentKiB, heapGrowth = last.heapKiB - base.heapKiB
        if let limit = maximumGrowthKiB, rssGrowth > limit || heapGrowth > limit {
            print("FAIL U4: after the warm-up the resident size grew \(rssGrowth) KiB and the heap \(heapGrowth) KiB, more than \(limit) KiB")
            return 1
        }
        return 0
    }
}
