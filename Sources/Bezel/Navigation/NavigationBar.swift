/// The bar at the top of a `NavigationController` (UIKit's `UINavigationBar`): the top
/// controller's title, centred, and a back button on the left whenever there is somewhere to
/// go back to. 60 pt tall, the header of the standard kiosk scene (design.md §5).
@MainActor
public final class NavigationBar: View {
    public static let height = 60.0
    public let titleLabel: Label
    public let backButton: Button

    public override init(frame: Rect) {
        titleLabel = Label(frame: Rect(x: 120, y: 0, width: max(0, frame.width - 240), height: frame.height),
                           style: TextStyle(size: 28, color: .white, alignment: .center))
        backButton = Button(frame: Rect(x: 8, y: 8, width: 110, height: frame.height - 16))
        super.init(frame: frame)
        name = "navigationBar"
        backgroundColor = Color(rgb: 0x2E86DE)
        autoresizingMask = [.flexibleWidth]
        backButton.title = "‹ Back"
        backButton.name = "back"
        backButton.setTitleColor(.white, for: .normal)
        backButton.setTitleColor(Color.white.withAlpha(0.5), for: .highlighted)
        backButton.isHidden = true
        addSubview(titleLabel)
        addSubview(backButton)
    }

    /// The title stays centred between equal margins whatever the bar's width.
    public override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = Rect(x: 120, y: 0, width: max(0, bounds.width - 240), height: bounds.height)
        backButton.frame = Rect(x: 8, y: 8, width: 110, height: max(0, bounds.height - 16))
    }
}
