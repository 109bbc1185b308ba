/// UIKit's `UIAccessibilityTraits`: what an element is and how it behaves, for the spoken
/// mode (which says "button", "heading", "selected", "dimmed"...) and the audit.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none: AccessibilityTraits = []
    /// Acts when activated.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Currently selected (a tab, a segment, a row).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays its own sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// A key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// A summary of the screen, read when it appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// Disabled: cannot be used now ("dimmed").
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a progress bar, a clock): not re-read on every change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts media: the spoken mode keeps quiet after activating it.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Its value moves up and down (`accessibilityIncrement`/`Decrement`): a slider, a stepper.
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly in the spoken mode (a signature pad, a piano).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when the spoken mode reaches its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// A heading: the title of a screen or section.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// A tab bar (on the container of the tabs).
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 17)
}
