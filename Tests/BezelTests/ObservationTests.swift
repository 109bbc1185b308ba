import Testing
import Observation
@testable import Bezel
import BezelCairo

@Observable @MainActor final class OrderModel {
    var cups = 0
    var note = ""
}

@Observable @MainActor final class NamedItem {
    var name: String
    init(name: String) { self.name = name }
}

/// 200 rows, each cell's label following its row's model with `observe` in cellForRowAt
/// (the README's pattern); a cell observing a model of its own from its init.
@MainActor final class ObservedRows: TableViewDataSource {
    let items = (0..<200).map { NamedItem(name: "Item \($0)") }
    let theme = OrderModel()
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        let item = items[indexPath.row]
        cell.textLabel.observe { label in label.text = item.name }
        return cell
    }
}

/// `observe { … }`: @Observable models driving views, one update per frame (issue 16 item 3).
@MainActor
@Suite struct ObservationTests {
    /// Issue 37 item 11: observations made in cellForRowAt end when the cell is reused for
    /// another row: a cell keeps one, and an off-screen row's change rewrites no visible cell.
    /// The cell's own observation, made in its init, stays.
    @Test func observationsMadeForARowEndWhenItsCellIsReused() throws {
        let rows = ObservedRows()
        var themeUpdates = 0
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.register(forCellReuseIdentifier: "item") {
            let cell = TableViewCell(style: .default, reuseIdentifier: "item")
            cell.observe { _ in _ = rows.theme.cups; themeUpdates += 1 }
            return cell
        }
        let (_, window) = Snapshot.window(Size(width: 400, height: 440), [table])
        table.dataSource = rows
        window.layoutIfNeeded()
        let display = try HeadlessDisplay(window: window)
        for _ in 0..<20 {
            for y in stride(from: 0.0, through: table.contentSize.height - 440, by: 37) { table.contentOffset = Point(x: 0, y: y) }
            table.contentOffset = .zero
        }
        display.renderFrame()
        let cells = table.subviews.compactMap { $0 as? TableViewCell }
        #expect(table.numberOfCellsCreated <= 12, "the rows on screen, and one or two at the edges")
        #expect(cells.allSatisfy { $0.textLabel.observationTokens.count == 1 }, "\(cells.map { $0.textLabel.observationTokens.count })")
        #expect(cells.allSatisfy { $0.observationTokens.count == 1 }, "the cell's own observation stays")
        // Rows that are off screen change: no visible cell follows them.
        for row in 20..<200 { rows.items[row].name = "Changed \(row)" }
        display.renderFrame()
        for path in table.indexPathsForVisibleRows {
            #expect(table.cellForRow(at: path)?.textLabel.text == "Item \(path.row)")
        }
        // A visible row's change still shows.
        rows.items[3].name = "Three"
        display.renderFrame()
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel.text == "Three")
        let before = themeUpdates
        rows.theme.cups += 1
        display.renderFrame()
        #expect(themeUpdates - before == table.numberOfCellsCreated, "every cell's own observation runs once")
    }

    @Test func changesBetweenFramesGiveOneUpdateWithTheLatestValues() throws {
        let model = OrderModel()
        let (_, window) = Snapshot.window(Size(width: 200, height: 60), [])
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 60), style: TextStyle(color: .white))
        window.addSubview(label)
        var seen: [Int] = []
        let token = label.observe { label in
            seen.append(model.cups)
            label.text = "\(model.cups) cups"
        }
        #expect(seen == [0] && label.text == "0 cups", "runs at once")
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        model.cups = 1
        model.cups = 2
        model.cups = 3
        #expect(seen == [0], "nothing before the frame")
        let damage = display.renderFrame()
        #expect(seen == [0, 3] && label.text == "3 cups", "one update, the latest value")
        #expect(!damage.isEmpty, "the update's change is drawn in that frame")
        #expect(display.renderFrame().isEmpty && seen == [0, 3], "no change, no update")
        // A property the update did not read changes nothing.
        model.note = "oat milk"
        display.renderFrame()
        #expect(seen == [0, 3])
        #expect(token.updateCount == 2)
        // Cancelled: no more updates.
        token.cancel()
        model.cups = 4
        display.renderFrame()
        #expect(seen == [0, 3])
    }

    @Test func anObservationKeepsNothingAliveAndStopsWithItsOwner() throws {
        let model = OrderModel()
        weak var gone: Label?
        var token: ObservationToken?
        var updates = 0
        do {
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            token = label.observe { label in
                updates += 1
                label.text = "\(model.cups)"
            }
            gone = label
        }
        #expect(gone == nil, "the view was released: the observation held no reference to it")
        model.cups = 9
        let (_, window) = Snapshot.window(Size(width: 10, height: 10), [])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(updates == 1 && token?.isCancelled == true, "no update for a view that is gone")
    }

    @Test func aControllerObservesToo() throws {
        final class OrderController: ViewController {
            let model: OrderModel
            let summary = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            init(model: OrderModel) {
                self.model = model
                super.init()
            }
            override func viewDidLoad() {
                view.addSubview(summary)
                observe { controller in controller.summary.text = "\(controller.model.cups) cups, \(controller.model.note)" }
            }
        }
        let model = OrderModel()
        let (_, window) = Snapshot.window(Size(width: 100, height: 30), [])
        let controller = OrderController(model: model)
        window.rootViewController = controller
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(controller.summary.text == "0 cups, ")
        model.note = "to go"
        model.cups = 2
        display.renderFrame()
        #expect(controller.summary.text == "2 cups, to go")
        #expect(controller.observationTokens.count == 1 && controller.observationTokens[0].updateCount == 2)
    }
}
