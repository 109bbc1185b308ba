/// The dark resolution of a dynamic colour, stored in the colour itself.
struct DarkComponents: Hashable, Sendable {
    var red, green, blue, alpha: Double

    init(_ color: Color) {
        (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha)
    }

    var color: Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

extension Color {
    /// A colour that depends on the traits it is drawn with (UIKit's
    /// `UIColor(dynamicProvider:)`): `Color { $0.userInterfaceStyle == .dark ? .white : .black }`,
    /// resolved when drawn, in the style of the view drawing it. A trait collection holds
    /// only the light or dark style, so the provider is asked once for each when the colour
    /// is made, and the two answers are kept in the colour (a plain value, cheap to copy): a
    /// colour that should follow other app state is made again when that state changes
    /// (UIKit asks its provider at each resolution). The colour's own components are its light
    /// resolution, what code that reads them (and animations, which interpolate them) gets.
    ///
    /// The provider is also asked for high contrast (`accessibilityContrast == .high`, light
    /// and dark); answers that differ are kept as the colour's high-contrast variants.
    public init(dynamicProvider: (TraitCollection) -> Color) {
        let lightTraits = TraitCollection.light, darkTraits = TraitCollection.dark
        let light = dynamicProvider(lightTraits).resolved(with: lightTraits)
        let dark = dynamicProvider(darkTraits).resolved(with: darkTraits)
        self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
        self.dark = DarkComponents(dark)
        let highLight = TraitCollection(userInterfaceStyle: .light, accessibilityContrast: .high)
        let highDark = TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)
        let contrastLight = dynamicProvider(highLight).resolved(with: highLight)
        let contrastDark = dynamicProvider(highDark).resolved(with: highDark)
        if contrastLight != light || contrastDark != dark {
            highContrast = HighContrastVariants.index(light: contrastLight, dark: contrastDark)
        }
    }

    /// `light` in the light style, `dark` in the dark one.
    public init(light: Color, dark: Color) {
        self.init { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// With high-contrast variants for Increase Contrast (`AccessibilityContrast.high`): UIKit's
    /// four appearances of a system colour.
    public init(light: Color, dark: Color, highContrastLight: Color, highContrastDark: Color) {
        self.init { traits in
            let high = traits.accessibilityContrast == .high
            return traits.userInterfaceStyle == .dark ? (high ? highContrastDark : dark) : (high ? highContrastLight : light)
        }
    }

    /// Whether the colour changes with the traits.
    public var isDynamic: Bool { dark != nil }

    /// The colour for `traits` (a plain colour is itself). An unspecified style resolves as
    /// light, an unspecified contrast as normal.
    public func resolved(with traits: TraitCollection) -> Color {
        resolved(in: traits.userInterfaceStyle, contrast: traits.accessibilityContrast)
    }

    /// The colour in `style` and `contrast` (what a drawing context resolves with).
    public func resolved(in style: UserInterfaceStyle, contrast: AccessibilityContrast = .normal) -> Color {
        if contrast == .high, highContrast != 0, let variants = HighContrastVariants.variants(highContrast) {
            return style == .dark ? variants.dark : variants.light
        }
        if style == .dark, let dark { return dark.color }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
