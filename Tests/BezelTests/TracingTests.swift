import Testing
@testable import Bezel

@MainActor
@Suite struct TracingTests {
    @Test func categoriesParseFromTheEnvironmentFormat() {
        #expect(TraceCategory.parse("touches,gestures").categories == [.touches, .gestures])
        #expect(TraceCategory.parse("all").categories == .all)
        let odd = TraceCategory.parse("hittest, bogus ,ACTIONS")
        #expect(odd.categories == [.hittest, .actions] && odd.unknown == ["bogus"])
        #expect(TraceCategory.parse("").categories.isEmpty)
    }

    @Test func traceShowsEveryStepOfATapInOrder() {
        let stage = Stage(trace: .all)
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        button.name = "button"
        let container = View(name: "container", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        container.addSubview(button)
        stage.window.addSubview(container)
        let tap = TapGestureRecognizer { _ in }
        tap.name = "parentTap"
        container.addGestureRecognizer(tap)
        button.addAction(for: .touchUpInside) { _, _ in }
        stage.fingers.tap(at: Point(50, 50))
        let lines = stage.lines.lines.map { "\($0.0) \($0.1)" }
        let expectedInOrder = [
            "hittest button pointInside 1",
            "touches touch 1 hit button; recognizers [parentTap]",
            "touches parentTap touchesBegan [1]",
            "touches button touchesBegan [1]",
            "touches parentTap touchesEnded [1]",
            "gestures button.gestureRecognizerShouldBegin(parentTap) -> false",
            "gestures parentTap possible -> failed (button.gestureRecognizerShouldBegin returned false)",
            "touches button touchesEnded [1]",
            "actions button touchUpInside -> closure",
            "gestures parentTap reset -> possible",
        ]
        var index = 0
        for line in lines where index < expectedInOrder.count && line.hasPrefix(expectedInOrder[index]) {
            index += 1
        }
        #expect(index == expectedInOrder.count, "missing or out of order: \(expectedInOrder.dropFirst(index).first ?? "") in\n\(lines.joined(separator: "\n"))")
    }

    @Test func withheldAndReleasedDeliveriesAreTraced() {
        let stage = Stage(trace: .touches)
        stage.window.addSubview(View(name: "view", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.window.subviews[0].addGestureRecognizer(double)
        stage.fingers.tap(at: Point(10, 10))
        stage.fingers.wait(1)
        let messages = stage.lines.messages(.touches)
        #expect(messages.contains("view touchesEnded touch 1 withheld (delaysTouchesEnded)"))
        #expect(messages.contains { $0.hasPrefix("touch 1: withheld touchesEnded released in 0.15 s") })
    }

    @Test func disabledTracingCallsNoSink() {
        var calls = 0
        let tracer = Tracer(categories: [], sink: { _, _ in calls += 1 })
        var built = false
        tracer.log(.touches, { built = true; return "x" }())
        #expect(calls == 0 && !built, "messages are not even built when the category is off")
        tracer.categories = .touches
        tracer.log(.touches, "x")
        tracer.log(.gestures, "y")
        #expect(calls == 1)
    }
}
