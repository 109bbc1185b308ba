/// How much a constraint matters (UIKit's `UILayoutPriority`): `required` (1000) must hold;
/// below it, the layout keeps a constraint as well as it can, higher priorities first.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// UIKit's values.
    public static let required = LayoutPriority(1000)
    public static let defaultHigh = LayoutPriority(750)
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue - b) }

    /// The solver's weight (LayoutSolver.strength(forPriority:)).
    var strength: Double { LayoutSolver.strength(forPriority: Double(rawValue)) }
}

/// The horizontal or vertical direction, for hugging and compression resistance.
public enum LayoutAxis: Sendable {
    case horizontal, vertical
}
