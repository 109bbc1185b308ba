import Testing
@testable import Bezel

@MainActor
@Suite struct LayoutTests {
    @Test func autoresizingFollowsTheSuperview() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let header = View(frame: Rect(x: 0, y: 0, width: 400, height: 60))
        header.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        let corner = View(frame: Rect(x: 350, y: 250, width: 40, height: 40))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let centered = View(frame: Rect(x: 150, y: 100, width: 100, height: 100))
        centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let fixed = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        for v in [header, corner, centered, fixed] { parent.addSubview(v) }
        parent.frame.size = Size(width: 800, height: 480)
        #expect(header.frame == Rect(x: 0, y: 0, width: 800, height: 60))
        #expect(corner.frame == Rect(x: 750, y: 430, width: 40, height: 40))
        #expect(centered.frame == Rect(x: 350, y: 100, width: 100, height: 100))
        #expect(fixed.frame == Rect(x: 10, y: 10, width: 10, height: 10))
        // Shrinking below zero keeps sizes at zero.
        parent.frame.size = Size(width: 0, height: 0)
        #expect(header.frame.width == 0)
        parent.autoresizesSubviews = false
        parent.frame.size = Size(width: 100, height: 100)
        #expect(header.frame.width == 0)
    }

    @Test func layoutRunsBeforeAFrameAndOnlyWhenAsked() {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        view.frame.size = Size(width: 20, height: 20)
        view.layoutIfNeeded()
        #expect(view.layouts == 3, "a size change asks for a layout")
    }

    /// The layout pass visits only subtrees where a view asked (every marked view's ancestors
    /// are marked), in UIKit's order, and loses no request made during the pass.
    @Test func theLayoutPassVisitsOnlyWhereLayoutWasAsked() {
        let log = Log()
        final class Logging: View {
            let log: Log
            var onLayout: () -> Void = {}
            init(_ name: String, _ log: Log) {
                self.log = log
                super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                self.name = name
            }
            override func layoutSubviews() {
                log.add(name ?? "?")
                onLayout()
            }
        }
        let root = Logging("root", log), a = Logging("a", log), a1 = Logging("a1", log), b = Logging("b", log), b1 = Logging("b1", log)
        root.addSubview(a); a.addSubview(a1); root.addSubview(b); b.addSubview(b1)
        root.layoutIfNeeded()
        #expect(log.entries == ["root", "a", "a1", "b", "b1"], "parents first, in subview order")
        log.clear()
        root.layoutIfNeeded()
        #expect(log.entries.isEmpty)
        // A deep request lays out that view only (its ancestors are visited, not laid out).
        b1.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.entries == ["b1"])
        log.clear()
        // A request made while a superview lays out is honoured in the same pass, and one for
        // a view already passed (a sibling laid out earlier) in the next.
        b.onLayout = { b1.setNeedsLayout(); a1.setNeedsLayout() }
        b.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.entries == ["b", "b1"])
        b.onLayout = {}
        root.layoutIfNeeded()
        #expect(log.entries == ["b", "b1", "a1"])
        log.clear()
        // A subtree with pending layout moved into a laid-out tree is laid out with it.
        let c = Logging("c", log), c1 = Logging("c1", log)
        c.addSubview(c1)
        a1.addSubview(c)
        root.layoutIfNeeded()
        #expect(log.entries == ["c", "c1"])
        log.clear()
        // layoutIfNeeded on a view below the root lays out only its own subtree.
        a.setNeedsLayout(); b.setNeedsLayout()
        a.layoutIfNeeded()
        #expect(log.entries == ["a"])
        root.layoutIfNeeded()
        #expect(log.entries == ["a", "b"])
    }
}

@MainActor
@Suite(.serialized) struct TextLayoutTests {
    @Test func labelsAndButtonsKnowTheirSize() throws {
        _ = try CairoDrawingContextFactory.make()
        let label = Label(text: "Hello", style: TextStyle(size: 20))
        let one = label.intrinsicContentSize
        #expect(one.width > 40 && one.width < 80 && one.height > 18 && one.height < 30, "\(one)")
        label.text = "Hello Hello Hello Hello"
        label.style.numberOfLines = 0
        let wrapped = label.sizeThatFits(Size(width: 80, height: 1000))
        #expect(wrapped.width <= 80 && wrapped.height > one.height * 2, "\(wrapped)")
        label.text = nil
        #expect(label.intrinsicContentSize.width == View.noIntrinsicMetric)
        let button = Button()
        button.title = "Start"
        let size = button.intrinsicContentSize
        #expect(size.width > 24 + 30 && size.height > 16 + 15)
        // A stack of labels sizes them by their text.
        let a = Label(text: "A", style: TextStyle(size: 20))
        let b = Label(text: "Longer", style: TextStyle(size: 20))
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 400, height: 40), arrangedSubviews: [a, b, Label()])
        stack.layoutIfNeeded()
        #expect(a.frame.width < b.frame.width && a.frame.width > 5)
    }
}

import BezelCairo

/// Creates a cairo context once so the backend installs its text measurer.
@MainActor
enum CairoDrawingContextFactory {
    static func make() throws -> CairoDrawingContext {
        try CairoDrawingContext(target: ImageBuffer(width: 1, height: 1))
    }
}
