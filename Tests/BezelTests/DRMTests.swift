import Testing
@testable import Bezel
import BezelCairo
import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The DRM backend on a real kernel: `Tests/VM/run-drm-test.sh` boots Debian's kernel in QEMU
/// with a virtio GPU (vm-notes.md), runs `bezel-drm-check` there, and takes QMP screendumps of
/// what the GPU scans out. The screens must be the golden images the headless renderer makes.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DRMTests {
    @Test func standardSceneIsScannedOutByARealKernelDRMDevice() async throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-drm-check"),
                                   "bezel-drm-check is built beside the tests")
        let out = packageRoot + "/.build/vm"
        var standard: ImageBuffer?
        try await scenario("E1", "the standard scene on a real DRM device (virtio-gpu) matches its golden") {
            let (output, status) = await runGuest("timeout 600 bash \(packageRoot)/Tests/VM/run-drm-test.sh \(checker) \(out)")
            try check(status == 0, "the VM run failed:\n\(output)")
            standard = try ImageBuffer(contentsOfPNG: out + "/screen-1.png")
            try check(try Snapshot.check(standard!, named: "standard-scene"), "the screendump differs from the golden")
        }
        try scenario("E2", "button 12 pressed: the scanned-out frame shows it highlighted, only its pixels changed") {
            let pressed = try ImageBuffer(contentsOfPNG: out + "/screen-2.png")
            try check(try Snapshot.check(pressed, named: "drm-item12-pressed"), "the screendump differs from the golden")
            // The press changed button 12 and nothing else.
            let changed = standard!.countDifferingPixels(from: pressed, tolerance: 0) ?? 0
            try check(changed > 1000 && changed <= 120 * 80, "\(changed) pixels changed")
        }
    }
}

extension String {
    func replacingLastComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return name }
        return String(self[...slash]) + name
    }
}

/// The libinput backend on a real kernel: `Tests/VM/run-input-test.sh` boots the guest, starts
/// udevd, runs `bezel-input-check` on udev's seat, and a uinput touchscreen shaped like the
/// Raspberry Pi 7" display appears, taps Item 12, drags the slider and is unplugged mid-touch.
@MainActor
@Suite(.serialized, .fontsRegistered) struct LibinputTests {
    @Test func touchesFromARealKernelReachTheApp() async throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-input-check"),
                                   "bezel-input-check is built beside the tests")
        var output = ""
        try await scenario("E3", "touches through the kernel (tap, drag, a two-finger pinch with scale 2.0, ten fingers, pointer, key) reach the app") {
        let (runOutput, status) = await runGuest("timeout 900 bash \(packageRoot)/Tests/VM/run-input-test.sh \(checker) \(packageRoot)/.build/vm")
        output = runOutput
        // Devices the guest has of its own (QEMU's i8042 keyboard) are not part of the script.
        let ours = ["FT5406 memory based driver", "Bezel test pointer"]
        let lines = output.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }
            .filter { $0.hasPrefix("BEZEL-INPUT ") }.map { String($0.dropFirst("BEZEL-INPUT ".count)) }
            .filter { line in !line.hasPrefix("device ") || ours.contains { line.hasSuffix($0) } }
        try check(lines == [
            "device added FT5406 memory based driver",
            "tap Item 12",
            "slider 74",            // 40 % + 200 pt of a 584 pt track
            "pinch 2.0",            // two fingers 100 -> 200 pt apart
            "fingers 10 on 10 views", // ten fingers down at once, one on each of Items 13-22
            "cancel Item 1",        // the device vanished with a finger on Item 1
            "device removed FT5406 memory based driver",
            "device added Bezel test pointer",
            "click Item 5",         // the pointer's left button is a finger
            "key 28 Return 13",     // KEY_ENTER reaches the first responder as a press: XKB's Return, text "\r"
            "device removed Bezel test pointer",
            "done tapped=true slid=true cancelled=true clicked=true keyed=true pinched=true ten=true",
        ], "the app saw:\n\(lines.joined(separator: "\n"))")
        try check(status == 0, "\(output)")
        }
        try scenario("E5", "the touchscreen unplugged mid-touch: touchesCancelled delivered, the app keeps running; a new device works") {
            try check(output.contains("BEZEL-INPUT cancel Item 1") && output.contains("BEZEL-INPUT click Item 5"), output)
        }
    }
}

/// The whole runtime on a real kernel: MainLoop, DRM page flips and libinput together. A
/// uinput touchscreen taps Item 12, the app changes the header's title, and the screendump
/// taken once that frame is flipped on screen must match its golden.
@MainActor
@Suite(.serialized, .fontsRegistered) struct RuntimeTests {
    @Test func aRealTouchChangesWhatTheRealScreenShows() async throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-runtime-check"),
                                   "bezel-runtime-check is built beside the tests")
        let out = packageRoot + "/.build/vm"
        try await scenario("E2", "a tap on button 12 through the kernel: its touchUpInside ran and the screen shows the result") {
            let (output, status) = await runGuest("timeout 600 bash \(packageRoot)/Tests/VM/run-runtime-test.sh \(checker) \(out)")
            try check(status == 0, "the VM run failed:\n\(output)")
            for expected in ["BEZEL-RUNTIME device added FT5406 memory based driver", "BEZEL-RUNTIME tapped", "bezel: DRM /dev/dri/card0",
                             "BEZEL-RUNTIME stopped backend=drm"] {
                try check(output.contains(expected), "no \"\(expected)\" in:\n\(output)")
            }
            try check(try Snapshot.check(try ImageBuffer(contentsOfPNG: out + "/runtime-screen.png"), named: "runtime-item12-tapped"),
                      "the screendump differs from the golden")
        }
    }
}

/// udev's LIBINPUT_CALIBRATION_MATRIX, from deploy/'s example rule, corrects the mirrored
/// panel as BEZEL_TOUCH_MATRIX does: the tap lands on Item 12 and the screen shows it.
@MainActor
@Suite(.serialized, .fontsRegistered) struct UdevCalibrationTests {
    @Test func theExampleUdevRuleCorrectsAMirroredPanel() async throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-runtime-check"))
        let out = packageRoot + "/.build/vm"
        try await scenario("E3", "udev's LIBINPUT_CALIBRATION_MATRIX (deploy/udev's mirrored-x example) corrects a mirrored panel") {
            let (output, status) = await runGuest("timeout 600 bash \(packageRoot)/Tests/VM/run-runtime-test.sh \(checker) \(out) udev-matrix")
            try check(status == 0 && output.contains("BEZEL-RUNTIME tapped"), "the tap did not reach Item 12:\n\(output)")
            try check(try Snapshot.check(try ImageBuffer(contentsOfPNG: out + "/udevmatrix-screen.png"), named: "runtime-item12-tapped"),
                      "the screendump differs from the golden")
        }
    }
}

@MainActor
@Suite(.serialized, .fontsRegistered) struct RuntimeConfigurationTests {
    @Test func settingsComeFromTheEnvironmentAndBadValuesAreClearErrors() throws {
        defer {
            for name in ["BEZEL_BACKEND", "BEZEL_ROTATION", "BEZEL_TOUCH_ROTATION", "BEZEL_TOUCH_MATRIX"] { unsetenv(name) }
        }
        setenv("BEZEL_TOUCH_MATRIX", "0 1 0 -1 0 1", 1)
        #expect(try RuntimeConfiguration.fromEnvironment().touchMatrix == [0, 1, 0, -1, 0, 1])
        setenv("BEZEL_TOUCH_MATRIX", "1 0 0 0 1", 1)
        #expect(throws: RuntimeConfiguration.InvalidSetting.self) { try RuntimeConfiguration.fromEnvironment() }
        setenv("BEZEL_TOUCH_MATRIX", "1 0 nan 0 1 0", 1)
        #expect(throws: RuntimeConfiguration.InvalidSetting.self) { try RuntimeConfiguration.fromEnvironment() }
        unsetenv("BEZEL_TOUCH_MATRIX")
        setenv("BEZEL_BACKEND", "headless", 1)
        setenv("BEZEL_ROTATION", "90", 1)
        setenv("BEZEL_TOUCH_ROTATION", "180", 1)
        let configuration = try RuntimeConfiguration.fromEnvironment()
        #expect(configuration.backend == .headless && configuration.rotation == .clockwise90 && configuration.touchRotation == .upsideDown)
        setenv("BEZEL_ROTATION", "45", 1)
        #expect(throws: RuntimeConfiguration.InvalidSetting.self) { try RuntimeConfiguration.fromEnvironment() }
        setenv("BEZEL_ROTATION", "0", 1)
        setenv("BEZEL_BACKEND", "wayland", 1)
        do {
            _ = try RuntimeConfiguration.fromEnvironment()
            Issue.record("an unknown backend must be refused")
        } catch {
            #expect(error.description.contains("BEZEL_BACKEND=wayland: expected auto, drm, sim or headless"))
        }
    }
}

import BezelDRM

/// Bad starts on this machine (no /dev/dri here): clear messages, no crash, no hang.
@MainActor
@Suite(.serialized, .fontsRegistered) struct DRMErrorTests {
    @Test func e7MissingCardsAreClearErrors() throws {
        try scenario("E7", "no DRM device on this host: a clear message, no hang") {
            // Without /dev/dri (this machine, CI): the automatic search explains itself.
            if access("/dev/dri", F_OK) != 0 {
                do {
                    _ = try DRMDisplay()
                    throw ScenarioFailure("a DRM display opened on a machine without /dev/dri")
                } catch let error as DRMError {
                    try check(error.description.contains("no card found in /dev/dri") && error.description.contains("BEZEL_BACKEND=headless"), "\(error)")
                }
            }
            do {
                _ = try DRMDisplay(path: "/nonexistent/card9")
                throw ScenarioFailure("a nonexistent card opened")
            } catch let error as DRMError {
                try check(error.description.contains("opening /nonexistent/card9") && error.description.contains("No such file"), "\(error)")
            }
        }
    }
}

/// Scenarios E4 and E6 of issue 5 in one boot: BEZEL_ROTATION=180 draws the scene upside down
/// and a tap at Item 12's panel position lands on Item 12; then SIGTERM ends the app with
/// status 0 and the console gets the screen back (its mode restored).
@MainActor
@Suite(.serialized, .fontsRegistered) struct RotatedRuntimeTests {
    @Test func e4RotatedPanelAndE6SigtermRestoreTheConsole() async throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-runtime-check"))
        let out = packageRoot + "/.build/vm"
        var output = ""
        var rotated: ImageBuffer?
        try await scenario("E4", "BEZEL_ROTATION=180: the scene is upside down and a tap at Item 12's panel position lands on Item 12") {
            let (runOutput, status) = await runGuest("timeout 600 bash \(packageRoot)/Tests/VM/run-runtime-test.sh \(checker) \(out) rotated-sigterm")
            output = runOutput
            try check(status == 0, "the VM run failed:\n\(output)")
            try check(output.contains("rotation 180") && output.contains("BEZEL-RUNTIME tapped"), output)
            rotated = try ImageBuffer(contentsOfPNG: out + "/rotated-screen.png")
            try check(try Snapshot.check(rotated!, named: "runtime-rotated-180-tapped"), "the screendump differs from the golden")
        }
        try scenario("E6", "SIGTERM: the app exits 0 and the console's mode is restored") {
            try check(output.contains("BEZEL-APP-EXIT 0"), "no exit status 0:\n\(output)")
            // After exit the CRTC shows the console again: the scene is gone from the screen.
            let after = try ImageBuffer(contentsOfPNG: out + "/rotated-after-exit.png")
            let differing = after.countDifferingPixels(from: rotated!, tolerance: 16) ?? 0
            try check(differing > 800 * 480 / 2, "only \(differing) pixels changed after exit")
        }
    }
}
