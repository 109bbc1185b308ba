extension View {
    /// The view's traits (UIKit's `traitCollection`): its resolved light or dark style, its
    /// language and that language's direction.
    public var traitCollection: TraitCollection {
        let language = language
        return .current(style: resolvedStyle, direction: Localization.layoutDirection(of: language), language: language)
    }

    /// What the view inherits: its superview's style, or for a window its application's.
    private var inheritedStyle: UserInterfaceStyle {
        if let superview { return superview.resolvedStyle }
        if let window = self as? Window, let style = window.application?.userInterfaceStyle, style != .unspecified { return style }
        return .light
    }

    /// Recomputes the style of the view and of the views below whose style follows it; each
    /// view whose style changed is redrawn and told (`traitCollectionDidChange`, on the view
    /// and on the controller it belongs to). Views under an override that did not change
    /// are neither redrawn nor told: a style change redraws exactly what changed. Told top
    /// down in subview order, a controller before its view (UIKit's order). A loop with its
    /// own stack: a deep tree must not overflow the thread's.
    func updateTraits() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            let style = view.overrideUserInterfaceStyle != .unspecified ? view.overrideUserInterfaceStyle : view.inheritedStyle
            guard style != view.resolvedStyle else { continue }
            let previous = view.traitCollection
            view.resolvedStyle = style
            view.setNeedsDisplay()
            view.owningViewController?.traitCollectionDidChange(previous)
            view.traitCollectionDidChange(previous)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    /// The tint changed at this view: it and the views below that inherit it are told (top
    /// down, in subview order) and redrawn.
    func tintDidChangeInSubtree() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.tintColorDidChange()
            view.setNeedsDisplay()
            pending.append(contentsOf: view.subviews.reversed().filter { $0.ownTintColor == nil })
        }
    }
}
