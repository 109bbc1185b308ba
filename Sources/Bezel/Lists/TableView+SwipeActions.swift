/// Swipe actions: a drag toward the leading edge on a row (leftward; rightward in a
/// right-to-left interface) slides it aside and shows its trailing actions (the delegate's,
/// or Delete when the data source deletes rows), a drag toward the trailing edge its leading
/// actions (the delegate's, none by default); lifted past half of them it stays open, a full
/// swipe performs the first action, and a touch anywhere else on the table, or scrolling,
/// closes it.
extension TableView {
    /// The row showing its actions and how far it is slid.
    struct SwipeState {
        var path: IndexPath
        var offset: Double
        var startOffset: Double
        var configuration: SwipeActionsConfiguration
        var actionsView: View
        /// The buttons' own widths (before a long swipe stretches the first).
        var actionWidths: [Double]
        var isOpen: Bool
        /// The actions are at the row's right and the row slides left (trailing actions left
        /// to right, leading ones right to left); else the mirror image.
        var actionsAtRight: Bool
        /// +1 when the row slides left, -1 when it slides right.
        var sign: Double { actionsAtRight ? 1 : -1 }
        var openWidth: Double { actionWidths.reduce(0, +) }
    }

    /// UIKit's action buttons: at least 74 pt wide, the title plus 15 pt each side.
    static let minimumActionWidth = 74.0
    /// A swipe past 60 % of the row's width performs the first action (Bezel's choice, after
    /// UIKit's full-swipe point).
    static let fullSwipeFraction = 0.6

    /// The row's frame, slid by an open swipe.
    func swipeAdjusted(_ rect: Rect, _ path: IndexPath) -> Rect {
        guard let swipe, swipe.path == path else { return rect }
        return rect.offsetBy(dx: -swipe.offset * swipe.sign, dy: 0)
    }

    /// Whether a drag by `dx` reveals a row's trailing actions (a drag toward the leading
    /// edge) rather than its leading ones.
    private func revealsTrailingActions(dx: Double) -> Bool {
        (dx < 0) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    /// The actions a row offers on one side: the delegate's, else (trailing) Delete when the
    /// data source can.
    func swipeConfiguration(for path: IndexPath, trailing: Bool = true) -> SwipeActionsConfiguration? {
        if !trailing {
            let configuration = tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
            return configuration?.actions.isEmpty == false ? configuration : nil
        }
        if let configuration = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path) {
            return configuration.actions.isEmpty ? nil : configuration
        }
        guard let dataSource, dataSource.supportsSwipeToDelete, dataSource.tableView(self, canEditRowAt: path) else { return nil }
        let delete = ContextualAction(style: .destructive, title: Localization.bezelString("Delete", language: language)) { [weak self] _, _, done in
            guard let self else { return }
            dataSource.tableView(self, commit: .delete, forRowAt: path)
            done(true)
        }
        return SwipeActionsConfiguration(actions: [delete])
    }

    /// The swipe recognizer starts only for a mostly horizontal drag on a row with actions
    /// on the side the drag reveals, or on the open row.
    func swipeShouldBegin() -> Bool {
        let t = swipeActionsGestureRecognizer.translation(in: self)
        guard abs(t.x) > abs(t.y) else { return false }
        let location = swipeActionsGestureRecognizer.location(in: self)
        if let swipe, rowRect(swipe.path)?.minY ?? 0 <= location.y, location.y < rowRect(swipe.path)?.maxY ?? 0 { return true }
        guard t.x != 0, let path = indexPathForRow(at: location), cellsOnScreen[path] != nil else { return false }
        return swipeConfiguration(for: path, trailing: revealsTrailingActions(dx: t.x)) != nil
    }

    func handleSwipe(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            let location = pan.location(in: self)
            if var swipe, rowRect(swipe.path).map({ $0.minY <= location.y && location.y < $0.maxY }) == true {
                swipe.startOffset = swipe.offset
                self.swipe = swipe
            } else {
                closeSwipe(animated: true)
                let trailing = revealsTrailingActions(dx: pan.translation(in: self).x)
                guard let path = indexPathForRow(at: location), let configuration = swipeConfiguration(for: path, trailing: trailing) else { return }
                let actionsView = makeActionsView(configuration, path: path)
                insertSubview(actionsView, at: 0)
                swipe = SwipeState(path: path, offset: 0, startOffset: 0, configuration: configuration, actionsView: actionsView,
                                   actionWidths: actionsView.subviews.map(\.frame.width), isOpen: false,
                                   actionsAtRight: trailing != (effectiveUserInterfaceLayoutDirection == .rightToLeft))
            }
        case .changed:
            guard var swipe else { return }
            swipe.offset = max(0, swipe.startOffset - pan.translation(in: self).x * swipe.sign)
            self.swipe = swipe
            placeSwipe()
        case .ended:
            guard let swipe else { return }
            let width = swipe.openWidth
            let velocity = pan.velocity(in: self).x * swipe.sign
            if swipe.configuration.performsFirstActionWithFullSwipe, swipe.offset > bounds.width * Self.fullSwipeFraction,
               let first = swipe.configuration.actions.first {
                perform(first, button: swipe.actionsView.subviews.first ?? swipe.actionsView)
            } else if swipe.offset > width / 2 || velocity < -300 {
                setSwipe(offset: width, animated: true)
            } else {
                closeSwipe(animated: true)
            }
        case .cancelled, .failed:
            closeSwipe(animated: true)
        case .possible:
            break
        }
    }

    private func makeActionsView(_ configuration: SwipeActionsConfiguration, path: IndexPath) -> View {
        let container = View()
        container.name = "swipeActions"
        container.clipsToBounds = true
        var x = 0.0
        for action in configuration.actions.reversed() {
            let title = action.title ?? ""
            let textWidth = TextMetrics.measurer?.measureText(title, style: TextStyle(size: 15), width: nil).width ?? Double(title.count) * 9
            let width = max(Self.minimumActionWidth, textWidth.rounded(.up) + 30)
            let button = Button(frame: Rect(x: x, y: 0, width: width, height: rowRect(path)?.height ?? standardRowHeight))
            button.title = title
            button.titleStyle = TextStyle(size: 15, color: .white, alignment: .center)
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = action.backgroundColor
            button.name = "swipeAction:" + title
            button.addAction(for: .touchUpInside) { [weak self, weak button] _, _ in
                guard let self, let button else { return }
                self.perform(action, button: button)
            }
            container.insertSubview(button, at: 0)
            x += width
        }
        return container
    }

    private func perform(_ action: ContextualAction, button: View) {
        let path = swipe?.path
        action.handler(action, button) { [weak self] _ in
            guard let self, self.swipe?.path == path else { return }
            self.closeSwipe(animated: true)
        }
    }

    /// Slides the open row and its actions to `offset` (a distance, whichever way it slides).
    private func setSwipe(offset: Double, animated: Bool) {
        guard var swipe else { return }
        swipe.offset = offset
        swipe.isOpen = offset > 0
        self.swipe = swipe
        if animated, window?.application != nil {
            View.animate(withDuration: Self.rowAnimationDuration, options: [.allowUserInteraction]) { self.placeSwipe() }
        } else {
            placeSwipe()
        }
    }

    private func placeSwipe() {
        guard let swipe, let rect = rowRect(swipe.path) else { return }
        cellsOnScreen[swipe.path]?.frame = rect.offsetBy(dx: -swipe.offset * swipe.sign, dy: 0)
        swipe.actionsView.frame = Rect(x: swipe.actionsAtRight ? rect.maxX - swipe.offset : rect.minX, y: rect.minY,
                                       width: swipe.offset, height: rect.height)
        // The buttons share the revealed width in proportion (the first grows on a full swipe);
        // the first is nearest the row.
        let extra = max(0, swipe.offset - swipe.openWidth)
        var x = 0.0
        for (i, button) in swipe.actionsView.subviews.enumerated() where i < swipe.actionWidths.count {
            let width = swipe.actionWidths[i] + (i == 0 ? extra : 0)
            button.frame = Rect(x: swipe.actionsAtRight ? x : swipe.offset - x - width, y: 0, width: width, height: rect.height)
            x += width
        }
    }

    /// Closes the open row (if any); its actions view goes when the row is back.
    func closeSwipe(animated: Bool) {
        guard let open = swipe else { return }
        swipe = nil
        let actions = open.actionsView
        let cell = cellsOnScreen[open.path]
        guard let rect = rowRect(open.path) else { actions.removeFromSuperview(); return }
        let close = {
            cell?.frame = rect
            actions.frame = Rect(x: open.actionsAtRight ? rect.maxX : rect.minX, y: rect.minY, width: 0, height: rect.height)
        }
        if animated, window?.application != nil {
            View.animate(withDuration: Self.rowAnimationDuration, options: [.allowUserInteraction], animations: close) { _ in actions.removeFromSuperview() }
        } else {
            View.performWithoutAnimation(close)
            actions.removeFromSuperview()
        }
    }

    /// The row showing swipe actions, nil when none is open.
    public var indexPathForSwipedRow: IndexPath? { swipe?.path }
}
