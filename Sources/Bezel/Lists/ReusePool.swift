/// The views a list keeps for reuse, by reuse identifier, and how to make new ones (UIKit's
/// `register(_:forCellReuseIdentifier:)` and `dequeueReusableCell`). Shared by `TableView`
/// and `CollectionView` for cells, headers and footers.
@MainActor
struct ReusePool<Element: View> {
    private var makers: [String: () -> Element] = [:]
    private var waiting: [String: [Element]] = [:]
    /// How many elements this pool has made (tests check that reuse keeps it small).
    private(set) var created = 0

    mutating func register(_ identifier: String, make: @escaping () -> Element) {
        makers[identifier] = make
    }

    func isRegistered(_ identifier: String) -> Bool { makers[identifier] != nil }

    /// A waiting element, or a new one; nil when `identifier` was never registered.
    mutating func dequeue(_ identifier: String) -> (element: Element, reused: Bool)? {
        if var list = waiting[identifier], let element = list.popLast() {
            waiting[identifier] = list
            return (element, true)
        }
        guard let make = makers[identifier] else { return nil }
        created += 1
        return (make(), false)
    }

    /// Counts an element made outside the registrations (a fallback cell).
    mutating func countCreated() { created += 1 }

    mutating func enqueue(_ element: Element, identifier: String) {
        waiting[identifier, default: []].append(element)
    }

    /// Every waiting element, for tests and traits changes.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
