import Testing
@testable import Bezel
import BezelCairo
import BezelTesting
@testable import BezelVideo
#if canImport(Glibc)
import Glibc
#endif

/// Issue 35's streams: the same clip served over HTTP by a local server (Fixtures/serve-clips.py,
/// a real socket, GStreamer's souphttpsrc on the other end): played like the file, and one cut
/// short (it ends or fails, clearly, never stuck).
extension VideoPlayerTests {
    /// The server for this test process: its port (it serves `media.folder`, and exits with
    /// this process).
    static let server: (port: Int, pid: Int32) = {
        let portFile = media.folder + "/port"
        let script = packageRoot + "/Tests/BezelTests/Fixtures/serve-clips.py"
        let (output, _) = runCommand("python3 \(script) \(media.folder) \(portFile) \(getpid()) > \(media.folder)/server.log 2>&1 & echo $!")
        let pid = Int32(output.filter(\.isNumber)) ?? 0
        // Listening within seconds (a loaded host: at most a minute).
        for _ in 0..<3000 {
            if access(portFile, F_OK) == 0, let port = Int(runCommand("cat \(portFile)").output.filter(\.isNumber)) { return (port, pid) }
            usleep(20_000)
        }
        return (0, pid)
    }()

    func url(_ path: String) throws -> String {
        try #require(Self.server.port > 0, "the local HTTP server did not start")
        return "http://127.0.0.1:\(Self.server.port)/\(path)"
    }

    @Test func anHTTPStreamPlaysLikeTheFile() async throws {
        let stage = try makeStage(try url("ball.webm"))
        await waitFor("the stream to open") { stage.player.currentItem?.status != .unknown }
        #expect(stage.player.currentItem?.status == .readyToPlay, "\(String(describing: stage.player.currentItem?.error))")
        #expect(abs((stage.player.currentItem?.duration ?? 0) - 2.0) < 0.01)
        try await expectFrame(0, stage)
        stage.player.play()
        // A tenth of a second of the virtual clock at a time, each frame waited for: the
        // stream decodes in real time, and a jump of the clock half a second past the last
        // frame shown with the next not yet decoded is a stall (`Player.stallThreshold`), as it
        // should be. Jumps of 0.35 and 0.5 s stalled at frame 3 in a loaded CI run.
        for frame in 1...8 {
            stage.app.wait(0.1)
            try await expectFrame(frame, stage)
        }
    }

    @Test func aStreamCutShortEndsOrFailsClearlyNeverStuck() async throws {
        let stage = try makeStage(try url("cut/ball.webm"))
        var ended = 0, failed = 0
        let center = stage.app.application.notificationCenter
        center.addObserver(forName: PlayerItem.didPlayToEndTimeNotification) { _ in ended += 1 }
        center.addObserver(forName: PlayerItem.failedToPlayToEndTimeNotification) { _ in failed += 1 }
        await waitFor("the stream to open") { stage.player.currentItem?.status != .unknown }
        stage.player.play()
        for _ in 0..<100 where ended + failed == 0 {
            stage.app.wait(0.05)
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        await waitFor("the end or a failure") { ended + failed > 0 }
        #expect(ended + failed == 1, "ended \(ended), failed \(failed)")
        #expect(stage.player.timeControlStatus == .paused || stage.player.currentItem?.status == .failed)
        // Whatever came is what was shown: the picture is a decoded frame or the poster.
        #expect(stage.view.isReadyForDisplay || stage.player.currentItem?.status == .failed)
    }
}

/// Issue 35 item 1's stall: a stream that runs dry while playing.
extension VideoPlayerTests {
    @Test func aStreamThatRunsDryStallsAndGoesOnWhereItStopped() async throws {
        // The server sends half the clip, waits two seconds, then the rest.
        let stage = try makeStage(try url("pause/ball.webm"))
        var stalls = 0, ended = 0, endedAt = 0.0
        let center = stage.app.application.notificationCenter
        center.addObserver(forName: PlayerItem.playbackStalledNotification) { _ in stalls += 1 }
        center.addObserver(forName: PlayerItem.didPlayToEndTimeNotification) { _ in ended += 1 }
        await waitFor("the stream to open") { stage.player.currentItem?.status != .unknown }
        #expect(stage.player.currentItem?.isStream == true)
        stage.player.play()
        let start = stage.app.application.clock.now
        // The clock moves about with real time here (the server's pause is real time): 20 ms a
        // step, each step also sleeping 20 ms. On a slow machine (AddressSanitizer, a loaded
        // host) a step takes longer than 20 ms of real time, so the two seconds of the server's
        // pause are less on the app's clock: the wait is measured on that clock, not assumed.
        var waitingFrom: TimeInterval?, waitingUntil: TimeInterval?
        for _ in 0..<1000 where ended == 0 {
            stage.app.wait(0.02)
            try? await Task.sleep(nanoseconds: 20_000_000)
            let now = stage.app.application.clock.now - start
            if stage.player.timeControlStatus == .waitingToPlayAtSpecifiedRate {
                if waitingFrom == nil { waitingFrom = now }
            } else if waitingFrom != nil, waitingUntil == nil {
                waitingUntil = now
            }
            if ended > 0 { endedAt = now }
        }
        #expect(stalls == 1, "stalled \(stalls) times")
        #expect(waitingFrom != nil)
        #expect(ended == 1)
        // Nothing was skipped: the clip's two seconds played outside the wait, not through it
        // (skipped, the end would come about two seconds after play, the wait included).
        let waited = (waitingUntil ?? endedAt) - (waitingFrom ?? 0)
        #expect(waited > 0.2, "the wait lasted \(waited) s on the app's clock")
        #expect(endedAt - waited > 2.0 - 0.3, "the end came \(endedAt) s after play, \(waited) s of it waiting: the frames missed during the wait were skipped")
        #expect(stage.player.timeControlStatus == .paused)
    }
}

/// Issue 35 item 2: the video composited like any view, under and over others.
extension VideoPlayerTests {
    @Test func theVideoIsCompositedUnderAndOverOtherViews() async throws {
        let player = Player(url: Self.media.clip)
        let card = View(frame: Rect(x: 20, y: 20, width: 280, height: 180))
        card.backgroundColor = Color(rgb: 0x2E86DE)
        card.cornerRadius = 16
        // The video rounded and clipped inside the card, half transparent, turned a little.
        let video = VideoView(frame: Rect(x: 20, y: 20, width: 240, height: 140))
        video.player = player
        video.cornerRadius = 12
        video.clipsToBounds = true
        video.alpha = 0.8
        video.transform = AffineTransform(rotationAngle: 0.05)
        card.addSubview(video)
        // A translucent caption over it, and a badge half on it.
        let caption = Label(frame: Rect(x: 40, y: 150, width: 240, height: 30))
        caption.text = "Fresh coffee"
        caption.backgroundColor = Color.black.withAlpha(0.5)
        caption.style = TextStyle(size: 17, weight: .bold, color: .white, alignment: .center)
        let badge = View(frame: Rect(x: 250, y: 10, width: 60, height: 60))
        badge.backgroundColor = Color(rgb: 0xE74C3C)
        badge.cornerRadius = 30
        let app = try AppHarness(size: Size(width: 320, height: 220)) { application in
            let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 220), application: application)
            window.backgroundColor = .white
            for view in [card, caption, badge] { window.addSubview(view) }
            return window
        }
        await waitFor("the first frame") { video.isReadyForDisplay }
        try app.expectSnapshot(named: "video-under-and-over")
    }
}
