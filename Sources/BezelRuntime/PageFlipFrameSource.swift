import Bezel

/// Display-link frames from the display's page flips: while somebody is subscribed, each
/// completed flip ticks the link (so animations advance exactly once per shown frame). When a
/// tick changes nothing on screen there is no flip to wait for; then a run-loop timer at the
/// mode's frame interval stands in for vsync until something is drawn again.
@MainActor
final class PageFlipFrameSource: FrameSource {
    private let runLoop: RunLoop
    private weak var link: DisplayLink?
    private var active = false
    private var standIn: TimerHandle?

    init(runLoop: RunLoop) {
        self.runLoop = runLoop
    }

    func startFrames(for link: DisplayLink) {
        self.link = link
        active = true
    }

    func stopFrames() {
        active = false
        standIn?.cancel()
        standIn = nil
    }

    /// A frame reached the screen.
    func flipCompleted() {
        guard active, let link else { return }
        standIn?.cancel()
        standIn = nil
        link.tick(at: runLoop.clock.now)
    }

    /// Called before the loop sleeps with no flip pending: keeps frames coming without vsync.
    func noFlipPending() {
        guard active, standIn == nil, let link else { return }
        standIn = runLoop.schedule(after: link.frameInterval) { [weak self] in
            guard let self else { return }
            self.standIn = nil
            guard self.active, let link = self.link else { return }
            link.tick(at: self.runLoop.clock.now)
        }
    }
}
