import Bezel

/// The demo's look, in dynamic colours: the dark style is the standard kiosk scene's
/// colours (design.md §5), the light one UIKit's grouped look. Settings' Theme switches the
/// window between them; nothing else in the demo knows which is shown. Each colour has a
/// high-contrast variant (Accessibility's switch): darker surfaces, stronger lines, text
/// nearer black or white.
@MainActor
enum DemoTheme {
    static let background = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x202830),
                                  highContrastLight: .white, highContrastDark: Color(rgb: 0x0E1216))
    static let tile = Color(light: .white, dark: Color(rgb: 0x34495E),
                            highContrastLight: .white, highContrastDark: Color(rgb: 0x1B2835))
    static let tileBorder = Color(light: Color.black.withAlpha(0.12), dark: Color.white.withAlpha(0.25),
                                  highContrastLight: Color.black.withAlpha(0.6), highContrastDark: Color.white.withAlpha(0.75))
    static let accent = Color(light: Color(rgb: 0x2196F3), dark: Color(rgb: 0x2196F3),
                              highContrastLight: Color(rgb: 0x0B5CAD), highContrastDark: Color(rgb: 0x64B5F6))
    static let text = Color(light: Color(rgb: 0x1C1C1E), dark: .white,
                            highContrastLight: .black, highContrastDark: .white)
    static let secondaryText = Color(light: Color(rgb: 0x5F6B73), dark: Color(rgb: 0xB0BEC5),
                                     highContrastLight: Color(rgb: 0x2F363B), highContrastDark: Color(rgb: 0xE3E9ED))
    /// Alternate rows and the gesture area: a step off the background.
    static let band = Color(light: Color(rgb: 0xE4E7EB), dark: Color(rgb: 0x26323E),
                            highContrastLight: Color(rgb: 0xDADFE5), highContrastDark: Color(rgb: 0x1F2A35))
    /// The unfilled part of sliders and progress bars.
    static let track = Color(light: Color(rgb: 0xD5DAE0), dark: Color(rgb: 0x2A3F56),
                             highContrastLight: Color(rgb: 0x9AA5B1), highContrastDark: Color(rgb: 0x52708F))
    /// The navigation bar: the brand's blue in both styles; in high contrast a darker one,
    /// 7:1 under its white title (NavigationBar.barColor's).
    static let bar = Color(light: Color(rgb: 0x2E86DE), dark: Color(rgb: 0x2E86DE),
                           highContrastLight: Color(rgb: 0x0B4F94), highContrastDark: Color(rgb: 0x0B4F94))

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
