import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Larger text (issue 29 item 3, begun): UIKit's content size categories and text styles,
/// labels, buttons, fields and standard cells that adjust, `FontMetrics`, and a change at run
/// time heard in `traitCollectionDidChange` with the screen laid out again.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ContentSizeTests {
    final class Screen: ViewController {
        let title_ = Label(style: .preferred(forTextStyle: .title1))
        let fixed = Label(style: TextStyle(size: 17))
        let pay = Button()
        var heard: [ContentSizeCategory] = []
        override func viewDidLoad() {
            title_.text = "Tickets"
            title_.adjustsFontForContentSizeCategory = true
            fixed.text = "Fixed"
            pay.title = "Pay"
            pay.titleStyle = .preferred(forTextStyle: .headline)
            pay.adjustsFontForContentSizeCategory = true
            for view in [title_, fixed, pay] as [View] { self.view.addSubview(view) }
        }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            if let previous = previousTraitCollection?.preferredContentSizeCategory, previous != traitCollection.preferredContentSizeCategory {
                heard.append(previous)
            }
        }
    }

    @Test func theTextStylesHaveAppleSizesAtEveryCategory() {
        #expect(FontTextStyle.allCases.map { $0.size(at: .large) } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(FontTextStyle.body.size(at: .extraSmall) == 14 && FontTextStyle.body.size(at: .accessibilityExtraExtraExtraLarge) == 53)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        let headline = TextStyle.preferred(forTextStyle: .headline)
        #expect(headline.size == 17 && headline.weight == .semibold && headline.fontTextStyle == .headline)
        #expect(TextStyle.preferred(forTextStyle: .body, compatibleWith: TraitCollection(preferredContentSizeCategory: .accessibilityLarge)).size == 33)
        #expect(FontMetrics(forTextStyle: .body).scaledValue(for: 34, compatibleWith: TraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)) == 46)
    }

    @Test func aChangeResizesWhatAdjustsLaysOutAndIsHeard() throws {
        defer { ContentSizeCategory.current = .large }
        let screen = Screen()
        let harness = try AppHarness(rootViewController: screen)
        let before = screen.title_.intrinsicContentSize.height
        harness.application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        #expect(screen.title_.style.size == 58 && screen.pay.titleStyle.size == 53 && screen.fixed.style.size == 17)
        #expect(screen.title_.intrinsicContentSize.height > before * 1.8, "laid out at its new size")
        #expect(screen.heard == [.large], "heard once, with the previous category")
        #expect(screen.view.traitCollection.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
        // A standard cell's labels follow too.
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        #expect(cell.textLabel.style.size == 53 && cell.detailTextLabel?.style.size == 44, "made at the current size")
        screen.view.addSubview(cell)
        harness.application.preferredContentSizeCategory = .large
        #expect(screen.title_.style.size == 28 && cell.textLabel.style.size == 17 && cell.detailTextLabel?.style.size == 13)
        #expect(screen.heard == [.large, .accessibilityExtraExtraExtraLarge])
    }
}
