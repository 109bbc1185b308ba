/// Where a menu is shown: a clear view over the whole window holding the menu's card. A touch
/// that lands outside the card closes the menu and goes no further (UIKit's rule: the tap
/// that dismisses a menu does not reach what is under it). The overlay is modal for the
/// spoken mode, whose escape closes the menu.
@MainActor
final class MenuOverlayView: CoverView {
    let menuView: MenuView

    init(menuView: MenuView, frame: Rect) {
        self.menuView = menuView
        super.init(frame: frame)
        name = "menuOverlay"
        accessibilityViewIsModal = true
        addSubview(menuView)
    }

    override func accessibilityPerformEscape() -> Bool { menuView.accessibilityPerformEscape() }
}

extension MenuView {
    /// UIKit's menus are not documented in seconds; Bezel's fade in and out, close to iOS's.
    static let presentationDuration: TimeInterval = 0.25
    static let dismissalDuration: TimeInterval = 0.2
    /// The space kept between the card and the control it came from, and the window's edges.
    static let sourceGap = 8.0
    static let edgeMargin = 8.0

    /// The card's frame in `bounds` (the window's) for a control at `source` (window
    /// coordinates): under it, its leading edges lined up; above it when there is no room
    /// below; else as low as fits, scrolling when the window is shorter than the rows.
    func placement(below source: Rect, in bounds: Rect) -> Rect {
        maximumHeight = max(MenuItemView.height, bounds.height - 2 * Self.edgeMargin)
        let size = preferredSize(maximumWidth: max(Self.minimumWidth, bounds.width - 2 * Self.edgeMargin))
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x = rightToLeft ? source.maxX - size.width : source.minX
        x = max(bounds.minX + Self.edgeMargin, min(x, bounds.maxX - Self.edgeMargin - size.width))
        var y = source.maxY + Self.sourceGap
        if y + size.height > bounds.maxY - Self.edgeMargin {
            let above = source.minY - Self.sourceGap - size.height
            y = above >= bounds.minY + Self.edgeMargin ? above : max(bounds.minY + Self.edgeMargin, bounds.maxY - Self.edgeMargin - size.height)
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}

extension Application {
    /// Shows `menu` for `source` in its window (UIKit's pull-down menu from a button or a
    /// bar-button item): placed by the control, fading in, with the spoken mode's focus on
    /// its first row. A menu already up is closed first. Choosing an action closes the menu
    /// and runs the action's handler with `sender` set to `source`.
    @discardableResult
    public func presentMenu(_ menu: Menu, from source: Control) -> MenuView? {
        guard let window = source.window else {
            Diagnostics.report(.apiMisuse, "presentMenu from \(source.debugName), which is in no window; not shown")
            return nil
        }
        if presentedMenu != nil { dismissMenu(animated: false) }
        let menuView = MenuView(menu: menu)
        menuView.source = source
        menuView.semanticContentAttribute = source.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .forceRightToLeft : .forceLeftToRight
        let overlay = MenuOverlayView(menuView: menuView, frame: window.bounds)
        overlay.onOutsideTouch = { [weak self] in self?.dismissMenu(animated: true) }
        menuView.onEscape = { [weak self] in self?.dismissMenu(animated: true) }
        menuView.onChoose = { [weak self, weak source] action in
            if !action.attributes.contains(.keepsMenuPresented) { self?.dismissMenu(animated: true) }
            if let button = source as? Button { button.menuActionWasChosen(action) }
            action.sender = source
            action.handler(action)
            action.sender = nil
        }
        menuView.frame = menuView.placement(below: source.convert(source.bounds, to: nil), in: window.bounds)
        menuView.shadowColor = .black
        menuView.shadowOpacity = 0.18
        menuView.shadowRadius = 20
        menuView.shadowOffset = Size(width: 0, height: 6)
        window.addSubview(overlay)
        // Laid out now, not at the next frame: the rows take touches and keys at once.
        menuView.layoutIfNeeded()
        presentedMenu = menuView
        tracer.log(.actions, "menu \(menu.title.isEmpty ? "(untitled)" : menu.title.debugDescription) shown from \(source.debugName)")
        menuView.alpha = 0
        View.animate(withDuration: MenuView.presentationDuration) { menuView.alpha = 1 }
        menuView.postScreenChanged()
        return menuView
    }

    /// Closes the menu that is up, if any: it fades out (at once when not `animated`) and the
    /// spoken mode's focus goes back to the control it came from.
    public func dismissMenu(animated: Bool = true) {
        guard let menuView = presentedMenu, let overlay = menuView.superview else { return }
        presentedMenu = nil
        overlay.isUserInteractionEnabled = false
        tracer.log(.actions, "menu \(menuView.menu.title.isEmpty ? "(untitled)" : menuView.menu.title.debugDescription) dismissed")
        let source = menuView.source
        if animated {
            View.animate(withDuration: MenuView.dismissalDuration, animations: { menuView.alpha = 0 }, completion: { _ in overlay.removeFromSuperview() })
        } else {
            overlay.removeFromSuperview()
        }
        Accessibility.post(notification: .screenChanged, argument: source)
    }
}
