/// Estimates a finger's (or a centroid's) velocity from its recent positions with a
/// least-squares line fit over a short window, the way Flutter's VelocityTracker does.
/// Samples older than `horizon` before the newest are ignored, and a pause longer than
/// `stopGap` between samples means the finger had stopped: older samples are dropped, so a
/// finger that rests before lifting has zero velocity.
public struct VelocityTracker: Sendable {
    /// Flutter's kHorizonMilliseconds: 100 ms.
    public static let horizon: TimeInterval = 0.100
    /// Flutter's kAssumePointerMoveStoppedMilliseconds: 40 ms.
    public static let stopGap: TimeInterval = 0.040
    /// Flutter's kHistorySize: 20 samples.
    public static let capacity = 20

    private var samples: [(time: TimeInterval, point: Point)] = []

    public init() {}

    public mutating func add(_ point: Point, at time: TimeInterval) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        if let last = samples.last, time < last.time { samples.removeAllKeepingStorage() }
        samples.append((time, point))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Keeps the storage: a recognizer clears its tracker at every reset, and reallocating it
    /// was an allocation a touch (callgrind, M3).
    public mutating func clear() { samples.removeAllKeepingStorage() }

    /// Points per second; zero with fewer than two usable samples.
    public var velocity: Point {
        guard let newest = samples.last else { return .zero }
        var window: [(time: TimeInterval, point: Point)] = [newest]
        for sample in samples.dropLast().reversed() {
            guard newest.time - sample.time <= Self.horizon,
                  let later = window.first, later.time - sample.time <= Self.stopGap else { break }
            window.insert(sample, at: 0)
        }
        guard window.count >= 2 else { return .zero }
        let n = Double(window.count)
        let meanT = window.reduce(0) { $0 + $1.time } / n
        let meanX = window.reduce(0) { $0 + $1.point.x } / n
        let meanY = window.reduce(0) { $0 + $1.point.y } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in window {
            let dt = s.time - meanT
            stt += dt * dt
            stx += dt * (s.point.x - meanX)
            sty += dt * (s.point.y - meanY)
        }
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
