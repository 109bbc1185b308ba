/// A button's menu (UIKit's iOS 14 pull-down and iOS 15 pop-up buttons): with
/// `showsMenuAsPrimaryAction` the menu opens on touch down, the button sending
/// `.menuActionTriggered` instead of its tap's actions, and the same finger can slide to a
/// row and lift to choose it (or lift at once and tap a row after). Otherwise a long press
/// opens it, the tap keeping its usual actions.
extension Button {
    func menuDidChange() {
        let wantsLongPress = menu != nil && !showsMenuAsPrimaryAction
        if wantsLongPress, menuLongPress == nil {
            let press = LongPressGestureRecognizer { [weak self] recognizer in self?.menuLongPressChanged(recognizer) }
            press.name = "menuLongPress"
            menuLongPress = press
            addGestureRecognizer(press)
        } else if !wantsLongPress, let press = menuLongPress {
            removeGestureRecognizer(press)
            menuLongPress = nil
        }
        if changesSelectionAsPrimaryAction, let menu { showSelectedAction(of: menu) }
    }

    /// A pop-up button keeps exactly one action on (the first one on, else the first) and
    /// shows its title.
    private func showSelectedAction(of menu: Menu) {
        let actions = menu.allActions.filter { !$0.attributes.contains(.hidden) }
        guard let chosen = actions.first(where: { $0.state == .on }) ?? actions.first else { return }
        for action in menu.allActions { action.state = action === chosen ? .on : .off }
        title = chosen.title
    }

    /// The action the pop-up button shows (`changesSelectionAsPrimaryAction`), else nil.
    public var selectedMenuAction: Action? {
        guard changesSelectionAsPrimaryAction else { return nil }
        return menu?.allActions.first { $0.state == .on }
    }

    /// Opens the menu for the first of `touches` on this button; false when it cannot.
    func openMenuOnTouch(_ touches: Set<Touch>, with event: Event?) -> Bool {
        guard isEnabled, let menu, let application = window?.application,
              let touch = touches.first(where: { $0.view === self }) ?? touches.first else { return false }
        menuTouch = touch
        sendActions(for: .menuActionTriggered, with: event)
        guard application.presentMenu(menu, from: self) != nil else {
            menuTouch = nil
            return false
        }
        return true
    }

    private func menuLongPressChanged(_ recognizer: GestureRecognizer) {
        guard let menu, let application = window?.application else { return }
        let point = recognizer.location(in: nil)
        switch recognizer.state {
        case .began:
            sendActions(for: .menuActionTriggered, with: nil)
            application.presentMenu(menu, from: self)
        case .changed:
            application.presentedMenu?.trackFinger(at: point)
        case .ended:
            application.presentedMenu?.releaseFinger(at: point)
        default:
            application.presentedMenu?.setHighlighted(nil)
        }
    }

    /// An action of this button's menu was chosen: a pop-up button shows it.
    func menuActionWasChosen(_ action: Action) {
        guard changesSelectionAsPrimaryAction, let menu, menu.allActions.contains(where: { $0 === action }) else { return }
        for other in menu.allActions { other.state = other === action ? .on : .off }
        title = action.title
    }
}
