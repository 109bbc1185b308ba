/// What one key of the on-screen keyboard types at one shift level: text, or a dead key (an
/// accent that combines with the next letter: `^` then `e` gives `ê`).
public struct KeyOutput: Hashable, Sendable {
    /// The XKB key symbol (for a character, its code point, or 0x01000000 + it beyond Latin-1).
    public var symbol: UInt32
    /// What the key types; empty for a dead key.
    public var text: String

    public init(symbol: UInt32, text: String) {
        self.symbol = symbol
        self.text = text
    }

    /// A key that types `character` (its XKB symbol derived from the code point).
    public init(_ character: Character) {
        let scalar = character.unicodeScalars.first?.value ?? 0
        self.init(symbol: scalar < 0x100 ? scalar : 0x0100_0000 + scalar, text: String(character))
    }

    public var isDeadKey: Bool { text.isEmpty && DeadKey.named(symbol) != nil }

    /// What the key cap shows: the text, or the accent a dead key adds.
    public var label: String { text.isEmpty ? DeadKey.named(symbol)?.spacing ?? "" : text }
}

/// One letter key of the on-screen keyboard: what it types at each shift level (0: plain,
/// 1: shifted), read from the XKB keymap of the configured layout.
public struct KeyboardKey: Hashable, Sendable {
    /// The evdev code of the physical key it stands for (30 is `a` on a US keyboard).
    public var code: Int
    public var levels: [KeyOutput]

    public init(code: Int, levels: [KeyOutput]) {
        self.code = code
        self.levels = levels
    }

    /// The output at `level`, falling back to level 0 where the keymap has none.
    public func output(shifted: Bool) -> KeyOutput? {
        shifted && levels.count > 1 ? levels[1] : levels.first
    }
}

/// The letter page of the on-screen keyboard: rows of letter keys from an XKB layout
/// (BezelInput's `KeyboardLayout.onScreenKeyMap()` reads them from xkbcommon, so every layout a
/// hardware keyboard has works on screen too). The core's own `us` map is the fallback when
/// no XKB data is installed.
public struct KeyboardKeyMap: Hashable, Sendable {
    /// The XKB layout name ("us", "de", "fr:nodeadkeys"...).
    public var name: String
    /// Top to bottom; the bottom row is flanked by shift and backspace.
    public var rows: [[KeyboardKey]]

    public init(name: String, rows: [[KeyboardKey]]) {
        self.name = name
        self.rows = rows
    }

    /// US QWERTY (the layout XKB calls `us`), built in.
    public static let us: KeyboardKeyMap = {
        let codes: [[(Int, Character)]] = [
            [(16, "q"), (17, "w"), (18, "e"), (19, "r"), (20, "t"), (21, "y"), (22, "u"), (23, "i"), (24, "o"), (25, "p")],
            [(30, "a"), (31, "s"), (32, "d"), (33, "f"), (34, "g"), (35, "h"), (36, "j"), (37, "k"), (38, "l")],
            [(44, "z"), (45, "x"), (46, "c"), (47, "v"), (48, "b"), (49, "n"), (50, "m")],
        ]
        return KeyboardKeyMap(name: "us", rows: codes.map { row in
            row.map { code, letter in
                KeyboardKey(code: code, levels: [KeyOutput(letter), KeyOutput(Character(letter.uppercased()))])
            }
        })
    }()

    /// Builds the letter page from a keymap's keys: `keys(code)` gives the outputs at levels
    /// 0 and 1 of an evdev key code (what XKB's `xkb_keymap_key_get_syms_by_level` says).
    /// The rows are the keyboard's three letter rows (XKB's AD, AC and AB: Q, A and Z on a US
    /// keyboard) keeping the keys that type a letter or are dead keys; letters and dead keys
    /// of the digit row, the key left of it and the one by return (German `ß`, French `é`,
    /// Russian `ё`) join the bottom row, so every letter of the layout can be typed.
    public static func fromKeymap(named name: String, keys: (Int) -> [KeyOutput]) -> KeyboardKeyMap {
        func isLetterKey(_ code: Int) -> Bool {
            guard let first = keys(code).first else { return false }
            if first.isDeadKey { return true }
            return first.text.count == 1 && first.text.first!.isLetter
        }
        func row(_ codes: ClosedRange<Int>) -> [KeyboardKey] {
            codes.filter(isLetterKey).map { KeyboardKey(code: $0, levels: Array(keys($0).prefix(2))) }
        }
        // evdev codes: AD01-AD12 16...27, AC01-AC11 30...40, AB01-AB10 44...53; the digit row
        // AE01-AE12 2...13, TLDE 41, BKSL 43.
        var rows = [row(16...27), row(30...40), row(44...53)]
        let extras = (Array(2...13) + [41, 43]).filter(isLetterKey).map { KeyboardKey(code: $0, levels: Array(keys($0).prefix(2))) }
        rows[2] += extras
        return KeyboardKeyMap(name: name, rows: rows)
    }
}
