import Bezel
import BezelCairo
import BezelDemoApp
import BezelTesting
import CProcess
#if canImport(Glibc)
import Glibc
#endif

/// The demo under random use on the virtual clock (issue 37 U4 and item 14): taps anywhere
/// (most on buttons, tiles, rows and fields), drags, pinches, keys, screens opened and left,
/// short and long idle stretches, a frame drawn after each; the process's resident size and
/// the heap in use sampled every virtual quarter hour. After a warm-up both must stay flat.
@MainActor
public final class DemoSoak {
    public struct Sample: Sendable {
        public let virtualHours: Double
        public let steps: Int
        public let residentKiB: Int
        /// Bytes malloc has handed out and not had back (mallinfo2's uordblks), in KiB.
        public let heapKiB: Int
        /// Views in the window's tree.
        public let views: Int
    }

    var random: SplitMix64
    let harness: AppHarness
    let demo: DemoApp
    public private(set) var samples: [Sample] = []
    public private(set) var steps = 0
    let screens = ["Gestures", "List", "Settings", "Motion", "Form", "Charts"]

    /// Busy: the waits between actions are a frame or a few (about 7,000 actions a virtual
    /// hour instead of 3,300), a kiosk at a queue's head all day.
    let busy: Bool

    public init(seed: UInt64, busy: Bool = false) throws {
        random = SplitMix64(seed: seed)
        self.busy = busy
        var made: DemoApp?
        harness = try AppHarness(size: Size(width: 800, height: 480)) { application in
            let demo = DemoApp(application: application, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 })
            made = demo
            return demo.window
        }
        demo = made!
        demo.log = { _ in }
        Diagnostics.handler = { _ in }
    }

    private var virtualSeconds: Double { harness.clock.now }

    /// Runs until `hours` of virtual time have passed, sampling every quarter hour.
    public func run(hours: Double, progress: (Sample) -> Void = { _ in }) {
        let start = virtualSeconds
        var nextSample = start
        while virtualSeconds - start < hours * 3600 {
            if virtualSeconds >= nextSample {
                let sample = self.sample(hours: (virtualSeconds - start) / 3600)
                samples.append(sample)
                progress(sample)
                nextSample += 900
            }
            step()
            steps += 1
        }
        samples.append(sample(hours: (virtualSeconds - start) / 3600))
    }

    private func sample(hours: Double) -> Sample {
        Sample(virtualHours: hours, steps: steps, residentKiB: ProcessStatistics.residentSetKiB() ?? 0,
               heapKiB: Self.heapInUseKiB(), views: Self.count(demo.window))
    }

    private static func count(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }

    static func heapInUseKiB() -> Int { Int(bezel_heap_in_use() / 1024) }

    /// A point on something that reacts, most of the time; anywhere otherwise.
    private func target() -> Point {
        if Int.random(in: 0..<4, using: &random) > 0, let view = interactiveViews().randomElement(using: &random) {
            return harness.center(of: view)
        }
        return Point(x: .random(in: 0...800, using: &random), y: .random(in: 0...480, using: &random))
    }

    private func interactiveViews() -> [View] {
        var found: [View] = []
        func walk(_ view: View) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if view is Control || view is TableViewCell || view is TextField { found.append(view) }
            for subview in view.subviews { walk(subview) }
        }
        walk(demo.window)
        return found
    }

    private func step() {
        switch Int.random(in: 0..<1000, using: &random) {
        case 0..<400:
            harness.tap(at: target())
        case 400..<520:
            let start = target()
            harness.drag(from: start, to: Point(x: start.x + .random(in: -300...300, using: &random), y: start.y + .random(in: -300...300, using: &random)),
                         steps: Int.random(in: 3...12, using: &random))
        case 520..<550:
            harness.pinch(center: target(), from: .random(in: 40...120, using: &random), to: .random(in: 40...200, using: &random))
        case 550..<620:
            harness.press([Press.Key.tab, .enter, .backspace, .space, .leftArrow, .escape].randomElement(using: &random)!)
        case 620..<700:
            demo.open(screens.randomElement(using: &random)!)
        case 700..<750:
            _ = demo.navigation.popViewController(animated: Bool.random(using: &random))
        case 750..<998:
            harness.wait((busy ? [0.016, 0.05, 0.1] : [0.1, 0.3, 0.5, 1, 2]).randomElement(using: &random)!)
        case 998 where busy:
            harness.wait(1)
        default:
            // A customer walks away: a long idle stretch (the idle screen's and the clock's
            // timers run; the minute clock redraws).
            harness.wait([60, 300, 900].randomElement(using: &random)!)
        }
        _ = harness.render()
    }
}
