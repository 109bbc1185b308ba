/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UserInterfaceStyle: Int, Hashable, Sendable {
    /// No preference: inherit (from the superview, the window, then the application).
    case unspecified
    case light
    case dark
}

/// Which way a trait environment's text runs (UIKit's `UITraitEnvironmentLayoutDirection`).
public enum TraitEnvironmentLayoutDirection: Hashable, Sendable {
    case unspecified, leftToRight, rightToLeft

    public init(_ direction: UserInterfaceLayoutDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

/// The environment a view draws in (UIKit's `UITraitCollection`): its light or dark style,
/// its language and the direction that language runs. A view's style comes from its own
/// `overrideUserInterfaceStyle`, else its superview's, up to the window and then
/// `Application.userInterfaceStyle`; its language from the nearest
/// `overridePreferredLanguages`, else `Application.preferredLanguages`.
public struct TraitCollection: Hashable, Sendable {
    public var userInterfaceStyle: UserInterfaceStyle
    /// Right to left for Arabic, Hebrew, Persian, Urdu... (UIKit's `layoutDirection`).
    public var layoutDirection: TraitEnvironmentLayoutDirection
    /// The language the view's localized text is shown in (BCP 47: `de`, `ar`), the first
    /// of its preferred languages the app has strings in; nil when unspecified.
    public var language: String?
    /// How large the user wants text (UIKit's); `.large` by default.
    public var preferredContentSizeCategory: ContentSizeCategory
    /// Normal or high contrast (UIKit's `accessibilityContrast`: Increase Contrast).
    public var accessibilityContrast: AccessibilityContrast
    /// Regular or bold text (UIKit's `legibilityWeight`: Bold Text).
    public var legibilityWeight: LegibilityWeight

    public init(userInterfaceStyle: UserInterfaceStyle = .unspecified, layoutDirection: TraitEnvironmentLayoutDirection = .unspecified,
                language: String? = nil, preferredContentSizeCategory: ContentSizeCategory = .large,
                accessibilityContrast: AccessibilityContrast = .unspecified, legibilityWeight: LegibilityWeight = .unspecified) {
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
        self.language = language
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.accessibilityContrast = accessibilityContrast
        self.legibilityWeight = legibilityWeight
    }

    /// A view's traits: its style, direction and language with the process-wide ones (text
    /// size, contrast, weight) as they are now.
    @MainActor
    static func current(style: UserInterfaceStyle, direction: UserInterfaceLayoutDirection, language: String?) -> TraitCollection {
        TraitCollection(userInterfaceStyle: style, layoutDirection: .init(direction), language: language,
                        preferredContentSizeCategory: ContentSizeCategory.current,
                        accessibilityContrast: AccessibilityContrast.current, legibilityWeight: LegibilityWeight.current)
    }

    /// What dynamic colours are resolved with when nothing says otherwise: light, as UIKit.
    public static let light = TraitCollection(userInterfaceStyle: .light)
    public static let dark = TraitCollection(userInterfaceStyle: .dark)
}
