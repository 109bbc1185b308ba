import Logging
import Synchronization

/// Refusals are logged at most once a second per client and reason, with the count of those
/// not logged since: a flood of refused requests (a script in a loop, a scan) must not become a
/// flood of log lines, which would cost the device its journal's disk and CPU instead.
final class RefusalLog: Sendable {
    let logger: Logger
    private struct Entry { var lastLogged: ContinuousClock.Instant; var suppressed: Int }
    private let entries = Mutex([String: Entry]())
    /// Clients remembered at most (a scan of many addresses forgets the oldest).
    static let maximumEntries = 1_024

    init(logger: Logger) {
        self.logger = logger
    }

    func refused(_ reason: String, client: String, path: String, now: ContinuousClock.Instant = .now) {
        let key = client + " " + reason
        let suppressed: Int? = entries.withLock { entries in
            if var entry = entries[key], now - entry.lastLogged < .seconds(1) {
                entry.suppressed += 1
                entries[key] = entry
                return nil
            }
            let count = entries[key]?.suppressed ?? 0
            if entries[key] == nil, entries.count >= Self.maximumEntries,
               let oldest = entries.min(by: { $0.value.lastLogged < $1.value.lastLogged })?.key {
                entries.removeValue(forKey: oldest)
            }
            entries[key] = Entry(lastLogged: now, suppressed: 0)
            return count
        }
        guard let suppressed else { return }
        logger.notice("refused: \(reason)\(suppressed > 0 ? " (and \(suppressed) more from this client in the last second, not logged)" : "")",
                      metadata: ["client": "\(client)", "path": "\(path)"])
    }
}
