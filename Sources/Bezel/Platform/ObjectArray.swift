/// Identity operations on arrays of objects, written as plain loops. The hot paths of touch
/// dispatch use these instead of closure-taking algorithms (`contains(where:)`,
/// `removeAll(where:)`): in Swift 6 a closure formed on the main actor and passed to a
/// nonisolated algorithm checks its executor on every call, which callgrind measured at
/// ~220 instructions per element here.
extension Array where Element: AnyObject {
    // Identity only: each element compared in place, not retained and released
    // (Platform/UnownedReferences.swift).
    func containsObject(_ object: Element) -> Bool {
        indexOfObject(object) != nil
    }

    func indexOfObject(_ object: Element) -> Int? {
        let target = Unmanaged.passUnretained(object).toOpaque()
        var index = 0
        while index < count {
            if withBorrowed(Unmanaged.passUnretained(self[index]), { Unmanaged.passUnretained($0).toOpaque() == target }) { return index }
            index += 1
        }
        return nil
    }

    /// Removes every occurrence of `object`, keeping the order of the rest.
    mutating func removeObject(_ object: Element) {
        var write = 0
        for read in indices where self[read] !== object {
            if write != read { self[write] = self[read] }
            write += 1
        }
        while count > write { removeLast() }
    }

    /// Appends `object` unless it is already there.
    mutating func appendIfAbsent(_ object: Element) {
        if !containsObject(object) { append(object) }
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` element by element: the library's version goes
    /// through the generic `replaceSubrange`, ~120-170 instructions to empty an array of one
    /// or two (callgrind, M3: six arrays emptied a press), where `removeLast` is ~15 each.
    mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
