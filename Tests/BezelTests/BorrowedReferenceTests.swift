import Testing
@testable import Bezel

/// A view whose hit test clears its superview's subviews (every sibling removed, and nothing
/// but the tree held them) and answers nil.
@MainActor
private final class TreeClearingView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        for sibling in superview?.subviews ?? [] { sibling.removeFromSuperview() }
        return nil
    }
}

/// A recognizer that logs its touches calls under its name, runs `onBegan` from its
/// touchesBegan, and fails at the lift.
@MainActor
private final class BorrowTestRecognizer: GestureRecognizer {
    let log: Log
    var onBegan: (BorrowTestRecognizer) -> Void = { _ in }
    init(_ name: String, log: Log) {
        self.log = log
        super.init()
        self.name = name
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.add("\(name ?? "?") began")
        onBegan(self)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.add("\(name ?? "?") ended")
        if state == .possible { state = .failed }
    }
}

/// The touch path borrows views and recognizers instead of retaining them where something else
/// holds them for the whole step (Platform/UnownedReferences.swift): the hit test's subviews
/// (its own copy of the list), a report's recognizers (its own copy of the touch's). These
/// tests free the very objects being walked from inside the walk; run under AddressSanitizer
/// (`dev.sh asan`) a borrowed reference to a freed one is a finding.
@MainActor
@Suite struct BorrowedReferenceTests {
    @Test func aHitTestThatRemovesEverySiblingFinishesOnTheOnesItRemoved() {
        let stage = Stage()
        let container = View(name: "container", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(container)
        weak var behind: View?
        weak var clearing: View?
        do {
            // Front to back: the clearing view is asked first, then the one behind it, which
            // is no longer in the tree and held only by the walk's copy of the list.
            let back = View(name: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let front = TreeClearingView(name: "front", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            container.addSubview(back)
            container.addSubview(front)
            behind = back
            clearing = front
        }
        // The removed view behind still answers for itself (UIKit walks the list it started).
        #expect(stage.window.hitTest(Point(50, 50), with: nil)?.name == "back")
        #expect(container.subviews.isEmpty)
        #expect(behind == nil && clearing == nil, "the removed views were freed once the walk let go")
        #expect(stage.window.hitTest(Point(50, 50), with: nil) === container)
    }

    @Test func aRecognizerRemovedAndFreedByAnEarlierOneInTheSameReportIsSkipped() {
        let log = Log()
        let stage = Stage()
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(view)
        weak var counted: GestureRecognizer?
        // The remover takes the others off its view from its touchesBegan.
        let remover = BorrowTestRecognizer("remover", log: log)
        remover.onBegan = { remover in
            guard let view = remover.view else { return }
            for other in view.gestureRecognizers where other !== remover { view.removeGestureRecognizer(other) }
        }
        view.addGestureRecognizer(remover)
        do {
            let counter = BorrowTestRecognizer("counter", log: log)
            view.addGestureRecognizer(counter)
            counted = counter
        }
        stage.fingers.tap(at: Point(50, 50))
        #expect(log.entries == ["remover began", "remover ended"])
        #expect(view.gestureRecognizers.count == 1)
        #expect(counted == nil, "the removed recognizer was freed once the touch let go")
    }
}
