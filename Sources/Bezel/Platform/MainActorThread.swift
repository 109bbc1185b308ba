#if canImport(Glibc)
import Glibc
#endif
import CMainQueue

/// Whether code runs as the main actor, for the places that must know without being isolated
/// to it: deinits (Platform/UnownedReferences.swift) and Observation's change handlers, which
/// run on the thread that made the change.
///
/// The main actor is not always one thread. In Bezel's run loop it is the process's main
/// thread, which drains libdispatch's main queue itself (BezelLinux/MainLoop.swift). But a
/// program whose `main` is `async` (swift test's runner is one) ends its main thread's part
/// in `dispatch_main()`, and from then on the main queue, and so every main-actor job, is
/// drained by whichever libdispatch worker ("qos.overcommit") is free: one thread for a
/// while, another after it idles out. A check against the first view's thread alone then
/// said "not the main actor" for main-actor work, a deinit skipped its clean-up, and a
/// subview kept a dangling `superview` (found by a fresh-clone CI run: the keyboard moving
/// to a new host crashed in `View.setNeedsDisplay` on a worker thread).
///
/// So: the thread noted at the first view (a pthread comparison, ~10 instructions, the only
/// check made in an app's run loop), else "the current queue is the main queue", asked of
/// libdispatch with a queue-specific key set when that thread is noted (through CMainQueue's
/// declarations: the Dispatch module cannot be imported in the aarch64 cross-build).
enum MainActorThread {
    /// Noted from the main actor when the first view or observation is made.
    nonisolated(unsafe) private static var noted: pthread_t?

    /// The queue-specific key, and the main queue's value for it: the address of a byte kept
    /// for the life of the process (never read or written; libdispatch compares addresses).
    nonisolated(unsafe) private static let mainQueueKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// Notes the current thread (the main actor's now) and marks the main queue, once.
    @MainActor static func noteIfNeeded() {
        guard noted == nil else { return }
        noted = pthread_self()
        bezel_dispatch_queue_set_specific(bezel_dispatch_main_queue(), mainQueueKey, mainQueueKey, nil)
    }

    /// True on the noted thread, or while libdispatch drains the main queue on any thread.
    /// False before anything was noted, and on every other thread (a misuse for UI objects).
    nonisolated static var isCurrent: Bool {
        guard let noted else { return false }
        if pthread_equal(pthread_self(), noted) != 0 { return true }
        return bezel_dispatch_get_specific(mainQueueKey) == mainQueueKey
    }

    /// Tests only: pretends the main actor's thread was `thread`, to run main-actor work on
    /// a thread other than the noted one, as a worker draining the main queue does.
    static func pretendNoted(_ thread: pthread_t) -> pthread_t? {
        let before = noted
        noted = thread
        return before
    }
}
