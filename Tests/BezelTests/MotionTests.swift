import Testing
@testable import Bezel
@testable import BezelLinux
@testable import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Motion (shake) and remote-control events (issue 16 item 6): delivered to the first
/// responder and up the chain, from media keys and from an IIO accelerometer.
@MainActor
@Suite struct MotionTests {
    final class Log { var lines: [String] = [] }

    final class Player: View {
        let log: Log
        var focusable = true
        init(_ name: String, log: Log) {
            self.log = log
            super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            self.name = name
        }
        override var canBecomeFirstResponder: Bool { focusable }
        override func motionBegan(_ motion: MotionKind, with event: MotionEvent?) { log.lines.append("\(name!) motionBegan"); super.motionBegan(motion, with: event) }
        override func motionEnded(_ motion: MotionKind, with event: MotionEvent?) { log.lines.append("\(name!) motionEnded"); super.motionEnded(motion, with: event) }
        override func motionCancelled(_ motion: MotionKind, with event: MotionEvent?) { log.lines.append("\(name!) motionCancelled"); super.motionCancelled(motion, with: event) }
        override func remoteControlReceived(with event: MotionEvent?) {
            log.lines.append("\(name!) remote \(event.map { "\($0.subtype)" } ?? "nil")")
            super.remoteControlReceived(with: event)
        }
    }

    final class Screen: ViewController {
        let log: Log
        init(log: Log) { self.log = log; super.init() }
        override func remoteControlReceived(with event: MotionEvent?) {
            log.lines.append("controller remote \(event.map { "\($0.subtype)" } ?? "nil")")
            super.remoteControlReceived(with: event)
        }
        override func motionEnded(_ motion: MotionKind, with event: MotionEvent?) {
            log.lines.append("controller motionEnded")
        }
    }

    func stage(log: Log) -> (Stage, Player, Player) {
        let stage = Stage()
        let screen = Screen(log: log)
        stage.window.rootViewController = screen
        let outer = Player("outer", log: log), inner = Player("inner", log: log)
        outer.focusable = false
        screen.view.addSubview(outer)
        outer.addSubview(inner)
        return (stage, outer, inner)
    }

    @Test func eventsGoToTheFirstResponderAndUpTheChain() {
        let log = Log()
        let (stage, _, inner) = stage(log: log)
        #expect(inner.becomeFirstResponder())
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0), phase: .began)
        stage.app.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: 0.5), phase: .ended)
        stage.app.sendMotionEvent(MotionEvent(subtype: .remoteControlNextTrack, timestamp: 1))
        #expect(log.lines == ["inner motionBegan", "outer motionBegan",
                              "inner motionEnded", "outer motionEnded", "controller motionEnded",
                              "inner remote remoteControlNextTrack", "outer remote remoteControlNextTrack",
                              "controller remote remoteControlNextTrack"])
        // With no first responder: the key window, then up from it.
        log.lines.removeAll()
        _ = inner.resignFirstResponder()
        stage.app.sendMotionEvent(MotionEvent(subtype: .remoteControlPlay, timestamp: 2))
        #expect(log.lines.isEmpty, "the window's chain does not pass through the views below it")
    }

    @Test func mediaKeysAreRemoteControlEventsNotPresses() {
        let log = Log()
        let (stage, _, inner) = stage(log: log)
        _ = inner.becomeFirstResponder()
        // evdev codes: KEY_PLAYPAUSE 164, KEY_NEXTSONG 163, KEY_FASTFORWARD 208, KEY_STOPCD 166.
        for (code, down) in [(164, true), (164, false), (163, true), (163, false), (208, true), (208, false), (166, true), (166, false)] {
            stage.app.handleKey(Press.Key(code: code), isDown: down)
        }
        let remotes = log.lines.filter { $0.hasPrefix("inner") }
        #expect(remotes == ["inner remote remoteControlTogglePlayPause", "inner remote remoteControlNextTrack",
                            "inner remote remoteControlBeginSeekingForward", "inner remote remoteControlEndSeekingForward",
                            "inner remote remoteControlStop"])
    }

    /// Samples at 25 Hz: `rest` seconds still, then `shake` seconds of ±20 m/s² on x, then still.
    func phases(rest: Double, shake: Double, after: Double) -> [(MotionEvent.Phase, Double)] {
        var detector = ShakeDetector()
        var found: [(MotionEvent.Phase, Double)] = []
        var t = 0.0, i = 0
        while t < rest + shake + after {
            let shaking = t >= rest && t < rest + shake
            let x = shaking ? (i % 2 == 0 ? 20.0 : -20.0) : 0
            if let phase = detector.feed(x: x, y: 0, z: 9.81, at: t) { found.append((phase, t)) }
            t += 0.04
            i += 1
        }
        return found
    }

    @Test func aShakeBeginsEndsOrIsCancelledAsUIKitsDoes() {
        #expect(phases(rest: 2, shake: 0, after: 0).isEmpty, "still: nothing")
        let short = phases(rest: 1, shake: 0.6, after: 1)
        #expect(short.map(\.0) == [.began, .ended])
        #expect(abs(short[0].1 - 1.08) < 0.001, "the third strong sample, 80 ms in: \(short[0].1)")
        #expect(short[1].1 >= 1.6 + 0.3 - 0.04 && short[1].1 <= 1.6 + 0.3 + 0.05, "0.3 s of calm after it: \(short[1].1)")
        let long = phases(rest: 1, shake: 5, after: 1)
        #expect(long.first?.0 == .began && long.contains { $0.0 == .cancelled && abs($0.1 - long[0].1 - 3) < 0.05 }, "\(long)")
        // A single bump is not a shake; nonsense samples are ignored.
        var detector = ShakeDetector()
        _ = detector.feed(x: 0, y: 0, z: 9.81, at: 0)
        #expect(detector.feed(x: 30, y: 0, z: 9.81, at: 0.04) == nil && detector.feed(x: 0, y: 0, z: 9.81, at: 0.08) == nil)
        #expect(detector.feed(x: .nan, y: 0, z: 0, at: 0.12) == nil)
    }

    /// A folder shaped like a sysfs IIO accelerometer.
    func fakeAccelerometer(x: Int, y: Int, z: Int, scale: String = "0.009576") -> String {
        let root = "/tmp/bezel-iio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let device = root + "/iio:device0"
        mkdir(root, 0o755)
        mkdir(device, 0o755)
        func write(_ name: String, _ text: String) {
            let file = fopen(device + "/" + name, "w")!
            fputs(text + "\n", file)
            fclose(file)
        }
        write("name", "mpu6050")
        write("in_accel_x_raw", String(x))
        write("in_accel_y_raw", String(y))
        write("in_accel_z_raw", String(z))
        write("in_accel_scale", scale)
        return root
    }

    @Test func anIIOAccelerometerIsFoundAndReadInMetresPerSecondSquared() throws {
        let root = fakeAccelerometer(x: 0, y: -100, z: 1024)
        defer { _ = system("rm -rf \(root)") }
        let directory = try #require(IIOAccelerometer.find(in: root))
        #expect(directory == root + "/iio:device0")
        let sensor = try IIOAccelerometer(directory: directory)
        #expect(sensor.name == "mpu6050")
        let a = try sensor.read()
        #expect(a.x == 0 && abs(a.y + 0.9576) < 1e-9 && abs(a.z - 9.805824) < 1e-9)
        #expect(IIOAccelerometer.find(in: "/nonexistent") == nil)
        #expect(throws: IIOAccelerometer.Failure.self) { try IIOAccelerometer(directory: root) }
        let noScale = fakeAccelerometer(x: 1, y: 1, z: 1, scale: "x")
        defer { _ = system("rm -rf \(noScale)") }
        do { _ = try IIOAccelerometer(directory: noScale + "/iio:device0") } catch {
            #expect(error.description.hasSuffix("no in_accel_scale (or per-axis scales): cannot convert to m/s²"))
        }
        // The runtime's setting.
        var configuration = RuntimeConfiguration()
        let setting = RuntimeSetting.all.first { $0.key == "shake" }!
        #expect(setting.apply(&configuration, "on") == nil && configuration.shakeSensor == "")
        #expect(setting.apply(&configuration, directory) == nil && configuration.shakeSensor == directory)
        #expect(setting.apply(&configuration, "sometimes") == "off, on, or the accelerometer's sysfs folder")
    }

    @Test func theShakeMonitorReadsTheSensorOnTheRunLoopAndSendsTheShake() throws {
        let log = Log()
        let (stage, _, inner) = stage(log: log)
        _ = inner.becomeFirstResponder()
        var samples = 0
        let monitor = ShakeMonitor(application: stage.app) {
            samples += 1
            let t = Double(samples) * ShakeMonitor.interval
            let shaking = t > 0.5 && t < 1.0
            return (shaking ? (samples % 2 == 0 ? 20 : -20) : 0, 0, 9.81)
        }
        monitor.start()
        stage.fingers.wait(2.01)   // 40 ms steps add up to a hair over 2 s: the 50th falls after it
        monitor.stop()
        #expect(samples == 50, "25 samples a second")
        #expect(log.lines == ["inner motionBegan", "outer motionBegan", "inner motionEnded", "outer motionEnded", "controller motionEnded"])
        stage.fingers.wait(1)
        #expect(samples == 50, "stopped: no more reads (no wake-ups)")
    }
}
