import Testing
@testable import Bezel
@testable import BezelInput

/// Issue 13 item 6: libinput's own messages reach Bezel's log, rate-limited, and the kernel's
/// event loss (SYN_DROPPED) is reported once per burst.
@MainActor
@Suite(.serialized) struct LibinputLogTests {
    @Test func aRealContextsMessagesReachTheHandler() throws {
        LibinputLog.reset()
        var lines: [(LibinputLog.Level, String)] = []
        LibinputLog.handler = { lines.append(($0, $1)) }
        defer { LibinputLog.handler = nil }
        // libinput's path backend, for real: a device that is not there makes libinput log.
        #expect(throws: LibinputSource.InputError.self) {
            _ = try LibinputSource(panelSize: Size(width: 800, height: 480), devices: ["/nonexistent/event9"])
        }
        #expect(lines.contains { $0.1.hasPrefix("libinput: ") && $0.1.contains("/nonexistent/event9") }, "\(lines)")
    }

    @Test func linesAreRateLimitedAndTheDropCounted() {
        LibinputLog.reset()
        var lines: [(LibinputLog.Level, String)] = []
        LibinputLog.handler = { lines.append(($0, $1)) }
        defer { LibinputLog.handler = nil }
        let error = Int32(30), info = Int32(20)
        LibinputLog.receive(priority: error, "event3 - FT5406: kernel bug: touch jump\n", at: 100)
        #expect(lines.first?.0 == .error && lines.first?.1 == "libinput: event3 - FT5406: kernel bug: touch jump")
        for i in 0..<50 { LibinputLog.receive(priority: info, "line \(i)", at: 100 + Double(i) * 0.01) }
        #expect(lines.count == LibinputLog.linesPerWindow, "20 lines a window")
        // The next window says how many were not shown, then goes on.
        LibinputLog.receive(priority: info, "later", at: 111)
        #expect(lines.suffix(2).map(\.1) == ["libinput: 31 more messages not shown", "libinput: later"])
        #expect(lines.suffix(2).map(\.0) == [.info, .info])
        // Event loss: the first of a burst is reported, the rest counted.
        lines.removeAll()
        for t in [200.0, 200.1, 200.5, 201.2] {
            LibinputLog.receive(priority: info, "event5 - FT5406: SYN_DROPPED event - some input events have been lost.\n", at: t)
        }
        #expect(LibinputLog.droppedEventReports == 4)
        #expect(lines.map(\.0) == [.warning])
        #expect(lines.first?.1 == "touch events dropped by the kernel (SYN_DROPPED: input was read too slowly); 1 time so far")
        // After a quiet second, a new burst is reported again.
        LibinputLog.receive(priority: info, "SYN_DROPPED event", at: 203)
        #expect(lines.count == 2 && lines.last?.1.hasSuffix("5 times so far") == true)
    }
}

/// Issue 13 item 6: coordinates beyond the axis range are clamped onto the panel.
@Suite struct TouchClampingTests {
    @Test func coordinatesOffThePanelAreClampedOntoIt() {
        let panel = Size(width: 800, height: 480)
        #expect(LibinputSource.clamped(Point(x: 400, y: 240), to: panel) == Point(x: 400, y: 240))
        #expect(LibinputSource.clamped(Point(x: -3, y: 512), to: panel) == Point(x: 0, y: 480.0.nextDown))
        #expect(LibinputSource.clamped(Point(x: 800, y: 0), to: panel) == Point(x: 800.0.nextDown, y: 0))
        #expect(LibinputSource.clamped(Point(x: .nan, y: .infinity), to: panel) == Point(x: 0, y: 0))
        // The clamped point hit-tests inside the window; the device's own value is kept.
        #expect(Rect(origin: .zero, size: panel).contains(LibinputSource.clamped(Point(x: 1e9, y: 1e9), to: panel)))
        var report = TouchReport(finger: 0, kind: .down, location: Point(x: 0, y: 0))
        report.unclampedLocation = Point(x: -3, y: 0)
        #expect(report != TouchReport(finger: 0, kind: .down, location: Point(x: 0, y: 0)))
    }
}
