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
        }
    }

    /// The direction leading and trailing point in for this view (UIKit's): its
    /// `semanticContentAttribute`'s, else the app's, left to right until the languages work
    /// (issue 31) brings right-to-left languages.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .unspecified: .leftToRight
        }
    }
}
