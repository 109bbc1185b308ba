/// The closure behind a dynamic colour. A class so that a `Color` holding one stays a small
/// value; two dynamic colours are equal when they share it.
public final class DynamicColorProvider: Hashable, Sendable {
    let resolve: @Sendable (TraitCollection) -> Color

    init(_ resolve: @escaping @Sendable (TraitCollection) -> Color) {
        self.resolve = resolve
    }

    public static func == (a: DynamicColorProvider, b: DynamicColorProvider) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Color {
    /// A colour that depends on the traits it is drawn with (UIKit's
    /// `UIColor(dynamicProvider:)`), resolved when drawn: `Color { $0.userInterfaceStyle ==
    /// .dark ? .white : .black }`. Its own components are its light resolution, what code that
    /// reads them (and animations, which interpolate components) gets.
    public init(dynamicProvider: @escaping @Sendable (TraitCollection) -> Color) {
        let light = dynamicProvider(.light).resolved(with: .light)
        self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
        provider = DynamicColorProvider(dynamicProvider)
    }

    /// `light` in the light style, `dark` in the dark one.
    public init(light: Color, dark: Color) {
        self.init { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// Whether the colour changes with the traits.
    public var isDynamic: Bool { provider != nil }

    /// The colour for `traits` (a plain colour is itself). An unspecified style resolves as light.
    public func resolved(with traits: TraitCollection) -> Color {
        guard let provider else { return self }
        var resolved = provider.resolve(traits)
        // A provider that answers with another dynamic colour is resolved again, once: no loops.
        if resolved.provider != nil { resolved = resolved.provider!.resolve(traits) }
        resolved.provider = nil
        return resolved
    }
}
