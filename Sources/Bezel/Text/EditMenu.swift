/// UIKit's edit menu: Cut, Copy, Paste and Select All in a dark bar above the selection (or
/// the caret), each sent through the action funnel to the text input, shown only when the
/// input can perform it (`canPerformAction`). Tapping an item performs it and closes the menu.
@MainActor
public final class EditMenuView: View {
    /// The standard items: titles and the actions they send (UIKit's selector names).
    public static let standardItems: [(title: String, action: Selector)] = [
        ("Cut", "cut:"), ("Copy", "copy:"), ("Paste", "paste:"), ("Select All", "selectAll:"),
    ]

    public private(set) var items: [Button] = []
    private weak var target: View?

    static let height = 38.0
    static let tone = Color(rgb: 0x2C2C2E, alpha: 0.96)

    /// A menu for `target` with the items it can perform now; nil when it can perform none.
    init?(target: View) {
        self.target = target
        super.init(frame: .zero)
        name = "editMenu"
        backgroundColor = EditMenuView.tone
        cornerRadius = 8
        var x = 0.0
        for item in EditMenuView.standardItems where target.canPerformAction(item.action, withSender: nil) {
            let button = Button(frame: .zero)
            // Bezel's own strings, in the input's language (the name stays English for tests).
            button.title = Localization.bezelString(item.title, language: target.language)
            button.titleStyle = TextStyle(size: 15, alignment: .center)
            button.setTitleColor(.white, for: .normal)
            button.name = "editMenu.\(item.title)"
            let width = (TextMetrics.layout.measureText(button.title ?? item.title, style: button.titleStyle, width: nil).width + 24).rounded(.up)
            button.frame = Rect(x: x, y: 0, width: width, height: EditMenuView.height)
            let action = item.action
            button.addAction(for: .touchUpInside) { [weak self] sender, event in
                guard let self, let target = self.target, let app = target.window?.application else { return }
                self.removeFromSuperview()
                app.sendAction(action, to: target, from: sender, for: event)
            }
            addSubview(button)
            items.append(button)
            x += width
        }
        guard !items.isEmpty else { return nil }
        frame.size = Size(width: x, height: EditMenuView.height)
    }

    /// Places the menu in `window` above `rect` (window coordinates), or below it when there
    /// is no room above, kept inside the window.
    func show(above rect: Rect, in window: Window) {
        let width = frame.width
        var x = rect.midX - width / 2
        x = max(4, min(x, window.bounds.width - width - 4))
        var y = rect.minY - EditMenuView.height - 10
        if y < 4 { y = rect.maxY + 10 }
        frame = Rect(x: x, y: y, width: width, height: EditMenuView.height)
        window.addSubview(self)
    }
}
