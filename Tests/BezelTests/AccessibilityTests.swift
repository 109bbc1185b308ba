import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 29 item 1: UIKit's accessibility API, with the built-in views' defaults as UIKit's,
/// the reading order the spoken mode will move through, escape, and notifications.
@MainActor
@Suite(.serialized, .fontsRegistered) struct AccessibilityTests {
    func describe(_ node: any AccessibilityNode) -> String {
        var traits: [String] = []
        let names: [(AccessibilityTraits, String)] = [(.button, "button"), (.link, "link"), (.image, "image"), (.selected, "selected"),
                                                      (.keyboardKey, "key"), (.staticText, "text"), (.notEnabled, "dimmed"),
                                                      (.updatesFrequently, "updates"), (.searchField, "search"), (.adjustable, "adjustable"),
                                                      (.header, "header"), (.tabBar, "tabBar")]
        for (trait, name) in names where node.accessibilityTraits.contains(trait) { traits.append(name) }
        return "\(node.accessibilityLabel ?? "-")|\(node.accessibilityValue ?? "-")|\(traits.joined(separator: ","))"
    }

    @Test func theBuiltInControlsAnswerAsUIKitsDo() {
        let label = Label(text: "Total")
        #expect(label.isAccessibilityElement && describe(label) == "Total|-|text")
        let pay = Button(frame: Rect(x: 0, y: 0, width: 80, height: 44))
        pay.title = "Pay"
        #expect(pay.isAccessibilityElement && describe(pay) == "Pay|-|button")
        pay.isEnabled = false
        pay.isSelected = true
        #expect(describe(pay) == "Pay|-|button,selected,dimmed")
        let gear = Button()
        let image = try? ImageBuffer(width: 4, height: 4).image()
        image?.accessibilityLabel = "Settings"
        gear.image = image
        #expect(gear.accessibilityLabel == "Settings", "an image-only button is named by its image")

        let toggle = Switch()
        #expect(describe(toggle) == "-|off|button")
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "on")

        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        slider.maximumValue = 10
        slider.value = 5
        var changes = 0
        slider.addAction(for: .valueChanged) { _, _ in changes += 1 }
        #expect(describe(slider) == "-|50%|adjustable")
        slider.accessibilityIncrement()
        #expect(slider.value == 6 && slider.accessibilityValue == "60%" && changes == 1)
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(slider.value == 4 && changes == 3)

        let stepper = Stepper()
        stepper.value = 3
        #expect(describe(stepper) == "-|3|adjustable")
        stepper.accessibilityIncrement()
        #expect(stepper.value == 4)

        let progress = ProgressView()
        progress.progress = 0.4
        #expect(describe(progress) == "-|40%|updates")
        let pages = PageControl()
        pages.numberOfPages = 5
        pages.currentPage = 1
        #expect(describe(pages) == "-|page 2 of 5|adjustable")
        pages.accessibilityIncrement()
        #expect(pages.currentPage == 2)

        let spinner = ActivityIndicatorView()
        #expect(!spinner.isAccessibilityElement, "stopped: not read")
        let picture = ImageView()
        #expect(!picture.isAccessibilityElement, "an image view is decoration unless made an element")
        picture.isAccessibilityElement = true
        #expect(picture.accessibilityTraits == .image)
    }

    @Test func segmentsAreElementsAndActivatingOneSelectsIt() {
        let segments = SegmentedControl(frame: Rect(x: 10, y: 20, width: 300, height: 40), items: ["Dark", "Light", "Auto"])
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 100), application: Application(clock: VirtualClock(), tracer: Tracer()))
        window.addSubview(segments)
        segments.selectedSegmentIndex = 0
        var changes = 0
        segments.addAction(for: .valueChanged) { _, _ in changes += 1 }
        let elements = segments.accessibilityElements ?? []
        #expect(elements.map(describe) == ["Dark|1 of 3|button,selected", "Light|2 of 3|button", "Auto|3 of 3|button"])
        #expect(elements.map(\.accessibilityFrame.minX) == [10, 110, 210])
        #expect(elements[2].accessibilityActivate() && segments.selectedSegmentIndex == 2 && changes == 1)
        segments.semanticContentAttribute = .forceRightToLeft
        #expect((segments.accessibilityElements ?? []).map(\.accessibilityFrame.minX) == [210, 110, 10], "the first at the right")
    }

    @Test func fieldsCellsBarsAndKeysAnswerToo() throws {
        let stage = try TypingStage()
        let name = stage.field(), pin = stage.field(Rect(x: 20, y: 80, width: 400, height: 40))
        name.placeholder = "Name"
        name.text = "Ada"
        pin.placeholder = "PIN"
        pin.isSecureTextEntry = true
        pin.text = "2468"
        #expect(describe(name) == "Name|Ada|" && describe(pin) == "PIN|••••|", "a secure field never gives its characters")

        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel.text = "Brightness"
        cell.detailTextLabel?.text = "80%"
        #expect(cell.isAccessibilityElement && describe(cell) == "Brightness, 80%|-|")
        cell.accessoryView = Switch()
        #expect(!cell.isAccessibilityElement, "a switch in the cell is an element of its own")
        let header = TableViewHeaderFooterView(reuseIdentifier: nil)
        header.textLabel.text = "Departures"
        #expect(describe(header) == "Departures|-|text,header")

        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 400, height: 60))
        let kiosk = ViewController(), list = ViewController()
        kiosk.title = "Kiosk"
        list.title = "List"
        bar.setItems(top: list.navigationItem, back: kiosk.navigationItem)
        #expect(bar.backButton.accessibilityLabel == "Kiosk" && bar.backButton.title == "‹ Kiosk", "spoken without the chevron")
        #expect(describe(bar.titleLabel) == "List|-|text,header")

        name.becomeFirstResponder()
        stage.settle()
        let keyboard = try #require(stage.keyboard)
        let keys = keyboard.accessibilityElements ?? []
        #expect(keys.prefix(3).map(describe) == ["q|-|key", "w|-|key", "e|-|key"])
        let names = keys.compactMap(\.accessibilityLabel)
        for expected in ["shift", "delete", "numbers", "space", "return", "hide keyboard"] where !names.contains(expected) {
            Issue.record("no key named \(expected): \(names)")
        }
        name.selectedRange = 3..<3
        #expect(keys[0].accessibilityActivate() && name.text == "Adaq", "activating a key types it")
        name.resignFirstResponder()
    }

    @Test func tabsAreSelectedButtonsWithTheirPosition() throws {
        let tabs = TabBarController()
        let first = ViewController(), second = ViewController()
        first.title = "Tickets"
        second.title = "Help"
        second.tabBarItem.badgeValue = "2"
        tabs.setViewControllers([first, second], animated: false)
        _ = try AppHarness(rootViewController: tabs)
        #expect(tabs.tabBar.accessibilityTraits == .tabBar)
        let buttons = tabs.tabBar.subviews.filter(\.isAccessibilityElement)
        #expect(buttons.map(describe) == ["Tickets|1 of 2|button,selected", "Help|2, 2 of 2|button"])
    }

    @Test func theReadingOrderIsByLinesFromTheLeadingEdgeAndSkipsWhatIsHidden() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: Application(clock: VirtualClock(), tracer: Tracer()))
        window.makeKeyAndVisible()
        func label(_ text: String, _ x: Double, _ y: Double) -> Label {
            let label = Label(frame: Rect(x: x, y: y, width: 80, height: 30), text: text)
            window.addSubview(label)
            return label
        }
        _ = label("C", 10, 100); _ = label("B", 200, 12); _ = label("A", 10, 10); _ = label("D", 200, 98)
        let hidden = label("hidden", 100, 200)
        hidden.isHidden = true
        let faded = label("faded", 200, 200)
        faded.alpha = 0
        let off = label("off screen", 500, 10)
        _ = off
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["A", "B", "C", "D"])
        window.semanticContentAttribute = .forceRightToLeft
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["B", "A", "D", "C"], "from the right")
        window.semanticContentAttribute = .unspecified

        // A container with its own order, and one whose elements stay together.
        let panel = View(frame: Rect(x: 0, y: 150, width: 400, height: 40))
        let x = Label(frame: Rect(x: 10, y: 0, width: 50, height: 30), text: "x"), y = Label(frame: Rect(x: 100, y: 0, width: 50, height: 30), text: "y")
        panel.addSubview(x)
        panel.addSubview(y)
        panel.accessibilityElements = [y, x]
        window.addSubview(panel)
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["A", "B", "C", "D", "y", "x"])
        panel.accessibilityElementsHidden = true
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["A", "B", "C", "D"])
        // A modal view hides its siblings.
        let sheet = View(frame: Rect(x: 0, y: 200, width: 400, height: 100))
        sheet.addSubview(Label(frame: Rect(x: 10, y: 10, width: 100, height: 30), text: "Sure?"))
        sheet.accessibilityViewIsModal = true
        window.addSubview(sheet)
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["Sure?"])
    }

    @Test func anAppsOwnValuesWinAndNilGivesTheDefaultBack() {
        let button = Button()
        button.title = "OK"
        button.accessibilityLabel = "Confirm the order"
        button.accessibilityHint = "Pays and prints the ticket"
        button.accessibilityTraits = [.button, .startsMediaSession]
        button.accessibilityIdentifier = "confirm"
        #expect(button.accessibilityLabel == "Confirm the order" && button.accessibilityHint == "Pays and prints the ticket")
        #expect(button.accessibilityTraits == [.button, .startsMediaSession] && button.accessibilityIdentifier == "confirm")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "OK")
        button.isAccessibilityElement = false
        #expect(!button.isAccessibilityElement)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application(clock: VirtualClock(), tracer: Tracer()))
        let plain = View(frame: Rect(x: 10, y: 10, width: 40, height: 20))
        window.addSubview(plain)
        #expect(!plain.isAccessibilityElement && plain.accessibilityTraits == [] && plain.accessibilityLabel == nil)
        #expect(plain.accessibilityActivationPoint == Point(x: 30, y: 20))
        plain.accessibilityActivationPoint = Point(x: 12, y: 12)
        #expect(plain.accessibilityActivationPoint == Point(x: 12, y: 12))
    }

    @Test func anAlertIsModalReadsTitleFirstAndEscapeRunsItsCancel() throws {
        let root = ViewController()
        let harness = try AppHarness(rootViewController: root)
        var log: [String] = []
        let alert = AlertController(title: "Reset?", message: "Everything goes back.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
        alert.addAction(AlertAction(title: "Reset", style: .destructive) { _ in log.append("reset") })
        root.view.addSubview(Label(frame: Rect(x: 10, y: 10, width: 100, height: 30), text: "Behind"))
        root.present(alert, animated: false)
        _ = harness.render()
        let window = try #require(root.view.window)
        #expect(AccessibilityTree.elements(in: window).compactMap(\.accessibilityLabel) == ["Reset?", "Everything goes back.", "Cancel", "Reset"])
        let cancel = AccessibilityTree.elements(in: window)[2]
        #expect(Accessibility.performEscape(from: cancel))
        harness.wait(1)
        #expect(log == ["cancel"] && root.presentedViewController == nil)
    }

    @Test func escapePopsANavigationStackAndNotificationsReachObservers() throws {
        let first = ViewController(), second = ViewController()
        let navigation = NavigationController(rootViewController: first)
        let harness = try AppHarness(rootViewController: navigation)
        navigation.pushViewController(second, animated: false)
        let inside = Label(frame: Rect(x: 10, y: 100, width: 100, height: 30), text: "Fare")
        second.view.addSubview(inside)
        #expect(Accessibility.performEscape(from: inside))
        harness.wait(1)
        #expect(navigation.topViewController === first)
        #expect(!Accessibility.performEscape(from: first.view), "nothing to go back to")

        var heard: [String] = []
        let token = Accessibility.addObserver { notification, argument in heard.append("\(notification) \(argument as? String ?? "-")") }
        Accessibility.post(notification: .announcement, argument: "Ticket printed")
        Accessibility.post(notification: .screenChanged, argument: nil)
        Accessibility.removeObserver(token)
        Accessibility.post(notification: .layoutChanged, argument: nil)
        #expect(heard == ["announcement Ticket printed", "screenChanged -"])
    }
}
