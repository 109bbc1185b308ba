/// The last few durations of one kind (a frame's drawing, a touch's way to the screen), for the
/// remote service's health figures: their median and maximum in milliseconds.
///
/// A ring of 128 (about two seconds of frames at 60 Hz): recent enough to show a slow panel
/// now, not an average since boot. Recording is a store; the statistics sort a copy, on the
/// rare health request.
struct FrameTimings {
    static let capacity = 128
    private var values: [Double] = []
    private var next = 0
    /// How many were recorded since start.
    private(set) var count = 0

    mutating func record(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if values.count < Self.capacity { values.append(seconds) } else { values[next] = seconds }
        next = (next + 1) % Self.capacity
        count += 1
    }

    /// The median and maximum of the kept durations, in milliseconds (one decimal); nil before
    /// the first.
    var summary: (medianMilliseconds: Double, maximumMilliseconds: Double)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }
        return (milliseconds(sorted[sorted.count / 2]), milliseconds(sorted[sorted.count - 1]))
    }
}

/// The time from one drawn frame to the next while the screen changes (an animation, a drag):
/// the frame period the panel's user sees, 16.7 ms at 60 Hz, longer when frames are missed.
/// A gap longer than `idleGap` is the app idle between changes, not a slow frame: not counted.
struct FrameIntervals {
    /// Six frame periods at 60 Hz: a frame missed now and then still counts (33 ms, 50 ms),
    /// the pause between a tap and the next change does not.
    static let idleGap = 0.1
    private(set) var timings = FrameTimings()
    private var lastFrame: Double?

    mutating func frameDrawn(at seconds: Double) {
        if let lastFrame, seconds - lastFrame <= Self.idleGap { timings.record(seconds - lastFrame) }
        lastFrame = seconds
    }
}
