import Testing
@testable import Bezel
@testable import BezelRuntime

/// Screen power without a backlight (the output turned off through KMS), the off hours and
/// the app's say over it (issue 13 item 3), on the virtual clock. The DRM side runs on a
/// real kernel in R3 (DisplayScenarioTests).
@MainActor
@Suite struct ScreenPowerTests {
    /// An output that logs what it was asked (`OutputPowerScreen` around a log).
    @MainActor final class Scene {
        let clock = VirtualClock()
        let app: Application
        let window: Window
        var presses = 0
        var power: [Bool] = []
        var idle: IdleController!
        /// The wall clock: `start` seconds after midnight when the virtual clock reads 0.
        var start: Double

        init(policy: IdlePolicy, startingAt start: Double = 12 * 3600) {
            self.start = start
            app = Application(clock: clock, tracer: Tracer())
            window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
            window.makeKeyAndVisible()
            let button = Button(frame: window.bounds)
            button.addAction(for: .touchUpInside) { [unowned self] _, _ in self.presses += 1 }
            window.addSubview(button)
            let screen = OutputPowerScreen { [unowned self] on in self.power.append(on) }
            idle = IdleController(policy: policy, screen: screen, application: app,
                                  secondOfDay: { [unowned self] in (self.start + self.clock.now).truncatingRemainder(dividingBy: 86_400) })
        }

        func at(_ time: TimeInterval) { app.runLoop.advance(by: time - clock.now) }

        func tap(at time: TimeInterval) {
            at(time)
            idle.handle(TouchFrame([.down(1, at: Point(x: 50, y: 50))], timestamp: clock.now))
            idle.handle(TouchFrame([.up(1)], timestamp: clock.now))
        }
    }

    static func policy(dim: Double = 60, off: Double = 300, hours: String? = nil) -> IdlePolicy {
        var p = IdlePolicy()
        p.dimAfter = dim
        p.offAfter = off
        p.offHours = hours.flatMap(OffHours.init(parsing:))
        return p
    }

    @Test func withoutABacklightTheOutputGoesOffAtOffAfterWithoutDimmingAndTheWakingTouchIsSwallowed() {
        let s = Scene(policy: Self.policy())
        s.at(299.9)
        #expect(s.idle.state == .awake && s.power.isEmpty, "no dim step: the output cannot dim")
        s.at(300)
        #expect(s.idle.state == .off && s.power == [false])
        s.tap(at: 400)
        #expect(s.idle.state == .awake && s.power == [false, true] && s.presses == 0 && s.idle.swallowed == 1)
        s.tap(at: 401)
        #expect(s.presses == 1, "the next touch works")
        s.at(700)
        #expect(s.power == [false, true], "off again 300 s after the last touch, not before")
        s.at(701)
        #expect(s.power == [false, true, false])
    }

    @Test func offHoursTurnTheScreenOffAndBackOnAtTheirEnd() {
        // 21:58 on the wall clock; off from 22:00 to 06:30; the day's policy: off after an hour.
        let s = Scene(policy: Self.policy(dim: 0, off: 3600, hours: "22:00-06:30"), startingAt: 21 * 3600 + 58 * 60)
        s.at(119)
        #expect(s.idle.state == .awake)
        s.at(120)
        #expect(s.idle.state == .off && s.power == [false], "off at 22:00, idle for more than a minute by then")
        // 23:00: a touch lights it for a minute (swallowed), then it goes off again.
        s.tap(at: 3720)
        #expect(s.idle.state == .awake && s.presses == 0)
        s.tap(at: 3750)
        #expect(s.presses == 1)
        s.at(3809)
        #expect(s.idle.state == .awake)
        s.at(3810)
        #expect(s.idle.state == .off && s.power == [false, true, false], "a minute after the last touch")
        // 06:30 the next day: lit by itself; then the day's policy counts from there.
        let end = Double(8 * 3600 + 32 * 60)
        s.at(end - 1)
        #expect(s.idle.state == .off)
        s.at(end)
        #expect(s.idle.state == .awake && s.power.last == true)
        s.at(end + 3599)
        #expect(s.idle.state == .awake)
        s.at(end + 3600)
        #expect(s.idle.state == .off, "off_after from the end of the off hours")
        // One timer at a time: the idle app wakes for the next change only.
        #expect(s.app.runLoop.pendingTimerCount == 1)
    }

    @Test func theAppCanKeepTheScreenOnOrTurnItOff() {
        let s = Scene(policy: Self.policy(dim: 0, off: 300, hours: "22:00-06:30"), startingAt: 12 * 3600)
        // UIKit's isIdleTimerDisabled: no idle off...
        s.app.isIdleTimerDisabled = true
        s.at(1000)
        #expect(s.idle.state == .awake && s.power.isEmpty)
        s.app.isIdleTimerDisabled = false
        #expect(s.idle.state == .off, "idle for 1,000 s: off as soon as the timer is allowed again")
        s.tap(at: 1001)
        // ...but the off hours still apply; .on overrides them.
        s.app.isIdleTimerDisabled = true
        s.at(10 * 3600 + 60)
        #expect(s.idle.state == .off, "22:01: off hours")
        s.app.screenPowerRequest = .on
        #expect(s.idle.state == .awake)
        s.at(11 * 3600)
        #expect(s.idle.state == .awake, "23:00, still on as asked")
        s.app.screenPowerRequest = .automatic
        s.app.isIdleTimerDisabled = false
        #expect(s.idle.state == .off)
        // .off now, at midday; the touch that wakes it is swallowed and ends the request.
        s.at(24 * 3600 + 100)
        s.tap(at: 24 * 3600 + 200)
        #expect(s.idle.state == .awake)
        s.app.screenPowerRequest = .off
        #expect(s.idle.state == .off)
        s.at(24 * 3600 + 5000)
        #expect(s.idle.state == .off)
        let presses = s.presses
        s.tap(at: 24 * 3600 + 5001)
        #expect(s.idle.state == .awake && s.presses == presses && s.app.screenPowerRequest == .automatic)
    }

    @Test func offHoursParseAndSpanMidnight() {
        let night = OffHours(parsing: "22:00-06:30")
        #expect(night?.description == "22:00-06:30")
        #expect(night?.contains(secondOfDay: 22 * 3600) == true && night?.contains(secondOfDay: 3 * 3600) == true)
        #expect(night?.contains(secondOfDay: 6.5 * 3600) == false && night?.contains(secondOfDay: 12 * 3600) == false)
        #expect(night?.secondsToNextChange(fromSecondOfDay: 21 * 3600) == 3600)
        #expect(night?.secondsToNextChange(fromSecondOfDay: 22 * 3600) == 8.5 * 3600, "at a boundary: the next one")
        #expect(night?.secondsToNextChange(fromSecondOfDay: 7 * 3600) == 54_000.0, "15 hours to 22:00")
        let lunch = OffHours(parsing: " 12:00 - 13:15 ")
        #expect(lunch?.contains(secondOfDay: 12.5 * 3600) == true && lunch?.contains(secondOfDay: 11 * 3600) == false)
        #expect(OffHours(parsing: "6:30-7:00") != nil)
        for bad in ["22:00", "24:00-06:00", "22:60-06:00", "22:00-22:00", "aa:bb-cc:dd", "22:00-06:30-07:00", "-", "22:0-06:30", "+1:00-02:00"] {
            #expect(OffHours(parsing: bad) == nil, "\(bad)")
        }
    }
}
