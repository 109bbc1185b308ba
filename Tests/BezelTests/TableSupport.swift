@testable import Bezel

/// A table's data source and delegate over a model of titled rows, logging the calls a
/// test asks about (`logged`) in order.
@MainActor
final class TableModel: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var headers: [String?] = []
    var footers: [String?] = []
    let log = Log()
    /// Which calls are logged: "sections", "rows", "cell", "height", "willDisplay",
    /// "didEndDisplaying", "highlight", "select", "commit".
    var logged: Set<String> = ["sections", "rows", "cell", "height", "willDisplay", "didEndDisplaying", "highlight", "select", "commit"]
    var heights: ((IndexPath) -> Double)?
    var swipeActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var leadingSwipeActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var deletes = false
    var willSelect: ((IndexPath) -> IndexPath?)?
    var style = TableViewCell.CellStyle.default
    var prepareForReuseCount = 0

    init(sections: [[String]]) {
        self.sections = sections
    }

    convenience init(rows: Int) {
        self.init(sections: [(0..<rows).map { "Row \($0)" }])
    }

    private func add(_ kind: String, _ entry: String) {
        if logged.contains(kind) { log.add(entry) }
    }

    func numberOfSections(in tableView: TableView) -> Int {
        add("sections", "numberOfSections")
        return sections.count
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        add("rows", "numberOfRows(\(section))")
        return sections[section].count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        add("cell", "cellForRow\(indexPath)")
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = sections[indexPath.section][indexPath.row]
        cell.name = sections[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        headers.indices.contains(section) ? headers[section] : nil
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        footers.indices.contains(section) ? footers[section] : nil
    }

    var supportsSwipeToDelete: Bool { deletes }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        add("commit", "commit(\(editingStyle))\(indexPath)")
        sections[indexPath.section].remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        add("height", "heightForRow\(indexPath)")
        return heights?(indexPath) ?? tableView.rowHeight
    }

    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        add("willDisplay", "willDisplay\(indexPath)")
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        add("didEndDisplaying", "didEndDisplaying\(indexPath)")
    }

    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        add("highlight", "shouldHighlight\(indexPath)")
        return true
    }

    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) { add("highlight", "didHighlight\(indexPath)") }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) { add("highlight", "didUnhighlight\(indexPath)") }

    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        add("select", "willSelect\(indexPath)")
        return willSelect.map { $0(indexPath) } ?? indexPath
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { add("select", "didSelect\(indexPath)") }

    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        add("select", "willDeselect\(indexPath)")
        return indexPath
    }

    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { add("select", "didDeselect\(indexPath)") }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        swipeActions?(indexPath)
    }

    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        leadingSwipeActions?(indexPath)
    }
}

/// A cell that counts its reuses.
@MainActor
final class CountingCell: TableViewCell {
    static var reuses = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        CountingCell.reuses += 1
    }
}

/// A stage with a 400x440 table (ten 44 pt rows show) on it, driven by `model`.
@MainActor
struct TableStage {
    let stage = Stage()
    let table: TableView
    let model: TableModel

    init(model: TableModel, style: TableView.Style = .plain, frame: Rect = Rect(x: 0, y: 0, width: 400, height: 440),
         configure: (TableView) -> Void = { _ in }) {
        self.model = model
        table = TableView(frame: frame, style: style)
        table.name = "table"
        table.register(CountingCell.self, forCellReuseIdentifier: "row")
        configure(table)
        stage.window.addSubview(table)
        table.delegate = model
        table.dataSource = model
        stage.window.layoutIfNeeded()
    }

    /// Where row `path`'s middle is on the window.
    func center(of path: IndexPath) -> Point {
        let rect = table.rectForRow(at: path)
        return table.convert(Point(x: rect.midX, y: rect.midY), to: stage.window)
    }
}
