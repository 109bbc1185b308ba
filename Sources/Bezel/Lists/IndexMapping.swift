/// Where the old positions of a list go in a batch update, by UIKit's rules: deletions (and
/// the sources of moves) are old positions, insertions (and the destinations of moves) are
/// new positions; what survives keeps its order and fills the new positions left free.
struct IndexMapping: Equatable {
    /// For each new position, the old position shown there (nil: inserted, or moved in from
    /// another list).
    var source: [Int?]
    /// For each old position, its new position (nil: deleted, or moved out to another list).
    var destination: [Int?]

    /// Nil when the counts do not add up (`newCount` is not `oldCount` − removed + occupied),
    /// UIKit's "invalid update".
    init?(oldCount: Int, newCount: Int, removed: Set<Int>, occupied: Set<Int>) {
        guard removed.allSatisfy({ $0 >= 0 && $0 < oldCount }), occupied.allSatisfy({ $0 >= 0 && $0 < newCount }),
              oldCount - removed.count + occupied.count == newCount else { return nil }
        source = [Int?](repeating: nil, count: newCount)
        destination = [Int?](repeating: nil, count: oldCount)
        var next = 0
        for old in 0..<oldCount where !removed.contains(old) {
            while occupied.contains(next) { next += 1 }
            source[next] = old
            destination[old] = next
            next += 1
        }
    }

    /// Nothing moves: every position stays.
    init(identity count: Int) {
        source = (0..<count).map { $0 }
        destination = source
    }
}
