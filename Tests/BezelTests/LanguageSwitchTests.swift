import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// The language switched at run time (issue 31 item 2): text given as a localized resource
/// (labels, buttons, placeholders, controller and navigation titles, bar-button and tab
/// items, alerts, table headers) resolved again on a live screen, one layout pass, the
/// change heard in `traitCollectionDidChange` with the language and direction; a window's
/// own languages beside the application's.
@MainActor
@Suite(.serialized, .fontsRegistered) struct LanguageSwitchTests {
    final class Screen: ViewController, TableViewDataSource {
        let label = Label(frame: Rect(x: 20, y: 80, width: 300, height: 30))
        let button = Button(frame: Rect(x: 20, y: 120, width: 200, height: 44))
        let field = TextField(frame: Rect(x: 20, y: 170, width: 300, height: 40))
        let table = TableView(frame: Rect(x: 340, y: 80, width: 300, height: 300))
        var heard: [TraitCollection] = []
        var layoutPasses = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            label.localizedText = "Buy"
            button.localizedTitle = "Cancel"
            field.localizedPlaceholder = "Search stops"
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = self
            for subview in [label, button, field, table] as [View] { view.addSubview(subview) }
            localizedTitle = "Tickets"
            navigationItem.rightBarButtonItem = BarButtonItem(title: nil, style: .plain, target: nil, action: nil)
            navigationItem.rightBarButtonItem?.localizedTitle = "Settings"
        }

        override func viewDidLayoutSubviews() { layoutPasses += 1 }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            if let previousTraitCollection { heard.append(previousTraitCollection) }
        }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = String(localized: "\(2) tickets")
            return cell
        }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { String(localized: "Departures") }
    }

    func withFixtures(_ languages: [String], _ body: () throws -> Void) rethrows {
        let saved = (Localization.source, Localization.preferredLanguages, Localization.pluralRules)
        defer { Localization.source = saved.0; Localization.preferredLanguages = saved.1; Localization.pluralRules = saved.2 }
        Localization.source = LocalizedStringTests.fixtures
        Localization.pluralRules = ICUPluralRules()
        Localization.preferredLanguages = languages
        try body()
    }

    func texts(_ screen: Screen, _ navigation: NavigationController) -> [String?] {
        [screen.label.text, screen.button.title, screen.field.placeholder, navigation.navigationBar.titleLabel.text,
         (navigation.navigationBar.itemViewsShown.first as? Button)?.title,
         (screen.table.headerView(forSection: 0) as? TableViewHeaderFooterView)?.textLabel.text, screen.table.cellsOnScreen.first?.value.textLabel.text]
    }

    @Test func aLiveScreenSwitchesEveryLocalizedTextWithOneLayoutPass() throws {
        try withFixtures(["en"]) {
            let screen = Screen()
            let navigation = NavigationController(rootViewController: screen)
            let harness = try AppHarness(rootViewController: navigation)
            #expect(texts(screen, navigation) == ["Buy", "Cancel", "Search stops", "Tickets", "Settings", "Departures", "2 tickets"])
            let passes = screen.layoutPasses
            harness.application.preferredLanguages = ["de-CH"]
            _ = harness.render()
            #expect(texts(screen, navigation) == ["Kaufen", "Abbrechen", "Haltestelle suchen", "Fahrkarten", "Einstellungen", "Abfahrten", "2 Fahrkarten"])
            #expect(screen.layoutPasses == passes + 1)
            #expect(screen.heard.map(\.language) == ["en"])
            #expect(screen.traitCollection.language == "de")
            #expect(screen.traitCollection.layoutDirection == .leftToRight)

            harness.application.preferredLanguages = ["ar"]
            _ = harness.render()
            #expect(texts(screen, navigation) == ["شراء", "Cancel", "ابحث عن محطة", "التذاكر", "الإعدادات", "المغادرة", "تذكرتان"])
            #expect(screen.heard.map(\.language) == ["en", "de"])
            #expect(screen.traitCollection.layoutDirection == .rightToLeft)
            #expect(screen.view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(screen.label.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            screen.label.semanticContentAttribute = .playback
            #expect(screen.label.effectiveUserInterfaceLayoutDirection == .leftToRight)

            // A text set directly is the app's from then on: a switch leaves it.
            screen.label.text = "Fixed"
            harness.application.preferredLanguages = ["ja"]
            #expect(screen.label.text == "Fixed")
            #expect(screen.button.title == "Cancel")  // no Japanese text: the development language's
        }
    }

    @Test func anAlertThatIsUpFollowsTheSwitch() throws {
        try withFixtures(["en"]) {
            let screen = Screen()
            let harness = try AppHarness(rootViewController: screen)
            let alert = AlertController(localizedTitle: "Really cancel?", localizedMessage: nil, preferredStyle: .alert)
            alert.addAction(AlertAction(localizedTitle: "Cancel", style: .cancel))
            alert.addAction(AlertAction(localizedTitle: "Buy", style: .default))
            screen.present(alert, animated: false)
            _ = harness.render()
            @MainActor func shown() -> [String] {
                var found: [String] = []
                var pending: [View] = [alert.view]
                while let view = pending.popLast() {
                    if let label = view as? Label, view.superview is Button == false, let text = label.text { found.append(text) }
                    if let button = view as? Button, let title = button.title { found.append(title) }
                    pending.append(contentsOf: view.subviews.reversed())
                }
                return found
            }
            #expect(shown() == ["Really cancel?", "Cancel", "Buy"])
            harness.application.preferredLanguages = ["de"]
            _ = harness.render()
            #expect(shown() == ["Wirklich abbrechen?", "Abbrechen", "Kaufen"])
            #expect(alert.actions.map(\.title) == ["Abbrechen", "Kaufen"])
            // Arabic: the two buttons change sides (cancel at the right).
            let cancel = try #require(alert.actions[0].button), buy = try #require(alert.actions[1].button)
            #expect(cancel.frame.minX < buy.frame.minX)
            harness.application.preferredLanguages = ["ar"]
            _ = harness.render()
            let cancelAr = try #require(alert.actions[0].button), buyAr = try #require(alert.actions[1].button)
            #expect(cancelAr.frame.minX > buyAr.frame.minX)
            #expect(cancelAr.title == "Cancel" && buyAr.title == "شراء")
        }
    }

    @Test func aWindowsOwnLanguagesBesideTheApplications() throws {
        try withFixtures(["de"]) {
            let staff = Screen(), customer = Screen()
            let harness = try AppHarness(rootViewController: staff)
            let second = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: harness.application)
            second.rootViewController = customer
            second.overridePreferredLanguages = ["ja"]
            second.isHidden = false
            #expect(staff.label.text == "Kaufen")
            #expect(customer.label.text == "購入")
            #expect(customer.title == "切符")
            #expect(customer.heard.map(\.language) == ["de"])  // loaded in the application's language, then the window's
            harness.application.preferredLanguages = ["ar"]
            #expect(staff.label.text == "شراء")
            #expect(customer.label.text == "購入")
            #expect(customer.heard.count == 1)  // the application's switch does not reach it
            // A view moved from the customer's window into the staff's takes the staff's language.
            let moved = Label()
            moved.localizedText = "Buy"
            customer.view.addSubview(moved)
            #expect(moved.text == "購入")
            staff.view.addSubview(moved)
            #expect(moved.text == "شراء")
            second.overridePreferredLanguages = nil
            #expect(customer.label.text == "شراء")
            #expect(customer.heard.map(\.language) == ["de", "ja"])
        }
    }

    /// A controller's own languages (set before its view loads, and changed while shown).
    @Test func aControllersOwnLanguagesGoToItsScreen() throws {
        try withFixtures(["de"]) {
            let customer = Screen()
            customer.overridePreferredLanguages = ["ar"]
            let harness = try AppHarness(rootViewController: customer)
            _ = harness.render()
            #expect(customer.label.text == "شراء" && customer.view.effectivePreferredLanguages == ["ar"])
            #expect(customer.label.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            customer.overridePreferredLanguages = ["ja"]
            #expect(customer.label.text == "購入" && customer.traitCollection.language == "ja")
            customer.overridePreferredLanguages = nil
            #expect(customer.label.text == "Kaufen")
        }
    }

    @Test func aScreenAwayDuringTheSwitchHearsItWhenItComesBack() throws {
        try withFixtures(["en"]) {
            let first = Screen(), second = Screen()
            let navigation = NavigationController(rootViewController: first)
            let harness = try AppHarness(rootViewController: navigation)
            navigation.pushViewController(second, animated: false)
            _ = harness.render()
            #expect(first.view.window == nil)
            harness.application.preferredLanguages = ["de"]
            #expect(first.heard.isEmpty)
            #expect(first.label.text == "Kaufen", "its localized text followed while it was away")
            navigation.popViewController(animated: false)
            _ = harness.render()
            #expect(first.heard.map(\.language) == ["en"], "told once, on its way back")
            #expect(second.heard.map(\.language) == ["en"])
        }
    }

    @Test func pushesComeFromTheLeftInARightToLeftLanguage() throws {
        try withFixtures(["ar"]) {
            let first = ViewController(), second = ViewController()
            let navigation = NavigationController(rootViewController: first)
            let harness = try AppHarness(rootViewController: navigation)
            navigation.pushViewController(second, animated: true)
            harness.wait(0.1)
            let x = second.view.presentation.frame.minX
            #expect(x < 0, "the new page comes in from the left: x \(x)")
            #expect(first.view.presentation.frame.minX > 0, "the page below moves right")
            harness.wait(1)
            #expect(second.view.frame.minX == 0)
            navigation.popViewController(animated: true)
            harness.wait(0.1)
            #expect(second.view.presentation.frame.minX < 0, "a pop leaves to the left")
            harness.wait(1)
        }
    }

    @Test func bezelsOwnStringsFollowTheLanguage() throws {
        try withFixtures(["en"]) {
            let first = ViewController(), second = ViewController()
            let navigation = NavigationController(rootViewController: first)
            let harness = try AppHarness(rootViewController: navigation)
            navigation.pushViewController(second, animated: false)
            _ = harness.render()
            #expect(navigation.navigationBar.backButton.title == "‹ Back")
            let keyboard = KeyboardView(frame: Rect(x: 0, y: 200, width: 800, height: 280))
            second.view.addSubview(keyboard)
            keyboard.layoutIfNeeded()
            #expect(keyboard.keys.contains { $0.label == "space" })
            harness.application.preferredLanguages = ["de"]
            _ = harness.render()
            #expect(navigation.navigationBar.backButton.title == "‹ Zurück")
            #expect(keyboard.keys.contains { $0.label == "Leerzeichen" })
            // Right to left: the back button on the right, its chevron pointing right.
            harness.application.preferredLanguages = ["ar"]
            _ = harness.render()
            let bar = navigation.navigationBar
            #expect(bar.backButton.title == "› رجوع")
            #expect(bar.backButton.frame.maxX == bar.bounds.width - NavigationBar.itemSpacing)
            harness.application.preferredLanguages = ["de"]
            _ = harness.render()
            #expect(bar.backButton.frame.minX == NavigationBar.itemSpacing)
            #expect(Localization.bezelString("Delete", language: "ja") == "削除")
            #expect(Localization.bezelString("Select All", language: "zh-Hans-CN") == "全选")
            #expect(Localization.bezelString("Delete", language: "ko") == "Delete")  // no Korean: English
        }
    }

    @Test func rightToLeftLanguagesAndScripts() {
        for language in ["ar", "he", "fa", "ur", "ar-EG", "pa-Arab", "yi", "ckb"] { #expect(Localization.layoutDirection(of: language) == .rightToLeft, "\(language)") }
        for language in ["en", "de", "ja", "zh-Hans", "az-Latn", "tr", "ku"] { #expect(Localization.layoutDirection(of: language) == .leftToRight, "\(language)") }
        #expect(View.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        let view = View()
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 1, leading: 20, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == EdgeInsets(top: 1, left: 20, bottom: 3, right: 4))
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.directionalLayoutMargins == DirectionalEdgeInsets(top: 1, leading: 4, bottom: 3, trailing: 20))
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 1, leading: 20, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == EdgeInsets(top: 1, left: 4, bottom: 3, right: 20))
        #expect(View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
    }
}
