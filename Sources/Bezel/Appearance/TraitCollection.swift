/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UserInterfaceStyle: Int, Hashable, Sendable {
    /// No preference: inherit (from the superview, the window, then the application).
    case unspecified
    case light
    case dark
}

/// The environment a view draws in (UIKit's `UITraitCollection`): its light or dark style.
/// A view's comes from its own `overrideUserInterfaceStyle`, else its superview's, up to the
/// window and then `Application.userInterfaceStyle`.
public struct TraitCollection: Hashable, Sendable {
    public var userInterfaceStyle: UserInterfaceStyle

    public init(userInterfaceStyle: UserInterfaceStyle = .unspecified) {
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// What dynamic colours are resolved with when nothing says otherwise: light, as UIKit.
    public static let light = TraitCollection(userInterfaceStyle: .light)
    public static let dark = TraitCollection(userInterfaceStyle: .dark)
}
