import Bezel
import BezelCairo
import BezelRuntime
import BezelVideo
#if canImport(Glibc)
import Glibc
#endif

/// E13's phases on the running runtime, one step per frame shown (see main.swift).
@MainActor
final class CompositionCheck {
    private let runtime: Runtime
    private let window: Window
    private let video: VideoView
    private let badge: View
    private let player: Player
    private let looper: PlayerLooper?
    /// The camera variant (`camera`): a V4L2 device's frames, exported as DMA-BUFs, imported
    /// onto the plane without a copy (the view sized to the frames: vkms cannot scale).
    private let camera: Bool
    private enum Phase { case play, animate, done }
    private var phase = Phase.play
    private(set) var passed = false
    private let comparison: WritebackComparison
    private var playRevisions = Set<Int>()
    private var framesInPhase = 0
    /// Per animation frame: whether the video was on its plane.
    private var animationPlanes: [Bool] = []
    private var animationDone = false

    init(runtime: Runtime, window: Window, clip: String, camera: Bool = false) {
        self.runtime = runtime
        self.window = window
        self.camera = camera
        comparison = WritebackComparison(runtime: runtime, window: window, scenario: "E13")
        window.backgroundColor = Color(rgb: 0x595959)
        video = VideoView(frame: Rect(x: 96, y: 96, width: 320, height: 240))
        badge = View(frame: Rect(x: 600, y: 420, width: 96, height: 96))
        badge.backgroundColor = Color(red: 0.85, green: 0.1, blue: 0.1)
        // Looped as an attract loop is (AVPlayerLooper's way: the template item queued again).
        if camera {
            // Frames clear of the badge until it moves (vivid's webcam sizes go from 320x180
            // up to 3840x2160: this takes 320x180).
            let item = PlayerItem(url: clip)
            item.preferredMaximumResolution = Size(width: 400, height: 300)
            player = Player(playerItem: item)
            looper = nil
            video.videoGravity = .resize
        } else {
            player = Player()
            looper = PlayerLooper(player: player, templateItem: PlayerItem(url: clip))
        }
        video.player = player
        window.addSubview(video)
        window.addSubview(badge)
    }

    func start() {
        window.makeKeyAndVisible()
        player.play()
        runtime.onFrameShown = { [unowned self] _ in self.frameShown() }
        // A bound on the whole check: a guest on a busy host is slow, not stuck (CI once ran
        // out of 600 s here; the guest script allows 1,100 s, the host 20 min).
        window.application?.runLoop.schedule(after: 1000) { [unowned self] in
            guard phase != .done else { return }
            print("BEZEL-E13 timed out in phase \(phase) after \(comparison.compared) frames compared")
            finish()
        }
    }

    private func frameShown() {
        framesInPhase += 1
        switch phase {
        case .play:
            // The camera's frames shown 1:1, as the plane can show its buffers.
            if camera, let size = player.currentItem?.presentationSize, size.width > 0, video.frame.size != size {
                guard video.frame.minX + size.width < badge.frame.minX, video.frame.minY + size.height < badge.frame.minY else {
                    print("BEZEL-E13 the camera's frames (\(size.width)x\(size.height)) would be under the badge")
                    return finish()
                }
                video.frame.size = size
                print("BEZEL-E13 camera frames: \(Int(size.width))x\(Int(size.height)), as DMA-BUFs: \(video.planePicture?.dmaBuf != nil)")
                return
            }
            // The picture of the commit just shown (the video may have decoded a newer one
            // since: on a slow guest it nearly always has).
            guard let committed = runtime.committedPlanePicture(of: video) else {
                if framesInPhase > 2000 { print("BEZEL-E13 the video never went on a plane (planes: \(runtime.overlayPlaneCount))"); finish() }
                return
            }
            compare("play revision \(committed.revision)", picture: committed)
            playRevisions.insert(committed.revision)
            if playRevisions.count >= 6 {
                print("BEZEL-E13 play: \(playRevisions.count) pictures on the plane compared")
                player.pause()
                phase = .animate
                framesInPhase = 0
                // A frame boundary first: the pause takes effect before the badge moves.
                window.application?.runLoop.schedule(after: 0.1) { [unowned self] in animateBadge() }
            }
        case .animate:
            let shown = runtime.committedPlanePicture(of: video)
            let onPlane = shown != nil
            guard !animationPlanes.isEmpty || !onPlane || badge.frame.minX < 600 else { return }
            compare("animation frame \(animationPlanes.count)", picture: shown)
            animationPlanes.append(onPlane)
            if animationDone, onPlane {
                let off = animationPlanes.filter { !$0 }.count
                print("BEZEL-E13 animate: \(animationPlanes.count) frames, \(off) with the video drawn in software, back on the plane at the end: \(onPlane)")
                finish()
            }
        case .done:
            break
        }
    }

    private func animateBadge() {
        // Over the video (its model frame at once, its presentation moving there) and back.
        View.animate(withDuration: 0.6, animations: { [badge] in badge.frame.origin = Point(x: 200, y: 180) }) { [unowned self] _ in
            View.animate(withDuration: 0.6, animations: { [badge] in badge.frame.origin = Point(x: 600, y: 420) }) { [unowned self] _ in
                animationDone = true
                // A frame after the end, so the plane's return is seen even if nothing moves.
                window.setNeedsFullRedraw()
            }
        }
    }

    /// Compares the screen with the software composition of the tree and, where a plane
    /// shows it, `picture` (the tree leaves it out).
    private func compare(_ what: String, picture: PlanePicture?) {
        comparison.compare(what, note: "video on plane: \(picture != nil)") { [video] context in
            if let picture {
                context.drawPicture(picture.image, in: picture.rect.offsetBy(dx: video.frame.minX, dy: video.frame.minY))
            }
        }
    }

    private func print(_ line: String) {
        comparison.say(String(line.dropFirst("BEZEL-E13 ".count)))
    }

    private func finish() {
        guard phase != .done else { return }
        phase = .done
        passed = comparison.mismatched == 0 && comparison.compared > 0 && playRevisions.count >= 6 && animationPlanes.contains(false) && animationPlanes.last == true
        if camera {
            // Every picture that went on the plane was imported (the first few may be drawn:
            // before the view took the frames' size).
            let refusal = runtime.overlayImportRefusal
            print("BEZEL-E13 imported \(runtime.importedOverlayFrames) pictures from their DMA-BUFs\(refusal.isEmpty ? "" : "; import refused: \(refusal)")")
            passed = passed && runtime.importedOverlayFrames >= 6 && refusal.isEmpty
        }
        print("BEZEL-E13 \(comparison.summary); plane test commits \(runtime.planeTestCommits)")
        print("BEZEL-E13 \(passed ? "PASS" : "FAIL")")
        runtime.stop()
    }
}
