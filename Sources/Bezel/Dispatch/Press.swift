/// One physical key or button (UIKit's `UIPress`): a keyboard key, a keypad key, a GPIO
/// button. The hardware backend fills in the key; the core only routes it.
@MainActor
public final class Press: Hashable {
    public enum Phase: Sendable { case began, changed, stationary, ended, cancelled }

    /// The key: an evdev key code (linux/input-event-codes.h) and, when a keymap is known,
    /// its xkbcommon key symbol and text. Two keys are equal when they are the same physical
    /// key (the same code): the symbol and text depend on the modifiers held, so
    /// `press.key == .enter` or `case .leftArrow:` ask which key it is, whatever was held.
    public struct Key: Hashable, Sendable {
        public var code: Int
        public var symbol: UInt32?
        public var characters: String
        /// Whether holding the key repeats it (the keymap says so: letters and arrows do,
        /// modifiers do not). Backends without a keymap leave the default, true.
        public var repeats: Bool

        public init(code: Int, symbol: UInt32? = nil, characters: String = "", repeats: Bool = true) {
            self.code = code
            self.symbol = symbol
            self.characters = characters
            self.repeats = repeats
        }

        public static func == (a: Key, b: Key) -> Bool { a.code == b.code }
        public func hash(into hasher: inout Hasher) { hasher.combine(code) }

        // Named keys: evdev codes from linux/input-event-codes.h.
        public static let escape = Key(code: 1, repeats: false)
        public static let backspace = Key(code: 14)
        public static let tab = Key(code: 15)
        public static let enter = Key(code: 28, repeats: false)
        public static let leftControl = Key(code: 29, repeats: false)
        public static let leftShift = Key(code: 42, repeats: false)
        public static let rightShift = Key(code: 54, repeats: false)
        public static let leftAlt = Key(code: 56, repeats: false)
        public static let space = Key(code: 57)
        public static let capsLock = Key(code: 58, repeats: false)
        public static let keypadEnter = Key(code: 96, repeats: false)
        public static let rightControl = Key(code: 97, repeats: false)
        public static let rightAlt = Key(code: 100, repeats: false)
        public static let home = Key(code: 102)
        public static let upArrow = Key(code: 103)
        public static let pageUp = Key(code: 104)
        public static let leftArrow = Key(code: 105)
        public static let rightArrow = Key(code: 106)
        public static let end = Key(code: 107)
        public static let downArrow = Key(code: 108)
        public static let pageDown = Key(code: 109)
        public static let delete = Key(code: 111)
        public static let leftMeta = Key(code: 125, repeats: false)
        public static let rightMeta = Key(code: 126, repeats: false)

        /// The letter keys' codes, for tests and backends without a keymap: `a` is 30.
        public static func letter(_ character: Character) -> Key? {
            let codes: [Character: Int] = [
                "q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24, "p": 25,
                "a": 30, "s": 31, "d": 32, "f": 33, "g": 34, "h": 35, "j": 36, "k": 37, "l": 38,
                "z": 44, "x": 45, "c": 46, "v": 47, "b": 48, "n": 49, "m": 50,
            ]
            return codes[Character(character.lowercased())].map { Key(code: $0, characters: String(character)) }
        }
    }

    /// UIKit's `UIKeyModifierFlags`: the modifier keys held when the press began.
    public struct ModifierFlags: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = ModifierFlags(rawValue: 1 << 0)
        public static let control = ModifierFlags(rawValue: 1 << 1)
        public static let alternate = ModifierFlags(rawValue: 1 << 2)
        public static let command = ModifierFlags(rawValue: 1 << 3)

        /// The flag a modifier key sets, if it is one.
        static func of(_ key: Key) -> ModifierFlags {
            switch key {
            case .leftShift, .rightShift: return .shift
            case .leftControl, .rightControl: return .control
            case .leftAlt, .rightAlt: return .alternate
            case .leftMeta, .rightMeta: return .command
            default: return []
            }
        }
    }

    public let key: Key
    /// The modifiers held when this press began (the key itself not included).
    public internal(set) var modifierFlags: ModifierFlags = []
    public internal(set) var phase: Phase
    /// The recognizers that accepted this press when it began; they get all its phases.
    var gestureRecognizers: [GestureRecognizer] = []
    public internal(set) var timestamp: TimeInterval
    /// Analog force, 0...1; 1 for digital keys.
    public internal(set) var force: Double = 1

    init(key: Key, timestamp: TimeInterval) {
        self.key = key
        self.phase = .began
        self.timestamp = timestamp
    }

    public nonisolated static func == (a: Press, b: Press) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A report of a change in the pressed keys and buttons.
@MainActor
public final class PressEvent {
    public internal(set) var timestamp: TimeInterval
    public internal(set) var allPresses: Set<Press>

    init(timestamp: TimeInterval, presses: Set<Press>) {
        self.timestamp = timestamp
        self.allPresses = presses
    }
}
