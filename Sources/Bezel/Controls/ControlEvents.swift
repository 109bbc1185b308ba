extension Control {
    /// UIKit's `UIControl.Event`.
    public struct Events: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let touchDown = Events(rawValue: 1 << 0)
        /// A touch down with `tapCount` > 1 (sent along with touchDown).
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        public static let touchDragInside = Events(rawValue: 1 << 2)
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        public static let touchDragExit = Events(rawValue: 1 << 5)
        public static let touchUpInside = Events(rawValue: 1 << 6)
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        public static let touchCancel = Events(rawValue: 1 << 8)
        public static let valueChanged = Events(rawValue: 1 << 12)
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
        /// A menu is about to open from the control (UIKit's, iOS 14: `Button.menu`).
        public static let menuActionTriggered = Events(rawValue: 1 << 14)
        public static let editingDidBegin = Events(rawValue: 1 << 16)
        public static let editingChanged = Events(rawValue: 1 << 17)
        public static let editingDidEnd = Events(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Events(rawValue: 1 << 19)

        public static let allTouchEvents = Events(rawValue: 0x0FFF)
        public static let allEditingEvents = Events(rawValue: 0xF_0000)
        public static let allEvents = Events(rawValue: 0xFFFF_FFFF)

        static let names: [(Events, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
            (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
            (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
            (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
            (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"),
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]

        public var description: String {
            let parts = Events.names.filter { contains($0.0) }.map(\.1)
            return parts.isEmpty ? "[]" : parts.joined(separator: "|")
        }
    }
}
