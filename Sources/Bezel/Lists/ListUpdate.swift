/// The changes of one batch update of a table or collection view, as the app recorded them
/// (UIKit's numbering: deletions and reloads as before the update, insertions and move
/// destinations as after it), with each row's animation (collection views fade).
struct ListUpdate {
    var deletedSections: Set<Int> = []
    var insertedSections: Set<Int> = []
    var reloadedSections: Set<Int> = []
    var deletedRows: [IndexPath: TableView.RowAnimation] = [:]
    var insertedRows: [IndexPath: TableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: TableView.RowAnimation] = [:]
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var sectionAnimation = TableView.RowAnimation.automatic
    var completions: [(Bool) -> Void] = []

    /// Whether anything moves on screen (`.none` everywhere: it changes at once).
    var isAnimated: Bool {
        let animations = Array(deletedRows.values) + Array(insertedRows.values) + Array(reloadedRows.values)
        return !moves.isEmpty || animations.contains { $0 != .none }
            || (!(deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty) && sectionAnimation != .none)
    }

    /// Whether `old` (a row before the update) is in a deleted or reloaded section.
    func sectionIsReplaced(_ old: Int) -> Bool {
        deletedSections.contains(old) || reloadedSections.contains(old)
    }
}

/// Where every row of a list goes in a `ListUpdate`: the sections' mapping, each surviving
/// section's rows' mapping, and the moves. Fails with UIKit's "invalid update" when the
/// counts the data source gives after the update do not add up.
struct ListUpdateMapping {
    let sections: IndexMapping
    /// By old section.
    let rows: [Int: IndexMapping]
    let moves: [IndexPath: IndexPath]

    /// UIKit's "invalid update": what did not add up.
    struct Failure: Error { let detail: String }

    /// `newRowCount(s)` is the data source's count for new section s.
    init(_ update: ListUpdate, oldRowCounts: [Int], newRowCounts: [Int]) throws(Failure) {
        try Self.checkConsistency(update)
        let oldCount = oldRowCounts.count, newCount = newRowCounts.count
        // Reloaded sections are deleted and inserted again at their new place (UIKit's rule).
        var reloadedTo: Set<Int> = []
        if !update.reloadedSections.isEmpty,
           let plain = IndexMapping(oldCount: oldCount, newCount: oldCount - update.deletedSections.count + update.insertedSections.count,
                                    removed: update.deletedSections, occupied: update.insertedSections) {
            reloadedTo = Set(update.reloadedSections.compactMap { plain.destination.indices.contains($0) ? plain.destination[$0] : nil })
        }
        guard let sections = IndexMapping(oldCount: oldCount, newCount: newCount,
                                          removed: update.deletedSections.union(update.reloadedSections),
                                          occupied: update.insertedSections.union(reloadedTo)) else {
            throw Failure(detail: "\(oldCount) sections before, \(newCount) after, \(update.deletedSections.count + update.reloadedSections.count) deleted and \(update.insertedSections.count + update.reloadedSections.count) inserted")
        }
        let movedFrom = Set(update.moves.map(\.from)), movedTo = Set(update.moves.map(\.to))
        var rows: [Int: IndexMapping] = [:]
        for s in 0..<newCount {
            guard let old = sections.source[s] else { continue }
            let removed = Set(update.deletedRows.keys.filter { $0.section == old }.map(\.row)).union(movedFrom.filter { $0.section == old }.map(\.row))
            let occupied = Set(update.insertedRows.keys.filter { $0.section == s }.map(\.row)).union(movedTo.filter { $0.section == s }.map(\.row))
            guard let map = IndexMapping(oldCount: oldRowCounts[old], newCount: newRowCounts[s], removed: removed, occupied: occupied) else {
                throw Failure(detail: "section \(s): \(oldRowCounts[old]) rows before, \(newRowCounts[s]) after, \(removed.count) deleted or moved out and \(occupied.count) inserted or moved in")
            }
            rows[old] = map
        }
        self.sections = sections
        self.rows = rows
        moves = Dictionary(update.moves.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
    }

    /// UIKit's other "invalid update"s (it raises for each; the list reloads instead): a row
    /// both deleted and moved, deleted and reloaded, or reloaded and moved; a row moved out of
    /// a section being deleted or reloaded, or into one being inserted or reloaded; a row
    /// moved twice, or two rows moved to one place. These had been accepted whenever the counts
    /// added up, and the rows shown no longer matched the data source's (issue 37 item 13).
    static func checkConsistency(_ update: ListUpdate) throws(Failure) {
        var movedFrom: Set<IndexPath> = [], movedTo: Set<IndexPath> = []
        for move in update.moves {
            guard movedFrom.insert(move.from).inserted else { throw Failure(detail: "row \(move.from) is moved twice") }
            guard movedTo.insert(move.to).inserted else { throw Failure(detail: "two rows are moved to \(move.to)") }
            if update.deletedRows[move.from] != nil { throw Failure(detail: "row \(move.from) is both deleted and moved") }
            if update.reloadedRows[move.from] != nil { throw Failure(detail: "row \(move.from) is both reloaded and moved") }
            if update.sectionIsReplaced(move.from.section) {
                throw Failure(detail: "row \(move.from) is moved out of section \(move.from.section), which is deleted or reloaded")
            }
            if update.insertedSections.contains(move.to.section) || update.reloadedSections.contains(move.to.section) {
                throw Failure(detail: "row \(move.from) is moved into section \(move.to.section), which is inserted or reloaded")
            }
        }
        // The first such row, for a message that does not depend on the dictionary's order.
        if let both = update.reloadedRows.keys.filter({ update.deletedRows[$0] != nil }).min(by: { ($0.section, $0.row) < ($1.section, $1.row) }) {
            throw Failure(detail: "row \(both) is both deleted and reloaded")
        }
    }

    /// Where old row `old` is after the update (nil: deleted).
    func newPath(_ old: IndexPath) -> IndexPath? {
        if let to = moves[old] { return to }
        guard sections.destination.indices.contains(old.section), let s = sections.destination[old.section],
              let map = rows[old.section], map.destination.indices.contains(old.row), let r = map.destination[old.row] else { return nil }
        return IndexPath(row: r, section: s)
    }

    /// Which old row new row `new` was (nil: inserted). Moves are looked up by the caller.
    func oldPath(_ new: IndexPath) -> IndexPath? {
        guard sections.source.indices.contains(new.section), let old = sections.source[new.section],
              let map = rows[old], map.source.indices.contains(new.row), let r = map.source[new.row] else { return nil }
        return IndexPath(row: r, section: old)
    }
}
