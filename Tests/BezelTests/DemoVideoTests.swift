import Testing
import Bezel
import BezelCairo
import BezelDemoApp
import BezelTesting
import BezelVideo
#if canImport(Glibc)
import Glibc
#endif

/// Issue 35's demo: the attract loop's first slide plays the demo's clip, looped; the Help
/// menu's how-to video plays it in a tile with Play/Pause, Sound and the time. GStreamer
/// decodes on its own threads in real time: the tests wait for it (at most a minute), and
/// the virtual clock decides which frame shows.
@MainActor
@Suite(.serialized) struct DemoVideoTests {
    func harness() throws -> (AppHarness, DemoApp, [String]) {
        var made: DemoApp?
        let clip = try #require(DemoApp.bundledVideo, "the demo's clip (Assets/Demo/Videos/attract.webm)")
        let harness = try AppHarness(size: Size(width: 800, height: 480)) { application in
            let demo = DemoApp(application: application, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 }, videoPath: clip)
            made = demo
            return demo.window
        }
        let demo = try #require(made)
        return (harness, demo, [])
    }

    func waitFor(_ what: String, _ condition: () -> Bool) async {
        await VideoPlayerTests.waitInRealTime(what, condition)
    }

    /// Plays `seconds` of virtual time in steps of 0.1 s, each step waiting (real time) for
    /// the frame due to be decoded and shown (`shown` says whether it is).
    func play(_ app: AppHarness, _ seconds: Double, until shown: (Int) -> Bool) async {
        for step in 1...Int((seconds * 10).rounded()) {
            app.wait(0.1)
            await waitFor("the frame of step \(step)") { shown(step) }
        }
    }

    @Test func theAttractLoopsFirstSlidePlaysTheClipLooped() async throws {
        let (app, demo, _) = try harness()
        try app.tap(named: "more")
        app.wait(0.5)
        try app.tap(named: "attractLoop")
        app.wait(0.5)
        let attract = try #require(demo.attract)
        let video = try #require(attract.video)
        let player = try #require(video.player)
        #expect(player.rate == 1, "playing once the loop shows")
        await waitFor("the first frame") { video.isReadyForDisplay }
        app.render()
        // Frame 0 on the first slide, 256 x 144 at its own size (a plane would not scale it).
        #expect(video.videoRect.size == Size(width: 256, height: 144))
        try app.expectSnapshot(named: "demo-attract-video")
        // Played past the clip's 3 s (before the slide turns at 5 s): the looper started it
        // again, seamlessly, and frames keep coming.
        let looper = try #require(attract.looper)
        var played = 0.0
        await play(app, 3.5) { step in
            played = player.currentTime() + 3 * Double(looper.loopCount)
            return played >= Double(step) / 10 - 0.11
        }
        #expect(looper.loopCount == 1 && played > 3.3, "loops \(looper.loopCount), played \(played) s")
        #expect(player.currentItem?.status == .readyToPlay && video.isReadyForDisplay)
        // The next slide: the video is off screen, the player pulls nothing more; a touch ends
        // the loop and pauses it.
        app.tap(at: Point(x: 400, y: 200))
        app.wait(1)
        #expect(demo.attract == nil && player.rate == 0)
    }

    @Test func theHowToVideoTilePlaysPausesMutesAndEnds() async throws {
        let (app, demo, _) = try harness()
        var log: [String] = []
        demo.log = { log.append($0) }
        try app.tap(named: "more")
        app.wait(0.5)
        try app.tap(named: "help")
        try app.tap(named: "howToVideo")
        app.wait(1)
        let tile = try #require(app.view(named: "howToVideoTile") as? VideoView)
        let player = try #require(tile.player)
        #expect(player.currentItem == nil && !tile.isReadyForDisplay, "nothing opened before Play: the poster shows")
        try app.tap(named: "howToPlay")
        #expect(player.rate == 1)
        await waitFor("the first frame") { tile.isReadyForDisplay }
        app.render()
        try app.expectSnapshot(named: "demo-how-to-video")
        try app.tap(named: "howToSound")
        #expect(player.isMuted)
        await play(app, 1.6) { step in player.currentTime() >= Double(step) / 10 - 0.11 }
        let time = try #require(app.view(named: "howToTime") as? Label)
        #expect(time.text == "0:01", "the periodic observer's time: \(time.text ?? "")")
        try app.tap(named: "howToPlay")
        #expect(player.rate == 0)
        try app.tap(named: "howToPlay")
        // To the end (3 s): AVPlayer's default at the end is to pause there.
        let from = player.currentTime()
        await play(app, 1.5) { step in player.currentTime() >= min(3, from + Double(step) / 10) - 0.11 || log.contains("how-to video ended") }
        await waitFor("the end") { log.contains("how-to video ended") }
        #expect(log.contains("how-to video ended") && player.rate == 0)
        // Play again: from the start.
        try app.tap(named: "howToPlay")
        await waitFor("the seek to the start") { player.currentTime() < 0.5 }
        #expect(player.rate == 1)
        #expect(log.prefix(4) == ["how-to video", "how-to video playing", "how-to video sound off", "how-to video paused"], "\(log)")
    }
}
