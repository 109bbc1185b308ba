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

    /// A view's localized resource was set: it is kept in `LocalizedViews` and shown now.
    /// (Labels, buttons and text fields share this; each resolves its own property in
    /// `localizedContentDidChange`.)
    func localizedResourceWasSet() {
        LocalizedViews.register(self)
        localizedContentDidChange()
    }

    /// The direction the view's language runs in.
    var languageLayoutDirection: UserInterfaceLayoutDirection {
        Localization.overrideCount == 0 ? Localization.languageLayoutDirection : Localization.layoutDirection(of: language)
    }

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
            let previous = TraitCollection.current(style: view.resolvedStyle, direction: directionBefore, language: before)
            view.localizedContentDidChange()
            if directionBefore != directionAfter, view.semanticContentAttribute == .unspecified {
                view.layoutEngineIfCreated?.layoutDirectionChanged(of: view)
                view.setNeedsLayout()
                view.setNeedsDisplay()
            }
            view.owningViewController?.languageShown = after
            view.owningViewController?.traitCollectionDidChange(previous)
            view.traitCollectionDidChange(previous)
            for subview in view.subviews.reversed() where subview.preferredLanguagesOverride == nil { pending.append(subview) }
        }
    }
}

/// Views that hold localized resources, weakly: a language switch reaches them even while
/// they are out of every window (a screen popped off a navigation stack, a cell in a reuse
/// queue), so they show the new language when they come back.
@MainActor
enum LocalizedViews {
    private struct Entry { weak var view: View? }
    private static var entries: [Entry] = []
    private static var pruneAt = 64

    static func register(_ view: View) {
        guard !view.isRegisteredForLocalization else { return }
        view.isRegisteredForLocalization = true
        entries.append(Entry(view: view))
        if entries.count >= pruneAt {
            entries.removeAll { $0.view == nil }
            pruneAt = max(64, entries.count * 2)
        }
    }

    /// Resolves again the localized text of every registered view outside a window (those in
    /// windows were reached by the walk down their window).
    static func languageChangedOutsideWindows() {
        entries.removeAll { $0.view == nil }
        for entry in entries { if let view = entry.view, view.window == nil { view.localizedContentDidChange() } }
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
            LocalizedViews.languageChangedOutsideWindows()
        }
    }
}
