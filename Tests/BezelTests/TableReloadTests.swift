import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 33's table bugs: `reloadData()` after the data got shorter kept an offset past its
/// end (a filtered list showed blank), and kept the selection (UIKit clears it).
@MainActor
@Suite(.serialized, .fontsRegistered) struct TableReloadTests {
    final class Filtered: ViewController, TableViewDataSource {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        var names = (1...100).map { "Station \($0)" }
        override func viewDidLoad() {
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = self
            view.addSubview(table)
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = names[indexPath.row]
            return cell
        }
    }

    @Test func aShorterListAfterReloadShowsItsRowsNotBlankSpace() throws {
        let screen = Filtered()
        let harness = try AppHarness(rootViewController: screen)
        _ = harness.render()
        screen.table.contentOffset = Point(x: 0, y: 3000)
        _ = harness.render()
        screen.names = ["Station 7", "Station 17", "Station 70"]
        screen.table.reloadData()
        _ = harness.render()
        #expect(screen.table.contentOffset.y == screen.table.minimumContentOffset.y, "back to the end of 3 rows: \(screen.table.contentOffset)")
        let shown = screen.table.cellsOnScreen.sorted { $0.key < $1.key }.map { $0.value.textLabel.text ?? "" }
        #expect(shown == ["Station 7", "Station 17", "Station 70"])
        // Still long enough: an offset inside the content stays.
        screen.names = (1...100).map { "Station \($0)" }
        screen.table.reloadData()
        screen.table.contentOffset = Point(x: 0, y: 1000)
        screen.names.removeLast(10)
        screen.table.reloadData()
        _ = harness.render()
        #expect(screen.table.contentOffset.y == 1000)
    }

    @Test func reloadDataClearsTheSelectionAsUIKitDoes() throws {
        let screen = Filtered()
        let harness = try AppHarness(rootViewController: screen)
        _ = harness.render()
        screen.table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        // A reload the table makes itself (a new row height) keeps it.
        screen.table.rowHeight = 60
        _ = harness.render()
        #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        screen.table.reloadData()
        _ = harness.render()
        #expect(screen.table.indexPathForSelectedRow == nil && screen.table.indexPathsForSelectedRows == nil)
        #expect(screen.table.cellsOnScreen.values.allSatisfy { !$0.isSelected })
    }
}
