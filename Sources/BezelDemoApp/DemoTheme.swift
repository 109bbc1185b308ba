import Bezel

/// The demo's look: the standard kiosk scene's colours (design.md §5).
@MainActor
enum DemoTheme {
    static let background = Color(rgb: 0x202830)
    static let tile = Color(rgb: 0x34495E)
    static let tileBorder = Color.white.withAlpha(0.25)
    static let accent = Color(rgb: 0x2196F3)
    static let text = Color.white
    static let secondaryText = Color(rgb: 0xB0BEC5)

    static func tileButton(_ title: String, frame: Rect) -> Button {
        let button = Button(frame: frame)
        button.title = title
        button.backgroundColor = tile
        button.cornerRadius = 8
        button.borderWidth = 1
        button.borderColor = tileBorder
        button.setTitleColor(.white, for: .normal)
        return button
    }

    static func label(_ text: String, frame: Rect, size: Double = 18, color: Color = text, alignment: TextStyle.Alignment = .left) -> Label {
        Label(frame: frame, text: text, style: TextStyle(size: size, color: color, alignment: alignment))
    }
}
