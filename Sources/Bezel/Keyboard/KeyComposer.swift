/// What a key typed through a composer (dead keys and compose sequences) becomes.
public enum ComposeStep: Equatable, Sendable {
    /// Not part of a sequence: type the key's own text.
    case passThrough
    /// A sequence has started or goes on: nothing typed yet; `preview` shows the pending accent.
    case composing(preview: String)
    /// A sequence finished: type this.
    case composed(String)
    /// The key broke a sequence (no such combination): nothing is typed (xkbcommon's and
    /// X11's rule).
    case cancelled
}

/// Turns sequences of key symbols into text: dead keys (`^` `e` -> `ê`) and compose sequences.
/// BezelInput's `XKBComposer` reads the system's compose tables (xkbcommon, for the locale);
/// `DeadKeyComposer` is the core's fallback for the dead keys alone.
@MainActor
public protocol KeyComposer: AnyObject {
    func feed(_ output: KeyOutput) -> ComposeStep
    /// Forgets a pending sequence (the caret moved, editing ended).
    func reset()
}

/// The XKB dead keys and the combining mark each adds.
public struct DeadKey: Sendable {
    public let symbol: UInt32
    /// What a key cap shows, and what the dead key types followed by a space.
    public let spacing: String
    /// The combining character (U+0300...) it adds to the next letter.
    public let combining: String

    public static let all: [DeadKey] = [
        DeadKey(symbol: 0xFE50, spacing: "`", combining: "\u{300}"),   // dead_grave
        DeadKey(symbol: 0xFE51, spacing: "´", combining: "\u{301}"),   // dead_acute
        DeadKey(symbol: 0xFE52, spacing: "^", combining: "\u{302}"),   // dead_circumflex
        DeadKey(symbol: 0xFE53, spacing: "~", combining: "\u{303}"),   // dead_tilde
        DeadKey(symbol: 0xFE54, spacing: "¯", combining: "\u{304}"),   // dead_macron
        DeadKey(symbol: 0xFE55, spacing: "˘", combining: "\u{306}"),   // dead_breve
        DeadKey(symbol: 0xFE56, spacing: "˙", combining: "\u{307}"),   // dead_abovedot
        DeadKey(symbol: 0xFE57, spacing: "¨", combining: "\u{308}"),   // dead_diaeresis
        DeadKey(symbol: 0xFE58, spacing: "˚", combining: "\u{30A}"),   // dead_abovering
        DeadKey(symbol: 0xFE59, spacing: "˝", combining: "\u{30B}"),   // dead_doubleacute
        DeadKey(symbol: 0xFE5A, spacing: "ˇ", combining: "\u{30C}"),   // dead_caron
        DeadKey(symbol: 0xFE5B, spacing: "¸", combining: "\u{327}"),   // dead_cedilla
        DeadKey(symbol: 0xFE5C, spacing: "˛", combining: "\u{328}"),   // dead_ogonek
    ]

    public static func named(_ symbol: UInt32) -> DeadKey? {
        all.first { $0.symbol == symbol }
    }
}

/// The fallback composer: a dead key followed by a letter gives the letter with the accent's
/// combining mark (Swift compares `e` + U+0302 equal to `ê`, and Pango draws it as one); a dead
/// key followed by space types the accent itself; a second dead key types the first one's
/// accent and starts over. No compose sequences: those need the system's tables (BezelInput).
@MainActor
public final class DeadKeyComposer: KeyComposer {
    private var pending: DeadKey?

    public init() {}

    public func feed(_ output: KeyOutput) -> ComposeStep {
        if let dead = DeadKey.named(output.symbol), output.text.isEmpty {
            defer { pending = dead }
            if let previous = pending { return .composed(previous.spacing) }
            return .composing(preview: dead.spacing)
        }
        guard let dead = pending else { return .passThrough }
        pending = nil
        if output.text == " " { return .composed(dead.spacing) }
        guard let first = output.text.first, first.isLetter else { return .cancelled }
        return .composed(output.text + dead.combining)
    }

    public func reset() { pending = nil }
}
