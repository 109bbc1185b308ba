/// UIKit's `UIContentSizeCategory`: how large the user wants text, from extra small to the
/// five accessibility sizes. `.large` is the default (every built-in size is its size there).
public enum ContentSizeCategory: Int, Comparable, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// One of the five accessibility sizes (UIKit's `isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.rawValue < b.rawValue }

    /// Its Swift name ("accessibilityLarge"): the runtime's `text_size` values.
    public var name: String {
        ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge", "accessibilityMedium",
         "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"][rawValue]
    }

    /// The category called `name` (case-insensitive), nil for none.
    public static func named(_ name: String) -> ContentSizeCategory? {
        allCases.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The process's category (`Application.preferredContentSizeCategory` sets it).
    @MainActor static var current: ContentSizeCategory = .large
}

/// UIKit's `UIFont.TextStyle`: the roles text has, each with its size at every content size
/// category (Apple's Human Interface Guidelines' Dynamic Type table for iOS).
public enum FontTextStyle: Int, CaseIterable, Hashable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Points at each category, extra small to accessibility XXXL (HIG, iOS).
    private static let sizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],   // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],   // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],   // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],   // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],   // headline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],   // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],   // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],   // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],   // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],   // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],   // caption2
    ]

    /// The style's size at `category`.
    public func size(at category: ContentSizeCategory) -> Double { Self.sizes[rawValue][category.rawValue] }

    /// Headline is the bold body (UIKit's: semibold).
    var weight: TextStyle.Weight { self == .headline ? .semibold : .regular }
}

extension TextStyle {
    /// UIKit's `UIFont.preferredFont(forTextStyle:compatibleWith:)`: the style's size at the
    /// content size category (the current one, or `traits`'). Give it to a label with
    /// `adjustsFontForContentSizeCategory` and it follows every change of category.
    @MainActor
    public static func preferred(forTextStyle textStyle: FontTextStyle, compatibleWith traits: TraitCollection? = nil) -> TextStyle {
        let category = traits?.preferredContentSizeCategory ?? ContentSizeCategory.current
        var style = TextStyle(size: textStyle.size(at: category), weight: textStyle.weight)
        style.fontTextStyle = textStyle
        return style
    }
}

extension TextStyle {
    /// Resized to its text style's size at the current content size category: what a view
    /// that `adjustsFontForContentSizeCategory` does on each change. False when the style has
    /// no text style or is that size already (nothing to lay out again).
    @MainActor
    mutating func followContentSizeCategory() -> Bool {
        guard let role = fontTextStyle else { return false }
        let wanted = role.size(at: ContentSizeCategory.current)
        guard size != wanted else { return false }
        size = wanted
        return true
    }
}

/// UIKit's `UIFontMetrics`: scales an app's own sizes (a 22 pt title, a 60 pt row) as a text
/// style scales with the content size category.
public struct FontMetrics: Sendable {
    public let textStyle: FontTextStyle

    public init(forTextStyle textStyle: FontTextStyle) { self.textStyle = textStyle }
    /// Body's metrics (UIKit's `UIFontMetrics.default`).
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// `value` (right at `.large`) scaled to the category (the current one, or `traits`').
    @MainActor
    public func scaledValue(for value: Double, compatibleWith traits: TraitCollection? = nil) -> Double {
        let category = traits?.preferredContentSizeCategory ?? ContentSizeCategory.current
        let ratio = textStyle.size(at: category) / textStyle.size(at: .large)
        // Exactly `value` at the default size (no rounding through the multiplication).
        return ratio == 1 ? value : value * ratio
    }

    /// `style` at its size scaled so (its text style kept); with `maximumPointSize`, no larger
    /// than that (UIKit's `scaledFont(for:maximumPointSize:)`: text in a bar of fixed height).
    @MainActor
    public func scaledStyle(for style: TextStyle, maximumPointSize: Double? = nil, compatibleWith traits: TraitCollection? = nil) -> TextStyle {
        var scaled = style
        scaled.size = scaledValue(for: style.size, compatibleWith: traits)
        if let maximumPointSize, scaled.size > maximumPointSize { scaled.size = max(style.size, maximumPointSize) }
        return scaled
    }
}
