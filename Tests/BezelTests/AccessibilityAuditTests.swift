import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting
import BezelDemoApp

/// The accessibility audit (issue 29 item 6): a deliberately bad screen fails it in each way
/// it checks, fixed it passes, and so does every screen of the demo.
@MainActor
@Suite(.serialized, .fontsRegistered) struct AccessibilityAuditTests {
    @Test func aBadScreenFailsInEveryWayTheAuditChecks() throws {
        let screen = ViewController()
        let harness = try AppHarness(rootViewController: screen)
        screen.view.backgroundColor = Color(rgb: 0x808080)
        let gear = Button(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        gear.name = "gear"
        gear.image = try ImageBuffer(width: 24, height: 24).image()     // no title, an unlabeled image
        let faint = Label(frame: Rect(x: 20, y: 100, width: 300, height: 30), text: "Grey on grey",
                          style: TextStyle(size: 15, color: Color(rgb: 0x9A9A9A)))
        faint.name = "faint"
        let tiny = Button(frame: Rect(x: 20, y: 150, width: 20, height: 20))
        tiny.title = "x"
        tiny.name = "tiny"
        tiny.setTitleColor(.white, for: .normal)
        tiny.backgroundColor = .black
        let hidden = Switch(frame: Rect(x: 100, y: 150, width: 51, height: 31))
        hidden.name = "hiddenSwitch"
        hidden.accessibilityElementsHidden = true
        let wrapper = View(frame: Rect(x: 200, y: 150, width: 100, height: 60))
        wrapper.accessibilityElementsHidden = true
        let lost = Button(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        lost.title = "Lost"
        lost.name = "lost"
        lost.setTitleColor(.black, for: .normal)
        wrapper.addSubview(lost)
        // Text that grows with the text size, in a box of one line of the default size.
        let clipped = Label(frame: Rect(x: 20, y: 220, width: 300, height: 24), text: "Departures", style: .preferred(forTextStyle: .body))
        clipped.adjustsFontForContentSizeCategory = true
        clipped.name = "clipped"
        for view in [gear, faint, tiny, wrapper, clipped] as [View] { screen.view.addSubview(view) }
        let issues = harness.performAccessibilityAudit()
        #expect(issues.contains { $0.type == .sufficientElementDescription && $0.element == "gear" }, "\(issues)")
        #expect(issues.contains { $0.type == .contrast && $0.element == "faint" }, "\(issues)")
        #expect(issues.contains { $0.type == .hitRegion && $0.element == "tiny" && $0.message == "a 20x20 pt target, under 44 pt" }, "\(issues)")
        #expect(issues.contains { $0.type == .elementDetection && $0.element == "lost" }, "\(issues)")
        #expect(!issues.contains { $0.element == "faint" && $0.type != .contrast })
        let clip = issues.first { $0.type == .textClipped }
        #expect(clip?.element == "clipped" && clip?.message.hasSuffix("at the largest text size, it has 300x24") == true, "\(issues)")
        #expect(harness.application.preferredContentSizeCategory == .large && clipped.style.size == 17, "the size is put back")
        // Fixed: labelled, darker, bigger, reachable.
        gear.accessibilityLabel = "Settings"
        faint.textColor = .black
        tiny.frame.size = Size(width: 44, height: 44)
        wrapper.accessibilityElementsHidden = false
        clipped.frame.size.height = 80
        #expect(harness.performAccessibilityAudit().isEmpty, "\(harness.performAccessibilityAudit())")
    }

    @Test func aCoveringViewThatIsNotModalIsReported() throws {
        let harness = try AppHarness { app in
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
            window.addSubview(Label(frame: Rect(x: 10, y: 10, width: 200, height: 30), text: "Underneath"))
            let cover = View(frame: window.bounds)
            cover.name = "cover"
            cover.backgroundColor = .white
            cover.addSubview(Label(frame: Rect(x: 10, y: 100, width: 200, height: 30), text: "On top"))
            window.addSubview(cover)
            return window
        }
        #expect(harness.performAccessibilityAudit(for: .modal).map(\.element) == ["cover"])
        harness.view(named: "cover")?.accessibilityViewIsModal = true
        #expect(harness.performAccessibilityAudit(for: .modal).isEmpty)
    }

    /// Every screen of the demo passes (issue 29's bar): every element named, every target a
    /// fingertip's, every text legible, every control reachable, presentations modal.
    @Test func everyDemoScreenPassesTheAudit() throws {
        var demo: DemoApp?
        let harness = try AppHarness { app in
            app.preferredLanguages = ["en"]
            let made = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 })
            demo = made
            return made.window
        }
        let app = try #require(demo)
        // In the normal look and in high contrast.
        for contrast in [AccessibilityContrast.normal, .high] {
            harness.application.accessibilityContrast = contrast
            for screen in ["Home", "Gestures", "List", "Settings", "Motion", "Form", "Charts", "Accessibility"] {
                if screen != "Home" { app.open(screen); harness.wait(1) }
                let issues = harness.performAccessibilityAudit()
                #expect(issues.isEmpty, "\(screen) (\(contrast)): \(issues)")
                if screen != "Home" { app.navigation.popViewController(animated: false); harness.wait(0.1) }
            }
        }
        harness.application.accessibilityContrast = .normal
    }
}
