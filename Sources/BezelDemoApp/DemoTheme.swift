import Bezel

/// The demo's look, in dynamic colours: the dark style is the standard kiosk scene's
/// colours (design.md §5), the light one UIKit's grouped look. Settings' Theme switches the
/// window between them; nothing else in the demo knows which is shown.
@MainActor
enum DemoTheme {
    static let background = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x202830))
    static let tile = Color(light: .white, dark: Color(rgb: 0x34495E))
    static let tileBorder = Color(light: Color.black.withAlpha(0.12), dark: Color.white.withAlpha(0.25))
    static let accent = Color(rgb: 0x2196F3)
    static let text = Color(light: Color(rgb: 0x1C1C1E), dark: .white)
    static let secondaryText = Color(light: Color(rgb: 0x5F6B73), dark: Color(rgb: 0xB0BEC5))
    /// Alternate rows and the gesture area: a step off the background.
    static let band = Color(light: Color(rgb: 0xE4E7EB), dark: Color(rgb: 0x26323E))
    /// The unfilled part of sliders and progress bars.
    static let track = Color(light: Color(rgb: 0xD5DAE0), dark: Color(rgb: 0x2A3F56))
    /// The navigation bar: the brand's blue in both styles.
    static let bar = Color(rgb: 0x2E86DE)

    static func tileButton(_ title: String, frame: Rect) -> Button {
        let button = Button(frame: frame)
        button.title = title
        button.backgroundColor = tile
        button.cornerRadius = 8
        button.borderWidth = 1
        button.borderColor = tileBorder
        button.setTitleColor(text, for: .normal)
        return button
    }

    static func label(_ text: String, frame: Rect, size: Double = 18, color: Color = text, alignment: TextStyle.Alignment = .natural) -> Label {
        Label(frame: frame, text: text, style: TextStyle(size: size, color: color, alignment: alignment))
    }

    /// A label showing a localized resource: it follows every language switch.
    static func localizedLabel(_ text: LocalizedStringResource, frame: Rect, size: Double = 18, color: Color = text,
                               alignment: TextStyle.Alignment = .natural) -> Label {
        let label = Label(frame: frame, style: TextStyle(size: size, color: color, alignment: alignment))
        label.localizedText = text
        return label
    }
}
