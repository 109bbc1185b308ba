import Testing
@testable import Bezel

/// Issue 30 item 1: first and last baselines, from Pango's line metrics, in constraints and
/// in stack views.
@MainActor
@Suite struct BaselineTests {
    init() throws { _ = try CairoDrawingContextFactory.make() }

    private func window() -> Window {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 400), application: app)
        window.makeKeyAndVisible()
        return window
    }

    private func label(_ text: String, _ size: Double, lines: Int = 1) -> Label {
        let label = Label(text: text, style: TextStyle(size: size, numberOfLines: lines))
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    /// Where a label's first (last) line sits in its window, from Pango, with the text
    /// centred in the label as it is drawn.
    private func baseline(_ label: Label, last: Bool = false) -> Double {
        let width: Double? = label.numberOfLines == 1 ? nil : label.bounds.width
        let text = label.text ?? ""
        let metrics = TextMetrics.layout.baselines(of: text, style: label.style, width: width)
        let height = TextMetrics.layout.measureText(text, style: label.style, width: width).height
        let frame = label.convert(label.bounds, to: nil)
        return frame.minY + (frame.height - height) / 2 + (last ? metrics.last : metrics.first)
    }

    @Test func pangoGivesTheBaselines() {
        let one = TextMetrics.layout.baselines(of: "Ticket", style: TextStyle(size: 20), width: nil)
        #expect(one.first > 10 && one.first < 20 && one.last == one.first)
        let wrapped = TextMetrics.layout.baselines(of: "Day ticket for every tram and bus", style: TextStyle(size: 20, numberOfLines: 0), width: 120)
        #expect(wrapped.last > wrapped.first + 40, "three lines or more")
        let capped = TextMetrics.layout.baselines(of: "Day ticket for every tram and bus", style: TextStyle(size: 20, numberOfLines: 2, truncation: .none), width: 120)
        #expect(capped.last < wrapped.last, "the last line shown")
    }

    @Test func labelsOfDifferentSizesShareABaseline() {
        let window = window()
        let price = label("€3.40", 34), caption = label("per ride", 15), rule = View(name: "rule")
        rule.translatesAutoresizingMaskIntoConstraints = false
        for view in [price, caption, rule] { window.addSubview(view) }
        LayoutConstraint.activate([
            price.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            price.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            caption.leadingAnchor.constraint(equalToSystemSpacingAfter: price.trailingAnchor, multiplier: 1),
            caption.firstBaselineAnchor.constraint(equalTo: price.firstBaselineAnchor),
            rule.leadingAnchor.constraint(equalTo: price.leadingAnchor),
            rule.widthAnchor.constraint(equalToConstant: 200),
            rule.heightAnchor.constraint(equalToConstant: 1),
            rule.lastBaselineAnchor.constraint(equalTo: price.lastBaselineAnchor, constant: 6),
        ])
        window.layoutIfNeeded()
        #expect(abs(baseline(caption) - baseline(price)) < 1, "within the pixel rounding")
        #expect(caption.frame.minY > price.frame.minY, "the smaller text sits lower")
        #expect(abs(rule.frame.maxY - (baseline(price) + 6)) < 1, "a view without text: its bottom")
        // The text changes size: the caption follows.
        price.style.size = 48
        window.layoutIfNeeded()
        #expect(abs(baseline(caption) - baseline(price)) < 1)
    }

    @Test func theLastBaselineFollowsTheLinesAWrappingLabelTakes() {
        let window = window()
        let body = label("One line", 17, lines: 0), note = label("fine print", 11)
        for view in [body, note] { window.addSubview(view) }
        LayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            body.widthAnchor.constraint(equalToConstant: 160),
            body.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            note.leadingAnchor.constraint(equalTo: body.trailingAnchor, constant: 8),
            note.lastBaselineAnchor.constraint(equalTo: body.lastBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let oneLine = note.frame.minY
        #expect(abs(baseline(note) - baseline(body, last: true)) < 1)
        body.text = "A day ticket for every tram, bus and ferry in the city"
        window.layoutIfNeeded()
        #expect(body.frame.height > 40, "wrapped at 160")
        #expect(note.frame.minY > oneLine + 30 && abs(baseline(note) - baseline(body, last: true)) < 1)
    }

    @Test func aStackAlignsItsViewsOnTheirFirstBaselines() {
        let window = window()
        let views = [label("12", 12), label("Adult", 28), label("zone AB", 17)]
        let stack = StackView(arrangedSubviews: views)
        stack.alignment = .firstBaseline
        stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        let title = label("Fares", 20)
        window.addSubview(title)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: window.topAnchor, constant: 50),
            // The stack's baseline is its first view's.
            title.leadingAnchor.constraint(equalTo: stack.trailingAnchor, constant: 20),
            title.firstBaselineAnchor.constraint(equalTo: stack.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let lines = views.map { baseline($0) }
        #expect(lines.allSatisfy { abs($0 - lines[0]) < 1 })
        #expect(abs(baseline(title) - lines[0]) < 1)
        #expect(views[1].frame.minY == 0, "the tallest text at the stack's top")
        #expect(stack.frame.height == views.map(\.frame.maxY).max(), "the stack hugs the aligned group")
        // Vertical stacks have no common baseline: they fill.
        stack.axis = .vertical
        window.layoutIfNeeded()
        #expect(Set(views.map(\.frame.width)).count == 1)
    }
}
