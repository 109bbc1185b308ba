/// UIKit's `UILabel`: read-only text, laid out by the drawing backend (Pango: wrapping,
/// truncation, any script with font fallback). Labels ignore touches by default, as in UIKit.
@MainActor
open class Label: View {
    /// UIKit's: the text takes its text style's size at each content size category (give it
    /// a style from `TextStyle.preferred(forTextStyle:)`); the label lays out again.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { contentSizeCategoryDidChange() } }
    }

    override func contentSizeCategoryDidChange() {
        guard adjustsFontForContentSizeCategory else { return }
        var resized = style
        if resized.followContentSizeCategory() { style = resized }
    }

    // Accessibility, UIKit's defaults: an element read as its text.
    override var defaultIsAccessibilityElement: Bool { !(text ?? "").isEmpty }   // an empty label says nothing
    override var defaultAccessibilityLabel: String? { text }
    override var defaultAccessibilityTraits: AccessibilityTraits { .staticText }

    /// The characters shown. Setting it drops `attributedText` (UIKit's rule) and
    /// `localizedText`.
    public var text: String? {
        didSet {
            if !isResolvingLocalizedText { localizedText = nil }
            guard text != oldValue else { return }
            if attributedText != nil, text != attributedText?.string { attributedText = nil }
            changed()
        }
    }
    /// The text as a localized resource (a key, not a resolved string): shown in the label's
    /// language (`traitCollection.language`) and resolved again whenever that changes, so a
    /// language switch needs no screen rebuilt. Setting `text` drops it.
    public var localizedText: LocalizedStringResource? {
        didSet { if localizedText != nil, localizedText != oldValue { localizedResourceWasSet() } }
    }
    private var isResolvingLocalizedText = false

    override func localizedContentDidChange() {
        guard let localizedText else { return }
        isResolvingLocalizedText = true
        text = Localization.string(for: localizedText, language: language)
        isResolvingLocalizedText = false
    }
    /// Runs with their own fonts, colours, underlines... over `style` (UIKit's
    /// `attributedText`). Setting it sets `text` to its characters.
    public var attributedText: AttributedText? {
        didSet {
            guard attributedText != oldValue else { return }
            if let attributedText, text != attributedText.string { text = attributedText.string }
            changed()
        }
    }
    /// Font, colour, alignment, number of lines (0: unlimited), line breaks and spacing.
    public var style: TextStyle {
        didSet { if style != oldValue { changed() } }
    }
    /// Shrinks the text (down to `minimumScaleFactor` of its size) until it fits the width on
    /// its lines, as UIKit's `adjustsFontSizeToFitWidth`; what still does not fit is then cut
    /// or truncated as `lineBreakMode` says.
    public var adjustsFontSizeToFitWidth = false {
        didSet { if adjustsFontSizeToFitWidth != oldValue { changed() } }
    }
    /// The smallest fraction of the font size shrinking may reach (UIKit's default 0: no
    /// limit; Bezel stops at 1/100 of the size). Out of 0...1: clamped.
    public var minimumScaleFactor = 0.0 {
        didSet {
            minimumScaleFactor = minimumScaleFactor.isFinite ? min(1, max(0, minimumScaleFactor)) : 0
            if minimumScaleFactor != oldValue { changed() }
        }
    }

    // UIKit's names for the parts of `style`.
    public var textColor: Color {
        get { style.color }
        set { style.color = newValue }
    }
    public var textAlignment: TextStyle.Alignment {
        get { style.alignment }
        set { style.alignment = newValue }
    }
    public var numberOfLines: Int {
        get { style.numberOfLines }
        set { style.numberOfLines = max(0, newValue) }
    }
    public var lineBreakMode: TextStyle.LineBreakMode {
        get { style.lineBreakMode }
        set { style.lineBreakMode = newValue }
    }

    public init(frame: Rect = .zero, text: String? = nil, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public convenience init(frame: Rect = .zero, attributedText: AttributedText, style: TextStyle = TextStyle()) {
        self.init(frame: frame, text: attributedText.string, style: style)
        self.attributedText = attributedText
    }

    private func changed() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The width a label of several lines wraps at for its intrinsic size (UIKit's). 0, the
    /// default, is automatic: under constraints, the width layout gave it (a second layout
    /// pass then fits the height to it, as UIKit's does). Negative or non-finite: refused.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            guard preferredMaxLayoutWidth.isFinite, preferredMaxLayoutWidth >= 0 else {
                Diagnostics.report(.apiMisuse, "Label.preferredMaxLayoutWidth: \(preferredMaxLayoutWidth) is not a width; \(oldValue) kept")
                preferredMaxLayoutWidth = oldValue
                return
            }
            if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() }
        }
    }

    /// The text's size: on one line per paragraph, or, for a label of several lines with a
    /// width to wrap at (`preferredMaxLayoutWidth`, or the width constraints gave it),
    /// wrapped there.
    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty, let measurer = TextMetrics.measurer else {
            return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        }
        if let wrap = wrappingWidth {
            let size = measure(text, style: style, width: wrap, with: measurer)
            return Size(width: min(size.width, wrap), height: size.height)
        }
        return measure(text, style: style, width: nil, with: measurer)
    }

    override func intrinsicContentSize(forWidth width: Double) -> Size? {
        guard style.numberOfLines != 1, preferredMaxLayoutWidth == 0, width > 0, width.isFinite,
              let text, !text.isEmpty, let measurer = TextMetrics.measurer else { return nil }
        let size = measure(text, style: style, width: width, with: measurer)
        return Size(width: min(size.width, width), height: size.height)
    }

    override func baselineLayout() -> (first: Double, last: Double, height: Double)? {
        guard let text, !text.isEmpty else { return nil }
        let measurer = TextMetrics.layout
        let width = wrappingWidth
        let shown = laidOutText(text, width: width, height: nil)
        let baselines = measurer.baselines(of: shown, style: style, width: width)
        return (baselines.first, baselines.last, measurer.measureText(shown, style: style, width: width).height)
    }

    private var wrappingWidth: Double? {
        guard style.numberOfLines != 1 else { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return !translatesAutoresizingMaskIntoConstraints && bounds.width > 0 ? bounds.width : nil
    }

    override func frameDidChange(from oldFrame: Rect) {
        super.frameDidChange(from: oldFrame)
        // Automatic wrapping: the new width changes the height the text needs.
        if frame.width != oldFrame.width, preferredMaxLayoutWidth == 0, style.numberOfLines != 1,
           !translatesAutoresizingMaskIntoConstraints {
            invalidateIntrinsicContentSize()
        }
    }

    /// The size the text needs when wrapped at `size.width` (no wider than it).
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty, let measurer = TextMetrics.measurer else { return .zero }
        let width = size.width > 0 && size.width.isFinite ? size.width : nil
        return measure(text, style: style, width: width, with: measurer)
    }

    private func measure(_ text: String, style: TextStyle, width: Double?, with measurer: any TextMeasuring) -> Size {
        // Only what a label could show is laid out (Label+VisibleText.swift).
        if let attributedText { return measurer.measureText(laidOutText(attributedText, width: width, height: nil), style: style, width: width) }
        return measurer.measureText(laidOutText(text, width: width, height: nil), style: style, width: width)
    }

    /// The scale the text is drawn at: 1, or less when shrinking to fit makes it fit the
    /// width (each of up to `numberOfLines` lines, with the style's line breaks).
    public var actualScaleFactor: Double {
        guard adjustsFontSizeToFitWidth, let text, !text.isEmpty, bounds.width > 0, let measurer = TextMetrics.measurer else { return 1 }
        let floor = max(0.01, minimumScaleFactor)
        func fits(_ scale: Double) -> Bool {
            var scaled = style
            scaled.size = style.size * scale
            if style.numberOfLines == 1 {
                // One line: the unwrapped text must be no wider than the label.
                return measureScaled(text, style: scaled, scale: scale, width: nil, with: measurer).width <= bounds.width
            }
            // Several lines: wrapped at the width, the lines needed must fit the count and the height.
            var unlimited = scaled
            unlimited.numberOfLines = 0
            unlimited.truncation = .none
            let wrapped = measureScaled(text, style: unlimited, scale: scale, width: bounds.width, with: measurer)
            let limited = measureScaled(text, style: scaled, scale: scale, width: bounds.width, with: measurer)
            return wrapped.height <= limited.height + 0.5 && wrapped.height <= bounds.height
        }
        if fits(1) { return 1 }
        if !fits(floor) { return floor }
        // Bisection to a hundredth of the size: the largest scale that fits.
        var low = floor, high = 1.0
        while high - low > 0.01 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }

    private func measureScaled(_ text: String, style: TextStyle, scale: Double, width: Double?, with measurer: any TextMeasuring) -> Size {
        if let attributedText { return measurer.measureText(laidOutText(attributedText, width: bounds.width, height: bounds.height).scaled(by: scale, baseSize: self.style.size), style: style, width: width) }
        return measurer.measureText(laidOutText(text, width: bounds.width, height: bounds.height), style: style, width: width)
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard let text, !text.isEmpty else { return }
        let scale = actualScaleFactor
        var drawn = style
        drawn.size = style.size * scale
        if drawn.alignment == .natural { drawn.alignment = .natural.resolved(for: effectiveUserInterfaceLayoutDirection) }
        if let attributedText {
            let shown = laidOutText(attributedText, width: bounds.width, height: bounds.height)
            context.drawText(scale == 1 ? shown : shown.scaled(by: scale, baseSize: style.size), in: bounds, style: drawn)
        } else {
            context.drawText(laidOutText(text, width: bounds.width, height: bounds.height), in: bounds, style: drawn)
        }
    }
}
