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
    public init(dynamicProvider: (TraitCollection) -> Color) {
        let light = dynamicProvider(.light).resolved(with: .light)
        let dark = dynamicProvider(.dark).resolved(with: .dark)
        self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
        self.dark = DarkComponents(dark)
    }

    /// `light` in the light style, `dark` in the dark one.
    public init(light: Color, dark: Color) {
        self.init { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// Whether the colour changes with the traits.
    public var isDynamic: Bool { dark != nil }

    /// The colour for `traits` (a plain colour is itself). An unspecified style resolves as light.
    public func resolved(with traits: TraitCollection) -> Color {
        if traits.userInterfaceStyle == .dark, let dark { return dark.color }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour in `style` (what a drawing context resolves with).
    public func resolved(in style: UserInterfaceStyle) -> Color {
        if style == .dark, let dark { return dark.color }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
