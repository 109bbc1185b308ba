import Synchronization

/// How many connections the service holds to the app at once. The app serves 8 (its
/// RemoteEndpoint's limit) and refuses more; the service keeps under that: the long-lived
/// connections (live views and trace streams) share `ServiceConfiguration.Limits`'
/// `maximumLiveSessions`, and one-off requests (screenshots, trees, touches) take one of
/// `maximumRequestLinks` slots, waiting for a free one rather than being refused by the app.
/// (Measured: wrk's four connections each to the screenshot and tree routes made the service
/// open more than 8, and the app refused a touch request.)
final class AppConnectionSlots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(_ count: Int) {
        state = Mutex(State(free: count))
    }

    /// Runs `body` holding a slot (waiting for one when all are taken).
    func withSlot<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
