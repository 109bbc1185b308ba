import Synchronization

/// Requests a client may make: a token bucket per client address, refilled at `perSecond` up to
/// `burst`. Over it, requests are refused (HTTP 429, a WebSocket message dropped with an error)
/// until the bucket refills, so one script in a loop or a flooding page cannot take the service,
/// or through it the app, for itself.
public final class RateLimiter: Sendable {
    public let perSecond: Double
    public let burst: Double
    /// Clients remembered at most (the oldest are forgotten first): bounds the memory a scan of
    /// many addresses can take.
    public let maximumClients: Int

    private struct Bucket { var tokens: Double; var last: ContinuousClock.Instant }
    private let buckets = Mutex([String: Bucket]())

    public init(perSecond: Double, burst: Double, maximumClients: Int = 1_024) {
        self.perSecond = perSecond
        self.burst = burst
        self.maximumClients = maximumClients
    }

    /// Takes one request's token for `client`; false when its bucket is empty.
    public func allow(_ client: String, now: ContinuousClock.Instant = .now) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, last: now)
            let elapsed = now - bucket.last
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + max(0, seconds) * perSecond)
            bucket.last = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            if buckets[client] == nil, buckets.count >= maximumClients,
               let oldest = buckets.min(by: { $0.value.last < $1.value.last })?.key {
                buckets.removeValue(forKey: oldest)
            }
            buckets[client] = bucket
            return allowed
        }
    }
}
