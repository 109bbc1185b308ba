import Testing
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
@testable import Bezel

/// Issue 17 item 2: the touch path's back references are unowned, not weak
/// (Platform/UnownedReferences.swift), so their owners clear them when they go. An object that
/// outlives its owner sees nil, as it did with weak references, never a dangling pointer.
@MainActor
@Suite struct BackReferenceTests {
    @Test func aSubviewThatOutlivesItsSuperviewHasNone() {
        let child = View(name: "child")
        let grandchild = View(name: "grandchild")
        do {
            let parent = View(name: "parent")
            let middle = View(name: "middle")
            parent.addSubview(middle)
            middle.addSubview(child)
            child.addSubview(grandchild)
            #expect(child.superview === middle)
        }
        // parent and middle are gone (only this test held them); child lives on.
        #expect(child.superview == nil)
        #expect(grandchild.superview === child)
    }

    @Test func aRecognizerThatOutlivesItsViewHasNone() {
        let tap = TapGestureRecognizer { _ in }
        do {
            let view = View(name: "tapped")
            view.addGestureRecognizer(tap)
            #expect(tap.view === view)
        }
        #expect(tap.view == nil)
        // It can be attached again, and works there.
        let other = View(name: "other")
        other.addGestureRecognizer(tap)
        #expect(tap.view === other)
        #expect(other.gestureRecognizers.count == 1)
    }

    @Test func viewsAndWindowsThatOutliveTheirApplicationSeeNone() {
        let survivor = View(name: "survivor")
        let deep = View(name: "deep")
        var window: Window?
        do {
            let app = Application(clock: VirtualClock(), tracer: Tracer())
            let w = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
            w.addSubview(survivor)
            survivor.addSubview(deep)
            w.makeKeyAndVisible()
            #expect(deep.window === w)
            #expect(app.keyWindow === w)
            window = w
        }
        // The application is gone; the window lives on (held here) without it.
        #expect(window?.application == nil)
        #expect(deep.window === window)
        window = nil
        // The window is gone too: the views it held see no window and no superview.
        #expect(survivor.superview == nil)
        #expect(survivor.window == nil)
        #expect(deep.window == nil)
        #expect(deep.superview === survivor)
    }

    @Test func aTouchKeepsItsWindowAsUIKitsDoes() {
        var kept: Touch?
        var windowAlive: Window?
        do {
            let clock = VirtualClock()
            let app = Application(clock: clock, tracer: Tracer())
            let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
            let view = View(frame: window.bounds)
            final class Keeper: View {
                var touch: Touch?
                override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touch = touches.first }
            }
            let keeper = Keeper(frame: window.bounds)
            view.addSubview(keeper)
            window.addSubview(view)
            window.makeKeyAndVisible()
            app.handleTouchFrame(TouchFrame([.down(1, at: Point(x: 50, y: 50))], timestamp: clock.now))
            app.handleTouchFrame(TouchFrame([.up(1)], timestamp: clock.now))
            kept = keeper.touch
            windowAlive = window
        }
        #expect(kept?.window === windowAlive)
        #expect(kept?.phase == .ended)
    }

    @Test func aTimerThatOutlivesItsRunLoopCanStillBeCancelled() {
        var handle: TimerHandle?
        do {
            let loop = RunLoop(clock: VirtualClock())
            handle = loop.schedule(after: 1) {}
            #expect(loop.pendingTimerCount == 1)
        }
        // The run loop is gone: the handle can never fire, says so, and cancelling it is safe.
        #expect(handle?.isScheduled == false)
        handle?.cancel()
        #expect(handle?.isScheduled == false)
    }

    /// swift test's runner (an `async` main) leaves the main queue, and so the main actor, to
    /// libdispatch workers that change over time. A deinit there is main-actor work and must
    /// clean up; it skipped it when only the first view's thread counted (a dangling
    /// `superview` crashed a CI run). Run here from a main-queue block with another thread
    /// noted as the first view's, which is what a change of worker amounts to.
    @Test func subviewsAreToldOnWhicheverThreadDrainsTheMainQueue() async throws {
        MainActorThread.noteIfNeeded()
        let other = Self.finishedThread()
        let seen: Bool = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let seen = MainActor.assumeIsolated { () -> Bool in
                    let real = MainActorThread.pretendNoted(other)
                    defer { if let real { _ = MainActorThread.pretendNoted(real) } }
                    guard MainActorThread.isCurrent else { return false }
                    let child = View(name: "child")
                    do {
                        let parent = View(name: "parent")
                        parent.addSubview(child)
                    }
                    return child.superview == nil
                }
                done.resume(returning: seen)
            }
        }
        #expect(seen)
    }

    /// Off the main actor (a misuse for UI objects) the check says so, and clean-ups are skipped.
    @Test func aThreadPoolTaskIsNotTheMainActor() async {
        MainActorThread.noteIfNeeded()
        let isMain = await Task.detached { MainActorThread.isCurrent }.value
        #expect(!isMain)
        #expect(MainActorThread.isCurrent)
    }

    /// A thread that has run and ended: never the current one.
    private nonisolated static func finishedThread() -> pthread_t {
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { _ in nil }, nil)
        precondition(made == 0, "pthread_create: \(made)")
        pthread_join(thread, nil)
        return thread
    }
}
