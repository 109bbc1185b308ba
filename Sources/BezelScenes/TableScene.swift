import Bezel

/// The list benchmark's scene (issue 15, M9 and M10): a window with the standard scene's
/// 60 pt header and, under it, a plain `TableView` of `rows` rows in one section
/// (`OrderRows`), each a label, a detail label and a "Select" button, 56 pt tall.
@MainActor
public final class TableScene {
    public let window: Window
    public let table: TableView
    public let rows: Int
    private let source: OrderRows

    public init(application: Application, size: Size = StandardKioskScene.size, rows: Int) {
        self.rows = rows
        window = Window(frame: Rect(origin: .zero, size: size), application: application)
        window.backgroundColor = Color(rgb: 0x202830)
        let header = View(frame: Rect(x: 0, y: 0, width: size.width, height: 60))
        header.backgroundColor = Color(rgb: 0x2E86DE)
        header.addSubview(Label(frame: header.bounds, text: "Orders", style: TextStyle(size: 28, color: .white, alignment: .center)))
        window.addSubview(header)
        table = TableView(frame: Rect(x: 0, y: 60, width: size.width, height: size.height - 60))
        source = OrderRows(count: rows)
        source.install(on: table)
        window.addSubview(table)
        window.makeKeyAndVisible()
    }
}

/// TableScene's rows: one section of `count` orders, 56 pt cells with a detail line and a
/// "Select" button; `install(on:)` gives a table its look, cells and data (also a table in
/// another window: E14 scrolls one on a display plane).
@MainActor
public final class OrderRows: TableViewDataSource {
    public let count: Int

    public init(count: Int) {
        self.count = count
    }

    /// Makes this the table's data source (the table keeps it weakly: keep this object).
    public func install(on table: TableView) {
        table.rowHeight = 56
        table.backgroundColor = Color(rgb: 0x202830)
        table.register(forCellReuseIdentifier: "row") {
            let cell = TableViewCell(style: .subtitle, reuseIdentifier: "row")
            cell.backgroundColor = Color(rgb: 0x2C3E50)
            cell.textLabel.style = TextStyle(size: 20, color: .white)
            cell.detailTextLabel?.style = TextStyle(size: 14, color: Color(rgb: 0xB0BEC5))
            let button = Button(frame: Rect(x: 0, y: 0, width: 120, height: 40))
            button.title = "Select"
            button.backgroundColor = Color(rgb: 0x34495E)
            button.cornerRadius = 8
            button.borderWidth = 1
            button.borderColor = Color.white.withAlpha(0.25)
            button.setTitleColor(.white, for: .normal)
            cell.accessoryView = button
            return cell
        }
        table.dataSource = self
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = "Order \(indexPath.row + 1)"
        cell.detailTextLabel?.text = "Table \(indexPath.row % 12 + 1) · \(indexPath.row % 4 + 1) drinks"
        return cell
    }
}
