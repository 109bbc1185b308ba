import Testing
@testable import Bezel
import BezelTesting

/// Reduced motion (issue 29 item 4, begun): with `isReduceMotionEnabled` a push and a pop
/// cross-fade in place and a presentation dissolves instead of sliding up; the life cycle is
/// the same.
@MainActor
@Suite(.serialized) struct ReducedMotionTests {
    @Test func pushesAndPresentationsFadeInPlace() throws {
        let first = ViewController(), second = ViewController(), sheet = ViewController()
        let navigation = NavigationController(rootViewController: first)
        let harness = try AppHarness(rootViewController: navigation)
        var heard = 0
        let token = harness.application.notificationCenter.addObserver(forName: Application.accessibilitySettingsDidChangeNotification, using: { _ in heard += 1 })
        harness.application.isReduceMotionEnabled = true
        #expect(heard == 1)
        navigation.pushViewController(second, animated: true)
        harness.wait(NavigationController.transitionDuration / 2)
        let x = second.view.presentation.frame.origin.x, alpha = second.view.presentation.alpha
        #expect(x == 0 && alpha > 0.05 && alpha < 0.95, "in place, fading in: x \(x), alpha \(alpha)")
        harness.wait(1)
        #expect(navigation.topViewController === second && second.view.alpha == 1 && first.viewIfLoaded?.window == nil)
        navigation.popViewController(animated: true)
        harness.wait(NavigationController.transitionDuration / 2)
        #expect(second.view.presentation.frame.origin.x == 0 && second.view.presentation.alpha < 0.95)
        harness.wait(1)
        #expect(navigation.topViewController === first && second.view.alpha == 1, "its alpha given back")

        navigation.present(sheet, animated: true)
        harness.wait(0.1)
        #expect(sheet.view.presentation.frame.origin.y == 0 && sheet.view.presentation.alpha < 0.95, "dissolves, does not slide up")
        harness.wait(1)
        #expect(navigation.presentedViewController === sheet && sheet.view.alpha == 1)
        harness.application.isReduceMotionEnabled = false
        sheet.dismiss(animated: true)
        harness.wait(0.1)
        #expect(sheet.view.presentation.frame.origin.y > 0, "with motion again: it slides down")
        harness.application.notificationCenter.removeObserver(token)
    }
}
