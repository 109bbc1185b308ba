/// One physical key or button (UIKit's `UIPress`): a keyboard key, a keypad key, a GPIO
/// button. The hardware backend fills in the key; the core only routes it.
@MainActor
public final class Press: Hashable {
    public enum Phase: Sendable { case began, changed, stationary, ended, cancelled }

    /// The key: an evdev key code (linux/input-event-codes.h) and, when a keymap is known,
    /// its xkbcommon key symbol and text.
    public struct Key: Hashable, Sendable {
        public var code: Int
        public var symbol: UInt32?
        public var characters: String

        public init(code: Int, symbol: UInt32? = nil, characters: String = "") {
            self.code = code
            self.symbol = symbol
            self.characters = characters
        }
    }

    public let key: Key
    public internal(set) var phase: Phase
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

/// Motion events (UIKit's shake) and remote-control events: no hit-testing, sent to the
/// first responder.
public enum MotionKind: Sendable {
    case shake
}

@MainActor
public final class MotionEvent {
    public enum Subtype: Sendable, Equatable {
        case motionShake
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
    }

    public let subtype: Subtype
    public let timestamp: TimeInterval

    public init(subtype: Subtype, timestamp: TimeInterval) {
        self.subtype = subtype
        self.timestamp = timestamp
    }
}
