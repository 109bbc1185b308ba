import Logging
import Synchronization
import Testing
@testable import BezelRemoteService

/// A flood of refused requests is one log line a second per client and reason, with the count
/// of the rest (RefusalLog).
@Suite struct RefusalLogTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
    }

    struct Collector: LogHandler {
        let sink: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            sink.lines.withLock { $0.append("\(event.message)") }
        }
    }

    @Test func aFloodIsOneLineASecondWithTheCountOfTheRest() {
        let sink = Lines()
        let log = RefusalLog(logger: Logger(label: "test") { _ in Collector(sink: sink) })
        let start = ContinuousClock.now
        for index in 0..<1_000 {
            log.refused("rate limit", client: "10.0.0.5", path: "/v1/tree", now: start + .milliseconds(index))
        }
        log.refused("no valid token", client: "10.0.0.5", path: "/v1/tree", now: start + .milliseconds(5))
        log.refused("rate limit", client: "10.0.0.9", path: "/v1/tree", now: start + .milliseconds(5))
        log.refused("rate limit", client: "10.0.0.5", path: "/v1/tree", now: start + .milliseconds(1_000))
        #expect(sink.lines.withLock { $0 } == [
            "refused: rate limit", "refused: no valid token", "refused: rate limit",
            "refused: rate limit (and 999 more from this client in the last second, not logged)",
        ])
    }
}
