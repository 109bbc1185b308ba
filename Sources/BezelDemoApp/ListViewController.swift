import Bezel

/// A table of 10,000 orders in 100 sections (sticky headers), under a header line: each row
/// has its number, a detail line and a "Select" button; swiping a row left offers Delete.
/// Only the rows on screen have cells (`TableView`'s reuse), so the screen costs what a
/// screen of ten rows does. The buttons follow UITableView's rule: a drag that starts on one
/// scrolls the list and cancels it.
@MainActor
public final class ListViewController: ViewController, TableViewDataSource, TableViewDelegate {
    public static let rowCount = 10_000
    public static let rowsPerSection = 100
    public static let rowHeight = 56.0
    public let tableView = TableView(frame: .zero, style: .plain)
    public private(set) var selectedRow: Int?
    /// The order numbers still listed, by section (deleting a row removes its number).
    public private(set) var orders: [[Int]] = (0..<ListViewController.rowCount / ListViewController.rowsPerSection).map { s in
        Array(s * ListViewController.rowsPerSection + 1 ... (s + 1) * ListViewController.rowsPerSection)
    }
    /// Called when a row is selected (its number, 1-based).
    var onSelect: ((Int) -> Void)?
    /// Called with what happened ("Row 12 deleted").
    var onReport: ((String) -> Void)?

    public override init() {
        super.init()
        localizedTitle = "List"
    }

    /// The "Select" buttons of the rows on screen, top to bottom.
    public var visibleSelectButtons: [Button] {
        tableView.visibleCells.compactMap { ($0 as? OrderCell)?.selectButton }
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "list"
        tableView.name = "listTable"
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        followTextSize()
        tableView.backgroundColor = DemoTheme.background
        tableView.register(OrderCell.self, forCellReuseIdentifier: OrderCell.identifier)
        let header = View(frame: Rect(x: 0, y: 0, width: 800, height: 44))
        header.name = "listHeader"
        // "left" in left-to-right languages, "right" in Arabic: the catalog says which.
        let caption = DemoTheme.localizedLabel("\(Self.rowCount.formatted) orders · swipe a row left to delete it",
                                               frame: Rect(x: 24, y: 0, width: 752, height: 44), size: 15, color: DemoTheme.secondaryText)
        caption.autoresizingMask = [.flexibleWidth]
        header.addSubview(caption)
        tableView.tableHeaderView = header
        tableView.delegate = self
        tableView.dataSource = self
        view.addSubview(tableView)
    }

    /// 56-point rows at the default text size; above it each row as tall as its two lines
    /// need (self-sized, as UIKit's rows grow).
    private func followTextSize() {
        let wanted = view.traitCollection.preferredContentSizeCategory > .large ? TableView.automaticDimension : Self.rowHeight
        if tableView.rowHeight != wanted { tableView.rowHeight = wanted }
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory { followTextSize() }
    }

    // MARK: Data source

    public func numberOfSections(in tableView: TableView) -> Int { orders.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { orders[section].count }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        let first = section * Self.rowsPerSection + 1
        return String(localized: "Orders \(first)–\(first + Self.rowsPerSection - 1)")
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: OrderCell.identifier, for: indexPath) as! OrderCell
        let number = orders[indexPath.section][indexPath.row]
        cell.number = number
        cell.textLabel.text = String(localized: "Row \(number)")
        let items = number % 4 + 1
        cell.detailTextLabel?.text = String(localized: "Table \(number % 12 + 1)") + " · " + String(localized: "\(items) items")
        cell.name = "row\(number)"
        cell.selectButton.name = "select\(number)"
        cell.onSelect = { [weak self] n in self?.select(n) }
        return cell
    }

    public var supportsSwipeToDelete: Bool { true }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        let number = orders[indexPath.section].remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
        onReport?("Row \(number) deleted")
    }

    // MARK: Delegate

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        select(orders[indexPath.section][indexPath.row])
        tableView.deselectRow(at: indexPath, animated: true)
    }

    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        onReport?("list settled at y=\(Int(scrollView.contentOffset.y)), rows \(tableView.indexPathsForVisibleRows.first.map { "\(orders[$0.section][$0.row])" } ?? "none") on")
    }

    private func select(_ number: Int) {
        selectedRow = number
        onSelect?(number)
    }
}

/// A row of the demo's list: the standard subtitle cell with a "Select" button.
@MainActor
final class OrderCell: TableViewCell {
    static let identifier = "order"
    let selectButton: Button = {
        // 44 points tall: a fingertip's target (the accessibility audit's minimum).
        let button = DemoTheme.tileButton("", frame: Rect(x: 0, y: 0, width: 132, height: 44))
        button.localizedTitle = "Select"
        return button
    }()
    var number = 0
    var onSelect: ((Int) -> Void)?

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        backgroundColor = DemoTheme.tile
        // Title 3 and subheadline (20 and 15 pt at the default size), growing with the text size.
        var text = TextStyle.preferred(forTextStyle: .title3)
        text.color = DemoTheme.text
        textLabel.style = text
        var detail = TextStyle.preferred(forTextStyle: .subheadline)
        detail.color = DemoTheme.secondaryText
        detailTextLabel?.style = detail
        separatorInset.left = 24
        selectButton.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onSelect?(self.number) }
        accessoryView = selectButton
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // The demo's wider leading margin (at the right in a right-to-left language).
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for label in [textLabel, detailTextLabel].compactMap({ $0 }) {
            label.frame.origin.x = rightToLeft ? contentView.bounds.width - 24 - label.frame.width : 24
        }
    }
}

extension Int {
    /// "10,000": thousands separated (the demo has no Foundation formatter).
    var formatted: String {
        let digits = Array(String(self))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
