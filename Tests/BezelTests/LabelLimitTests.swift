import Testing
@testable import Bezel
import BezelCairo

/// Issue 13 item 4: a label lays out only what its bounds can show (Label+VisibleText.swift).
@MainActor
@Suite(.serialized) struct LabelLimitTests {
    static let style = TextStyle(size: 17, color: .white)

    /// `text` drawn by a label of `size` with `configure` applied, as pixels.
    private func render(_ text: String, size: Size, configure: (Label) -> Void = { _ in }) throws -> ImageBuffer {
        let label = Label(frame: Rect(origin: .zero, size: size), text: text, style: Self.style)
        configure(label)
        let (_, window) = Snapshot.window(size, background: .black, [label])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        return display.framebuffer
    }

    /// The text drawn whole, as a label drew it before it laid out only what it could show.
    private final class UncutText: View {
        let text: String
        let style: TextStyle
        init(frame: Rect, text: String, style: TextStyle) {
            self.text = text
            self.style = style
            super.init(frame: frame)
        }
        override func draw(_ rect: Rect, in context: any DrawingContext) { context.drawText(text, in: bounds, style: style) }
    }

    /// `text` drawn whole (not through a label) with `style`.
    private func renderUncut(_ text: String, size: Size, style: TextStyle) throws -> ImageBuffer {
        let (_, window) = Snapshot.window(size, background: .black, [UncutText(frame: Rect(origin: .zero, size: size), text: text, style: style)])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        return display.framebuffer
    }

    /// A long text of words, numbered so any cut shows.
    private func words(_ count: Int) -> String {
        (0..<count).map { "w\($0)" }.joined(separator: " ")
    }

    @Test func theBudgetFollowsTheBoundsAndTheLineCount() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 340, height: 85), style: Self.style)
        label.numberOfLines = 0
        // Lines of at least 8.5 pt: 85 / 8.5 + 1 = 11; characters of at least 3.4 pt: 340 / 3.4 + 1 = 101.
        #expect(label.visibleCharacterBudget(width: 340, height: 85) == 11 * 101)
        label.numberOfLines = 2
        #expect(label.visibleCharacterBudget(width: 340, height: 85) == 2 * 101)
        label.numberOfLines = 0
        #expect(label.visibleCharacterBudget(width: nil, height: nil) == Label.maximumLaidOutLength)
        #expect(label.visibleCharacterBudget(width: 1e9, height: 1e9) == Label.maximumLaidOutLength)
        #expect(label.visibleCharacterBudget(width: 0, height: 0) == 1)
    }

    @Test func eachLineBreakModeKeepsThePartItShows() {
        let label = Label(frame: .zero, style: Self.style)
        let text = String(repeating: "a", count: 50) + String(repeating: "z", count: 50)
        label.lineBreakMode = .byTruncatingTail
        #expect(label.visiblePart(of: text, budget: 9) == String(repeating: "a", count: 10))
        label.lineBreakMode = .byWordWrapping
        #expect(label.visiblePart(of: text, budget: 9) == String(repeating: "a", count: 10))
        label.lineBreakMode = .byTruncatingHead
        #expect(label.visiblePart(of: text, budget: 9) == String(repeating: "z", count: 10))
        label.lineBreakMode = .byTruncatingMiddle
        #expect(label.visiblePart(of: text, budget: 9) == "aaaaazzzzz")
        // Short texts are not touched; characters are whole (an emoji of several scalars).
        #expect(label.visiblePart(of: "short", budget: 9) == "short")
        label.lineBreakMode = .byTruncatingTail
        #expect(label.visiblePart(of: String(repeating: "👩‍👩‍👧", count: 20), budget: 2) == String(repeating: "👩‍👩‍👧", count: 3))
        let runs = AttributedText(runs: [.init("abc", attributes: TextAttributes(weight: .bold)), .init(String(repeating: "d", count: 40))])
        let cut = label.visiblePart(of: runs, budget: 4)
        #expect(cut.string == "abcdd")
        #expect(cut.runs.first?.attributes.weight == .bold)
    }

    @Test func aMegabyteLabelShowsWhatDrawingItWholeShows() throws {
        let size = Size(width: 400, height: 120)
        let huge = words(150_000)  // about 1 MiB
        #expect(huge.utf8.count > 1_000_000)
        for (lines, mode) in [(0, TextStyle.LineBreakMode.byWordWrapping), (1, .byTruncatingTail), (3, .byTruncatingTail), (1, .byTruncatingHead), (1, .byTruncatingMiddle)] {
            var style = Self.style
            style.numberOfLines = lines
            style.lineBreakMode = mode
            let label = try render(huge, size: size) { $0.style = style }
            // What the label shows of a megabyte is what drawing the first and last 20,000
            // characters whole shows: far more than fits, far less than the whole.
            let ends = String(huge.prefix(20_000)) + String(huge.suffix(20_000))
            let uncut = try renderUncut(mode == .byWordWrapping || mode == .byTruncatingTail ? String(huge.prefix(20_000)) : ends, size: size, style: style)
            #expect(label.countDifferingPixels(from: uncut, tolerance: 0) == 0, "\(lines) lines, \(mode)")
        }
    }

    @Test func aTextCutByTheAbsoluteLimitIsReported() throws {
        var failure: (any Error)?
        let reports = capturingDiagnostics {
            do { _ = try render(words(40_000), size: Size(width: 1_000, height: 2_000)) { $0.name = "log"; $0.numberOfLines = 0 } } catch { failure = error }
        }
        #expect(failure == nil)
        #expect(reports.contains { $0.kind == .limit && $0.message == "log: the text is longer than a label lays out (16384 characters); the rest is not shown" }, "\(reports)")
        // Cut by its bounds alone (nothing that could show is lost): no report.
        let quiet = capturingDiagnostics { _ = try? render(words(40_000), size: Size(width: 200, height: 40)) { $0.numberOfLines = 0 } }
        #expect(quiet.isEmpty)
    }
}
