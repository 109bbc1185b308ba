import Testing
@testable import Bezel

/// Moves read together coalesce into one frame (LibinputSource, issue 13's R6 flood); downs,
/// ups and cancels never do.
struct TouchCoalescingTests {
    @Test func movesCoalesceToTheLatestPositionOfEachFingerAtTheLaterTime() {
        let earlier = TouchFrame([.move(0, to: Point(x: 1, y: 1)), .move(1, to: Point(x: 5, y: 5))], timestamp: 1.0)
        let later = TouchFrame([.move(0, to: Point(x: 2, y: 2)), .move(2, to: Point(x: 9, y: 9))], timestamp: 1.5)
        let merged = TouchFrame.coalescing(earlier, later)
        #expect(merged == TouchFrame([.move(0, to: Point(x: 2, y: 2)), .move(1, to: Point(x: 5, y: 5)), .move(2, to: Point(x: 9, y: 9))], timestamp: 1.5))
        // Coalescing a third frame keeps the order fingers first appeared in.
        let third = TouchFrame.coalescing(merged, TouchFrame([.move(1, to: Point(x: 6, y: 6))], timestamp: 2))
        #expect(third.reports.map(\.finger) == [0, 1, 2] && third.reports[1].location == Point(x: 6, y: 6) && third.timestamp == 2)
    }

    @Test func onlyFramesOfMovesAreCoalescible() {
        #expect(TouchFrame([.move(0, to: .zero), .move(1, to: .zero)], timestamp: 0).isMovesOnly)
        #expect(!TouchFrame([.move(0, to: .zero), .down(1, at: .zero)], timestamp: 0).isMovesOnly)
        #expect(!TouchFrame([.up(0)], timestamp: 0).isMovesOnly)
        #expect(!TouchFrame([.cancel(0)], timestamp: 0).isMovesOnly)
    }
}
