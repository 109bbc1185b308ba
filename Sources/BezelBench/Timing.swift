/// Times `body` `iterations` times, after a tenth as many warm-up runs, on the monotonic
/// clock; `beforeEach` runs before each one, untimed (setting up the next frame or press).
@MainActor
func timed(iterations: Int, beforeEach: () -> Void = {}, _ body: () -> Void) -> Stats {
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    for i in 0..<(iterations + iterations / 10) {
        beforeEach()
        let t0 = nowNanoseconds()
        body()
        let t1 = nowNanoseconds()
        if i >= iterations / 10 { samples.append(t1 - t0) }
    }
    return Stats(samples)
}
