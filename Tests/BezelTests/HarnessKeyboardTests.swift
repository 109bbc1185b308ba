import Testing
import Bezel
import BezelTesting

/// Issue 33's BezelTesting: the on-screen keyboard reached from a test (`keyboard`,
/// `tapKey`, `type`), lookups that fail loudly, and bar-button and tab items found by their
/// identifiers whatever language their titles are in.
@MainActor
@Suite struct HarnessKeyboardTests {
    /// A screen with a text field, in a navigation controller with a bar-button item, in a tab.
    func harness() throws -> (AppHarness, TextField, BarButtonItem) {
        let screen = ViewController()
        screen.title = "Order"
        let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 44))
        field.name = "note"
        field.borderStyle = .roundedRect
        screen.view.addSubview(field)
        var tapped = 0
        let item = BarButtonItem(title: "Bestellen") { _ in tapped += 1 }
        item.accessibilityIdentifier = "order"
        screen.navigationItem.rightBarButtonItem = item
        let navigation = NavigationController(rootViewController: screen)
        navigation.tabBarItem.accessibilityIdentifier = "orders-tab"
        let other = ViewController()
        other.title = "Andere"
        other.tabBarItem.accessibilityIdentifier = "other-tab"
        let tabs = TabBarController()
        tabs.setViewControllers([navigation, other])
        let harness = try AppHarness(rootViewController: tabs)
        item.tag = 7
        _ = tapped
        return (harness, field, item)
    }

    @Test func aTestTypesOnTheOnScreenKeyboardKeyByKey() throws {
        let (app, field, _) = try harness()
        #expect(app.keyboard == nil)
        #expect(throws: AppHarnessError.self) { try app.type("x") }
        try app.tap(named: "note")
        app.wait(0.5)
        let keyboard = try #require(app.keyboard)
        #expect(keyboard.page == .letters)
        // Capitals through Shift (the field starts a sentence with one on its own), digits
        // and symbols on their pages, spaces.
        try app.type("Two flat whites, 2 @ 3.50 #7")
        #expect(field.text == "Two flat whites, 2 @ 3.50 #7")
        // A key that is nowhere: a clear error naming what the keyboard shows.
        do {
            try app.type("€✓")
            Issue.record("typing a character the keyboard lacks must throw")
        } catch let error as AppHarnessError {
            #expect("\(error)".contains("no key \"✓\""))
        }
        do {
            try app.tapKey("Retrun")
            Issue.record("a typo in a key's label must throw")
        } catch let error as AppHarnessError {
            #expect("\(error)".contains("Retrun") && "\(error)".contains("return"))
        }
    }

    @Test func barButtonAndTabItemsAreFoundByTheirIdentifiers() throws {
        let (app, _, item) = try harness()
        let button = try #require(app.view(identifiedBy: "order"))
        #expect((button as? Button)?.title == "Bestellen" && item.tag == 7)
        #expect(app.view(identifiedBy: "orders-tab") != nil && app.view(identifiedBy: "other-tab") != nil)
        try app.tap(named: "other-tab")
        app.wait(0.5)
        #expect(throws: AppHarnessError.self) { try app.requireView(named: "ordr") }
    }
}
