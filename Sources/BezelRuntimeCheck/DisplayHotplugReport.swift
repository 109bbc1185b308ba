import Bezel
import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// The "display-hotplug" mode (issue 13's R2): the display appearing, the output going away
/// and coming back, the first frame shown after each change, taps, and the frames drawn
/// while the output was away (the title changes twice then, so a runtime that kept drawing
/// would count them), as BEZEL-R2 lines for the guest's script.
@MainActor
enum DisplayHotplugReport {
    static func install(runtime: Runtime, scene: StandardKioskScene, app: Application) {
        var taps = 0
        for (index, button) in scene.buttons.enumerated() {
            button.addAction(for: .touchUpInside) { _, _ in
                taps += 1
                say("BEZEL-R2 tap button=\(index) n=\(taps)")
            }
        }
        var changes = 0, awaitingFrame = false
        runtime.onFrameShown = { _ in
            guard awaitingFrame else { return }
            awaitingFrame = false
            say("BEZEL-R2 frame-shown changes=\(changes)")
        }
        runtime.onDisplayChange = { shown in
            changes += 1
            say("BEZEL-R2 display \(shown ? "shown" : "lost") changes=\(changes) backend=\(runtime.backendInUse.rawValue) window=\(Int(scene.window.bounds.width))x\(Int(scene.window.bounds.height))")
            if shown {
                awaitingFrame = true
                return
            }
            let framesWhenLost = runtime.frames
            // Something to draw while the output is away: the title changes and changes back,
            // then the frames drawn meanwhile are counted (0: drawing paused).
            let title = scene.title.text
            app.runLoop.schedule(after: 0.2) { scene.title.text = "Away" }
            app.runLoop.schedule(after: 0.4) { scene.title.text = title }
            app.runLoop.schedule(after: 0.6) { say("BEZEL-R2 frames_while_away=\(runtime.frames - framesWhenLost)") }
        }
    }
}
