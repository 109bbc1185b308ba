import Bezel
import BezelCairo

/// A grid cell showing its item's name.
@MainActor
final class NamedItemCell: CollectionViewCell {
    let label = Label()

    required init(frame: Rect) {
        super.init(frame: frame)
        label.frame = Rect(x: 0, y: 0, width: 80, height: 40)
        contentView.addSubview(label)
    }
}

/// Random use of a collection view's grid (issue 37 U1): items inserted, deleted, moved and
/// reloaded alone or in batches, invalid updates, reloads, scrolling by code and by finger,
/// selection by tap and by code, and time. Invariants after every step: each visible cell
/// shows its item; the selection names items that exist; an invalid update gives one report,
/// a valid one none; no finger left live. At rest: no deceleration left running.
@MainActor
public final class CollectionSuite: RandomOperationSuite, CollectionViewDataSource, CollectionViewDelegate {
    public static let name = "collections"

    var random: SplitMix64
    let application: Application
    let window: Window
    let fingers: TouchScript
    let grid: CollectionView
    let display: HeadlessDisplay
    var sections: [[String]] = []
    var next = 0
    var problems: [String] = []

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        application = Application(clock: VirtualClock(), tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), application: application)
        window.makeKeyAndVisible()
        fingers = TouchScript(application)
        grid = CollectionView(frame: window.bounds, collectionViewLayout: .grid(columns: 3, itemHeight: 60))
        display = try! HeadlessDisplay(window: window)
        sections = (0..<2).map { _ in (0..<Int.random(in: 0...40, using: &random)).map { _ in item() } }
        grid.register(NamedItemCell.self, forCellWithReuseIdentifier: "item")
        grid.dataSource = self
        grid.delegate = self
        window.addSubview(grid)
        window.layoutIfNeeded()
    }

    private func item() -> String {
        next += 1
        return "item \(next)"
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? NamedItemCell)?.label.text = sections[indexPath.section][indexPath.item]
        return cell
    }

    private var allPaths: [IndexPath] {
        sections.indices.flatMap { section in sections[section].indices.map { IndexPath(item: $0, section: section) } }
    }

    private func update(_ what: String, reported expected: Int, _ change: () -> Void) -> String {
        let made = SuiteChecks.reports(during: change)
        if made.count != expected { problems.append("\(what): \(made.count) reports, \(expected) expected") }
        return what
    }

    public func step() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<12:
            let section = Int.random(in: 0..<sections.count, using: &random), at = Int.random(in: 0...sections[section].count, using: &random)
            sections[section].insert(item(), at: at)
            return update("insert [\(section), \(at)]", reported: 0) { grid.insertItems(at: [IndexPath(item: at, section: section)]) }
        case 12..<22:
            guard let path = allPaths.randomElement(using: &random) else { return "no item to delete" }
            sections[path.section].remove(at: path.item)
            return update("delete \(path)", reported: 0) { grid.deleteItems(at: [path]) }
        case 22..<27:
            guard let from = allPaths.randomElement(using: &random) else { return "no item to move" }
            let moved = sections[from.section].remove(at: from.item)
            let section = Int.random(in: 0..<sections.count, using: &random)
            let to = IndexPath(item: Int.random(in: 0...sections[section].count, using: &random), section: section)
            sections[to.section].insert(moved, at: to.item)
            return update("move \(from) to \(to)", reported: 0) { grid.moveItem(at: from, to: to) }
        case 27..<31:
            guard let path = allPaths.randomElement(using: &random) else { return "no item to reload" }
            sections[path.section][path.item] = item()
            return update("reload \(path)", reported: 0) { grid.reloadItems(at: [path]) }
        case 31..<35:
            let deleted = Array(allPaths.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
            for path in deleted.sorted(by: >) { sections[path.section].remove(at: path.item) }
            let section = Int.random(in: 0..<sections.count, using: &random), at = Int.random(in: 0...sections[section].count, using: &random)
            sections[section].insert(item(), at: at)
            return update("batch: delete \(deleted), insert [\(section), \(at)]", reported: 0) {
                grid.performBatchUpdates { [self] in
                    grid.deleteItems(at: deleted)
                    grid.insertItems(at: [IndexPath(item: at, section: section)])
                }
            }
        case 35..<38:
            guard let path = allPaths.randomElement(using: &random) else { return "no item for an invalid update" }
            return update("invalid: insert \(path) with no new item", reported: 1) { grid.insertItems(at: [path]) }
        case 38..<40:
            return update("reloadData", reported: 0) { grid.reloadData() }
        case 40..<46:
            let y = Double.random(in: -100...max(0, grid.contentSize.height), using: &random)
            grid.setContentOffset(Point(x: 0, y: y), animated: Bool.random(using: &random))
            return "content offset \(Int(y))"
        case 46..<50:
            guard let path = allPaths.randomElement(using: &random) else { return "no item to scroll to" }
            return update("scroll to \(path)", reported: 0) {
                grid.scrollToItem(at: path, at: [.top, .centeredVertically, .bottom].randomElement(using: &random)!, animated: Bool.random(using: &random))
            }
        case 50..<60:
            let x = Double.random(in: 20...300, using: &random)
            fingers.drag(from: Point(x: x, y: .random(in: 0...480, using: &random)), to: Point(x: x, y: .random(in: -100...580, using: &random)),
                         steps: Int.random(in: 2...12, using: &random))
            return "drag"
        case 60..<72:
            let point = Point(x: .random(in: 0...320, using: &random), y: .random(in: 0...480, using: &random))
            fingers.tap(at: point)
            return "tap \(point)"
        case 72..<76:
            let path = IndexPath(item: Int.random(in: -1...40, using: &random), section: Int.random(in: 0...sections.count, using: &random))
            return update("select \(path)", reported: allPaths.contains(path) ? 0 : 1) {
                grid.selectItem(at: path, animated: Bool.random(using: &random), scrollPosition: nil)
            }
        default:
            let seconds = [0.016, 0.05, 0.1, 0.3, 1].randomElement(using: &random)!
            fingers.wait(seconds)
            return "wait \(seconds) s"
        }
    }

    public func violations() -> [String] {
        var found = problems
        problems.removeAll()
        display.renderFrame()
        for path in grid.indexPathsForVisibleItems {
            guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else {
                found.append("a visible item \(path) beyond the data source")
                continue
            }
            guard let cell = grid.cellForItem(at: path) as? NamedItemCell else { continue }
            if cell.label.text != sections[path.section][path.item] {
                found.append("item \(path) shows \(cell.label.text ?? "nothing"), its item is \(sections[path.section][path.item])")
            }
        }
        for path in grid.indexPathsForSelectedItems ?? [] where !allPaths.contains(path) {
            found.append("item \(path) is selected but does not exist")
        }
        if let live = SuiteChecks.liveTouches(application, window) { found.append(live) }
        return found
    }

    public func finish() -> [String] {
        for _ in 0..<40 { fingers.wait(0.25) }
        var found = violations()
        if grid.isDecelerating || grid.isDragging { found.append("the grid still scrolls at rest") }
        return found
    }
}
