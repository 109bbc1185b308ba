import Testing
@testable import Bezel

/// Issue 30 item 5: `StackView` on constraints, against the results UIKit's documentation
/// gives for each distribution and alignment.
@MainActor
@Suite struct StackViewTests {
    /// A view with a fixed intrinsic size (a label's, without fonts).
    final class Sized: View {
        var size: Size { didSet { invalidateIntrinsicContentSize() } }
        init(_ name: String, _ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
            self.name = name
        }
        override var intrinsicContentSize: Size { size }
    }

    /// A 300 x 100 stack of three sized views (40, 60 and 80 wide; 20, 30 and 40 high),
    /// spacing 10, in a window.
    private func stage(_ configure: (StackView) -> Void = { _ in }) -> (Window, StackView, [Sized]) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let views = [Sized("a", 40, 20), Sized("b", 60, 30), Sized("c", 80, 40)]
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100), arrangedSubviews: views)
        stack.spacing = 10
        configure(stack)
        window.addSubview(stack)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (window, stack, views)
    }

    private func widths(_ views: [View]) -> [Double] { views.map(\.frame.width) }
    private func xs(_ views: [View]) -> [Double] { views.map(\.frame.minX) }

    @Test func arrangedViewsStopTranslatingTheirMasks() {
        let (_, stack, views) = stage()
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints && $0.superview === stack })
        #expect(stack.constraints.contains { $0.identifier == "UISV-canvas-connection" })
    }

    @Test func fillStretchesTheLowestHuggingViewAndTheLastOnATie() {
        let (window, _, views) = stage()
        // 300 - 20 spacing - 180 natural = 100 left: the last view takes it (equal hugging).
        #expect(widths(views) == [40, 60, 180] && xs(views) == [0, 50, 120])
        views[0].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        window.layoutIfNeeded()
        #expect(widths(views) == [140, 60, 80], "the lowest hugging priority stretches")
    }

    @Test func fillShrinksTheLowestCompressionResistanceWhenTheViewsDoNotFit() {
        let (window, stack, views) = stage()
        stack.frame.size.width = 150                     // 180 + 20 > 150: 50 too many
        views[1].setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        window.layoutIfNeeded()
        #expect(widths(views) == [40, 10, 80])
        views[1].setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        window.layoutIfNeeded()
        #expect(widths(views) == [40, 60, 30], "on a tie, the last one")
    }

    @Test func fillEquallyGivesEveryViewTheSameSize() {
        let (_, _, views) = stage { $0.distribution = .fillEqually; $0.frame.size.width = 320 }
        #expect(widths(views) == [100, 100, 100] && xs(views) == [0, 110, 220])
    }

    @Test func fillProportionallySizesByTheNaturalSizes() {
        // 40 : 60 : 80 of 360 - 20 = 340... made even: 380 - 20 = 360 -> 80, 120, 160.
        let (_, _, views) = stage { $0.distribution = .fillProportionally; $0.frame.size.width = 380 }
        #expect(widths(views) == [80, 120, 160] && xs(views) == [0, 90, 220])
    }

    @Test func equalSpacingKeepsNaturalSizesAndSharesTheSpaceBetween() {
        let (window, stack, views) = stage { $0.distribution = .equalSpacing }
        // 300 - 180 = 120: two gaps of 60.
        #expect(widths(views) == [40, 60, 80] && xs(views) == [0, 100, 220])
        stack.frame.size.width = 190                     // tighter than spacing: gaps stay 10
        window.layoutIfNeeded()
        #expect(xs(views)[1] - views[0].frame.maxX >= 10 && xs(views)[2] - views[1].frame.maxX >= 10)
        #expect(views[2].frame.maxX == 190)
    }

    @Test func equalCenteringSpacesTheCentresEqually() {
        let (_, _, views) = stage { $0.distribution = .equalCentering }
        let centres = views.map(\.frame.midX)
        #expect(views[0].frame.minX == 0 && views[2].frame.maxX == 300)
        #expect(centres[1] - centres[0] == centres[2] - centres[1])
        #expect(widths(views) == [40, 60, 80])
    }

    @Test func alignmentsAcrossAHorizontalStack() {
        var (window, stack, views) = stage()
        #expect(views.map(\.frame.height) == [100, 100, 100], "fill")
        for (alignment, ys) in [(StackView.Alignment.top, [0.0, 0, 0]), (.center, [40, 35, 30]), (.bottom, [80, 70, 60])] {
            stack.alignment = alignment
            window.layoutIfNeeded()
            #expect(views.map(\.frame.minY) == ys && views.map(\.frame.height) == [20, 30, 40], "\(alignment)")
        }
        (window, stack, views) = stage { $0.axis = .vertical; $0.alignment = .trailing }
        #expect(views.map(\.frame.maxX) == [300, 300, 300] && widths(views) == [40, 60, 80])
        #expect(views.map(\.frame.minY) == [0, 30, 70] && views.map(\.frame.height) == [20, 30, 30], "110 in 100: the last one gives way")
    }

    @Test func customSpacingMarginsAndHiddenViews() {
        let (window, stack, views) = stage()
        stack.setCustomSpacing(30, after: views[0])
        #expect(stack.customSpacing(after: views[0]) == 30 && stack.customSpacing(after: views[1]) == StackView.spacingUseDefault)
        window.layoutIfNeeded()
        #expect(xs(views) == [0, 70, 140])
        stack.layoutMargins = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        window.layoutIfNeeded()
        #expect(xs(views)[0] == 0, "margins count only with isLayoutMarginsRelativeArrangement")
        stack.isLayoutMarginsRelativeArrangement = true
        window.layoutIfNeeded()
        #expect(xs(views)[0] == 5 && views[2].frame.maxX == 295 && views[0].frame.minY == 10 && views[0].frame.height == 80)
        // Hidden: no space, no spacing; shown again: back in its place.
        views[1].isHidden = true
        window.layoutIfNeeded()
        #expect(views[1].frame.width == 0 && views[2].frame.minX == 5 + 40 + 30)
        views[1].isHidden = false
        window.layoutIfNeeded()
        #expect(xs(views) == [5, 75, 145])
    }

    @Test func aStackNothingSizesHugsItsViewsAndNests() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let row = StackView(arrangedSubviews: [Sized("a", 40, 20), Sized("b", 60, 30)])
        row.spacing = 8
        row.alignment = .center
        let column = StackView(arrangedSubviews: [Sized("title", 120, 24), row])
        column.axis = .vertical
        column.alignment = .leading
        column.spacing = 4
        column.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(column)
        LayoutConstraint.activate([column.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
                                   column.topAnchor.constraint(equalTo: window.topAnchor, constant: 10)])
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(row.frame == Rect(x: 0, y: 28, width: 108, height: 30), "the row hugs its views")
        #expect(column.frame == Rect(x: 20, y: 10, width: 120, height: 58), "the column hugs the title and the row")
        #expect(row.arrangedSubviews[0].frame == Rect(x: 0, y: 5, width: 40, height: 20))
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() {
        let (window, stack, views) = stage()
        #expect(stack.effectiveUserInterfaceLayoutDirection == .leftToRight)
        stack.semanticContentAttribute = .forceRightToLeft
        #expect(stack.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        window.layoutIfNeeded()
        // Right to left: the first view at the right edge, the last one stretched at the left.
        #expect(views.map(\.frame.maxX) == [300, 250, 180] && widths(views) == [40, 60, 180], "\(views.map(\.frame))")
        stack.semanticContentAttribute = .unspecified
        window.layoutIfNeeded()
        #expect(xs(views) == [0, 50, 120])
        // A plain constraint: leading 20 from a right-to-left container's leading edge.
        let box = View(name: "box")
        box.translatesAutoresizingMaskIntoConstraints = false
        let container = View(name: "container", frame: Rect(x: 0, y: 100, width: 400, height: 100))
        window.addSubview(container)
        container.addSubview(box)
        container.semanticContentAttribute = .forceRightToLeft
        LayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                                   box.widthAnchor.constraint(equalToConstant: 100), box.topAnchor.constraint(equalTo: container.topAnchor),
                                   box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 280, y: 0, width: 100, height: 10))
    }

    @Test func intrinsicSizeChangesAndRemovalsRearrange() {
        let (window, stack, views) = stage { $0.distribution = .equalSpacing }
        views[0].size.width = 100
        window.layoutIfNeeded()
        #expect(widths(views) == [100, 60, 80] && xs(views) == [0, 130, 220])
        stack.removeArrangedSubview(views[1])
        #expect(views[1].superview === stack, "still a subview, as in UIKit")
        views[2].removeFromSuperview()
        window.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["a"] && views[0].frame.maxX == 300)
    }

    @Test func frameSizedViewsKeepTheirSizesAndBadValuesAreRefused() {
        // Plain views have no intrinsic size: the frames they had when arranged (Bezel's).
        let a = View(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        let b = View(frame: Rect(x: 0, y: 0, width: 80, height: 30))
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 40), arrangedSubviews: [a, b])
        stack.spacing = 10
        stack.alignment = .top
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 50, height: 20), "laid out outside any window too")
        #expect(b.frame == Rect(x: 60, y: 0, width: 240, height: 30))
        var reports = capturingDiagnostics {
            stack.spacing = .nan
            stack.insertArrangedSubview(stack, at: 0)
        }
        #expect(stack.spacing == 10 && stack.arrangedSubviews.count == 2)
        #expect(reports.count == 2)
        // Too small for its spacing: a spacing constraint is broken and reported, no size
        // goes below zero.
        reports = capturingDiagnostics {
            stack.frame.size.width = 5
            stack.layoutIfNeeded()
        }
        #expect(a.frame.width >= 0 && b.frame.width >= 0)
        #expect(reports.count == 1)
        #expect(reports.first?.message.contains("Will attempt to recover by breaking constraint\n    <LayoutConstraint 'UISV-") == true)
        // Wide again: the broken constraint holds again.
        stack.frame.size.width = 300
        stack.layoutIfNeeded()
        #expect(b.frame == Rect(x: 60, y: 0, width: 240, height: 30))
    }
}
