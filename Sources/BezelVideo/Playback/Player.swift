import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// Plays one item (AVFoundation's `AVPlayer`): `play()`, `pause()`, `rate`, `seek(to:)`,
/// `isMuted`, `volume`, `currentTime()`, periodic time observers. Its frames are shown by
/// `VideoView`s whose `player` it is.
///
/// Time is the application's clock (a test's virtual clock): each decoded frame is shown when
/// the clock reaches its timestamp, so the run loop wakes once a frame while a video plays on
/// screen, and never while it is paused, has ended, or has no view on screen (decoding stops:
/// when a view comes back, the player seeks to where its clock says it is, and its sound,
/// which stops with it, too).
@MainActor
public final class Player {
    /// AVFoundation's `AVPlayer.Status`: whether GStreamer could be used at all.
    public enum Status: Sendable, Equatable { case unknown, readyToPlay, failed }
    /// AVFoundation's `AVPlayer.TimeControlStatus`.
    public enum TimeControlStatus: Sendable, Equatable {
        case paused
        /// Asked to play, waiting for the item to open or for data.
        case waitingToPlayAtSpecifiedRate
        case playing
    }
    /// AVFoundation's `AVPlayer.ActionAtItemEnd` (a single item: no `.advance`).
    public enum ActionAtItemEnd: Sendable, Equatable {
        /// Pause at the end (the default, as AVPlayer's).
        case pause
        /// Keep the rate; nothing more is shown until a seek.
        case none
    }

    public private(set) var currentItem: PlayerItem?
    public private(set) var status: Status = .unknown
    public private(set) var error: VideoError?
    public private(set) var timeControlStatus: TimeControlStatus = .paused
    public var actionAtItemEnd: ActionAtItemEnd = .pause
    /// 0 paused; `play()` sets `defaultRate`. Rates above 0 and at most 8 play (a negative rate,
    /// reverse play, is reported and ignored).
    public var rate: Double {
        get { playRate }
        set { setRate(newValue) }
    }
    /// The rate `play()` uses (AVPlayer's `defaultRate`).
    public var defaultRate: Double = 1
    /// Silences the sound (the video plays on).
    public var isMuted = false { didSet { pipeline?.setProperty("mute", isMuted ? "true" : "false") } }
    /// The sound's level, 0...1 (out of range: reported, clamped).
    public var volume: Double = 1 {
        didSet {
            if !(0...1).contains(volume) {
                Diagnostics.report(.apiMisuse, "Player.volume \(volume) is outside 0...1; clamped")
                volume = volume.isNaN ? 1 : min(max(volume, 0), 1)
                return
            }
            pipeline?.setProperty("volume", "\(volume)")
        }
    }

    /// A loop (set by `PlayerLooper`): when the last frame has been pulled the player seeks
    /// back to the start while that frame is still shown, and the next pass's frames are placed
    /// one after the other on the same time line, so nothing is skipped or shown late as long
    /// as the first frame decodes within a frame's time. `currentTime()` counts each pass from 0.
    var loops = false
    private var loopSeekPending = false
    /// Passes completed (the looper's `loopCount`).
    private(set) var completedLoops = 0

    private var pipeline: PlaybinPipeline?
    private var isOpen = false
    private var playRate: Double = 0
    /// Where the item is, in seconds from its start plus every finished pass before it (so a
    /// loop's time only grows): `anchorPosition` at `anchorClockTime`, moving at `playRate`
    /// while playing.
    private var anchorPosition: Double = 0
    private var anchorClockTime: Double = 0
    private var passOffset: Double = 0
    /// The pass of the frame shown (`passOffset` runs ahead once the next pass's first frame is pulled).
    private var shownPassOffset: Double = 0
    private var lastFrameTime: Double = -1
    private var upcoming: (frame: DecodedFrame, position: Double)?
    /// A stream ran dry while playing (AVPlayer's stall): the time line waits at the last frame
    /// shown, `timeControlStatus` is `.waitingToPlayAtSpecifiedRate`, and the next frame that
    /// comes restarts it from there (rather than skipping what was missed).
    private var isStalled = false
    /// The frame video views draw.
    private(set) var displayedFrame: DecodedFrame?
    /// Counts the frames shown: a display plane copies a picture only when this changes.
    private(set) var displayedFrameNumber = 0
    /// Where the frame shown is on the growing time line (a loop's passes added).
    private(set) var displayedPosition: Double = 0
    private var frameTimer: TimerHandle?
    private var openTimer: TimerHandle?
    /// How long an item may take to open (its first frame decoded) before it fails: a corrupt
    /// file a demuxer keeps searching, or a stream that sends nothing, must not leave the
    /// player waiting for ever. Bezel's choice, on the application's clock.
    public static let openTimeout: TimeInterval = 20
    private var endTimer: TimerHandle?
    private var pendingSeek: ((Bool) -> Void)?
    private var seekAwaitingFrame = false
    private var wasOffScreen = false
    private var reachedEnd = false
    private var viewers: [WeakVideoView] = []
    private var timeObservers: [TimeObserver] = []

    /// The time line's state in one line, for a test's failure message.
    var debugState: String {
        "status \(timeControlStatus) open \(isOpen) stalled \(isStalled) rate \(playRate) shown \(displayedPosition) "
            + "upcoming \(upcoming.map { "\($0.position)" } ?? "none") atEnd \(pipeline?.isAtEnd ?? false) ended \(reachedEnd) "
            + "clock \(clockNow) anchor \(anchorPosition)@\(anchorClockTime) frameTimer \(frameTimer?.isScheduled ?? false) endTimer \(endTimer?.isScheduled ?? false)"
    }

    public init() {}

    public convenience init(playerItem: PlayerItem?) {
        self.init()
        replaceCurrentItem(with: playerItem)
    }

    /// A player of `url` (a URI, or an absolute path).
    public convenience init(url: String) {
        self.init(playerItem: PlayerItem(url: url))
    }

    // MARK: Items

    /// Plays `item` from its start in place of the current one (nil: nothing). GStreamer is
    /// loaded now if it is not yet, and the item opened.
    public func replaceCurrentItem(with item: PlayerItem?) {
        closeItem()
        currentItem = item
        guard let item else { return }
        if let previous = item.player, previous !== self { previous.replaceCurrentItem(with: nil) }
        item.player = self
        item.status = .unknown
        item.error = nil
        switch GStreamerLibrary.shared {
        case .failure(let failure):
            status = .failed
            error = VideoError(.unavailable, failure.message)
            fail(item, error!, reportOnce: true)
            return
        case .success(let library):
            status = .readyToPlay
            do throws(VideoError) {
                let made = try PlaybinPipeline(uri: item.uri, audio: Self.hasSoundCard, maximumFrameSize: item.maximumFrameSize, library: library) { [weak self] in
                    self?.streamingSignalled()
                }
                pipeline = made
                scheduleOpenTimeout()
                if isMuted { made.setProperty("mute", "true") }
                if volume != 1 { made.setProperty("volume", "\(volume)") }
                do {
                    // A live source (RTSP) opens by playing: its first frame comes then.
                    if try made.setPlaying(false) { try made.setPlaying(true) }
                } catch {
                    // A refusal comes with GStreamer's reason (a missing file's), posted first.
                    for case .error(let text) in made.drainMessages() {
                        throw VideoError(VideoError.classify(text), text)
                    }
                    throw error
                }
            } catch {
                fail(item, error, reportOnce: false)
            }
        }
    }

    /// The pipeline let go with every timer and frame that came from it.
    private func dropPipeline() {
        openTimer?.cancel()
        openTimer = nil
        frameTimer?.cancel()
        endTimer?.cancel()
        pipeline = nil
        isOpen = false
        upcoming = nil
        displayedFrame = nil
        isStalled = false
    }

    private func closeItem() {
        dropPipeline()
        passOffset = 0
        shownPassOffset = 0
        lastFrameTime = -1
        anchorPosition = 0
        completedLoops = 0
        reachedEnd = false
        pendingSeek?(false)
        pendingSeek = nil
        seekAwaitingFrame = false
        if let item = currentItem, item.player === self { item.player = nil }
        if playRate > 0 { timeControlStatus = .waitingToPlayAtSpecifiedRate }
        viewersNeedDisplay()
    }

    private func fail(_ item: PlayerItem, _ failure: VideoError, reportOnce: Bool) {
        let wasPlaying = timeControlStatus == .playing
        item.status = .failed
        item.error = failure
        dropPipeline()
        if !reportOnce || !Self.reportedUnavailable {
            Diagnostics.report(.platform, "video \(item.uri): \(failure.message)")
            if reportOnce { Self.reportedUnavailable = true }
        }
        if playRate > 0 { timeControlStatus = .paused }
        if wasPlaying {
            post(PlayerItem.failedToPlayToEndTimeNotification, item, userInfo: ["error": failure])
        }
        viewersNeedDisplay()
    }

    private static var reportedUnavailable = false

    // MARK: Playing

    public func play() { rate = defaultRate }
    public func pause() { rate = 0 }

    private func setRate(_ newRate: Double) {
        guard newRate.isFinite, newRate >= 0 else {
            Diagnostics.report(.apiMisuse, "Player.rate \(newRate): only rates from 0 (paused) up play; ignored")
            return
        }
        let clamped = min(newRate, 8)
        if clamped != newRate { Diagnostics.report(.apiMisuse, "Player.rate \(newRate) is above 8; 8 is used") }
        let position = currentPosition
        anchorPosition = position
        anchorClockTime = clockNow
        // Paused or played again: a stall ends here (playing, the next check finds it again).
        isStalled = false
        playRate = clamped
        if playRate > 0 {
            timeControlStatus = isOpen ? .playing : (currentItem?.status == .failed ? .paused : .waitingToPlayAtSpecifiedRate)
            if currentItem?.status == .failed { playRate = 0 }
            if isOpen { _ = try? pipeline?.setPlaying(true) }
        } else {
            timeControlStatus = .paused
            frameTimer?.cancel()
            endTimer?.cancel()
            pipeline?.signal.isArmed.store(false, ordering: .releasing)
            if isOpen { _ = try? pipeline?.setPlaying(false) }
        }
        advance()
        notifyTimeObservers(force: true)
        scheduleTimeObservers()
    }

    /// The item's time in seconds (within the current pass of a loop).
    public func currentTime() -> TimeInterval {
        var time = currentPosition - shownPassOffset
        if loops, let duration = currentItem?.duration, duration > 0, time >= duration {
            time = time.truncatingRemainder(dividingBy: duration)
        }
        return max(0, time)
    }

    /// Moves to `time` (clamped to the item); `completionHandler` gets true once the frame
    /// there is shown, false when another seek or item replaced this one first.
    public func seek(to time: TimeInterval, completionHandler: ((Bool) -> Void)? = nil) {
        guard let pipeline, isOpen, time.isFinite else {
            if !time.isFinite { Diagnostics.report(.apiMisuse, "Player.seek(to: \(time)): not a time; ignored") }
            completionHandler?(false)
            return
        }
        let target = min(max(time, 0), currentItem?.duration ?? .infinity)
        pendingSeek?(false)
        pendingSeek = completionHandler
        seekAwaitingFrame = true
        reachedEnd = false
        if isStalled {
            // The seek's first frame restarts the time line, as it does after a stall.
            isStalled = false
            if playRate > 0 { timeControlStatus = .playing }
        }
        frameTimer?.cancel()
        endTimer?.cancel()
        upcoming = nil
        // The pass the player shows stays; the frames that come are from `target` on.
        passOffset = shownPassOffset
        lastFrameTime = target - 1e-6
        anchorPosition = shownPassOffset + target
        anchorClockTime = clockNow
        loopSeekPending = false
        if !pipeline.seek(to: target, rate: 1) {
            Diagnostics.report(.platform, "video: GStreamer refused a seek to \(target) s")
        }
        notifyTimeObservers(force: true)
    }

    // MARK: The frame clock

    private var clockNow: Double { runLoop?.clock.now ?? 0 }

    private var runLoop: RunLoop? {
        for viewer in viewers { if let application = viewer.view?.window?.application { return application.runLoop } }
        return RunLoop.main
    }

    /// Where the time line is now: what frames are shown by. It may run past the item's
    /// duration: a stream's frames can (an RTSP stream whose timestamps start late ends after
    /// the duration its server states), and each is shown at its time.
    private var timelinePosition: Double {
        guard playRate > 0, isOpen, !seekAwaitingFrame, !isStalled else { return anchorPosition }
        return anchorPosition + (clockNow - anchorClockTime) * playRate
    }

    /// The time line as reported (`currentTime()`, the anchor at a rate change or the end):
    /// within the item's duration unless it loops.
    private var currentPosition: Double {
        var position = timelinePosition
        if !loops, let duration = currentItem?.duration { position = min(position, passOffset + duration) }
        return position
    }

    private var hasVisibleViewer: Bool {
        viewers.contains { $0.view?.window != nil && $0.view?.isHidden == false }
    }

    /// GStreamer raised its signal: messages, or the frame the player waited for.
    private func streamingSignalled() {
        advance()
    }

    /// Reads GStreamer's messages, shows the frame whose time has come, and arms what wakes
    /// the loop next: a timer at the next frame's time, or the signal for the next frame.
    func advance() {
        guard let pipeline, let item = currentItem else { return }
        for message in pipeline.drainMessages() {
            handle(message, item)
            if self.pipeline == nil { return }
        }
        guard isOpen else { return }
        if seekAwaitingFrame && playRate == 0 {
            // Paused: the frame at the seek's target is the new preroll.
            if let frame = pipeline.pullFrame(prerolled: true) { show(frame, position: anchorPosition) }
            return
        }
        guard playRate > 0 else { return }
        let visible = hasVisibleViewer
        if !visible {
            wasOffScreen = true
            frameTimer?.cancel()
            pipeline.signal.isArmed.store(false, ordering: .releasing)
            scheduleEnd()
            return
        }
        if wasOffScreen {
            wasOffScreen = false
            seek(to: currentTime())
            return
        }
        let now = timelinePosition
        // Due frames are shown, the next one waited for; a frame that came while arming goes
        // round again (shown now if due: a timer for a due frame would wait for the clock's
        // next step, and under a virtual clock that never comes: the tests' lost frames).
        repeat {
            showDueFrames(pipeline, now: now)
            frameTimer?.cancel()
            if let next = upcoming {
                scheduleFrame(at: next.position)
                break
            }
            if loops, pipeline.isAtEnd, !loopSeekPending {
                // The last frame is pulled: back to the start while it is shown.
                loopSeekPending = true
                if !pipeline.seek(to: 0, rate: 1) { Diagnostics.report(.platform, "video: GStreamer refused to loop \(item.uri)") }
            } else if pipeline.isAtEnd, !loops {
                break
            }
        } while armForNextFrame(pipeline)
        checkForStall(pipeline, now: now)
        scheduleEnd()
    }

    /// Half a second past the last frame's time with no next frame decoded, a stream has run
    /// dry (Bezel's threshold: a frame that late is no longer shown late but missing). Files do
    /// not stall: a slow decoder shows its frames late.
    static let stallThreshold = 0.5

    /// While a stream plays with no frame to come: stalled past the threshold, else a wake-up
    /// at it (the frame's signal would have come first).
    private func checkForStall(_ pipeline: PlaybinPipeline, now: Double) {
        guard upcoming == nil, !pipeline.isAtEnd, !isStalled, timeControlStatus == .playing, !seekAwaitingFrame,
              displayedFrame != nil, let item = currentItem, item.isStream else { return }
        let deadline = displayedPosition + Self.stallThreshold
        guard now >= deadline else {
            scheduleFrame(at: deadline + Self.earliness)
            return
        }
        stall(item)
    }

    /// The time line waits at the last frame shown; observers hear of it once.
    private func stall(_ item: PlayerItem) {
        guard !isStalled else { return }
        isStalled = true
        anchorPosition = displayedPosition
        anchorClockTime = clockNow
        timeControlStatus = .waitingToPlayAtSpecifiedRate
        frameTimer?.cancel()
        endTimer?.cancel()
        post(PlayerItem.playbackStalledNotification, item)
    }

    /// Shows the decoded frames due at `now`, in order; the first one not yet due stays
    /// `upcoming`.
    private func showDueFrames(_ pipeline: PlaybinPipeline, now: Double) {
        while true {
            if upcoming == nil, let frame = pipeline.pullFrame(prerolled: false) {
                upcoming = (frame, position(of: frame))
            }
            guard let next = upcoming else { return }
            if isStalled {
                // Data again: the time line goes on from the frame that came.
                isStalled = false
                timeControlStatus = .playing
                anchorClockTime = clockNow
                anchorPosition = next.position
                upcoming = nil
                show(next.frame, position: next.position)
                continue
            }
            if seekAwaitingFrame {
                // The first frame after a seek is shown at once; the clock starts from it.
                seekAwaitingFrame = false
                anchorClockTime = clockNow
                anchorPosition = next.position
                upcoming = nil
                show(next.frame, position: next.position)
                continue
            }
            guard next.position <= now + Self.earliness else { return }
            upcoming = nil
            show(next.frame, position: next.position)
        }
    }

    /// Asks to be woken by the next decoded frame. One may have come between the last pull and
    /// the arming (after a loop's seek, the new pass's first frame can be there already): then
    /// it is taken, unarmed, and true is returned.
    private func armForNextFrame(_ pipeline: PlaybinPipeline) -> Bool {
        pipeline.signal.isArmed.store(true, ordering: .releasing)
        guard let frame = pipeline.pullFrame(prerolled: false) else { return false }
        pipeline.signal.isArmed.store(false, ordering: .releasing)
        upcoming = (frame, position(of: frame))
        return true
    }

    /// A frame is shown when the clock is within half a millisecond of its time: the timer for
    /// it fires that much early, so a clock summed from steps (0.35 + 0.1 + 0.05 is a hair
    /// under 0.5) cannot leave a frame waiting for the next wake-up.
    static let earliness = 0.0005

    private func scheduleFrame(at position: Double) {
        // Half of it: firing exactly `earliness` early could leave the frame one rounding
        // error short of due, and the timer firing again and again at the same instant.
        let delay = (position - Self.earliness / 2 - timelinePosition) / playRate
        frameTimer = runLoop?.schedule(after: max(0, delay)) { [weak self] in self?.advance() }
    }

    /// The frame's place on the player's growing time line: a timestamp below the last one is
    /// the loop's next pass.
    private func position(of frame: DecodedFrame) -> Double {
        if loopSeekPending {
            // The next pass's first frame: its pass starts where the last one ended.
            loopSeekPending = false
            passOffset += currentItem?.duration ?? (lastFrameTime + 0.04)
            completedLoops += 1
        }
        lastFrameTime = frame.time
        return passOffset + frame.time
    }

    private func show(_ frame: DecodedFrame, position: Double) {
        displayedFrame = frame
        displayedFrameNumber &+= 1
        displayedPosition = position
        shownPassOffset = position - frame.time
        if let pending = pendingSeek {
            pendingSeek = nil
            seekAwaitingFrame = false
            pending(true)
        }
        seekAwaitingFrame = false
        viewersNeedDisplay()
    }

    /// Without a loop, the end comes at the item's duration (its last frame shown).
    private func scheduleEnd() {
        endTimer?.cancel()
        guard !loops, !reachedEnd, playRate > 0, let pipeline, pipeline.isAtEnd, upcoming == nil else { return }
        let end = passOffset + (currentItem?.duration ?? lastFrameTime)
        let delay = (end - currentPosition) / playRate
        if delay <= 0 { return itemDidEnd() }
        endTimer = runLoop?.schedule(after: delay) { [weak self] in self?.itemDidEnd() }
    }

    private func itemDidEnd() {
        guard let item = currentItem, !reachedEnd else { return }
        reachedEnd = true
        anchorPosition = currentPosition
        anchorClockTime = clockNow
        if actionAtItemEnd == .pause {
            playRate = 0
            timeControlStatus = .paused
            _ = try? pipeline?.setPlaying(false)
        }
        frameTimer?.cancel()
        notifyTimeObservers(force: true)
        scheduleTimeObservers()
        post(PlayerItem.didPlayToEndTimeNotification, item)
    }

    private func handle(_ message: PlaybinPipeline.Message, _ item: PlayerItem) {
        switch message {
        case .error(let text):
            fail(item, VideoError(VideoError.classify(text), text), reportOnce: false)
        case .asyncDone:
            if !isOpen {
                isOpen = true
                openTimer?.cancel()
                openTimer = nil
                item.duration = pipeline?.duration
                item.status = .readyToPlay
                if let frame = pipeline?.pullFrame(prerolled: true) {
                    if let image = frame.image { item.presentationSize = image.size }
                    show(frame, position: 0)
                }
                if playRate > 0 {
                    anchorClockTime = clockNow
                    timeControlStatus = .playing
                    _ = try? pipeline?.setPlaying(true)
                } else {
                    // A live source opened by playing waits, paused, for `play()`.
                    _ = try? pipeline?.setPlaying(false)
                }
                // Observers added before the item opened (or while it was opening) start now.
                scheduleTimeObservers()
            }
        case .durationChanged:
            if let duration = pipeline?.duration { item.duration = duration }
        case .endOfStream:
            scheduleEnd()
        case .buffering(let percent):
            if percent < 100, playRate > 0, timeControlStatus == .playing {
                stall(item)
            } else if percent >= 100, playRate > 0, isStalled, isOpen {
                isStalled = false
                timeControlStatus = .playing
                anchorClockTime = clockNow
            }
        }
    }

    // MARK: Views and observers

    func addViewer(_ view: VideoView) {
        viewers.removeAll { $0.view == nil || $0.view === view }
        viewers.append(WeakVideoView(view: view))
    }

    func removeViewer(_ view: VideoView) {
        viewers.removeAll { $0.view == nil || $0.view === view }
    }

    /// A viewer moved in or out of a window: playback's wake-ups follow.
    func viewersChanged() {
        scheduleOpenTimeout()
        advance()
    }

    /// The open timeout, on the run loop of the player's views (or the application's).
    private func scheduleOpenTimeout() {
        guard !isOpen, pipeline != nil, currentItem?.status == .unknown, let runLoop else { return }
        openTimer?.cancel()
        openTimer = runLoop.schedule(after: Self.openTimeout) { [weak self] in
            guard let self, !self.isOpen, let item = self.currentItem, item.status == .unknown else { return }
            self.fail(item, VideoError(.undecodable, "\(item.uri) did not open within \(Int(Self.openTimeout)) s (a corrupt file, or a stream that sends nothing)"),
                      reportOnce: false)
        }
    }

    private func viewersNeedDisplay() {
        for viewer in viewers { viewer.view?.frameDidChange() }
    }

    private func post(_ name: Notification.Name, _ item: PlayerItem, userInfo: [String: Any] = [:]) {
        let center = viewers.lazy.compactMap { $0.view?.window?.application?.notificationCenter }.first
        center?.post(name: name, object: item, userInfo: userInfo)
    }

    /// Calls `block` with `currentTime()` every `interval` seconds of the item while it plays,
    /// and when the time jumps (a seek, play, pause, the end): AVPlayer's
    /// `addPeriodicTimeObserver(forInterval:queue:using:)`. Keep the token to remove it.
    @discardableResult
    public func addPeriodicTimeObserver(forInterval interval: TimeInterval, using block: @escaping @MainActor (TimeInterval) -> Void) -> TimeObserverToken {
        var checked = interval
        if !(interval > 0) || !interval.isFinite {
            Diagnostics.report(.apiMisuse, "addPeriodicTimeObserver(forInterval: \(interval)): the interval must be above 0; 1 s is used")
            checked = 1
        }
        let observer = TimeObserver(interval: checked, block: block)
        timeObservers.append(observer)
        scheduleTimeObservers()
        return TimeObserverToken(observer: observer)
    }

    public func removeTimeObserver(_ token: TimeObserverToken) {
        token.observer.timer?.cancel()
        timeObservers.removeAll { $0 === token.observer }
    }

    private func notifyTimeObservers(force: Bool) {
        guard force else { return }
        let time = currentTime()
        for observer in timeObservers { observer.block(time) }
    }

    private func scheduleTimeObservers() {
        for observer in timeObservers {
            observer.timer?.cancel()
            guard playRate > 0, isOpen, !reachedEnd else { continue }
            observer.timer = runLoop?.schedule(after: observer.interval / playRate) { [weak self, weak observer] in
                guard let self, let observer else { return }
                observer.block(self.currentTime())
                self.scheduleTimeObservers()
            }
        }
    }

    /// Whether ALSA has a playback device (`/proc/asound/pcm`); without one the sound is not
    /// decoded at all (a panel without audio, or a CI host).
    static let hasSoundCard: Bool = {
        guard let file = fopen("/proc/asound/pcm", "r") else { return false }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            if String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).contains("playback") { return true }
        }
        return false
    }()
}

/// Returned by `addPeriodicTimeObserver`; pass it to `removeTimeObserver`.
@MainActor
public final class TimeObserverToken {
    fileprivate let observer: TimeObserver
    fileprivate init(observer: TimeObserver) { self.observer = observer }
}

@MainActor
private final class TimeObserver {
    let interval: TimeInterval
    let block: @MainActor (TimeInterval) -> Void
    var timer: TimerHandle?
    init(interval: TimeInterval, block: @escaping @MainActor (TimeInterval) -> Void) {
        self.interval = interval
        self.block = block
    }
}

@MainActor
private struct WeakVideoView {
    weak var view: VideoView?
}
