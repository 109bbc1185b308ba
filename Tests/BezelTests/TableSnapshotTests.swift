import Testing
@testable import Bezel

/// Issue 15: how tables look (goldens in Snapshots/).
@MainActor
@Suite(.fontsRegistered) struct TableSnapshotTests {
    /// Settings-like rows: every standard style and accessory.
    @MainActor final class Showcase: TableViewDataSource, TableViewDelegate {
        let sections: [[(String, String?, TableViewCell.CellStyle, TableViewCell.AccessoryType)]] = [
            [("Wi-Fi", "Kiosk-5G", .value1, .disclosureIndicator), ("Bluetooth", "Off", .value1, .disclosureIndicator),
             ("Brightness", nil, .default, .none)],
            [("Espresso", "Double shot, 30 ml", .subtitle, .checkmark), ("Latte", "Milk, one shot", .subtitle, .none),
             ("Price", "€ 3.20", .value2, .none)],
        ]
        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { ["Connections", "Drinks"][section] }
        func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
            tableView.style == .grouped && section == 1 ? "Prices include VAT." : nil
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let (text, detail, style, accessory) = sections[indexPath.section][indexPath.row]
            let cell = tableView.dequeueReusableCell(withIdentifier: "\(style)", for: indexPath)
            cell.textLabel.text = text
            cell.detailTextLabel?.text = detail
            cell.accessoryType = accessory
            if text == "Brightness" {
                let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
                toggle.isOn = true
                cell.accessoryView = toggle
            }
            return cell
        }
    }

    private func table(_ style: TableView.Style, size: Size = Size(width: 400, height: 400)) -> (Application, Window, TableView, Showcase) {
        let source = Showcase()
        let table = TableView(frame: Rect(origin: .zero, size: size), style: style)
        for cellStyle in [TableViewCell.CellStyle.default, .subtitle, .value1, .value2] {
            table.register(forCellReuseIdentifier: "\(cellStyle)") { TableViewCell(style: cellStyle, reuseIdentifier: "\(cellStyle)") }
        }
        table.rowHeight = 52
        let (app, window) = Snapshot.window(size, [table])
        table.delegate = source
        table.dataSource = source
        window.layoutIfNeeded()
        return (app, window, table, source)
    }

    @Test func plainTableWithStickyHeaderSelectionAndAccessories() throws {
        let (app, window, table, source) = table(.plain)
        table.selectRow(at: IndexPath(row: 1, section: 1), animated: false, scrollPosition: .none)
        table.contentOffset = Point(x: 0, y: 40)  // the first header pinned over its rows
        table.flashScrollIndicators()
        _ = try withExtendedLifetime((app, source)) { try Snapshot.check(window, named: "table-plain") }
    }

    @Test func groupedTable() throws {
        let (app, window, _, source) = table(.grouped)
        _ = try withExtendedLifetime((app, source)) { try Snapshot.check(window, named: "table-grouped") }
    }

    @Test func swipeActionsShown() throws {
        let model = TableModel(rows: 8)
        model.swipeActions = { _ in
            let flag = ContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }
            flag.backgroundColor = .systemOrange
            return SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }, flag])
        }
        let s = TableStage(model: model, frame: Rect(x: 0, y: 0, width: 400, height: 300))
        s.stage.window.backgroundColor = .black
        let row = s.center(of: IndexPath(row: 2, section: 0))
        s.stage.fingers.drag(from: Point(x: 380, y: row.y), to: Point(x: 200, y: row.y), steps: 10)
        s.stage.fingers.wait(1)
        try Snapshot.check(s.stage.window, named: "table-swipe-actions")
    }

    @Test func pullToRefreshShown() throws {
        let s = TableStage(model: TableModel(rows: 8), frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let refresh = RefreshControl()
        s.table.refreshControl = refresh
        s.stage.fingers.drag(from: Point(x: 200, y: 40), to: Point(x: 200, y: 300), steps: 20, duration: 0.5, lift: false)
        #expect(refresh.isRefreshing)
        try Snapshot.check(s.stage.window, named: "table-pull-to-refresh")
        s.stage.fingers.up()
    }
}

/// Issue 15: a collection view's grid, with section headers and a selected tile.
@MainActor
@Suite(.fontsRegistered) struct CollectionSnapshotTests {
    @MainActor final class Menu: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        let sections = [["Espresso", "Latte", "Flat white", "Cappuccino", "Mocha"], ["Croissant", "Muffin", "Cookie"]]
        func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            if cell.contentView.subviews.isEmpty {
                cell.backgroundView = View()
                cell.backgroundView?.backgroundColor = Color(rgb: 0x34495E)
                cell.backgroundView?.cornerRadius = 10
                let selected = View()
                selected.backgroundColor = Color(rgb: 0x2E86DE)
                selected.cornerRadius = 10
                cell.selectedBackgroundView = selected
                let label = Label(frame: cell.contentView.bounds, style: TextStyle(size: 17, color: .white, alignment: .center))
                label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                cell.contentView.addSubview(label)
            }
            (cell.contentView.subviews.first as? Label)?.text = sections[indexPath.section][indexPath.item]
            return cell
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            if header.subviews.isEmpty {
                let label = Label(frame: Rect(x: 16, y: 0, width: 300, height: header.bounds.height), style: TextStyle(size: 15, weight: .semibold, color: Color(rgb: 0xB0BEC5)))
                label.autoresizingMask = [.flexibleHeight]
                header.addSubview(label)
            }
            (header.subviews.first as? Label)?.text = ["DRINKS", "FOOD"][indexPath.section]
            return header
        }
    }

    @Test func aGridWithHeadersAndASelectedTile() throws {
        let menu = Menu()
        let layout = CollectionViewFlowLayout.grid(columns: 3, itemHeight: 80, spacing: 12, insets: EdgeInsets(top: 0, left: 16, bottom: 16, right: 16))
        layout.headerReferenceSize = Size(width: 0, height: 36)
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: layout)
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let (app, window) = Snapshot.window(Size(width: 400, height: 400), [grid])
        grid.delegate = menu
        grid.dataSource = menu
        grid.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: nil)
        window.layoutIfNeeded()
        _ = try withExtendedLifetime((app, menu)) { try Snapshot.check(window, named: "collection-grid") }
    }
}
