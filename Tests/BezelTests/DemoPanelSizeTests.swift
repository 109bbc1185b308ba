import Testing
import BezelDemoApp
import BezelTesting
@testable import Bezel

/// Issue 30 item 8: the demo's screens, laid out with constraints, on the three panel sizes
/// kiosks ship with. 800 x 480 is the tour's goldens (`demo-01-home`...: unchanged by the
/// move to constraints); 1024 x 600 and 1280 x 800 have goldens of their own, and every
/// screen's views must stay on the panel, none overlapping the next.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DemoPanelSizeTests {
    nonisolated static let sizes = [Size(width: 1024, height: 600), Size(width: 1280, height: 800)]
    static let screens = ["Gestures", "List", "Settings", "Motion", "Form", "Charts"]

    private func harness(_ size: Size) throws -> (AppHarness, DemoApp) {
        var made: DemoApp?
        let harness = try AppHarness(size: size) { application in
            let demo = DemoApp(application: application, size: size, timeOfDay: { 9 * 3600 + 41 * 60 })
            made = demo
            return demo.window
        }
        let demo = try #require(made)
        demo.log = { _ in }
        return (harness, demo)
    }

    @Test(arguments: sizes) func everyScreenFitsThePanel(size: Size) throws {
        let (app, demo) = try harness(size)
        let name = "demo-\(Int(size.width))x\(Int(size.height))"
        app.wait(0.5)
        try app.expectSnapshot(named: "\(name)-home")
        // Home: the grid reaches across, the switch keeps to the bottom right.
        #expect(demo.home.grid.frame.width == size.width)
        #expect(demo.home.toggle.frame.maxX == size.width - 40)
        #expect(demo.home.tiles.count == 24 && demo.home.tiles.allSatisfy { $0.window != nil })
        for screen in Self.screens {
            demo.open(screen)
            app.wait(1)
            let top = try #require(demo.navigation.topViewController)
            #expect(top.title == screen)
            try app.expectSnapshot(named: "\(name)-\(screen.lowercased())")
            // Nothing laid out by constraints leaves the screen or overlaps a sibling.
            let root = top.view
            let placed = root.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints && !$0.isHidden }
            for view in placed {
                #expect(root.bounds.contains(view.frame), "\(screen): \(view.debugName) at \(view.frame) in \(root.bounds)")
                #expect(!view.hasAmbiguousLayout, "\(screen): \(view.debugName) is ambiguous")
            }
            for (i, a) in placed.enumerated() {
                for b in placed[(i + 1)...] where a.frame.intersects(b.frame) {
                    Issue.record("\(screen): \(a.debugName) \(a.frame) overlaps \(b.debugName) \(b.frame)")
                }
            }
            _ = demo.navigation.popViewController(animated: false)
            app.wait(0.5)
        }
        // The controls that stretch do: Settings' sliders, the chart.
        #expect(demo.settings.brightness.frame.width > 360)
        #expect(demo.charts.chart.frame.width > 504)
        #expect(demo.motion.drawer.frame.maxX == size.width - 20)
        #expect(demo.motion.drawer.frame.minY == demo.motion.view.bounds.height - MotionViewController.drawerPeek, "closed, it peeks")
    }
}
