/// UIKit's `UIUserInterfaceLayoutDirection`: which way leading and trailing point.
public enum UserInterfaceLayoutDirection: Sendable {
    case leftToRight, rightToLeft
}

/// UIKit's `UISemanticContentAttribute`: whether a view follows the app's layout direction or
/// keeps one of its own (a media control's transport buttons, a phone number).
public enum SemanticContentAttribute: Sendable {
    /// The app's direction (UIKit's default).
    case unspecified
    /// Transport controls (play, rewind...): left to right in every language.
    case playback
    /// Controls whose sides mean directions on screen (a text-alignment picker, arrows):
    /// left to right in every language.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

extension View {
    /// Whether this view follows the app's layout direction (UIKit's default) or keeps one
    /// of its own. Changing it swaps the leading and trailing edges of the constraints
    /// installed on it (a stack view's arrangement among them).
    public var semanticContentAttribute: SemanticContentAttribute {
        get { constraintState?.semanticContentAttribute ?? .unspecified }
        set {
            guard newValue != semanticContentAttribute else { return }
            let before = effectiveUserInterfaceLayoutDirection
            constraintStateOrNew.semanticContentAttribute = newValue
            guard effectiveUserInterfaceLayoutDirection != before else { return }
            layoutEngineIfCreated?.layoutDirectionChanged(of: self)
            setNeedsLayout()
            setNeedsDisplay()  // natural text alignment, a control's drawn direction
        }
    }

    /// The direction leading and trailing point in for this view (UIKit's): its
    /// `semanticContentAttribute`'s, else its language's (right to left for Arabic, Hebrew,
    /// Persian, Urdu...: `traitCollection.layoutDirection`).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        // The language's direction only when it matters (the layout engine asks for every
        // constraint it adds: M13).
        let attribute = semanticContentAttribute
        return attribute == .unspecified ? languageLayoutDirection : View.userInterfaceLayoutDirection(for: attribute, relativeTo: .leftToRight)
    }

    /// The direction for `attribute` in a view whose language runs `direction` (UIKit's
    /// `userInterfaceLayoutDirection(for:relativeTo:)`).
    public static func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute,
                                                    relativeTo direction: UserInterfaceLayoutDirection) -> UserInterfaceLayoutDirection {
        switch attribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: direction
        }
    }

    /// The direction for `attribute` in the app's language (UIKit's
    /// `userInterfaceLayoutDirection(for:)`).
    public static func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute) -> UserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: Localization.layoutDirection(of: Localization.language))
    }
}
