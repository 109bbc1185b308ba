/// The kinds of pipeline step `BEZEL_TRACE` can show (spec §8).
public struct TraceCategory: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// hitTest and point(inside:) calls, with their answers.
    public static let hittest = TraceCategory(rawValue: 1 << 0)
    /// Each touches call on a recognizer or responder; withheld, released and cancelled deliveries.
    public static let touches = TraceCategory(rawValue: 1 << 1)
    /// Recognizer state changes and who caused them; shouldBegin and failure-requirement decisions.
    public static let gestures = TraceCategory(rawValue: 1 << 2)
    /// Actions sent by recognizers and controls, and how nil targets were resolved.
    public static let actions = TraceCategory(rawValue: 1 << 3)
    /// Presses (keys and buttons).
    public static let presses = TraceCategory(rawValue: 1 << 4)
    /// Constraint layout: constraints activated and deactivated, each solve (how many
    /// constraints and pivots, which views it moved), constraints broken.
    public static let layout = TraceCategory(rawValue: 1 << 5)

    /// The spoken mode: what it says (each utterance, its language, whether it cuts in).
    /// Off by default as every category: what a customer's focus lands on is theirs.
    public static let speech = TraceCategory(rawValue: 1 << 6)

    public static let all: TraceCategory = [.hittest, .touches, .gestures, .actions, .presses, .layout, .speech]

    static let names: [(String, TraceCategory)] = [
        ("hittest", .hittest), ("touches", .touches), ("gestures", .gestures),
        ("actions", .actions), ("presses", .presses), ("layout", .layout), ("speech", .speech),
    ]

    /// Parses `BEZEL_TRACE`'s value: a comma- or space-separated list of category names, or
    /// `all`. Unknown names are returned so the caller can report them (they are not fatal).
    public static func parse(_ text: String) -> (categories: TraceCategory, unknown: [String]) {
        var result: TraceCategory = []
        var unknown: [String] = []
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let name = word.lowercased()
            if name == "all" || name == "1" {
                result.formUnion(.all)
            } else if let match = names.first(where: { $0.0 == name }) {
                result.formUnion(match.1)
            } else {
                unknown.append(String(word))
            }
        }
        return (result, unknown)
    }

    public var description: String {
        TraceCategory.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
    }
}
