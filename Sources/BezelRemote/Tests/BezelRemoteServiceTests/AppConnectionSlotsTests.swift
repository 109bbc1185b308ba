import Synchronization
import Testing
@testable import BezelRemoteService

/// One-off requests hold at most their slots' worth of app connections; the rest wait their turn
/// and all are served (AppConnectionSlots).
@Suite struct AppConnectionSlotsTests {
    @Test func atMostThreeAtOnceAndEveryOneServed() async {
        let slots = AppConnectionSlots(3)
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await slots.withSlot {
                        counts.value.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try? await Task.sleep(for: .milliseconds(5))
                        counts.value.withLock { $0.now -= 1; $0.done += 1 }
                    }
                }
            }
        }
        let final = counts.value.withLock { $0 }
        #expect(final.most == 3 && final.done == 20 && final.now == 0)
    }
}

final class Counts: Sendable {
    let value = Mutex((now: 0, most: 0, done: 0))
}
