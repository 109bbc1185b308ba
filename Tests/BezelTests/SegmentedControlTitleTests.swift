import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 33's bug: a segmented control drew its selected title in hard-coded white (unreadable
/// on a light tint); UIKit's `setTitleTextAttributes(_:for:)` sets it, per state.
@MainActor
@Suite(.serialized, .fontsRegistered) struct SegmentedControlTitleTests {
    @Test func theTitlesTakeTheirStatesAttributes() throws {
        let screen = ViewController()
        let harness = try AppHarness(rootViewController: screen)
        screen.view.backgroundColor = .white
        let sizes = SegmentedControl(frame: Rect(x: 20, y: 20, width: 300, height: 44), items: ["Small", "Large"])
        sizes.tintColor = Color(rgb: 0xFFD60A)   // a light yellow tint
        sizes.selectedSegmentIndex = 0
        screen.view.addSubview(sizes)
        // The darkest pixel of the selected segment (its title over the yellow fill).
        func darkestInSelected() -> Double {
            _ = harness.render()
            var least = 1.0
            for y in 30..<54 { for x in 40..<150 {
                let p = harness.display.cache.pixel(x: x, y: y) ?? 0
                least = min(least, Double((p >> 16) & 0xFF) / 255 * 0.3 + Double((p >> 8) & 0xFF) / 255 * 0.59 + Double(p & 0xFF) / 255 * 0.11)
            } }
            return least
        }
        #expect(darkestInSelected() > 0.75, "white on yellow: nothing dark by default")
        sizes.setTitleTextAttributes(TextAttributes(foregroundColor: .black), for: .selected)
        #expect(sizes.titleTextAttributes(for: .selected)?.foregroundColor == .black)
        #expect(darkestInSelected() < 0.2, "black on yellow, as set")
        sizes.setTitleTextAttributes(TextAttributes(weight: .bold), for: .normal)
        #expect(darkestInSelected() < 0.2, "the selected state's colour over the normal state's weight")
        sizes.setTitleTextAttributes(nil, for: .selected)
        #expect(darkestInSelected() > 0.75)
    }
}
