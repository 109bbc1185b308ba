/// UIKit's `UIAccessibilityContrast`: whether the user asked for higher contrast (Increase
/// Contrast). Dynamic colours with high-contrast variants (every system colour Bezel's views
/// draw with) resolve to them while it is `.high`.
public enum AccessibilityContrast: Int, Hashable, Sendable {
    case unspecified, normal, high

    /// The process's setting (`Application.accessibilityContrast` sets it).
    @MainActor public internal(set) static var current: AccessibilityContrast = .normal
}

/// UIKit's `UILegibilityWeight`: regular or bold text (Bold Text). While `.bold`, every text
/// is drawn one weight heavier: regular and medium as semibold, semibold as bold.
public enum LegibilityWeight: Int, Hashable, Sendable {
    case unspecified, regular, bold

    /// The process's setting (`Application.legibilityWeight` sets it).
    @MainActor public internal(set) static var current: LegibilityWeight = .regular
}

extension TextStyle.Weight {
    /// The weight drawn: one heavier while Bold Text is on.
    @MainActor
    public var legible: TextStyle.Weight {
        guard LegibilityWeight.current == .bold else { return self }
        switch self {
        case .regular, .medium: return .semibold
        case .semibold, .bold: return .bold
        }
    }
}

extension Application {
    /// Posted on the application's notification center when `accessibilityContrast` changes
    /// (UIKit's `darkerSystemColorsStatusDidChangeNotification`).
    public static let darkerSystemColorsStatusDidChangeNotification: Notification.Name = "darkerSystemColorsStatusDidChange"
    /// Posted when `legibilityWeight` changes (UIKit's `boldTextStatusDidChangeNotification`).
    public static let boldTextStatusDidChangeNotification: Notification.Name = "boldTextStatusDidChange"

    /// Normal or high contrast, process-wide (UIKit's Increase Contrast, which an app only
    /// reads: a kiosk's own "high contrast" switch sets it, or the runtime's `high_contrast`
    /// setting). Every view redraws and hears `traitCollectionDidChange`.
    public var accessibilityContrast: AccessibilityContrast {
        get { AccessibilityContrast.current }
        set {
            let before = AccessibilityContrast.current
            let value = newValue == .unspecified ? .normal : newValue
            guard value != before else { return }
            AccessibilityContrast.current = value
            displaySettingChanged(resizesText: false, posting: Self.darkerSystemColorsStatusDidChangeNotification) { $0.accessibilityContrast = before }
        }
    }

    /// UIKit's `UIAccessibility.isDarkerSystemColorsEnabled`.
    public var isDarkerSystemColorsEnabled: Bool { accessibilityContrast == .high }

    /// Regular or bold text, process-wide (UIKit's Bold Text; the runtime's `bold_text`
    /// setting). Text is measured again, so the windows are laid out again.
    public var legibilityWeight: LegibilityWeight {
        get { LegibilityWeight.current }
        set {
            let before = LegibilityWeight.current
            let value = newValue == .unspecified ? .regular : newValue
            guard value != before else { return }
            LegibilityWeight.current = value
            displaySettingChanged(resizesText: true, posting: Self.boldTextStatusDidChangeNotification) { $0.legibilityWeight = before }
        }
    }

    /// UIKit's `UIAccessibility.isBoldTextEnabled`.
    public var isBoldTextEnabled: Bool { legibilityWeight == .bold }
}
