import Bezel
import BezelCairo
import Observation

/// A row of the random lists: `@Observable`, so a cell can `observe` it.
@Observable
@MainActor
final class RandomRow {
    var name: String
    init(_ name: String) { self.name = name }
}

/// Random use of a table (issue 37 U1): valid updates (rows and sections inserted, deleted,
/// moved, reloaded, alone or in a batch), invalid ones (the data source not changed, a row
/// deleted and moved or reloaded in the same batch), reloads, scrolling by code and by finger,
/// selection by tap and by code, swipe actions, pull to refresh, and time. With `observing`
/// (the "reused cells" suite) each cell shows its row through `observe { }`, the README's
/// pattern, and rows are renamed on and off screen.
///
/// Invariants, after every step: each visible cell shows its row's current name (after a
/// frame, when observing); the selection names rows that exist; an invalid update gives
/// exactly one report and a valid one none; a cell keeps no more observations than the one
/// its row gave it; no finger left live. At rest: no deceleration or refresh left running.
@MainActor
public class ListSuite: RandomOperationSuite, TableViewDataSource, TableViewDelegate {
    public class var name: String { "lists" }
    var observing: Bool { false }

    var random: SplitMix64
    let application: Application
    let window: Window
    let fingers: TouchScript
    let table: TableView
    let display: HeadlessDisplay
    var sections: [[RandomRow]] = []
    var nextRow = 0
    var problems: [String] = []
    var reports: [String] = []

    public required init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        application = Application(clock: VirtualClock(), tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), application: application)
        window.makeKeyAndVisible()
        fingers = TouchScript(application)
        table = TableView(frame: window.bounds, style: .plain)
        display = try! HeadlessDisplay(window: window)
        sections = (0..<3).map { _ in (0..<Int.random(in: 0...30, using: &random)).map { _ in row() } }
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.delegate = self
        let refresh = RefreshControl()
        refresh.addAction(for: .valueChanged) { [weak self] control, _ in
            guard let self, let refresh = control as? RefreshControl else { return }
            // The app's reload ends a moment later.
            self.application.runLoop.schedule(after: 0.5) { refresh.endRefreshing() }
        }
        table.refreshControl = refresh
        window.addSubview(table)
        window.layoutIfNeeded()
    }

    private func row() -> RandomRow {
        nextRow += 1
        return RandomRow("row \(nextRow)")
    }

    // MARK: Data source and delegate

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let row = sections[indexPath.section][indexPath.row]
        if observing {
            cell.observe { cell in cell.textLabel.text = row.name }
        } else {
            cell.textLabel.text = row.name
        }
        return cell
    }

    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            guard let self, let path = self.pathOfSwiped(indexPath) else { return done(false) }
            self.sections[path.section].remove(at: path.row)
            self.table.deleteRows(at: [path], with: .automatic)
            done(true)
        }
        return SwipeActionsConfiguration(actions: [delete])
    }

    /// The row a swipe began on, if it is still where it was.
    private func pathOfSwiped(_ path: IndexPath) -> IndexPath? {
        sections.indices.contains(path.section) && sections[path.section].indices.contains(path.row) ? path : nil
    }

    // MARK: Operations

    private var allPaths: [IndexPath] {
        sections.indices.flatMap { section in sections[section].indices.map { IndexPath(row: $0, section: section) } }
    }

    private var animation: TableView.RowAnimation { [.fade, .none, .automatic, .left].randomElement(using: &random)! }

    /// Makes `change`, expecting `reported` reports from it (0 for a valid update, 1 for an invalid one).
    private func update(_ what: String, reported expected: Int, _ change: () -> Void) -> String {
        let made = SuiteChecks.reports(during: change)
        if made.count != expected {
            problems.append("\(what): \(made.count) reports, \(expected) expected\(made.isEmpty ? "" : ": " + made.joined(separator: " | "))")
        }
        return what
    }

    public func step() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10:
            let section = Int.random(in: 0..<sections.count, using: &random)
            let at = Int.random(in: 0...sections[section].count, using: &random)
            sections[section].insert(row(), at: at)
            return update("insert [\(section), \(at)]", reported: 0) { table.insertRows(at: [IndexPath(row: at, section: section)], with: animation) }
        case 10..<18:
            guard let path = allPaths.randomElement(using: &random) else { return "no row to delete" }
            sections[path.section].remove(at: path.row)
            return update("delete \(path)", reported: 0) { table.deleteRows(at: [path], with: animation) }
        case 18..<23:
            guard let from = allPaths.randomElement(using: &random) else { return "no row to move" }
            let moved = sections[from.section].remove(at: from.row)
            let section = Int.random(in: 0..<sections.count, using: &random)
            let to = IndexPath(row: Int.random(in: 0...sections[section].count, using: &random), section: section)
            sections[to.section].insert(moved, at: to.row)
            return update("move \(from) to \(to)", reported: 0) { table.moveRow(at: from, to: to) }
        case 23..<27:
            guard let path = allPaths.randomElement(using: &random) else { return "no row to reload" }
            sections[path.section][path.row] = row()
            return update("reload \(path)", reported: 0) { table.reloadRows(at: [path], with: animation) }
        case 27..<31:
            // A batch: deletions named as before, insertions as after (UIKit's rule).
            let deleted = Array(allPaths.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
            for path in deleted.sorted(by: >) { sections[path.section].remove(at: path.row) }
            var inserted: [IndexPath] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let section = Int.random(in: 0..<sections.count, using: &random)
                let at = Int.random(in: 0...sections[section].count, using: &random)
                sections[section].insert(row(), at: at)
                inserted = inserted.map { $0.section == section && $0.row >= at ? IndexPath(row: $0.row + 1, section: section) : $0 }
                inserted.append(IndexPath(row: at, section: section))
            }
            return update("batch: delete \(deleted), insert \(inserted)", reported: 0) {
                table.performBatchUpdates { [self] in
                    table.deleteRows(at: deleted, with: animation)
                    table.insertRows(at: inserted, with: animation)
                }
            }
        case 31..<33:
            if sections.count < 6, Bool.random(using: &random) {
                let at = Int.random(in: 0...sections.count, using: &random)
                sections.insert((0..<Int.random(in: 0...5, using: &random)).map { _ in row() }, at: at)
                return update("insert section \(at)", reported: 0) { table.insertSections([at], with: animation) }
            }
            guard sections.count > 1 else { return "one section left" }
            let at = Int.random(in: 0..<sections.count, using: &random)
            sections.remove(at: at)
            return update("delete section \(at)", reported: 0) { table.deleteSections([at], with: animation) }
        case 33..<37:
            // Invalid: the data source does not change, or a row is named twice.
            guard let path = allPaths.randomElement(using: &random) else { return "no row for an invalid update" }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return update("invalid: insert \(path) with no new row", reported: 1) { table.insertRows(at: [path], with: animation) }
            case 1:
                sections[path.section].remove(at: path.row)
                return update("invalid: delete and reload \(path)", reported: 1) {
                    table.performBatchUpdates { [self] in
                        table.deleteRows(at: [path], with: animation)
                        table.reloadRows(at: [path], with: animation)
                    }
                }
            default:
                sections[path.section].remove(at: path.row)
                return update("invalid: delete and move \(path)", reported: 1) {
                    table.performBatchUpdates { [self] in
                        table.deleteRows(at: [path], with: animation)
                        table.moveRow(at: path, to: IndexPath(row: 0, section: path.section))
                    }
                }
            }
        case 37..<39:
            return update("reloadData", reported: 0) { table.reloadData() }
        case 39..<45:
            let y = Double.random(in: -100...max(0, table.contentSize.height), using: &random)
            let animated = Bool.random(using: &random)
            table.setContentOffset(Point(x: 0, y: y), animated: animated)
            return "content offset \(Int(y))\(animated ? " animated" : "")"
        case 45..<49:
            guard let path = allPaths.randomElement(using: &random) else { return "no row to scroll to" }
            let position = [TableView.ScrollPosition.none, .top, .middle, .bottom].randomElement(using: &random)!
            return update("scroll to \(path)", reported: 0) { table.scrollToRow(at: path, at: position, animated: Bool.random(using: &random)) }
        case 49..<58:
            let x = Double.random(in: 20...300, using: &random)
            let from = Point(x: x, y: .random(in: 0...480, using: &random)), to = Point(x: x, y: .random(in: -100...580, using: &random))
            fingers.drag(from: from, to: to, steps: Int.random(in: 2...12, using: &random))
            return "drag \(Int(from.y)) to \(Int(to.y))"
        case 58..<62:
            // A pull from the top, past the refresh distance.
            fingers.drag(from: Point(x: 160, y: 20), to: Point(x: 160, y: 300), steps: 10)
            return "pull to refresh"
        case 62..<66:
            let y = Double.random(in: 0...480, using: &random)
            fingers.drag(from: Point(x: 300, y: y), to: Point(x: .random(in: -50...200, using: &random), y: y), steps: Int.random(in: 3...10, using: &random))
            return "swipe left at \(Int(y))"
        case 66..<76:
            let point = Point(x: .random(in: 0...320, using: &random), y: .random(in: 0...480, using: &random))
            fingers.tap(at: point)
            return "tap \(point)"
        case 76..<79:
            let path = IndexPath(row: Int.random(in: -1...30, using: &random), section: Int.random(in: 0...sections.count, using: &random))
            let exists = allPaths.contains(path)
            return update("select \(path)", reported: exists ? 0 : 1) { table.selectRow(at: path, animated: Bool.random(using: &random), scrollPosition: .none) }
        case 79..<82 where observing:
            // A row renamed, on screen or off it.
            guard let path = allPaths.randomElement(using: &random) else { return "no row to rename" }
            nextRow += 1
            sections[path.section][path.row].name = "renamed \(nextRow)"
            return "rename \(path)"
        default:
            let seconds = [0.016, 0.05, 0.1, 0.3, 1].randomElement(using: &random)!
            fingers.wait(seconds)
            return "wait \(seconds) s"
        }
    }

    public func violations() -> [String] {
        var found = problems
        problems.removeAll()
        // A frame: layout, and observation updates when observing.
        display.renderFrame()
        for path in table.indexPathsForVisibleRows {
            guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.row) else {
                found.append("a visible row \(path) beyond the data source")
                continue
            }
            guard let cell = table.cellForRow(at: path) else { continue }
            let expected = sections[path.section][path.row].name
            if cell.textLabel.text != expected {
                found.append("row \(path) shows \(cell.textLabel.text ?? "nothing"), its row is \(expected)")
            }
            if cell.observationTokens.count > (observing ? 1 : 0) {
                found.append("the cell of row \(path) holds \(cell.observationTokens.count) observations")
            }
        }
        for path in table.indexPathsForSelectedRows ?? [] where !allPaths.contains(path) {
            found.append("row \(path) is selected but does not exist")
        }
        if let live = SuiteChecks.liveTouches(application, window) { found.append(live) }
        return found
    }

    public func finish() -> [String] {
        for _ in 0..<40 { fingers.wait(0.25) }
        var found = violations()
        if table.isDecelerating || table.isDragging { found.append("the table still scrolls at rest (decelerating \(table.isDecelerating))") }
        if table.refreshControl?.isRefreshing == true { found.append("still refreshing at rest") }
        return found
    }
}

/// `ListSuite` with cells that show their rows through `observe { }` (the README's pattern)
/// and rows renamed on and off screen (issue 37 item 11).
@MainActor
public final class ReusedCellObservationSuite: ListSuite {
    public override class var name: String { "observation" }
    override var observing: Bool { true }
}
