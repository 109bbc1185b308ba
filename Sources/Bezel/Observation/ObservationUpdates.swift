import Observation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One `observe { … }` registration: its update closure, re-run when an `@Observable`
/// property it read changes, at most once per frame.
@MainActor
public final class ObservationToken {
    fileprivate let update: @MainActor () -> Void
    /// The view or view controller it belongs to: when that is gone, the updates stop. Weak,
    /// so an observation never keeps its owner alive (the model's registrar holds the
    /// change handler, which holds this token weakly too).
    fileprivate weak var owner: AnyObject?
    fileprivate var isScheduled = false
    /// Stopped: by `cancel()`, or because the owner is gone.
    public private(set) var isCancelled = false
    /// How many times the update ran (the first, at `observe`, included).
    public private(set) var updateCount = 0
    /// Its place in the order observations were made (`ObservationUpdates.nextSerial`).
    let serial: UInt64

    fileprivate init(owner: AnyObject, update: @escaping @MainActor () -> Void) {
        self.owner = owner
        self.update = update
        serial = ObservationUpdates.nextSerial
        ObservationUpdates.nextSerial += 1
    }

    /// No more updates.
    public func cancel() {
        isCancelled = true
    }

    fileprivate func run() {
        isScheduled = false
        guard !isCancelled, owner != nil else {
            isCancelled = true
            return
        }
        updateCount += 1
        let reference = TokenReference(self)
        withObservationTracking { update() } onChange: {
            // Called in the property's willSet, on the thread that changes it: noted under a
            // lock (whatever the thread), picked up before the next frame on the main actor.
            ObservationUpdates.changed.withLock { $0.append(reference) }
            // From another thread, the main actor must wake to draw that frame.
            if !MainActorThread.isCurrent { Task { @MainActor in ObservationUpdates.takeChanged() } }
        }
    }
}

/// Runs the updates of changed observations before the next frame is drawn
/// (`Window.prepareForFrame()`): a model changed three times between frames updates its
/// views once, with its latest values.
/// A token as the change handler (which may run on any thread) holds it: weakly, only ever
/// dereferenced on the main actor.
final class TokenReference: @unchecked Sendable {
    weak var token: ObservationToken?
    @MainActor init(_ token: ObservationToken) { self.token = token }
}

@MainActor
enum ObservationUpdates {
    private static var pending: [ObservationToken] = []
    /// Changes noted by handlers, from any thread.
    nonisolated static let changed = Mutex<[TokenReference]>([])

    /// Schedules the tokens whose models changed.
    static func takeChanged() {
        let references = changed.withLock { list -> [TokenReference] in
            let taken = list
            list.removeAll()
            return taken
        }
        for reference in references { if let token = reference.token { schedule(token) } }
    }

    static func schedule(_ token: ObservationToken) {
        guard !token.isScheduled, !token.isCancelled else { return }
        token.isScheduled = true
        // Run before the next frame: the runtime prepares one after every pass of its event
        // loop (the change woke it: an event, a timer, or the main queue for a change made
        // on another thread), and the update's own changes damage what they change.
        pending.append(token)
    }

    /// Runs every scheduled update (and those their updates schedule).
    static func flush() {
        takeChanged()
        var rounds = 0
        while !pending.isEmpty, rounds < 100 {
            let batch = pending
            pending.removeAll()
            for token in batch { token.run() }
            takeChanged()
            rounds += 1
        }
    }

    /// The serial the next observation gets: a list marks a cell with it when it hands the
    /// cell out for a row (ReusePool), to end that row's observations at reuse.
    static var nextSerial: UInt64 = 0

    static func register(owner: AnyObject, _ update: @escaping @MainActor () -> Void) -> ObservationToken {
        MainActorThread.noteIfNeeded()
        let token = ObservationToken(owner: owner, update: update)
        token.run()
        return token
    }
}

/// Views and view controllers: both can `observe` models.
@MainActor
public protocol ObservationOwner: AnyObject {
    /// The owner's observations, kept as long as it lives.
    var observationTokens: [ObservationToken] { get set }
}

extension ObservationOwner {
    /// Runs `update` with the owner now, and again before the next frame whenever an
    /// `@Observable` model's property it read changes (Swift's Observation, no Foundation):
    /// many changes between two frames give one update, with the latest values; a property it
    /// did not read gives none. The owner keeps the observation and is passed in, so the
    /// closure need not capture it (no retain cycle); the updates stop when it is gone or
    /// the token is cancelled.
    ///
    /// ```swift
    /// label.observe { label in label.text = "\(order.cups) cups" }
    /// ```
    @discardableResult
    public func observe(_ update: @escaping @MainActor (Self) -> Void) -> ObservationToken {
        let token = ObservationUpdates.register(owner: self) { [weak self] in if let self { update(self) } }
        observationTokens.append(token)
        return token
    }
}

extension View: ObservationOwner {
    /// Cancels and lets go of the observations made on this view or any view in it since
    /// `serial`: a reused cell's, made for the row it showed (ReusePool).
    func endObservations(since serial: UInt64) {
        if !observationTokens.isEmpty {
            for token in observationTokens where token.serial >= serial { token.cancel() }
            observationTokens.removeAll { $0.serial >= serial }
        }
        for subview in subviews { subview.endObservations(since: serial) }
    }
}
extension ViewController: ObservationOwner {}
