/// The views a list keeps for reuse, by reuse identifier, and how to make new ones (UIKit's
/// `register(_:forCellReuseIdentifier:)` and `dequeueReusableCell`). Shared by `TableView`
/// and `CollectionView` for cells, headers and footers.
@MainActor
struct ReusePool<Element: View> {
    private var makers: [String: () -> Element] = [:]
    private var waiting: [String: [Element]] = [:]
    /// How many elements this pool has made (tests check that reuse keeps it small).
    private(set) var created = 0
    /// Where each element's observations for the row it shows begin (an observation serial,
    /// taken when it is handed out): those made in its `init` are its own and stay.
    private var rowObservationsFrom: [ObjectIdentifier: UInt64] = [:]

    mutating func register(_ identifier: String, make: @escaping () -> Element) {
        makers[identifier] = make
    }

    func isRegistered(_ identifier: String) -> Bool { makers[identifier] != nil }

    /// A waiting element, or a new one; nil when `identifier` was never registered.
    mutating func dequeue(_ identifier: String) -> (element: Element, reused: Bool)? {
        if var list = waiting[identifier], let element = list.popLast() {
            waiting[identifier] = list
            // `observe { }` in cellForRowAt (the README's pattern) is for the row being shown:
            // it ends when the cell shows another. Kept, a reused cell gathered every
            // observation it was ever given (339 a cell after 20 passes over 200 rows), and an
            // earlier row's change rewrote the cell under another row (issue 37 item 11).
            let id = ObjectIdentifier(element)
            if let from = rowObservationsFrom[id] { element.endObservations(since: from) }
            rowObservationsFrom[id] = ObservationUpdates.nextSerial
            return (element, true)
        }
        guard let make = makers[identifier] else { return nil }
        created += 1
        let element = make()
        rowObservationsFrom[ObjectIdentifier(element)] = ObservationUpdates.nextSerial
        return (element, false)
    }

    /// Counts an element made outside the registrations (a fallback cell).
    mutating func countCreated() { created += 1 }

    mutating func enqueue(_ element: Element, identifier: String) {
        waiting[identifier, default: []].append(element)
    }

    /// Every waiting element, for tests and traits changes.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
