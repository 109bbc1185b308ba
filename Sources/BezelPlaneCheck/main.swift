// bezel-plane-check: E13 and E14 (issue 35), overlay planes of a real kernel that composes
// them (vkms in the QEMU guest: Tests/VM/run-display-test.sh, variants plane and scroll).
//   usage: bezel-plane-check generate <clip.webm>   (on the host, before the guest boots)
//          bezel-plane-check video <clip.webm>      (E13; BEZEL_BACKEND=drm on vkms's card)
//          bezel-plane-check camera <v4l2 URI>      (E13 plane-dmabuf: vivid's frames, DMA-BUFs
//                                                     imported onto the plane, shown 1:1)
//          bezel-plane-check scroll [<frame.png>]   (E14: the demo's list scrolled by a plane,
//                                                     ScrollCheck.swift; BEZEL-E14 lines; the PNG:
//                                                     a frame mid-fling as the display composed it)
// The scene: a grey window, a video view playing the clip (160x120 at 8 fps, drawn at 320x240: the
// picture is scaled) and a red badge beside it. Every frame checked is read back through
// vkms's writeback connector (what the CRTC composed from its planes) and compared with the
// software composition of the same frame: the window drawn by Bezel's renderer into a buffer
// of its own, with the video drawn in (CompositionCheck.swift). Phases:
//   play:    the video goes on a plane; frames whose plane picture is the view's current one
//            are compared while it plays (new pictures reach the screen by plane commits alone).
//   animate: paused, the badge animates over the video and back: the video leaves the plane
//            (drawn into the UI in that same frame) and returns once the badge has gone; every
//            frame of the animation is compared.
// Prints BEZEL-E13 lines and exits 0 when every compared frame matched.
import Bezel
import BezelCairo
import BezelRuntime
import BezelVideo
#if canImport(Glibc)
import Glibc
#endif

@MainActor
func run() -> Int32 {
    let arguments = CommandLine.arguments
    if (2...3).contains(arguments.count), arguments[1] == "scroll" {
        do {
            let app = Application(clock: MonotonicClock(), tracer: Tracer())
            let window = Window(frame: Rect(x: 0, y: 0, width: 1024, height: 768), application: app)
            let runtime = Runtime(application: app, window: window, configuration: try .fromEnvironment())
            let check = ScrollCheck(runtime: runtime, window: window, screenshotPath: arguments.count == 3 ? arguments[2] : nil)
            check.start()
            try runtime.run()
            return check.passed ? 0 : 1
        } catch {
            print("BEZEL-E14 error: \(error)")
            return 1
        }
    }
    guard arguments.count == 3, ["generate", "video", "camera"].contains(arguments[1]) else {
        print("usage: bezel-plane-check generate|video <clip.webm> | camera <v4l2:///dev/videoN> | scroll [<frame.png>]")
        return 2
    }
    let clip = arguments[2]
    if arguments[1] == "generate" {
        do {
            // With a tone: its sound goes to the guest's card while the video plays (the WAV
            // QEMU writes is checked on the host).
            try VideoClip.generate(at: clip, pattern: .zonePlate, width: 160, height: 120, framesPerSecond: 8, frames: 16, tone: true)
            return 0
        } catch {
            print("bezel-plane-check: \(error)")
            return 1
        }
    }
    do {
        let app = Application(clock: MonotonicClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 1024, height: 768), application: app)
        let runtime = Runtime(application: app, window: window, configuration: try .fromEnvironment())
        let check = CompositionCheck(runtime: runtime, window: window, clip: clip, camera: arguments[1] == "camera")
        check.start()
        try runtime.run()
        return check.passed ? 0 : 1
    } catch {
        print("BEZEL-E13 error: \(error)")
        return 1
    }
}

exit(MainActor.assumeIsolated { run() })
