/// The trace and log streams of the remote service (the `nextTrace` request): `BEZEL_TRACE`'s
/// lines in the categories a connection asks for, and the app's log lines, kept per connection
/// until the service takes them.
///
/// Nothing is traced for a stream nobody reads: while a connection watches, the tracer's
/// categories are the app's own (`BEZEL_TRACE`) and the watchers'; its sink still writes the
/// app's own categories where it did, and hands every line to the watchers asking for its
/// category. When the last watcher goes, the tracer is as it was. (An app that changes its
/// tracer's categories or sink while a remote stream is open has them reset when it ends.)
///
/// Each watcher holds at most `maximumBufferedLines`; older lines are dropped and counted, so
/// a stalled service costs the app a bounded buffer, and the reader is told how many it missed.
@MainActor
public final class RemoteTraceHub {
    public let tracer: Tracer
    /// Lines kept a watcher between takes: a burst of a fling's touches (a few hundred lines).
    public static let maximumBufferedLines = 1_000
    /// Longer lines are cut here (a trace line is under 200 bytes; a log line holds a path).
    public static let longestLine = 2_048

    final class Watcher {
        var categories: TraceCategory
        var includesLog: Bool
        var lines: [String] = []
        var dropped = 0
        var waitingRequestID: Int?
        init(categories: TraceCategory, includesLog: Bool) {
            self.categories = categories
            self.includesLog = includesLog
        }
    }

    private var watchers: [ObjectIdentifier: Watcher] = [:]
    private var ownCategories: TraceCategory = []
    private var ownSink: ((TraceCategory, String) -> Void)?

    public init(tracer: Tracer) {
        self.tracer = tracer
    }

    /// Connections watching now.
    public var watcherCount: Int { watchers.count }

    /// `owner` (a connection) watches `categories` and, with `includesLog`, the app's log.
    func watch(_ owner: AnyObject, categories: TraceCategory, includesLog: Bool) -> Watcher {
        let key = ObjectIdentifier(owner)
        if watchers.isEmpty { install() }
        let watcher = watchers[key] ?? Watcher(categories: categories, includesLog: includesLog)
        watcher.categories = categories
        watcher.includesLog = includesLog
        watchers[key] = watcher
        updateCategories()
        return watcher
    }

    func watcher(of owner: AnyObject) -> Watcher? { watchers[ObjectIdentifier(owner)] }

    /// `owner` stops watching (its connection ended).
    func stopWatching(_ owner: AnyObject) {
        guard watchers.removeValue(forKey: ObjectIdentifier(owner)) != nil else { return }
        if watchers.isEmpty { uninstall() } else { updateCategories() }
    }

    /// One of the app's log lines (the runtime's `log`), for the watchers of the log.
    public func log(_ line: String) {
        for watcher in watchers.values where watcher.includesLog { Self.append("[log] " + line, to: watcher) }
    }

    private func install() {
        ownCategories = tracer.categories
        let sink = tracer.sink
        ownSink = sink
        tracer.sink = { [weak self] category, message in
            guard let self else { return sink(category, message) }
            if !self.ownCategories.isDisjoint(with: category) { sink(category, message) }
            for watcher in self.watchers.values where !watcher.categories.isDisjoint(with: category) {
                Self.append("[\(category)] \(message)", to: watcher)
            }
        }
    }

    private func uninstall() {
        tracer.categories = ownCategories
        if let ownSink { tracer.sink = ownSink }
        ownSink = nil
    }

    private func updateCategories() {
        tracer.categories = watchers.values.reduce(ownCategories) { $0.union($1.categories) }
    }

    private static func append(_ line: String, to watcher: Watcher) {
        if watcher.lines.count == maximumBufferedLines {
            watcher.lines.removeFirst(maximumBufferedLines / 4)
            watcher.dropped += maximumBufferedLines / 4
        }
        watcher.lines.append(line.utf8.count > longestLine ? String(decoding: Array(line.utf8.prefix(longestLine)), as: UTF8.self) + "…" : line)
    }
}
