import Testing
@testable import Bezel
import BezelLinux
@testable import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Backlight dimming with the swallowed waking touch, systemd notifications over a real
/// socket, and the console guard's errors.
@MainActor
@Suite(.serialized) struct KioskBehaviourTests {
    /// A backlight directory shaped like sysfs's (brightness, max_brightness) in /tmp.
    func makeBacklight(max: Int = 255, brightness: Int = 200) throws -> String {
        let dir = "/tmp/bezel-backlight-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        mkdir(dir, 0o755)
        for (name, value) in [("max_brightness", max), ("brightness", brightness)] {
            let fd = open(dir + "/" + name, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            let text = "\(value)\n"
            _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
            close(fd)
        }
        return dir
    }

    func brightness(_ dir: String) -> Int { Int((TextFile.contents(of: dir + "/brightness") ?? "").filter(\.isNumber)) ?? -1 }

    @Test func theBacklightDimsThenGoesOffAndTheWakingTouchIsSwallowed() throws {
        let dir = try makeBacklight()
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
        window.makeKeyAndVisible()
        let button = Button(frame: window.bounds)
        var presses = 0
        button.addAction(for: .touchUpInside) { _, _ in presses += 1 }
        window.addSubview(button)
        var policy = IdlePolicy()
        policy.dimAfter = 60
        policy.offAfter = 300
        policy.dimLevel = 0.2
        let idle = IdleController(policy: policy, screen: BacklightScreen(backlight: try Backlight(directory: dir), dimLevel: policy.dimLevel),
                                  application: app, secondOfDay: { 12 * 3600 })
        func tap(at time: TimeInterval) {
            app.runLoop.advance(by: time - clock.now)
            idle.handle(TouchFrame([.down(1, at: Point(x: 50, y: 50))], timestamp: clock.now))
            idle.handle(TouchFrame([.up(1)], timestamp: clock.now))
        }
        tap(at: 10)
        #expect(presses == 1 && idle.state == .awake)
        app.runLoop.advance(by: 69.9 - clock.now)
        #expect(idle.state == .awake && brightness(dir) == 200, "the tap at 10 s moved the dim deadline to 70 s")
        app.runLoop.advance(by: 0.2)
        #expect(idle.state == .dimmed && brightness(dir) == 51, "20 % of 255")
        app.runLoop.advance(by: 310 - clock.now)
        #expect(idle.state == .off && brightness(dir) == 0)
        tap(at: 400)
        #expect(idle.state == .awake && brightness(dir) == 200, "a touch wakes the screen to where it was")
        #expect(presses == 1 && idle.swallowed == 1, "the waking touch pressed nothing")
        tap(at: 401)
        #expect(presses == 2, "the next touch works")
        // A key wakes it too, without any touch to swallow.
        app.runLoop.advance(by: 1000)
        #expect(idle.state == .off)
        idle.activity()
        #expect(idle.state == .awake && idle.swallowed == 1)
        // With no timer due, nothing runs: the idle app sleeps until the next deadline.
        #expect(app.runLoop.nextDeadline != nil)
    }

    @Test func backlightErrorsAreClear() throws {
        do {
            _ = try Backlight(directory: "/nonexistent/backlight")
            Issue.record("a missing backlight opened")
        } catch {
            #expect(error.description.contains("no readable max_brightness") && error.description.contains("'none'"))
        }
        #expect(try Backlight.open("none") == nil)
        let dir = try makeBacklight()
        let light = try #require(try Backlight.open(dir))
        #expect(light.set(0.5) && brightness(dir) == 128)
        #expect(light.set(7) && brightness(dir) == 255, "clamped to 1")
        #expect(light.set(-1) && brightness(dir) == 0, "clamped to 0")
    }

    /// A datagram socket like systemd's notify socket, receiving what the notifier sends.
    final class NotifyListener {
        let path: String
        let fd: Int32
        init() {
            path = "/tmp/bezel-notify-\(getpid())-\(Int.random(in: 0..<1_000_000)).sock"
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        }
        func messages() -> [String] {
            var result: [String] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                result.append(String(decoding: buffer[0..<n], as: UTF8.self))
            }
            return result
        }
        deinit {
            close(fd)
            unlink(path)
        }
    }

    @Test func systemdGetsReadyWatchdogAndStoppingOverItsSocket() {
        let listener = NotifyListener()
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let notifier = SystemdNotifier(socketName: listener.path, watchdogMicroseconds: "2000000", watchdogPID: "\(getpid())")
        #expect(notifier.isActive && notifier.watchdogInterval == 2)
        #expect(notifier.notify("READY=1"))
        notifier.startWatchdog(on: app.runLoop)
        app.runLoop.advance(by: 3.5)     // pings at 0, 1, 2, 3 s: every half interval
        notifier.stop()
        #expect(listener.messages() == ["READY=1", "WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1", "STOPPING=1"])
        app.runLoop.advance(by: 10)
        #expect(listener.messages().isEmpty, "no pings after stop")
        // Not started by systemd, or the watchdog meant for another process: nothing.
        #expect(!SystemdNotifier(socketName: nil, watchdogMicroseconds: nil, watchdogPID: nil).notify("READY=1"))
        #expect(SystemdNotifier(socketName: listener.path, watchdogMicroseconds: "2000000", watchdogPID: "1").watchdogInterval == nil)
        // A socket that is not there: a failed send, an errno, no crash.
        let missing = SystemdNotifier(socketName: "/nonexistent/notify", watchdogMicroseconds: nil, watchdogPID: nil)
        #expect(!missing.notify("READY=1") && missing.lastError == ENOENT)
    }

    @Test func aConsoleThatIsNotThereIsAClearError() {
        do {
            _ = try ConsoleGuard(path: "/nonexistent/tty0")
            Issue.record("a missing console opened")
        } catch {
            #expect(error.description.contains("console /nonexistent/tty0: No such file or directory"))
        }
        do {
            _ = try ConsoleGuard(path: "/dev/null")
            Issue.record("/dev/null taken for a virtual terminal")
        } catch {
            #expect(error.description.contains("not a virtual terminal"))
        }
    }
}

/// The hidden admin gesture: three fingers held 3 s, nothing less, and taps still work.
@MainActor
@Suite struct AdminGestureTests {
    @Test func threeFingersHeldThreeSecondsAndNothingLess() {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        let button = Button(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        var taps = 0
        button.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        window.addSubview(button)
        var triggered = 0
        AdminGesture.install(on: window) { triggered += 1 }
        let fingers = TouchScript(app)
        fingers.tap(at: Point(x: 100, y: 100))
        fingers.wait(1)
        #expect(taps == 1 && triggered == 0, "an ordinary tap is untouched")
        // Two fingers held: no.
        fingers.frame([.down(1, at: Point(x: 100, y: 100)), .down(2, at: Point(x: 500, y: 100))])
        fingers.wait(4)
        fingers.frame([.up(1), .up(2)])
        fingers.wait(1)
        #expect(triggered == 0)
        // Three fingers lifted after 2 s: no.
        fingers.frame([.down(1, at: Point(x: 100, y: 100)), .down(2, at: Point(x: 500, y: 100)), .down(3, at: Point(x: 600, y: 300))])
        fingers.wait(2)
        fingers.frame([.up(1), .up(2), .up(3)])
        fingers.wait(1)
        #expect(triggered == 0)
        // Three fingers held 3 s (drifting a little): once.
        fingers.frame([.down(1, at: Point(x: 100, y: 100)), .down(2, at: Point(x: 500, y: 100)), .down(3, at: Point(x: 600, y: 300))])
        fingers.wait(1)
        fingers.frame([.move(1, to: Point(x: 110, y: 105))])
        fingers.wait(2.1)
        #expect(triggered == 1)
        fingers.wait(5)
        fingers.frame([.up(1), .up(2), .up(3)])
        #expect(triggered == 1, "held longer, still once")
    }
}
