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

    final class Rows: ViewController, TableViewDataSource {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 420))
        override func viewDidLoad() {
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = self
            view.addSubview(table)
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 40 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "Row \(indexPath.row)"
            return cell
        }
    }

    @Test func tableRowsGrowWithTheTextUnlessTheAppGaveTheirHeight() throws {
        defer { ContentSizeCategory.current = .large }
        let screen = Rows()
        let harness = try AppHarness(rootViewController: screen)
        harness.render()
        #expect(screen.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 44)
        harness.application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        harness.render()
        // Body at 53 pt: its line (1.25 x) and UIKit's 11 pt above and below, whole points up.
        let grown = (53 * 1.25 + 22).rounded(.up)
        #expect(screen.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == grown)
        let cells = Array(screen.table.cellsOnScreen.values)
        #expect(!cells.isEmpty && cells.allSatisfy { $0.textLabel.style.size == 53 && $0.frame.height == grown }, "\(cells.map(\.frame.height))")
        #expect(cells.allSatisfy { $0.textLabel.frame.height <= $0.bounds.height }, "the text fits its row")
        // Scrolled down, cells that waited in the reuse pool through the change come out at the new size.
        screen.table.contentOffset = Point(x: 0, y: 2000)
        harness.render()
        #expect(screen.table.cellsOnScreen.values.allSatisfy { $0.textLabel.style.size == 53 })
        // Back to the default: 44 again. A height the app gives is kept at every size.
        harness.application.preferredContentSizeCategory = .large
        harness.render()
        #expect(screen.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 44)
        screen.table.rowHeight = 60
        harness.application.preferredContentSizeCategory = .accessibilityLarge
        harness.render()
        #expect(screen.table.rowHeight == 60 && screen.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 60)
    }

    @Test func aSubtitleCellNeedsBothLines() {
        defer { ContentSizeCategory.current = .large }
        ContentSizeCategory.current = .accessibilityMedium
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel.text = "Zurich HB"
        #expect(cell.standardFittingHeight == 57, "one line of 28 pt without a detail: \(cell.standardFittingHeight)")
        cell.detailTextLabel?.text = "Platform 7"
        #expect(cell.standardFittingHeight == (28 * 1.25 + 23 * 1.25 + 22).rounded(.up))
    }

    @Test func anAlertGrowsStacksItsButtonsAndScrollsItsTextAtTheLargestSize() throws {
        defer { ContentSizeCategory.current = .large }
        let root = ViewController()
        let harness = try AppHarness(rootViewController: root)
        func present(_ message: String) -> AlertController {
            let alert = AlertController(title: "Your ticket", message: message, preferredStyle: .alert)
            alert.addAction(AlertAction(title: "Cancel", style: .cancel))
            alert.addAction(AlertAction(title: "Buy", style: .default))
            root.present(alert, animated: false)
            harness.render()
            return alert
        }
        let small = present("Zone 1, valid 90 minutes.")
        let buttons = { (alert: AlertController) in alert.view.descendants(ofType: Button.self) }
        #expect(buttons(small).map(\.frame.height) == [56, 56] && buttons(small)[0].frame.minY == buttons(small)[1].frame.minY, "side by side at the default size")
        small.dismiss(animated: false)
        harness.render()
        harness.application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        let big = present(String(repeating: "Zone 1, valid 90 minutes. ", count: 8))
        let stacked = buttons(big)
        // Body's 20 pt grows to 62 (53/17); the button holds its line and 31 pt.
        #expect(stacked.allSatisfy { $0.titleStyle.size == 20 * 53 / 17 && $0.frame.height == (20 * 53 / 17 * 1.25 + 31).rounded(.up) })
        #expect(stacked.count == 2 && stacked[0].frame.minY < stacked[1].frame.minY, "stacked at an accessibility size")
        #expect(big.view.frame.width == min(600, 800 - 40), "wider: \(big.view.frame)")
        let scroller = try #require(big.view.descendants(ofType: ScrollView.self).first { $0.name == "alertText" }, "the text scrolls")
        #expect(scroller.contentSize.height > scroller.bounds.height && big.view.frame.maxY <= 480, "\(scroller.contentSize) in \(scroller.bounds), alert \(big.view.frame)")
        // The buttons stay on screen, under the text.
        #expect(stacked.allSatisfy { $0.convert($0.bounds, to: nil).maxY <= 480 })
    }

    @Test func barsAndTheKeyboardGrowTheirTextUpToWhatTheyHold() throws {
        defer { ContentSizeCategory.current = .large }
        let first = ViewController(), second = ViewController()
        first.title = "Home"
        second.title = "Tickets"
        first.navigationItem.rightBarButtonItem = BarButtonItem(title: "Help", primaryAction: { _ in })
        let navigation = NavigationController(rootViewController: first)
        let harness = try AppHarness(rootViewController: navigation)
        navigation.pushViewController(second, animated: false)
        harness.render()
        let bar = navigation.navigationBar
        #expect(bar.titleLabel.style.size == 28 && bar.backButton.titleStyle.size == 18)
        harness.application.preferredContentSizeCategory = .extraExtraExtraLarge
        harness.render()
        // Headline 17 -> 23: 28 x 23/17 = 37.9, over the 36 pt a 60 pt bar holds.
        #expect(bar.titleLabel.style.size == 36 && bar.frame.height == NavigationBar.height)
        #expect(bar.backButton.titleStyle.size == min(27, 18.0 * (23.0 / 17)))
        navigation.popViewController(animated: false)
        harness.render()
        let help = try #require(bar.descendants(ofType: Button.self).first { $0.title == "Help" })
        #expect(help.titleStyle.size == 18.0 * (23.0 / 17), "a bar button item's title, within the 27 pt: \(help.titleStyle.size)")
        harness.application.preferredContentSizeCategory = .large
        harness.render()
        #expect(bar.titleLabel.style.size == 28)
        // The keyboard's letters: half the key's row at the default size, growing as body does
        // (19/17 at extra large), no more than 70 % of the row at the largest.
        let keyboard = KeyboardView(frame: Rect(x: 0, y: 200, width: 800, height: 280))
        keyboard.layoutIfNeeded()
        let q = try #require(keyboard.keys.first { $0.label == "q" })
        let row = 50.0
        #expect(keyboard.labelStyle(q, rowHeight: row).size == 25)
        harness.application.preferredContentSizeCategory = .extraLarge
        #expect(keyboard.labelStyle(q, rowHeight: row).size == 25.0 * (19.0 / 17))
        harness.application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        #expect(keyboard.labelStyle(q, rowHeight: row).size == 35)
    }
}

extension View {
    /// Every view under this one of `type`, depth first.
    func descendants<T: View>(ofType type: T.Type) -> [T] {
        subviews.flatMap { ($0 as? T).map { [$0] } ?? [] + $0.descendants(ofType: type) }
    }
}
