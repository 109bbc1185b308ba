import Testing
@testable import BezelRuntime

/// The remote health's frame figures (FrameTimings): the median and maximum of the last 128.
@Suite struct FrameTimingsTests {
    @Test func theLast128AreSummarizedInMilliseconds() throws {
        var timings = FrameTimings()
        #expect(timings.summary == nil)
        timings.record(0.004)
        #expect(timings.summary! == (4, 4))
        // 200 more: only the last 128 count (an old slow frame is forgotten).
        timings.record(0.5)
        for index in 0..<200 { timings.record(Double(index % 10 + 1) / 1000) }
        let summary = try #require(timings.summary)
        #expect(summary.maximumMilliseconds == 10 && summary.medianMilliseconds == 6)
        timings.record(.nan)
        timings.record(-1)
        #expect(timings.count == 202, "bad durations are not recorded")
    }

    @Test func framePeriodsCountWhileTheScreenChangesNotAcrossIdleGaps() throws {
        var intervals = FrameIntervals()
        intervals.frameDrawn(at: 10)
        #expect(intervals.timings.summary == nil, "one frame has no period")
        // An animation at 60 Hz with one missed frame, a pause of 2 s, then two frames 20 ms apart.
        for frame in 1...10 where frame != 5 { intervals.frameDrawn(at: 10 + Double(frame) / 60) }
        intervals.frameDrawn(at: 12.2)
        intervals.frameDrawn(at: 12.22)
        let summary = try #require(intervals.timings.summary)
        #expect(intervals.timings.count == 10, "the animation's 9 periods and the last; not the pause")
        #expect(summary.medianMilliseconds == 16.7 && summary.maximumMilliseconds == 33.3)
    }
}
