/// An sRGB colour with alpha, each component 0...1 (UIKit's `UIColor`, without colour spaces).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// A dynamic colour's dark resolution (Appearance/DynamicColor.swift); the components
    /// above are its light one. Kept inline, not behind a reference, so a colour stays a
    /// plain value: copying one (in every TextStyle, layout and shape-cache key) costs no
    /// reference counting. A reference here cost M1+M2 3.9 % more instructions (callgrind).
    var dark: DarkComponents?
    /// A dynamic colour's high-contrast variants: an index into `HighContrastVariants` (0:
    /// none). Two bytes in the struct's padding: a colour is as large as without them.
    var highContrast: UInt16 = 0

    /// The light components only (equal colours have equal ones): colours are hashed in every
    /// text layout and shape-cache lookup, and hashing the dark half too cost 0.05 % of M1.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    /// Components are clamped to 0...1; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// `0xRRGGBB` (opaque), e.g. `Color(rgb: 0x2E86DE)`.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case invalid(String)
        public var description: String {
            switch self {
            case .invalid(let text): "invalid colour \"\(text)\": expected #RGB, #RRGGBB or #RRGGBBAA"
            }
        }
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    public init(hex text: String) throws(ParseError) {
        var digits = Substring(text.trimmingSpaces)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 6, 8].contains(digits.count), let value = UInt32(digits, radix: 16) else { throw .invalid(text) }
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            self.init(red: Double(r * 17) / 255, green: Double(g * 17) / 255, blue: Double(b * 17) / 255)
        case 6:
            self.init(rgb: value)
        default:
            self.init(rgb: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
    }

    /// The colour at `alpha`; a dynamic colour stays dynamic (each resolution at `alpha`).
    public func withAlpha(_ alpha: Double) -> Color {
        var result = Color(red: red, green: green, blue: blue, alpha: alpha)
        if var dark {
            dark.alpha = result.alpha
            result.dark = dark
        }
        if highContrast != 0 { result.highContrast = HighContrastVariants.mapped(highContrast) { $0.withAlpha(alpha) } }
        return result
    }

    /// The colour with its alpha multiplied by `factor` (a disabled control's faded colours:
    /// a translucent system fill stays lighter than an opaque one). Dynamic stays dynamic.
    public func multiplyingAlpha(by factor: Double) -> Color {
        var result = Color(red: red, green: green, blue: blue, alpha: alpha * factor)
        if var dark {
            dark.alpha = Color(red: 0, green: 0, blue: 0, alpha: dark.alpha * factor).alpha
            result.dark = dark
        }
        if highContrast != 0 { result.highContrast = HighContrastVariants.mapped(highContrast) { $0.multiplyingAlpha(by: factor) } }
        return result
    }

    /// Black at `amount` composited over the colour (Porter-Duff over, in every resolution of a
    /// dynamic colour): what a translucent black fill over this one shows, in one fill. Over is
    /// associative, so filling with this equals the two fills it replaces (a pressed button's
    /// darkened background: issue 36, one fill where there were two, 26 % of M2).
    public func darkened(by amount: Double) -> Color {
        let a = min(1, max(0, amount.isNaN ? 0 : amount))
        func blackOver(_ color: Color) -> Color {
            let alpha = a + color.alpha * (1 - a)
            guard alpha > 0 else { return .clear }
            let scale = color.alpha * (1 - a) / alpha
            return Color(red: color.red * scale, green: color.green * scale, blue: color.blue * scale, alpha: alpha)
        }
        var result = blackOver(self)
        if let dark { result.dark = DarkComponents(blackOver(dark.color)) }
        if highContrast != 0 { result.highContrast = HighContrastVariants.mapped(highContrast, blackOver) }
        return result
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let gray = Color(rgb: 0x808080)
    public static let red = Color(rgb: 0xFF3B30)
    public static let green = Color(rgb: 0x34C759)
    public static let blue = Color(rgb: 0x007AFF)
    /// UIKit's default tint (systemBlue).
    public static let systemBlue = Color(rgb: 0x007AFF)

    public var description: String {
        func hex(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

extension String {
    /// The text without white space (Unicode's White_Space: spaces, tabs, line ends, NBSP) at
    /// either end. Linear: it walks Unicode scalars. Dropping Characters from a Substring one
    /// at a time was quadratic in a long run of trailing spaces (80,000 after a configuration
    /// value: more than 30 s at start-up, issue 37 item 13; 20,000: 1.1 s).
    package var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !Self.isWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Unicode's White_Space, ASCII answered without the property table (a configuration
    /// line of 80,000 spaces took 10 % of its parse in the lookups).
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
