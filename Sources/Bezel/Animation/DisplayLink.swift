/// Frame ticks (UIKit's `CADisplayLink`): callbacks once per displayed frame with the frame's
/// timestamp. Animations (scroll deceleration, bounce, animated offsets) advance on these, never
/// on free-running timers, so they stay in step with the display and stop when idle.
///
/// Frames come from a `FrameSource`: the DRM backend will drive them from page-flip events;
/// until then, and headless, `TimerFrameSource` ticks on the run loop at `frameInterval`
/// (virtual time in tests). A source runs only while somebody is subscribed: no subscriber,
/// no wake-up.
@MainActor
public final class DisplayLink {
    public typealias Callback = @MainActor (_ timestamp: TimeInterval) -> Void

    /// One subscriber; `invalidate()` unsubscribes (also from inside its own callback).
    @MainActor
    public final class Subscription {
        fileprivate var callback: Callback?
        fileprivate init(_ callback: @escaping Callback) { self.callback = callback }
        public var isValid: Bool { callback != nil }
        public func invalidate() { callback = nil }
    }

    /// The display's frame interval: 1/60 s, the refresh rate of the panels Bezel targets
    /// (the Raspberry Pi 7" display runs at 60 Hz); the DRM backend sets the mode's real value.
    public var frameInterval: TimeInterval = 1.0 / 60
    private var subscriptions: [Subscription] = []
    private var source: (any FrameSource)?
    private var running = false

    public init() {}

    /// Replaces the frame source (the hardware backend installs a page-flip driven one).
    public func setSource(_ source: any FrameSource) {
        if running { self.source?.stopFrames() }
        self.source = source
        if running { source.startFrames(for: self) }
    }

    public var isRunning: Bool { running }

    /// Calls `callback` on every frame until the returned subscription is invalidated.
    @discardableResult
    public func add(_ callback: @escaping Callback) -> Subscription {
        let subscription = Subscription(callback)
        subscriptions.append(subscription)
        if !running, let source {
            running = true
            source.startFrames(for: self)
        }
        return subscription
    }

    /// A frame happened at `timestamp`: called by the frame source.
    public func tick(at timestamp: TimeInterval) {
        for subscription in subscriptions {
            subscription.callback?(timestamp)
        }
        for i in subscriptions.indices.reversed() where !subscriptions[i].isValid { subscriptions.remove(at: i) }
        if subscriptions.isEmpty, running {
            running = false
            source?.stopFrames()
        }
    }
}

/// Something that produces frames for a display link while asked to.
@MainActor
public protocol FrameSource: AnyObject {
    func startFrames(for link: DisplayLink)
    func stopFrames()
}

/// Frames from a run-loop timer at the link's frame interval: the headless stand-in for vsync.
@MainActor
public final class TimerFrameSource: FrameSource {
    private let runLoop: RunLoop
    private var timer: TimerHandle?
    private weak var link: DisplayLink?

    public init(runLoop: RunLoop) {
        self.runLoop = runLoop
    }

    public func startFrames(for link: DisplayLink) {
        self.link = link
        scheduleNext()
    }

    public func stopFrames() {
        timer?.cancel()
        timer = nil
    }

    private func scheduleNext() {
        guard let link else { return }
        timer = runLoop.schedule(after: link.frameInterval) { [weak self] in
            guard let self, let link = self.link else { return }
            self.timer = nil
            link.tick(at: self.runLoop.clock.now)
            if link.isRunning, self.timer == nil { self.scheduleNext() }
        }
    }
}
