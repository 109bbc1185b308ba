/// How a run of text looks and is laid out.
public struct TextStyle: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, medium, semibold, bold }
    public enum Alignment: Hashable, Sendable { case left, center, right }
    public enum Truncation: Hashable, Sendable { case none, head, middle, tail }

    /// A font family name resolved by fontconfig; Bezel ships and registers "DejaVu Sans"
    /// (Assets/Fonts) so output is the same on every machine; other scripts fall back to
    /// system fonts.
    public var family: String
    /// Size in points (pixels at 1x).
    public var size: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    /// 0: as many lines as the text needs.
    public var numberOfLines: Int
    public var truncation: Truncation

    public static let defaultFamily = "DejaVu Sans"

    public init(family: String = TextStyle.defaultFamily, size: Double = 17, weight: Weight = .regular,
                color: Color = .label, alignment: Alignment = .left, numberOfLines: Int = 1, truncation: Truncation = .tail) {
        self.family = family
        self.size = size.isFinite && size > 0 ? size : 17
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.numberOfLines = max(0, numberOfLines)
        self.truncation = truncation
    }
}
