import Bezel
import BezelCairo
import BezelDemoApp
import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// E14's steps on the running runtime (see main.swift): the demo's 10,000-row list, its table
/// scrolled by an overlay plane. Flings made of touches through the pipeline: a finger down,
/// two slow moves (each frame compared: the rows each exposes drawn into the plane's buffer),
/// three fast moves and a lift (a fling: its first frame compared, with the indicators on
/// planes of their own), then the frame at rest (far away: the buffer drawn anew where the
/// fling stopped, the indicators gone). A compare takes seconds in an emulated guest, so the
/// real-time deceleration ends while one runs: each fling shows its start and its end.
/// The demo's list pins its section headers, which move inside the rectangle on screen at
/// every scroll, so its plane flips every frame; a last fling on M9's table (`OrderRows`, no
/// headers) is brought up to date in the buffer on screen, written outside the source
/// rectangle the display reads, with no flip (`ScrollPlaneContent.update`).
@MainActor
final class ScrollCheck {
    private let runtime: Runtime
    private let window: Window
    private let list = ListViewController()
    private let comparison: WritebackComparison
    private var table: TableView
    /// M9's table for the last fling (rows without section headers).
    private let orders = OrderRows(count: 10_000)
    private var ordersTable: TableView?
    private enum Phase { case start, dragging, flinging, settling, switching, done }
    private var phase = Phase.start
    private var flings = 0
    private var dragMoves = 0
    private var finger = Point(x: 400, y: 600)
    private var offPlane = 0
    private(set) var passed = false
    /// Flings made (each from a finger down to rest): two on the demo's list, one on M9's table.
    static let flingCount = 3

    /// Where the first fling's decelerating frame, as the display composed it, is written.
    private let screenshotPath: String?

    init(runtime: Runtime, window: Window, screenshotPath: String?) {
        self.screenshotPath = screenshotPath
        self.runtime = runtime
        self.window = window
        comparison = WritebackComparison(runtime: runtime, window: window, scenario: "E14")
        window.rootViewController = list
        table = list.tableView
    }

    func start() {
        window.makeKeyAndVisible()
        // Touches sent to the application directly are not the input devices' activity: the
        // screen is kept on through the compares (seconds each in an emulated guest).
        window.application?.screenPowerRequest = .on
        runtime.onFrameShown = { [unowned self] _ in self.frameShown() }
        // A bound on the whole check, as in CompositionCheck (1,000 s of a slow guest).
        window.application?.runLoop.schedule(after: 1000) { [unowned self] in
            guard phase != .done else { return }
            comparison.say("timed out in phase \(phase) after \(comparison.compared) frames compared")
            finish()
        }
    }

    private func frameShown() {
        switch phase {
        case .start:
            guard runtime.scrollPlaneContent(of: table) != nil else {
                comparison.say("the table is not on a plane (overlay planes: \(runtime.overlayPlaneCount))")
                return finish()
            }
            compare("the list at the top")
            beginFling()
        case .dragging:
            compare("fling \(flings) drag move \(dragMoves)")
            if dragMoves < 2 { move(by: -48) } else { fastMoves() }
        case .flinging:
            guard table.isDecelerating else { return }
            compare("fling \(flings) decelerating at \(Int(table.contentOffset.y))", saveTo: flings == 1 ? screenshotPath : nil)
            phase = .settling
        case .settling:
            break
        case .switching:
            guard runtime.scrollPlaneContent(of: table) != nil else { return }
            compare("M9's table at the top")
            beginFling()
        case .done:
            break
        }
    }

    private func beginFling() {
        flings += 1
        dragMoves = 0
        finger = Point(x: 400, y: 600)
        phase = .dragging
        send(.down(1, at: finger))
        move(by: -48)
    }

    private func move(by dy: Double) {
        dragMoves += 1
        finger.y += dy
        send(.move(1, to: finger))
    }

    /// Three moves 16 ms apart and the lift: a flick of some 5,000 pt/s. Sent at once, stamped
    /// as they would have come (an emulated guest's frames are too slow for a real flick's
    /// pace: the recognizer would see a finger that stopped before lifting).
    private func fastMoves() {
        phase = .flinging
        guard let app = window.application else { return }
        let now = app.clock.now
        for step in 1...3 {
            finger.y -= 80
            app.handleTouchFrame(TouchFrame([.move(1, to: finger)], timestamp: now - 0.016 * Double(4 - step)))
        }
        app.handleTouchFrame(TouchFrame([.up(1)], timestamp: now))
        comparison.say("fling \(flings) released at \(Int(table.contentOffset.y)), decelerating: \(table.isDecelerating)")
        waitForRest()
    }

    /// Polls until the fling has ended and its last frame is on screen (nothing changes after
    /// it, so no frame would tell), then compares the frame at rest.
    private func waitForRest() {
        window.application?.runLoop.schedule(after: 0.5) { [unowned self] in
            guard phase == .flinging || phase == .settling else { return }
            guard !table.isDecelerating, !table.areScrollIndicatorsVisible, !runtime.isFramePending else { return waitForRest() }
            if phase == .flinging { comparison.say("fling \(flings): no frame while decelerating was seen") }
            phase = .settling
            compare("fling \(flings) at rest at \(Int(table.contentOffset.y))")
            if flings == Self.flingCount - 1 {
                showOrders()
            } else if flings < Self.flingCount {
                beginFling()
            } else {
                finish()
            }
        }
    }

    /// Replaces the list with M9's table (its own plane, its own buffers); the next frame
    /// with it on its plane starts the last fling.
    private func showOrders() {
        demoSummary = summary()
        let controller = ViewController()
        let ordersTable = TableView(frame: window.bounds)
        orders.install(on: ordersTable)
        controller.view.addSubview(ordersTable)
        window.rootViewController = controller
        self.ordersTable = ordersTable
        table = ordersTable
        phase = .switching
    }

    /// The demo list's figures, kept when it goes.
    private var demoSummary: (rebases: Int, line: String)?

    private func summary() -> (rebases: Int, line: String) {
        let content = runtime.scrollPlaneContent(of: table)
        return (content?.rebases ?? 0, "buffer moves \(content?.rebases ?? 0), pixels drawn \(content?.drawnPixels ?? 0), copied \(content?.copiedPixels ?? 0), "
                + "updates in the buffer on screen \(content?.inShownBufferUpdates ?? 0) of \(content?.updates ?? 0)")
    }

    private func send(_ report: TouchReport) {
        guard let app = window.application else { return }
        app.handleTouchFrame(TouchFrame([report], timestamp: app.clock.now))
    }

    /// Compared frames with the indicators shown on planes of their own.
    private var indicatorsOnPlanes = 0

    private func compare(_ what: String, saveTo: String? = nil) {
        let onPlane = table.isOnPlane
        if !onPlane { offPlane += 1 }
        if table.areScrollIndicatorsVisible, runtime.scrollPlaneContent(of: table)?.drawsIndicators == false { indicatorsOnPlanes += 1 }
        // What the plane shows is the table's content as the tree draws it: no drawing over.
        let before = comparison.mismatched
        comparison.compare(what, note: "table on plane: \(onPlane)", saveTo: saveTo)
        if comparison.mismatched == before { comparison.say("\(what): equal (table on plane: \(onPlane))") }
    }

    private func finish() {
        guard phase != .done else { return }
        phase = .done
        // At rest on its plane, the app sleeps: its threads' voluntary context switches over
        // three seconds between two timer wake-ups (the second timer's own wake-up is one).
        guard let loop = window.application?.runLoop else { return report(idleSwitches: -1) }
        loop.schedule(after: 1.0) { [unowned self] in
            let before = Self.voluntaryContextSwitches()
            loop.schedule(after: 3.0) { [unowned self] in
                report(idleSwitches: Self.voluntaryContextSwitches() - before)
            }
        }
    }

    /// The voluntary context switches of this process's threads so far (each a wake-up).
    static func voluntaryContextSwitches() -> Int {
        guard let directory = opendir("/proc/self/task") else { return 0 }
        defer { closedir(directory) }
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true, let file = fopen("/proc/self/task/\(name)/status", "r") else { continue }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("voluntary_ctxt_switches:") { total += Int(text.filter(\.isNumber)) ?? 0 }
            }
        }
        return total
    }

    private func report(idleSwitches: Int) {
        let content = runtime.scrollPlaneContent(of: table)
        let offset = Int(table.contentOffset.y)
        let orders = summary()
        passed = comparison.mismatched == 0 && comparison.compared >= 2 + 4 * Self.flingCount && offPlane == 0
            && flings == Self.flingCount && offset > 1_000 && (demoSummary?.rebases ?? 0) > 0 && (0...2).contains(idleSwitches)
            && indicatorsOnPlanes > 0 && (content?.inShownBufferUpdates ?? 0) > 0
        comparison.say("scroll: \(flings) flings, the last to offset \(offset), \(comparison.compared - offPlane) frames with the table on its plane, "
                       + "\(indicatorsOnPlanes) with the indicators on planes of their own; the demo's list: \(demoSummary?.line ?? "none"); "
                       + "M9's table: \(orders.line)")
        comparison.say("\(comparison.summary); plane test commits \(runtime.planeTestCommits)")
        comparison.say("idle on the plane: \(idleSwitches) wake-ups in 3 s (the timer's own: 1)")
        comparison.say(passed ? "PASS" : "FAIL")
        runtime.stop()
    }
}
