import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 33's bug: a segmented control drew its selected title in hard-coded white (unreadable
/// on a light tint); UIKit's `setTitleTextAttributes(_:for:)` sets it, per state. Since the
/// iOS 13 look the default title is the label colour on a white selection, whatever the tint.
@MainActor
@Suite(.serialized, .fontsRegistered) struct SegmentedControlTitleTests {
    @Test func theTitlesTakeTheirStatesAttributes() throws {
        let screen = ViewController()
        let harness = try AppHarness(rootViewController: screen)
        screen.view.backgroundColor = .white
        let sizes = SegmentedControl(frame: Rect(x: 20, y: 20, width: 300, height: 44), items: ["Small", "Large"])
        sizes.tintColor = Color(rgb: 0xFFD60A)   // a light yellow tint: iOS 13's control ignores it
        sizes.selectedSegmentIndex = 0
        screen.view.addSubview(sizes)
        // The darkest and the lightest pixel of the selected segment (its title on the pill).
        func inSelected() -> (darkest: Double, lightest: Double) {
            _ = harness.render()
            var least = 1.0, most = 0.0
            for y in 30..<54 { for x in 40..<150 {
                let p = harness.display.cache.pixel(x: x, y: y) ?? 0
                let luma = Double((p >> 16) & 0xFF) / 255 * 0.3 + Double((p >> 8) & 0xFF) / 255 * 0.59 + Double(p & 0xFF) / 255 * 0.11
                least = min(least, luma)
                most = max(most, luma)
            } }
            return (least, most)
        }
        #expect(inSelected().darkest < 0.2 && inSelected().lightest > 0.95, "the label colour on the white pill by default")
        sizes.setTitleTextAttributes(TextAttributes(foregroundColor: .white), for: .selected)
        #expect(sizes.titleTextAttributes(for: .selected)?.foregroundColor == .white)
        sizes.selectedSegmentTintColor = Color(rgb: 0x1C1C1E)
        #expect(inSelected().lightest > 0.9 && inSelected().darkest < 0.15, "white on the dark selection, as set")
        sizes.setTitleTextAttributes(TextAttributes(weight: .bold), for: .normal)
        #expect(inSelected().lightest > 0.9, "the selected state's colour over the normal state's weight")
        sizes.setTitleTextAttributes(nil, for: .selected)
        sizes.selectedSegmentTintColor = nil
        #expect(inSelected().darkest < 0.2 && inSelected().lightest > 0.95)
    }
}
