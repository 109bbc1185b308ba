import Bezel
import Hummingbird
import NIOCore

/// `GET /v1/trace?categories=touches,gestures&log=1`: the app's trace lines in those
/// categories (`BEZEL_TRACE`'s names, or `all`) and, with `log=1`, its log lines, streamed as
/// text as they come (one line each: `[touches] …`, `[log] …`; `[dropped] N lines` when the
/// app's buffer overflowed, `[end] reason` last). Trace categories need a control token (a
/// trace shows what customers touch and type); the log alone a read token.
enum TraceStream {
    static let categoryNames = ["hittest", "touches", "gestures", "actions", "presses", "layout", "speech"]

    /// The query's categories and whether the log is asked for; a 400 naming what was wrong.
    static func parse(_ query: Parameters) throws -> (categories: [String], log: Bool) {
        var names: [String] = []
        for word in (query["categories"].map(String.init) ?? "").split(separator: ",") where !word.isEmpty {
            if word == "all" { names = categoryNames; break }
            guard categoryNames.contains(String(word)) else {
                throw HTTPError(.badRequest, message: "unknown trace category \"\(word.prefix(32))\": one of all, \(categoryNames.joined(separator: ", "))")
            }
            if !names.contains(String(word)) { names.append(String(word)) }
        }
        let log = query["log"].map { $0 == "1" || $0 == "true" } ?? false
        guard !names.isEmpty || log else { throw HTTPError(.badRequest, message: "ask for categories=… or log=1") }
        return (names, log)
    }

    /// The streamed body: a task holds the app's connection and feeds it while the client reads
    /// (at most 64 chunks queued: a client that stops reading loses the oldest, never the
    /// service's memory), for at most `seconds`.
    static func body(configuration: ServiceConfiguration, actor: String, control: Bool,
                     categories: [String], log: Bool, sessions: LiveView.Sessions) -> ResponseBody {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let seconds = configuration.limits.liveSessionSeconds
        let task = Task {
            // The session slot the route took is given back when the stream ends.
            defer { sessions.end() }
            var ending = "the time limit (\(seconds) s) was reached"
            do {
                try await AppLink.connect(path: configuration.appSocket, client: actor, control: control,
                                          timeout: .seconds(configuration.limits.appTimeoutSeconds)) { link in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            let request: JSONValue = .object([("op", .string("nextTrace")),
                                                              ("categories", .array(categories.map(JSONValue.string))),
                                                              ("log", .bool(log))])
                            while true {
                                let reply = try await link.request(request, timeout: nil)
                                var text = ""
                                if let dropped = reply.header["dropped"]?.numberValue, dropped > 0 { text += "[dropped] \(Int(dropped)) lines\n" }
                                text += String(decoding: reply.payload, as: UTF8.self) + "\n"
                                continuation.yield(ByteBuffer(string: text))
                            }
                        }
                        group.addTask { try await Task.sleep(for: .seconds(seconds)) }
                        defer { group.cancelAll() }
                        try await group.next()
                    }
                }
            } catch is CancellationError {
                ending = "the client left"
            } catch {
                ending = "\(error)"
            }
            continuation.yield(ByteBuffer(string: "[end] \(ending)\n"))
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return ResponseBody(asyncSequence: stream)
    }
}
