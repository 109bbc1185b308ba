/// What of a long text a label lays out (issue 13: a 1 MiB label blocked the loop for 8 s
/// and took 170 MB, for the few hundred characters its bounds can show).
///
/// A label lays out no more characters than its bounds could show: lines of at least half
/// the font size (plus the line spacing) down its height, at most `numberOfLines`, each of
/// characters at least a fifth of the font size wide (the narrowest glyphs of common fonts,
/// a thin space or an "i", are wider) across its width; and never more than
/// `Label.maximumLaidOutLength`. A longer text is cut at a character boundary where
/// `lineBreakMode` would not show it anyway: its end for tail truncation, wrapping and
/// clipping, its start for head truncation, its middle for middle truncation; one character
/// past the budget is kept so truncation still shows its ellipsis. When the absolute limit
/// cut it, a `Diagnostics` report (`.limit`) says so. The label's `text` is never changed.
extension Label {
    /// The most characters a label lays out, whatever its size: 16,384 (Bezel's choice: Pango
    /// lays out about 100,000 characters a second on a desktop core and a Pi 4 is several
    /// times slower, so this keeps a frame's text under a tenth of a second there).
    public static let maximumLaidOutLength = 16_384

    /// Texts up to this many UTF-8 bytes are laid out whole without working out a budget:
    /// cheap to lay out, and most labels' texts. (The budget's arithmetic in every label's
    /// draw cost bezel-bench's M1+M2 282,000 instructions, callgrind; this length check
    /// 158,000, 0.017 %.)
    static let alwaysLaidOutLength = 1_024

    /// The part of `text` to lay out in a box of `width` x `height` (nil: unbounded).
    func laidOutText(_ text: String, width: Double?, height: Double?) -> String {
        guard text.utf8.count > Label.alwaysLaidOutLength else { return text }
        return visiblePart(of: text, budget: visibleCharacterBudget(width: width, height: height))
    }

    /// The part of `attributed` to lay out, as `laidOutText`.
    func laidOutText(_ attributed: AttributedText, width: Double?, height: Double?) -> AttributedText {
        guard attributed.runs.reduce(0, { $0 + $1.text.utf8.count }) > Label.alwaysLaidOutLength else { return attributed }
        return visiblePart(of: attributed, budget: visibleCharacterBudget(width: width, height: height))
    }

    /// How many characters of the text the bounds can show at most (see above).
    func visibleCharacterBudget(width: Double?, height: Double?) -> Int {
        let smallest = max(0.5, style.size * (adjustsFontSizeToFitWidth ? max(0.01, minimumScaleFactor) : 1))
        let lineHeight = max(1, smallest * 0.5 + max(0, style.lineSpacing))
        var lines = Double(Label.maximumLaidOutLength)
        if let height, height.isFinite, height >= 0 { lines = (height / lineHeight).rounded(.down) + 1 }
        if style.numberOfLines > 0 { lines = min(lines, Double(style.numberOfLines)) }
        var perLine = Double(Label.maximumLaidOutLength)
        if let width, width.isFinite, width >= 0 { perLine = (width / (smallest * 0.2)).rounded(.up) + 1 }
        let budget = lines * perLine
        return budget >= Double(Label.maximumLaidOutLength) ? Label.maximumLaidOutLength : max(1, Int(budget))
    }

    /// `text` cut to `budget` characters (plus one to show the truncation) where the label
    /// would not show the rest; itself when it is short enough.
    func visiblePart(of text: String, budget: Int) -> String {
        // A character is at least one UTF-8 byte: a text no longer in bytes is not cut (the
        // common case costs no walk through the characters).
        guard text.utf8.count > budget + 1 else { return text }
        let keep = budget + 1
        let cut: String
        switch style.lineBreakMode {
        case .byTruncatingHead:
            guard let start = text.index(text.endIndex, offsetBy: -keep, limitedBy: text.startIndex) else { return text }
            cut = String(text[start...])
        case .byTruncatingMiddle:
            let half = keep / 2
            guard let headEnd = text.index(text.startIndex, offsetBy: half, limitedBy: text.endIndex),
                  let tailStart = text.index(text.endIndex, offsetBy: -(keep - half), limitedBy: text.startIndex),
                  headEnd < tailStart else { return text }
            cut = String(text[..<headEnd]) + String(text[tailStart...])
        case .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail:
            guard let end = text.index(text.startIndex, offsetBy: keep, limitedBy: text.endIndex), end < text.endIndex else { return text }
            cut = String(text[..<end])
        }
        if budget >= Label.maximumLaidOutLength {
            Diagnostics.report(.limit, "\(debugName): the text is longer than a label lays out (\(Label.maximumLaidOutLength) characters); the rest is not shown")
        }
        return cut
    }

    /// `attributedText` cut the same way (by runs; each run keeps its attributes).
    func visiblePart(of attributed: AttributedText, budget: Int) -> AttributedText {
        let whole = attributed.string
        let shown = visiblePart(of: whole, budget: budget)
        guard shown.utf8.count != whole.utf8.count else { return attributed }
        switch style.lineBreakMode {
        case .byTruncatingHead:
            return attributed.suffix(characters: shown.count)
        case .byTruncatingMiddle:
            let half = (budget + 1) / 2
            return attributed.prefix(characters: half) + attributed.suffix(characters: budget + 1 - half)
        case .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail:
            return attributed.prefix(characters: shown.count)
        }
    }
}

extension AttributedText {
    /// The first `count` characters, runs and attributes kept.
    func prefix(characters count: Int) -> AttributedText {
        var left = count
        var kept: [Run] = []
        for run in runs where left > 0 {
            let part = run.text.prefix(left)
            left -= part.count
            kept.append(Run(String(part), attributes: run.attributes))
        }
        return AttributedText(runs: kept)
    }

    /// The last `count` characters, runs and attributes kept.
    func suffix(characters count: Int) -> AttributedText {
        var left = count
        var kept: [Run] = []
        for run in runs.reversed() where left > 0 {
            let part = run.text.suffix(left)
            left -= part.count
            kept.insert(Run(String(part), attributes: run.attributes), at: 0)
        }
        return AttributedText(runs: kept)
    }
}
