extension Application {
    /// How large the user wants text (UIKit's `preferredContentSizeCategory`), process-wide:
    /// a kiosk's "larger text" button, or the runtime's `text_size` setting. Changing it
    /// resizes the text of every label, button and text field that
    /// `adjustsFontForContentSizeCategory`, lays the windows out again, and tells every view
    /// and controller (`traitCollectionDidChange`, with the previous category).
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { ContentSizeCategory.current }
        set {
            let before = ContentSizeCategory.current
            guard newValue != before else { return }
            ContentSizeCategory.current = newValue
            for window in windows { window.contentSizeCategoryChanged(from: before) }
        }
    }
}

extension View {
    /// Top down: each view adjusts its text, lays out again, and hears the change (its
    /// controller first).
    func contentSizeCategoryChanged(from before: ContentSizeCategory) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            var previous = view.traitCollection
            previous.preferredContentSizeCategory = before
            view.contentSizeCategoryDidChange()
            view.invalidateIntrinsicContentSize()
            view.setNeedsLayout()
            view.setNeedsDisplay()
            view.owningViewController?.traitCollectionDidChange(previous)
            view.traitCollectionDidChange(previous)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }
}
