extension View {
    /// The languages this view and the views below it prefer, over their window's and the
    /// application's (a customer's screen in their language beside a staff screen in the
    /// operator's); nil inherits. Changing it re-resolves their localized text and tells them
    /// (`traitCollectionDidChange`).
    public var overridePreferredLanguages: [String]? {
        get { preferredLanguagesOverride }
        set {
            let canonical = newValue.map { $0.compactMap(Localization.canonicalIdentifier) }
            guard canonical != preferredLanguagesOverride else { return }
            let before = language
            if (preferredLanguagesOverride == nil) != (canonical == nil) { Localization.overrideCount += canonical == nil ? -1 : 1 }
            preferredLanguagesOverride = canonical
            languageChanged(from: before)
        }
    }

    /// The languages that apply here: the nearest override above (this view's included),
    /// else the application's.
    public var effectivePreferredLanguages: [String] {
        if Localization.overrideCount > 0 {
            var view: View? = self
            while let current = view {
                if let languages = current.preferredLanguagesOverride { return languages }
                view = current.superview
            }
        }
        return Localization.preferredLanguages
    }

    /// The language localized text in this view is shown in: the first of its preferred
    /// languages the app has strings in.
    var language: String {
        Localization.overrideCount == 0 ? Localization.language : Localization.bestLanguage(for: effectivePreferredLanguages)
    }

    /// The direction the view's language runs in.
    var languageLayoutDirection: UserInterfaceLayoutDirection { Localization.layoutDirection(of: language) }

    /// The language here was `before`; tell every view below whose language changed (not
    /// those under an override of their own): their localized text is resolved again, they
    /// and their controllers hear `traitCollectionDidChange`, and a change of direction
    /// swaps their constraints' leading and trailing. Top down, a controller before its view.
    func languageChanged(from before: String) {
        let after = language
        guard after != before else { return }
        let directionBefore = Localization.layoutDirection(of: before), directionAfter = Localization.layoutDirection(of: after)
        var pending: [View] = [self]
        while let view = pending.popLast() {
            let previous = TraitCollection(userInterfaceStyle: view.resolvedStyle, layoutDirection: .init(directionBefore), language: before)
            view.localizedContentDidChange()
            if directionBefore != directionAfter, view.semanticContentAttribute == .unspecified {
                view.layoutEngineIfCreated?.layoutDirectionChanged(of: view)
                view.setNeedsLayout()
                view.setNeedsDisplay()
            }
            view.owningViewController?.traitCollectionDidChange(previous)
            view.traitCollectionDidChange(previous)
            for subview in view.subviews.reversed() where subview.preferredLanguagesOverride == nil { pending.append(subview) }
        }
    }
}

extension Application {
    /// The languages the user prefers, most preferred first (BCP 47: `de-CH`, `ar`): the
    /// language switch of a kiosk's first screen. Changing it switches every window live:
    /// localized text given as a `LocalizedStringResource` is resolved again, views and
    /// controllers hear `traitCollectionDidChange` (with the language and the layout
    /// direction), and the screen lays out again once. Process-wide, as
    /// `Localization.preferredLanguages`, which this sets.
    public var preferredLanguages: [String] {
        get { Localization.preferredLanguages }
        set {
            let before = windows.map(\.language)
            Localization.preferredLanguages = newValue
            for (window, language) in zip(windows, before) { window.languageChanged(from: language) }
        }
    }
}
