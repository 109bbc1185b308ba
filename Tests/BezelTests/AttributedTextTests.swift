import Testing
@testable import Bezel
import BezelCairo

/// Attributed text, shrinking to fit, line breaks, line counts and line spacing (issue 14
/// item 5), drawn by Pango.
@MainActor
@Suite(.fontsRegistered) struct AttributedTextTests {
    static let white = TextStyle(size: 20, color: .white)

    @Test func attributedTextIsAValueOfMergedRuns() {
        var text = AttributedText("Flat ", attributes: TextAttributes(weight: .bold))
        text += AttributedText("white", attributes: TextAttributes(weight: .bold))
        text += AttributedText("")
        text += " 3.20"
        #expect(text.runs.count == 2, "equal attributes merge; empty runs vanish")
        #expect(text.runs[0].text == "Flat white")
        #expect(text.string == "Flat white 3.20")
        #expect(AttributedText().isEmpty)
        // Values that cannot be drawn are left to the style.
        let odd = TextAttributes(size: -3, baselineOffset: .nan, kern: .infinity)
        #expect(odd.size == nil && odd.baselineOffset == nil && odd.kern == nil)
        var style = TextStyle(lineSpacing: -4)
        #expect(style.lineSpacing == 0)
        style.lineSpacing = .nan
        #expect(style.lineSpacing == 0)
        #expect(TextStyle(truncation: .head).lineBreakMode == .byTruncatingHead)
        #expect(TextStyle(truncation: .head, lineBreakMode: .byCharWrapping).truncation == .none)
    }

    @Test func aLabelsTextAndAttributedTextFollowUIKitsRules() throws {
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30), text: "plain")
        label.attributedText = AttributedText("rich", attributes: TextAttributes(underlineStyle: .single))
        #expect(label.text == "rich")
        label.text = "plain again"
        #expect(label.attributedText == nil, "setting text drops the attributes")
        label.minimumScaleFactor = 5
        #expect(label.minimumScaleFactor == 1)
        label.minimumScaleFactor = -1
        #expect(label.minimumScaleFactor == 0)
        label.numberOfLines = -2
        #expect(label.numberOfLines == 0)
        label.textColor = .red
        label.textAlignment = .center
        label.lineBreakMode = .byClipping
        #expect(label.style.color == .red && label.style.alignment == .center && label.style.lineBreakMode == .byClipping)
    }

    /// A window of labels on the dark test background.
    static func window(_ size: Size, _ labels: [Label]) -> (Application, Window) {
        Snapshot.window(size, labels)
    }

    @Test func attributedRunsLookLikeTheirGolden() throws {
        var price = AttributedText("Flat white ", attributes: TextAttributes(weight: .bold))
        price += AttributedText("3.20 ", attributes: TextAttributes(foregroundColor: .systemGreen))
        price += AttributedText("3.60", attributes: TextAttributes(foregroundColor: .gray, strikethroughStyle: .single, strikethroughColor: .systemRed))
        var marks = AttributedText("under", attributes: TextAttributes(underlineStyle: .single))
        marks += " "
        marks += AttributedText("double", attributes: TextAttributes(underlineStyle: .double, underlineColor: .systemOrange))
        marks += " E=mc"
        marks += AttributedText("2", attributes: TextAttributes(size: 12, baselineOffset: 8))
        marks += " H"
        marks += AttributedText("2", attributes: TextAttributes(size: 12, baselineOffset: -4))
        marks += "O"
        var spaced = AttributedText("S P A C E D", attributes: TextAttributes(kern: 3))
        spaced += AttributedText(" marked ", attributes: TextAttributes(foregroundColor: .black, backgroundColor: .systemOrange))
        spaced += AttributedText("mono", attributes: TextAttributes(family: "DejaVu Sans Mono", size: 24))
        let paragraph = AttributedText("A paragraph on several lines, ", attributes: TextAttributes(foregroundColor: .secondaryLabel))
            + AttributedText("with a bold run in it", attributes: TextAttributes(weight: .bold))
            + AttributedText(", spaced by 8 points between lines.")
        var spacedStyle = Self.white
        spacedStyle.numberOfLines = 0
        spacedStyle.lineSpacing = 8
        let labels = [
            Label(frame: Rect(x: 10, y: 10, width: 460, height: 32), attributedText: price, style: Self.white),
            Label(frame: Rect(x: 10, y: 46, width: 460, height: 36), attributedText: marks, style: Self.white),
            Label(frame: Rect(x: 10, y: 86, width: 460, height: 36), attributedText: spaced, style: Self.white),
            Label(frame: Rect(x: 10, y: 126, width: 300, height: 110), attributedText: paragraph, style: spacedStyle),
        ]
        let (app, window) = Self.window(Size(width: 480, height: 240), labels)
        app.userInterfaceStyle = .dark
        try Snapshot.check(window, named: "attributed-text")
        // The line spacing is in the measured height: 8 points more per line break.
        let measurer = try #require(TextMetrics.measurer)
        var tight = spacedStyle
        tight.lineSpacing = 0
        let spacedHeight = measurer.measureText(paragraph, style: spacedStyle, width: 300).height
        let tightHeight = measurer.measureText(paragraph, style: tight, width: 300).height
        let lines = ((tightHeight / measurer.measureText("A", style: tight, width: nil).height)).rounded()
        #expect(lines >= 3 && abs(spacedHeight - tightHeight - 8 * (lines - 1)) <= 1, "\(spacedHeight) vs \(tightHeight), \(lines) lines")
    }

    @Test func aDynamicColourInARunFollowsTheStyle() throws {
        let text = AttributedText("Ink", attributes: TextAttributes(size: 40, weight: .bold, foregroundColor: Color(light: .black, dark: .white)))
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 50), attributedText: text)
        let (app, window) = Snapshot.window(Size(width: 100, height: 50), background: .gray, [label])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        let glyph = try #require((0..<100).lazy.compactMap { x in display.framebuffer.pixel(x: x, y: 25) }.first { $0 & 0xFFFFFF == 0 })
        #expect(glyph & 0xFFFFFF == 0, "black ink in the light style")
        app.userInterfaceStyle = .dark
        display.renderFrame()
        #expect((0..<100).contains { x in display.framebuffer.pixel(x: x, y: 25).map { $0 & 0xFFFFFF == 0xFFFFFF } ?? false },
                "white ink in the dark style: the cached layout was not reused")
        #expect(!(0..<100).contains { x in display.framebuffer.pixel(x: x, y: 25).map { $0 & 0xFFFFFF == 0 } ?? false })
    }

    @Test func shrinkingToFitFindsTheLargestScaleThatFits() throws {
        _ = try HeadlessDisplay(window: Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: Application(clock: VirtualClock(), tracer: Tracer())))
        let measurer = try #require(TextMetrics.measurer)
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30), text: "Caramel macchiato, extra hot", style: Self.white)
        #expect(label.actualScaleFactor == 1, "not asked to shrink")
        label.adjustsFontSizeToFitWidth = true
        let scale = label.actualScaleFactor
        let full = measurer.measureText(label.text!, style: Self.white, width: nil).width
        #expect(full > 200 && scale < 1)
        func width(_ s: Double) -> Double {
            var style = Self.white
            style.size *= s
            return measurer.measureText(label.text!, style: style, width: nil).width
        }
        #expect(width(scale) <= 200 && width(scale + 0.02) > 200, "scale \(scale): the largest that fits, to 1 %")
        label.text = "Tea"
        #expect(label.actualScaleFactor == 1, "short text is not shrunk")
        label.text = "Caramel macchiato, extra hot"
        label.minimumScaleFactor = 0.9
        #expect(label.actualScaleFactor == 0.9, "no smaller than the minimum: the rest is truncated")
    }

    @Test func shrinkToFitLooksLikeItsGolden() throws {
        let long = "Caramel macchiato, extra hot, oat milk"
        func label(_ y: Double, adjusts: Bool, minimum: Double = 0, lines: Int = 1, height: Double = 30) -> Label {
            var style = Self.white
            style.numberOfLines = lines
            let l = Label(frame: Rect(x: 10, y: y, width: 260, height: height), text: long, style: style)
            l.adjustsFontSizeToFitWidth = adjusts
            l.minimumScaleFactor = minimum
            l.backgroundColor = Color(rgb: 0x34495E)
            return l
        }
        let labels = [label(10, adjusts: false), label(50, adjusts: true), label(90, adjusts: true, minimum: 0.8),
                      label(130, adjusts: true, lines: 2, height: 40)]
        let (_, window) = Self.window(Size(width: 280, height: 180), labels)
        try Snapshot.check(window, named: "shrink-to-fit")
    }

    @Test func lineBreakModesAndLineCountsLookLikeTheirGolden() throws {
        let text = "Supercalifragilistic espresso with a very long name that will not fit"
        let modes: [TextStyle.LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail]
        var labels: [Label] = []
        for (i, mode) in modes.enumerated() {
            for (j, lines) in [1, 2].enumerated() {
                var style = TextStyle(size: 15, color: .white)
                style.numberOfLines = lines
                style.lineBreakMode = mode
                let label = Label(frame: Rect(x: 10 + Double(j) * 250, y: 10 + Double(i) * 46, width: 230, height: 40), text: text, style: style)
                label.backgroundColor = Color(rgb: 0x34495E)
                labels.append(label)
            }
        }
        let (_, window) = Self.window(Size(width: 500, height: 290), labels)
        try Snapshot.check(window, named: "line-break-modes")
        // Two lines asked, two lines measured, whatever the mode.
        let measurer = try #require(TextMetrics.measurer)
        let one = measurer.measureText("A", style: TextStyle(size: 15), width: nil).height
        for mode in modes {
            var style = TextStyle(size: 15)
            style.numberOfLines = 2
            style.lineBreakMode = mode
            let height = measurer.measureText(text, style: style, width: 230).height
            #expect(abs(height - 2 * one) <= 2, "\(mode): \(height) for two lines of \(one)")
        }
    }
}

/// Issue 37 U1's text suite: two spellings of the same text that Swift calls equal ("é" and
/// "e" + U+0301) got one cached Pango layout, whose byte indices fit only one of them.
@MainActor
@Suite(.fontsRegistered)
struct CanonicallyEqualTextTests {
    @Test func eachSpellingGetsALayoutOfItsOwn() throws {
        let context = try CairoDrawingContext(target: try ImageBuffer(width: 64, height: 32))
        let style = TextStyle(size: 17)
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed, "Swift compares them canonically")
        let first = context.caretRect(at: 1, in: composed, style: style, width: nil)
        let second = context.caretRect(at: 1, in: decomposed, style: style, width: nil)
        #expect(first.height > 0 && second.height > 0, "a caret after the one character in both (was 0x0 for the second)")
        #expect(abs(first.minX - second.minX) < 1)
    }
}
