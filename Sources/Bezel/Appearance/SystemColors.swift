/// UIKit's semantic colours in light and dark (the values UIKit documents and ships in iOS
/// 13 and later: label black / white, secondary label (60, 60, 67) at 60 % / (235, 235, 245)
/// at 60 %, system background white / black, grouped background #F2F2F7 / black...). Built-in
/// widgets draw with them by default, so a style change repaints them.
///
/// High contrast (`Application.accessibilityContrast = .high`): the tints and greys take the
/// HIG's "accessible" variants (blue #0040DD / #409CFF...); the translucent label colours are
/// Bezel's, made more opaque until they reach WCAG's ratios on the system background (secondary
/// 7:1, AAA; tertiary and placeholder 4.5:1, AA; ColorContrastTests checks them).
extension Color {
    public static let label = Color(light: .black, dark: .white)
    public static let secondaryLabel = Color(light: Color(rgb: 0x3C3C43, alpha: 0.6), dark: Color(rgb: 0xEBEBF5, alpha: 0.6),
                                             highContrastLight: Color(rgb: 0x3C3C43, alpha: 0.86), highContrastDark: Color(rgb: 0xEBEBF5, alpha: 0.8))
    public static let tertiaryLabel = Color(light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3),
                                            highContrastLight: Color(rgb: 0x3C3C43, alpha: 0.72), highContrastDark: Color(rgb: 0xEBEBF5, alpha: 0.6))
    public static let placeholderText = Color(light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3),
                                              highContrastLight: Color(rgb: 0x3C3C43, alpha: 0.72), highContrastDark: Color(rgb: 0xEBEBF5, alpha: 0.6))
    public static let systemBackground = Color(light: .white, dark: .black)
    public static let secondarySystemBackground = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x1C1C1E))
    public static let tertiarySystemBackground = Color(light: .white, dark: Color(rgb: 0x2C2C2E))
    public static let systemGroupedBackground = Color(light: Color(rgb: 0xF2F2F7), dark: .black)
    public static let secondarySystemGroupedBackground = Color(light: .white, dark: Color(rgb: 0x1C1C1E))
    public static let separator = Color(light: Color(rgb: 0x3C3C43, alpha: 0.29), dark: Color(rgb: 0x545458, alpha: 0.6),
                                        highContrastLight: Color(rgb: 0x3C3C43, alpha: 0.6), highContrastDark: Color(rgb: 0x8E8E93))
    public static let systemFill = Color(light: Color(rgb: 0x787880, alpha: 0.2), dark: Color(rgb: 0x787880, alpha: 0.36),
                                         highContrastLight: Color(rgb: 0x787880, alpha: 0.44), highContrastDark: Color(rgb: 0x787880, alpha: 0.6))
    public static let secondarySystemFill = Color(light: Color(rgb: 0x787880, alpha: 0.16), dark: Color(rgb: 0x787880, alpha: 0.32))
    public static let tertiarySystemFill = Color(light: Color(rgb: 0x767680, alpha: 0.12), dark: Color(rgb: 0x767680, alpha: 0.24))
    public static let systemGray = Color(light: Color(rgb: 0x8E8E93), dark: Color(rgb: 0x8E8E93),
                                         highContrastLight: Color(rgb: 0x6C6C70), highContrastDark: Color(rgb: 0xAEAEB2))
    public static let systemGray5 = Color(light: Color(rgb: 0xE5E5EA), dark: Color(rgb: 0x2C2C2E),
                                          highContrastLight: Color(rgb: 0xD8D8DC), highContrastDark: Color(rgb: 0x363638))
    public static let systemTint = Color(light: Color(rgb: 0x007AFF), dark: Color(rgb: 0x0A84FF),
                                         highContrastLight: Color(rgb: 0x0040DD), highContrastDark: Color(rgb: 0x409CFF))
    public static let systemGreen = Color(light: Color(rgb: 0x34C759), dark: Color(rgb: 0x30D158),
                                          highContrastLight: Color(rgb: 0x248A3D), highContrastDark: Color(rgb: 0x30DB5B))
    public static let systemRed = Color(light: Color(rgb: 0xFF3B30), dark: Color(rgb: 0xFF453A),
                                        highContrastLight: Color(rgb: 0xD70015), highContrastDark: Color(rgb: 0xFF6961))
    public static let systemOrange = Color(light: Color(rgb: 0xFF9500), dark: Color(rgb: 0xFF9F0A),
                                           highContrastLight: Color(rgb: 0xC93400), highContrastDark: Color(rgb: 0xFFB340))
}
