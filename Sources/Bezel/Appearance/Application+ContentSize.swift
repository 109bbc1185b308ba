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
            displaySettingChanged(resizesText: true) { $0.preferredContentSizeCategory = before }
        }
    }

    /// A process-wide display setting changed (its new value already current): every window
    /// hears it (`View.displaySettingChanged`), then `notification` is posted.
    func displaySettingChanged(resizesText: Bool, posting notification: Notification.Name? = nil, previous: (inout TraitCollection) -> Void) {
        for window in windows { window.displaySettingChanged(resizesText: resizesText, previous: previous) }
        if let notification { notificationCenter.post(name: notification, object: self) }
    }
}

extension View {
    /// A process-wide display setting changed (text size, contrast, bold text). Top down: each
    /// view adjusts its text (`resizesText`: and lays out again), redraws, and hears the
    /// change with its previous traits (`previous` turns the current ones back), its
    /// controller first.
    func displaySettingChanged(resizesText: Bool, previous: (inout TraitCollection) -> Void) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            var before = view.traitCollection
            previous(&before)
            if resizesText {
                view.contentSizeCategoryDidChange()
                view.invalidateIntrinsicContentSize()
                view.setNeedsLayout()
            }
            view.setNeedsDisplay()
            view.owningViewController?.traitCollectionDidChange(before)
            view.traitCollectionDidChange(before)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }
}
