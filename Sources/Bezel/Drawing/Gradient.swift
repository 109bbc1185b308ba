/// Colours blended along a line or between two circles (Core Graphics' `CGGradient`).
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        /// 0 at the start of the gradient, 1 at its end.
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// Sorted by location, each within 0...1.
    public let stops: [Stop]

    /// `colors` at `locations` (0...1); evenly spaced when `locations` is nil. Fallbacks
    /// (documented, tested): locations out of 0...1 are clamped and sorted, non-finite ones
    /// dropped with their colour; a count that differs from the colours' spaces them evenly;
    /// one colour is a solid fill; none draws nothing.
    public init(colors: [Color], locations: [Double]? = nil) {
        let spaced = colors.enumerated().map { index, color in
            Stop(color: color, location: colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0)
        }
        guard let locations, locations.count == colors.count else {
            stops = spaced
            return
        }
        stops = zip(colors, locations)
            .filter { $0.1.isFinite }
            .map { Stop(color: $0.0, location: min(1, max(0, $0.1))) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    public init(stops: [Stop]) {
        self.init(colors: stops.map(\.color), locations: stops.map(\.location))
    }
}

/// Whether a gradient paints past its ends with its end colours (`CGGradientDrawingOptions`).
public struct GradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Before the start point (linear) or inside the start circle (radial).
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// After the end point (linear) or outside the end circle (radial).
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}

/// The shadow something casts (UIKit's `NSShadow`, `CALayer`'s shadow properties): its
/// colour (with its alpha, the shadow's opacity), how far it falls and how soft it is.
public struct Shadow: Hashable, Sendable {
    public var color: Color
    public var offset: Size
    /// The blur, in points: a Gaussian of standard deviation half of it (the canvas
    /// specification's reading of `shadowBlur`, which Core Graphics' matches). Negative or
    /// non-finite: a hard shadow (0).
    public var blurRadius: Double

    /// See `effectiveBlurRadius` for the defaults' provenance.
    public init(color: Color = Color.black.withAlpha(1.0 / 3.0), offset: Size = Size(width: 0, height: -3), blurRadius: Double = 3) {
        self.color = color
        self.offset = offset
        self.blurRadius = blurRadius
    }

    /// The defaults: NSShadow's colour (black at a third), CALayer's offset (0, -3) and radius (3).
    public var effectiveBlurRadius: Double { blurRadius.isFinite && blurRadius > 0 ? blurRadius : 0 }
}
