/// How a run of text looks and is laid out.
public struct TextStyle: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, medium, semibold, bold }
    /// UIKit's `NSTextAlignment`. `left` and `right` are absolute in every language, as in
    /// UIKit; `natural` is the leading edge of the view showing the text (right in an Arabic
    /// or Hebrew interface, `effectiveUserInterfaceLayoutDirection`), and `justified` fills
    /// every line but a paragraph's last, which starts at the side its own script starts
    /// (UIKit: the natural alignment; the two differ only for a paragraph in the other
    /// direction than the interface's).
    public enum Alignment: Hashable, Sendable {
        case left, center, right, natural, justified

        /// The alignment with `natural` turned into the absolute side `direction` leads from
        /// (views resolve their styles so before drawing; a drawing context given an
        /// unresolved `natural` aligns each paragraph at the side its own script starts).
        public func resolved(for direction: UserInterfaceLayoutDirection) -> Alignment {
            guard self == .natural else { return self }
            return direction == .rightToLeft ? .right : .left
        }
    }
    public enum Truncation: Hashable, Sendable { case none, head, middle, tail }
    /// Where lines break and what happens to text that does not fit (UIKit's `NSLineBreakMode`).
    public enum LineBreakMode: Hashable, Sendable {
        /// Lines break between words (inside a word too long for a line); what does not fit is cut.
        case byWordWrapping
        /// Lines break between any two characters; what does not fit is cut.
        case byCharWrapping
        /// One line per paragraph is not wrapped: it is cut at the edge (several lines wrap by words).
        case byClipping
        /// Wrapped by words; the last line shown ends in "…" where text is left out.
        case byTruncatingTail
        /// As tail, with the "…" at the start of the last line.
        case byTruncatingHead
        /// As tail, with the "…" in the middle of the last line.
        case byTruncatingMiddle
    }

    /// A font family name resolved by fontconfig; Bezel ships and registers "DejaVu Sans"
    /// (Assets/Fonts) so output is the same on every machine; other scripts fall back to
    /// system fonts. An app's own families: see FontRegistry (BezelCairo).
    public var family: String
    /// Size in points (pixels at 1x).
    public var size: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    /// 0: as many lines as the text needs.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Extra space between lines, in points (UIKit's `NSParagraphStyle.lineSpacing`). Negative is 0.
    /// The Dynamic Type role the style was made for (`TextStyle.preferred(forTextStyle:)`):
    /// views that adjust for the content size category take this role's size at it.
    public var fontTextStyle: FontTextStyle?
    public var lineSpacing: Double {
        didSet { lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0 }
    }

    /// Where an ellipsis replaces what does not fit: the truncating line-break modes (setting
    /// `.none` wraps by words and cuts).
    public var truncation: Truncation {
        get {
            switch lineBreakMode {
            case .byTruncatingTail: .tail
            case .byTruncatingHead: .head
            case .byTruncatingMiddle: .middle
            case .byWordWrapping, .byCharWrapping, .byClipping: .none
            }
        }
        set {
            switch newValue {
            case .tail: lineBreakMode = .byTruncatingTail
            case .head: lineBreakMode = .byTruncatingHead
            case .middle: lineBreakMode = .byTruncatingMiddle
            case .none: lineBreakMode = .byWordWrapping
            }
        }
    }

    public static let defaultFamily = "DejaVu Sans"

    /// Everything but `fontTextStyle`, which changes no pixel (equal styles still hash
    /// equal): the layout and text-image caches hash a style per text drawn, and the extra
    /// field was a quarter of what larger text added to M2 (~70 instructions a frame).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(family)
        hasher.combine(size)
        hasher.combine(weight)
        hasher.combine(color)
        hasher.combine(alignment)
        hasher.combine(numberOfLines)
        hasher.combine(lineBreakMode)
        hasher.combine(lineSpacing)
    }

    /// `lineBreakMode`, when given, wins over `truncation`.
    public init(family: String = TextStyle.defaultFamily, size: Double = 17, weight: Weight = .regular,
                color: Color = .label, alignment: Alignment = .natural, numberOfLines: Int = 1, truncation: Truncation = .tail,
                lineBreakMode: LineBreakMode? = nil, lineSpacing: Double = 0) {
        self.family = family
        self.size = size.isFinite && size > 0 ? size : 17
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.numberOfLines = max(0, numberOfLines)
        self.lineBreakMode = .byTruncatingTail
        self.lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0
        if let lineBreakMode { self.lineBreakMode = lineBreakMode } else { self.truncation = truncation }
    }
}
