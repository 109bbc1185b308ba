import Testing
@testable import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// K1: the SDL2 simulator under Xvfb (`Tests/Simulator/run-simulator-test.sh`): the demo
/// opens its window, what the X server shows is the headless rendering, a synthesized click
/// on a tile fires its action, Alt + drag pinches with two mirrored fingers, F12 saves a
/// screenshot, SIGTERM ends it with 0.
@MainActor
@Suite(.serialized) struct SimulatorTests {
    /// Issue 17 item 3: SDL2 is opened only when the simulator is chosen, so an app on a
    /// panel does not map it (nor what it pulls in). The demo's executable must not name it.
    @Test func theDemoDoesNotLinkSDL() throws {
        let demo = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-demo"))
        let needed = runCommand("readelf -d '\(demo)'")
        #expect(needed.status == 0)
        #expect(needed.output.contains("(NEEDED)"))
        #expect(needed.output.contains("libcairo"))
        #expect(!needed.output.contains("libSDL2"), "bezel-demo links SDL2: \(needed.output)")
    }

    @Test func k1TheSimulatorUnderXvfb() async throws {
        try await scenario("K1", "the simulator under Xvfb: the window shows the headless rendering, a synthesized click fires the tile's action, Alt + drag pinches") {
            let demo = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-demo"))
            let out = packageRoot + "/.build/simulator"
            let (output, status) = await runGuest("timeout 300 bash \(packageRoot)/Tests/Simulator/run-simulator-test.sh \(demo) \(out)")
            try check(status == 0 && output.contains("SIM-WINDOW 800x480") && output.contains("SIM-EXIT 0"), "the run failed:\n\(output)")
            try check(output.contains("simulator window 800x480"), output)
            // Only the clock (real time) may differ from the headless home screen's golden.
            let home = try ImageBuffer(contentsOfPNG: out + "/sim-home.png")
            let golden = try ImageBuffer(contentsOfPNG: packageRoot + "/Tests/BezelTests/Snapshots/demo-01-home.png")
            let differing = try #require(home.countDifferingPixels(from: golden, tolerance: 3), "window size \(home.width)x\(home.height)")
            try check(differing <= 96 * 60, "the window differs from the headless home screen in \(differing) pixels")
            try check(output.contains("demo: open Gestures") && output.contains("demo: showing Gestures"), "the click did not reach the tile:\n\(output)")
            // F12's screenshot (the runtime's own frame) is what the X server shows.
            let shown = try ImageBuffer(contentsOfPNG: out + "/sim-gestures.png")
            let saved = try ImageBuffer(contentsOfPNG: out + "/simulator-1.png")
            let apart = try #require(shown.countDifferingPixels(from: saved, tolerance: 3))
            try check(apart <= 96 * 60, "the F12 screenshot and the window differ in \(apart) pixels")
            try check((shown.countDifferingPixels(from: home, tolerance: 3) ?? 0) > 50_000, "the window did not change to the gesture screen")
            try check(output.contains("demo: gesture pinch: ended x1 x1.9"), "Alt + drag did not pinch:\n\(output)")
        }
    }
}
