/// A scripted touch source for tests, demos and benchmarks: fingers go down, move and lift
/// at given times on the application's virtual clock, so a test reads like the trace it checks:
///
///     let fingers = TouchScript(app)
///     fingers.down(at: Point(50, 50))
///     fingers.wait(0.1)
///     fingers.up()
///
/// Every call sends one frame (one Event report) stamped with the clock's current time;
/// `frame(_:)` sends several fingers' changes in one report. `wait` advances the virtual
/// clock, firing the timers due on the way (long press, double-tap timeout, delayed deliveries).
@MainActor
public final class TouchScript {
    public let application: Application
    /// Time between the steps of `drag` and the hold of `tap`.
    public var stepInterval: TimeInterval = 0.016

    public init(_ application: Application) {
        self.application = application
    }

    public var now: TimeInterval { application.clock.now }

    public func frame(_ reports: [TouchReport]) {
        application.handleTouchFrame(TouchFrame(reports, timestamp: now))
    }

    public func down(_ finger: Int = 1, at point: Point) { frame([.down(finger, at: point)]) }
    public func move(_ finger: Int = 1, to point: Point) { frame([.move(finger, to: point)]) }
    public func up(_ finger: Int = 1) { frame([.up(finger)]) }
    public func cancel(_ finger: Int = 1) { frame([.cancel(finger)]) }

    /// Advances the clock (virtual clocks only), firing due timers.
    public func wait(_ seconds: TimeInterval) {
        application.runLoop.advance(by: seconds)
    }

    /// Down, a short hold, up.
    public func tap(_ finger: Int = 1, at point: Point, hold: TimeInterval? = nil) {
        down(finger, at: point)
        wait(hold ?? stepInterval * 3)
        up(finger)
    }

    /// Down at `start`, `steps` evenly spaced moves to `end` over `duration`, then up
    /// (unless `lift` is false).
    public func drag(_ finger: Int = 1, from start: Point, to end: Point, steps: Int = 10,
                     duration: TimeInterval? = nil, lift: Bool = true) {
        let n = max(1, steps)
        let interval = (duration ?? stepInterval * Double(n)) / Double(n)
        down(finger, at: start)
        for i in 1...n {
            wait(interval)
            let f = Double(i) / Double(n)
            move(finger, to: Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        if lift {
            wait(interval)
            up(finger)
        }
    }
}
