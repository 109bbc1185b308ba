import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's menus (UIKit's `UIMenu`/`UIAction` on buttons and bar-button items): a pull-down
/// opened on touch down and chosen by a tap or by sliding the same finger, a long press on a
/// button whose tap does something else, a tap outside that closes without going through,
/// submenus in place, single selection, disabled, hidden and destructive items, the keys, the
/// pop-up button, a bar-button item's menu, the spoken mode's view of it, and its looks.
@MainActor
@Suite(.serialized, .fontsRegistered) struct MenuTests {
    /// A 160 x 44 button at (20, 100) of the 400 x 800 window, with a menu whose rows log.
    struct MenuStage {
        let stage: Stage
        let button: Button
        let log: Log
    }

    func makeStage(primary: Bool = true, menu: ((Log) -> Menu)? = nil) -> MenuStage {
        let stage = Stage(trace: .actions)
        stage.window.backgroundColor = .systemBackground
        let log = Log()
        let button = Button(frame: Rect(x: 20, y: 100, width: 160, height: 44))
        button.name = "sort"
        button.title = "Sort"
        button.menu = menu?(log) ?? Menu(title: "Sort by", children: [
            Action(title: "Name", identifier: "name") { log.add("chose \($0.title) from \(($0.sender as? View)?.name ?? "-")") },
            Action(title: "Price", identifier: "price") { log.add("chose \($0.title)") },
            Action(title: "Newest", identifier: "newest") { log.add("chose \($0.title)") },
        ])
        button.showsMenuAsPrimaryAction = primary
        for events: Control.Events in [.touchDown, .touchUpInside, .primaryActionTriggered, .menuActionTriggered, .touchCancel] {
            button.addAction(for: events) { _, _ in log.add("\(events)") }
        }
        _ = stage.add(button)
        return MenuStage(stage: stage, button: button, log: log)
    }

    func rowCentre(_ app: Application, _ name: String) throws -> Point {
        let menu = try #require(app.presentedMenu)
        let row = try #require(menu.rows.first { $0.name == name })
        return row.convert(Point(x: row.bounds.midX, y: row.bounds.midY), to: nil)
    }

    @Test func aTouchOpensThePullDownAndATapOnARowChoosesIt() throws {
        let s = makeStage()
        s.stage.fingers.down(at: Point(x: 60, y: 120))
        #expect(s.log.entries == ["menuActionTriggered"], "on touch down, and not the tap's events")
        let menu = try #require(s.stage.app.presentedMenu)
        // Under the button, its leading edge at the button's: 250 pt wide, a title row and 3 rows.
        #expect(menu.frame == Rect(x: 20, y: 152, width: 250, height: 34 + 3 * 44))
        #expect(menu.rows.map(\.name) == ["menu.title.Sort by", "name", "price", "newest"])
        s.stage.fingers.up()
        #expect(s.stage.app.presentedMenu === menu, "lifting on the button leaves it open")
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "price"))
        #expect(s.log.entries == ["menuActionTriggered", "chose Price"])
        #expect(s.stage.app.presentedMenu == nil)
        #expect(s.stage.lines.messages(.actions).filter { $0.hasPrefix("menu ") } == ["menu \"Sort by\" shown from sort", "menu \"Sort by\" dismissed"])
        #expect(menu.superview?.superview === s.stage.window, "fading out")
        s.stage.fingers.wait(0.3)
        #expect(menu.superview?.superview == nil, "gone once faded")
    }

    @Test func theSameFingerSlidesToARowAndLiftsToChooseIt() throws {
        let s = makeStage()
        s.stage.fingers.down(at: Point(x: 60, y: 120))
        let newest = try rowCentre(s.stage.app, "newest"), name = try rowCentre(s.stage.app, "name")
        s.stage.fingers.wait(0.1)
        s.stage.fingers.move(to: name)
        let menu = try #require(s.stage.app.presentedMenu)
        #expect(menu.highlightedRow?.name == "name")
        s.stage.fingers.wait(0.1)
        s.stage.fingers.move(to: newest)
        #expect(menu.highlightedRow?.name == "newest")
        s.stage.fingers.wait(0.1)
        s.stage.fingers.up()
        #expect(s.log.entries == ["menuActionTriggered", "chose Newest"] && s.stage.app.presentedMenu == nil)
    }

    @Test func aTapOutsideClosesTheMenuAndGoesNoFurther() throws {
        let s = makeStage()
        let under = Button(frame: Rect(x: 0, y: 600, width: 400, height: 100))
        under.addAction(for: .touchUpInside) { _, _ in s.log.add("under tapped") }
        s.stage.window.addSubview(under)
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        #expect(s.stage.app.presentedMenu != nil)
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: Point(x: 200, y: 650))
        #expect(s.stage.app.presentedMenu == nil && s.log.entries == ["menuActionTriggered"])
        // Once closed, the same place is the button's again.
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: Point(x: 200, y: 650))
        #expect(s.log.entries == ["menuActionTriggered", "under tapped"])
    }

    @Test func aButtonWhoseTapActsOpensItsMenuOnALongPress() throws {
        let s = makeStage(primary: false)
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        #expect(s.log.entries == ["touchDown", "touchUpInside", "primaryActionTriggered"] && s.stage.app.presentedMenu == nil)
        s.log.clear()
        s.stage.fingers.wait(1)
        s.stage.fingers.down(at: Point(x: 60, y: 120))
        s.stage.fingers.wait(0.6)
        #expect(s.log.entries == ["touchDown", "menuActionTriggered", "touchCancel"], "the long press took the touch (its action first, then the cancel: spec §4)")
        let price = try rowCentre(s.stage.app, "price")
        s.stage.fingers.move(to: price)
        s.stage.fingers.wait(0.05)
        s.stage.fingers.up()
        #expect(s.log.entries.last == "chose Price" && s.stage.app.presentedMenu == nil)
        // Without the menu the long press goes.
        s.button.menu = nil
        #expect(s.button.gestureRecognizers.isEmpty)
    }

    /// A menu with every kind of element.
    static func fullMenu(_ log: Log) -> Menu {
        Menu(title: "", children: [
            Menu(title: "", options: [.displayInline, .singleSelection], children: [
                Action(title: "Small", identifier: "small", state: .on) { log.add("chose \($0.title)") },
                Action(title: "Large", identifier: "large") { log.add("chose \($0.title)") },
            ]),
            Action(title: "Share", subtitle: "With the counter", identifier: "share") { log.add("chose \($0.title)") },
            Action(title: "Sold out", identifier: "soldOut", attributes: .disabled) { log.add("chose \($0.title)") },
            Action(title: "Secret", identifier: "secret", attributes: .hidden) { log.add("chose \($0.title)") },
            Menu(title: "Milk", identifier: "milk", children: [
                Action(title: "Oat", identifier: "oat") { log.add("chose \($0.title)") },
                Action(title: "Soy", identifier: "soy") { log.add("chose \($0.title)") },
            ]),
            Action(title: "Cancel order", identifier: "cancel", attributes: .destructive) { log.add("chose \($0.title)") },
        ])
    }

    @Test func submenusOpenInPlaceAndSingleSelectionMovesTheCheckmark() throws {
        let s = makeStage(menu: Self.fullMenu)
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        let menu = try #require(s.stage.app.presentedMenu)
        #expect(menu.rows.map(\.name) == ["small", "large", "share", "soldOut", "milk", "cancel"], "hidden left out")
        // The inline group's band: 8 pt between "large" and "share".
        #expect(menu.rows[2].frame.minY - menu.rows[1].frame.maxY == 8 && menu.rows[2].frame.height == 58)
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "soldOut"))
        #expect(s.stage.app.presentedMenu === menu && s.log.entries == ["menuActionTriggered"], "a disabled row does nothing")
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "milk"))
        #expect(menu.openSubmenus.map(\.title) == ["Milk"] && menu.rows.map(\.name) == ["menu.back.Milk", "oat", "soy"])
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "menu.back.Milk"))
        #expect(menu.openSubmenus.isEmpty && menu.rows.count == 6)
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "large"))
        #expect(s.log.entries == ["menuActionTriggered", "chose Large"])
        let sizes = try #require(s.button.menu?.children.first as? Menu).children.compactMap { $0 as? Action }
        #expect(sizes.map(\.state) == [.off, .on], "the checkmark moved")
    }

    @Test func keysMoveChooseOpenAndClose() throws {
        let s = makeStage(menu: Self.fullMenu)
        let app = s.stage.app
        func key(_ key: Press.Key) {
            app.handleKey(key, isDown: true)
            app.handleKey(key, isDown: false)
        }
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        let menu = try #require(app.presentedMenu)
        key(.downArrow); key(.downArrow); key(.downArrow); key(.downArrow)
        #expect(menu.highlightedRow?.name == "milk", "the disabled row is skipped")
        key(.rightArrow)
        #expect(menu.openSubmenus.count == 1)
        key(.escape)
        #expect(menu.openSubmenus.isEmpty && app.presentedMenu === menu, "Escape goes back a level first")
        key(.upArrow)
        key(.enter)
        #expect(s.log.entries == ["menuActionTriggered", "chose Cancel order"], "Up from no highlight: the last row")
        #expect(app.presentedMenu == nil)
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        key(.escape)
        #expect(app.presentedMenu == nil)
    }

    @Test func aPopUpButtonShowsTheChosenAction() throws {
        let s = makeStage()
        s.button.changesSelectionAsPrimaryAction = true
        #expect(s.button.title == "Name" && s.button.selectedMenuAction?.title == "Name", "the first, when none is on")
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        s.stage.fingers.wait(0.5)
        let menu = try #require(s.stage.app.presentedMenu)
        #expect(menu.rows.first { $0.name == "name" }?.accessibilityTraits.contains(.selected) == true)
        s.stage.fingers.tap(at: try rowCentre(s.stage.app, "newest"))
        #expect(s.button.title == "Newest" && s.button.menu?.allActions.map(\.state) == [.off, .off, .on])
        #expect(s.log.entries == ["menuActionTriggered", "chose Newest"])
    }

    @Test func aBarButtonItemsMenuOpensOnATapUnlessItHasAnAction() throws {
        let stage = Stage()
        let log = Log()
        let root = ViewController()
        let navigation = NavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        let item = BarButtonItem(title: "More", menu: Menu(children: [Action(title: "Refresh") { _ in log.add("refresh") }]))
        item.accessibilityIdentifier = "more"
        root.navigationItem.rightBarButtonItem = item
        stage.window.layoutIfNeeded()
        let button = try #require(descendant(of: stage.window, named: "more") as? Button)
        #expect(button.showsMenuAsPrimaryAction && button.menu === item.menu)
        stage.fingers.tap(at: button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        let menu = try #require(stage.app.presentedMenu)
        #expect(menu.frame.maxX <= 392 && menu.frame.minY > button.convert(button.bounds, to: nil).maxY, "kept inside the window")
        stage.fingers.wait(0.5)
        stage.fingers.tap(at: try rowCentre(stage.app, "menu.Refresh"))
        #expect(log.entries == ["refresh"])
    }

    @Test func theSpokenModeSeesOnlyTheMenuWhileItIsUp() throws {
        let s = makeStage(menu: Self.fullMenu)
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        let labels = AccessibilityTree.elements(in: s.stage.window).compactMap(\.accessibilityLabel)
        #expect(labels == ["Small", "Large", "Share", "Sold out", "Milk", "Cancel order"])
        let menu = try #require(s.stage.app.presentedMenu)
        #expect(menu.rows[3].accessibilityTraits == [.button, .notEnabled] && menu.rows[2].accessibilityValue == "With the counter")
        #expect(menu.rows[4].accessibilityActivate() && menu.openSubmenus.count == 1)
        #expect(menu.superview?.accessibilityPerformEscape() == true && menu.openSubmenus.isEmpty)
        #expect(menu.superview?.accessibilityPerformEscape() == true && s.stage.app.presentedMenu == nil)
    }

    @Test func rightToLeftTheMenuHangsFromTheTrailingEdgeAndTheArrowsSwap() throws {
        let s = makeStage(menu: Self.fullMenu)
        s.button.semanticContentAttribute = .forceRightToLeft  // the menu takes its source's direction
        s.button.frame = Rect(x: 220, y: 100, width: 160, height: 44)
        s.stage.fingers.tap(at: Point(x: 300, y: 120))
        let menu = try #require(s.stage.app.presentedMenu)
        #expect(menu.frame.maxX == 380 && menu.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        for key in [Press.Key.downArrow, .downArrow, .downArrow, .downArrow, .leftArrow] {
            s.stage.app.handleKey(key, isDown: true)
            s.stage.app.handleKey(key, isDown: false)
        }
        #expect(menu.openSubmenus.map(\.title) == ["Milk"], "the left arrow opens, right to left")
        s.stage.app.handleKey(.rightArrow, isDown: true)
        #expect(menu.openSubmenus.isEmpty && menu.frame.maxX == 380)
    }

    @Test func presentingFromAViewOutsideAWindowIsReported() {
        let stage = Stage()
        let loose = Button(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let reports = capturingDiagnostics { #expect(stage.app.presentMenu(Menu(children: []), from: loose) == nil) }
        #expect(reports.count == 1 && stage.app.presentedMenu == nil)
    }

    @Test(arguments: [(UserInterfaceStyle.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func theMenuLooks(style: UserInterfaceStyle, scale: Double) throws {
        let s = makeStage(menu: { log in
            let menu = Self.fullMenu(log)
            (menu.children[1] as? Action)?.image = try? MenuTests.shareImage()
            return menu
        })
        s.stage.window.overrideUserInterfaceStyle = style
        s.stage.fingers.tap(at: Point(x: 60, y: 120))
        s.stage.fingers.wait(0.5)
        let display = try HeadlessDisplay(window: s.stage.window, scale: scale)
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "menu-\(style == .dark ? "dark" : "light")\(scale == 2 ? "@2x" : "")")
    }

    func descendant(of view: View, named name: String) -> View? {
        if view.name == name { return view }
        for child in view.subviews { if let found = descendant(of: child, named: name) { return found } }
        return nil
    }

    /// A 22 x 22 picture: a filled square in a transparent border, drawn as a template.
    static func shareImage() throws -> Image {
        let buffer = try ImageBuffer(width: 22, height: 22, format: .argb8888)
        for y in 4..<18 { for x in 4..<18 where x < 7 || x > 14 || y > 14 { buffer.setPixelForTesting(x: x, y: y, value: 0xFF00_0000) } }
        return buffer.image()
    }
}
