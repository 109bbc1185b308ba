/// How a line under or through text is drawn (UIKit's `NSUnderlineStyle`, the styles Pango
/// draws: a single or a double line).
public enum UnderlineStyle: Hashable, Sendable {
    case single
    case double
}

/// The attributes of a run of text (UIKit's `NSAttributedString.Key`s). Unset ones (nil)
/// come from the `TextStyle` the text is drawn with.
public struct TextAttributes: Hashable, Sendable {
    /// A family other than the style's (`NSAttributedString.Key.font`'s family).
    public var family: String?
    /// The size in points.
    public var size: Double?
    public var weight: TextStyle.Weight?
    public var foregroundColor: Color?
    /// Painted behind the run's glyphs.
    public var backgroundColor: Color?
    public var underlineStyle: UnderlineStyle?
    /// The underline's colour (default: the text's).
    public var underlineColor: Color?
    public var strikethroughStyle: UnderlineStyle?
    public var strikethroughColor: Color?
    /// Points above the baseline (negative: below), as UIKit's `baselineOffset`.
    public var baselineOffset: Double?
    /// Extra space after each character, in points (UIKit's `kern`).
    public var kern: Double?

    public init(family: String? = nil, size: Double? = nil, weight: TextStyle.Weight? = nil, foregroundColor: Color? = nil,
                backgroundColor: Color? = nil, underlineStyle: UnderlineStyle? = nil, underlineColor: Color? = nil,
                strikethroughStyle: UnderlineStyle? = nil, strikethroughColor: Color? = nil, baselineOffset: Double? = nil,
                kern: Double? = nil) {
        self.family = family
        // Sizes that cannot be drawn are left to the style, as TextStyle treats them.
        self.size = size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.weight = weight
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.underlineColor = underlineColor
        self.strikethroughStyle = strikethroughStyle
        self.strikethroughColor = strikethroughColor
        self.baselineOffset = baselineOffset.flatMap { $0.isFinite ? $0 : nil }
        self.kern = kern.flatMap { $0.isFinite ? $0 : nil }
    }
}

/// Text made of runs, each with its own attributes (UIKit's `NSAttributedString`, as a value):
///
/// ```swift
/// var price = AttributedText("Flat white ", attributes: TextAttributes(weight: .bold))
/// price += AttributedText("3.20", attributes: TextAttributes(foregroundColor: .systemGreen))
/// price += AttributedText("3.60", attributes: TextAttributes(strikethroughStyle: .single))
/// label.attributedText = price
/// ```
///
/// Drawn by Pango with one attribute list: runs shape together, so kerning and ligatures
/// cross run boundaries as they would in one string.
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public struct Run: Hashable, Sendable {
        public var text: String
        public var attributes: TextAttributes

        public init(_ text: String, attributes: TextAttributes = TextAttributes()) {
            self.text = text
            self.attributes = attributes
        }
    }

    /// The runs, none empty, in order.
    public private(set) var runs: [Run]

    public init(_ string: String = "", attributes: TextAttributes = TextAttributes()) {
        runs = string.isEmpty ? [] : [Run(string, attributes: attributes)]
    }

    public init(runs: [Run]) {
        self.runs = []
        for run in runs { append(run) }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The characters, without attributes (UIKit's `string`).
    public var string: String { runs.reduce(into: "") { $0 += $1.text } }
    public var isEmpty: Bool { runs.isEmpty }
    public var description: String { string }

    public mutating func append(_ run: Run) {
        guard !run.text.isEmpty else { return }
        // A run with the same attributes as the last one extends it.
        if let last = runs.last, last.attributes == run.attributes {
            runs[runs.count - 1].text += run.text
        } else {
            runs.append(run)
        }
    }

    public mutating func append(_ other: AttributedText) {
        for run in other.runs { append(run) }
    }

    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    public static func += (lhs: inout AttributedText, rhs: AttributedText) {
        lhs.append(rhs)
    }

    /// Every run's size multiplied by `factor` (a label shrinking its text to fit).
    func scaled(by factor: Double, baseSize: Double) -> AttributedText {
        var result = self
        for i in result.runs.indices {
            result.runs[i].attributes.size = (result.runs[i].attributes.size ?? baseSize) * factor
            if let offset = result.runs[i].attributes.baselineOffset { result.runs[i].attributes.baselineOffset = offset * factor }
            if let kern = result.runs[i].attributes.kern { result.runs[i].attributes.kern = kern * factor }
        }
        return result
    }
}
