import Testing
@testable import Bezel
import BezelCairo
import BezelTesting
@testable import BezelVideo
#if canImport(Glibc)
import Glibc
#endif

/// Issue 35's live streams: the clip served over RTSP by GStreamer's own RTSP server
/// (Fixtures/serve-rtsp.py: a real socket, RTP over UDP, rtspsrc on the other end). A live
/// source does not preroll: the player opens it by playing it.
extension VideoPlayerTests {
    /// The RTSP server for this test process: its port (it serves `media.folder`'s clips, and
    /// exits with this process); 0 when it could not start.
    static let rtspServer: Int = {
        let portFile = media.folder + "/rtsp-port"
        let script = packageRoot + "/Tests/BezelTests/Fixtures/serve-rtsp.py"
        // Debian's Python: its PyGObject and gst-rtsp-server's introspection data (dev.sh).
        _ = runCommand("/usr/bin/python3 \(script) \(media.folder) \(portFile) \(getpid()) > \(media.folder)/rtsp.log 2>&1 &")
        for _ in 0..<3000 {
            if access(portFile, F_OK) == 0, let port = Int(runCommand("cat \(portFile)").output.filter(\.isNumber)) { return port }
            usleep(20_000)
        }
        return 0
    }()

    @Test func anRTSPStreamPlaysLiveToItsEnd() async throws {
        try #require(Self.rtspServer > 0, "the local RTSP server did not start: \(runCommand("cat \(Self.media.folder)/rtsp.log").output)")
        let stage = try makeStage("rtsp://127.0.0.1:\(Self.rtspServer)/ball.webm")
        var ended = 0, failed = 0
        let center = stage.app.application.notificationCenter
        center.addObserver(forName: PlayerItem.didPlayToEndTimeNotification) { _ in ended += 1 }
        center.addObserver(forName: PlayerItem.failedToPlayToEndTimeNotification) { _ in failed += 1 }
        stage.player.play()
        await waitFor("the stream to open") { stage.player.currentItem?.status != .unknown }
        #expect(stage.player.currentItem?.status == .readyToPlay, "\(String(describing: stage.player.currentItem?.error))")
        await waitFor("a frame") { stage.view.isReadyForDisplay }
        // A frame of the clip: the picture equals one of its source frames.
        stage.app.render()
        var best = Int.max
        for index in 0..<20 {
            let reference = try ImageBuffer(contentsOfPNG: Self.media.folder + "/frame-\(index).png")
            best = min(best, try #require(stage.app.display.framebuffer.countDifferingPixels(from: reference, tolerance: 48)))
        }
        #expect(best < 100, "the shown picture is none of the clip's frames (closest: \(best) pixels differ)")
        // It plays on to the end of the stream (the server's file), and says so.
        for _ in 0..<200 where ended + failed == 0 {
            stage.app.wait(0.05)
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        await waitFor("the end") { ended + failed > 0 }
        #expect(ended == 1 && failed == 0, "ended \(ended), failed \(failed): \(String(describing: stage.player.currentItem?.error)); \(stage.player.debugState)")
    }
}
