import Testing
@testable import Bezel
@testable import BezelRuntime

/// The DRM backend's display link: one tick per completed page flip while subscribed, a
/// stand-in tick at the frame interval when nothing was drawn (no flip to wait for), nothing
/// at all once unsubscribed.
@MainActor
@Suite struct PageFlipFrameSourceTests {
    @Test func ticksFollowFlipsAndStopWithTheLastSubscriber() {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let source = PageFlipFrameSource(runLoop: app.runLoop)
        let link = app.displayLink
        link.frameInterval = 1.0 / 50
        link.setSource(source)
        var ticks: [Double] = []
        source.flipCompleted()
        #expect(ticks.isEmpty, "a flip ticked a link nobody subscribed to")
        let subscription = link.add { ticks.append($0) }
        app.runLoop.advance(by: 1)
        let t = clock.now
        source.flipCompleted()
        source.flipCompleted()
        #expect(ticks == [t, t])
        // Nothing drawn, no flip pending: the stand-in timer ticks once per frame interval.
        source.noFlipPending()
        source.noFlipPending()       // asked twice: still one timer
        app.runLoop.advance(by: 0.01)
        #expect(ticks.count == 2)
        app.runLoop.advance(by: 0.01)
        #expect(ticks.count == 3 && abs(ticks[2] - (t + 0.02)) < 1e-9)
        // A flip cancels a pending stand-in.
        source.noFlipPending()
        source.flipCompleted()
        app.runLoop.advance(by: 0.05)
        #expect(ticks.count == 4)
        subscription.invalidate()
        source.flipCompleted()        // the link notices it has no subscriber and stops the source
        source.flipCompleted()
        source.noFlipPending()
        app.runLoop.advance(by: 1)
        #expect(ticks.count == 4)
        #expect(!link.isRunning)
    }
}
