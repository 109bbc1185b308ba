import Bezel
import BezelCairo
import BezelDRM
import BezelInput
import BezelLinux
import BezelSeat
import BezelSimulator
#if canImport(Glibc)
import Glibc
#endif

/// Runs an app: the main-thread event loop, the display backend (DRM/KMS, or headless), and
/// libinput's touchscreens feeding `Application.handleTouchFrame`. Frames render before the
/// loop sleeps, only where something changed, and one at a time (a frame waits for the
/// previous page flip). SIGINT/SIGTERM end `run`; the CRTC is restored on the way out.
@MainActor
public final class Runtime {
    public let application: Application
    public let window: Window
    public let configuration: RuntimeConfiguration
    public private(set) var backendInUse: RuntimeConfiguration.Backend = .headless
    /// Frames rendered so far.
    public private(set) var frames = 0
    /// Frames that reached the screen (page flips; headless: frames rendered). Frame n (1-based
    /// in `frames`) is on screen once this is >= n.
    public var framesShown: Int { drm?.flips ?? frames }

    private var loop: MainLoop?
    private var drm: DRMDisplay?
    private var renderer: HeadlessDisplay?
    private var input: LibinputSource?
    private var flipFrames: PageFlipFrameSource?
    private var simulator: SimulatorDisplay?
    private var console: ConsoleGuard?
    /// Backlight dimming and the swallowed waking touch (nil without a backlight).
    public private(set) var idle: IdleController?
    /// READY=1 / WATCHDOG=1 / STOPPING=1 to systemd when it started the process.
    public let notifier = SystemdNotifier()
    private var readySent = false
    /// The hidden three-finger long press that ends the app (`admin_gesture`, or set by the app).
    public var isAdminGestureEnabled = false
    /// Why `run` returned: nil for a signal or `stop()`, "admin gesture" for that.
    public private(set) var exitReason: String?
    private var seat: SeatSession?
    /// Who opens devices: "direct" or "libseat <seat>".
    public private(set) var deviceAccess = "direct"

    public struct SeatUnavailable: Error, CustomStringConvertible {
        public let description = "BEZEL_SEAT=libseat: no seat manager answered (is seatd running and this user in its group, or is this a logind session?)"
    }

    /// The seat manager's opener when one should be used and answers.
    private func openSeat(loop: MainLoop) throws -> DeviceOpener {
        let wanted = configuration.seat == .libseat || (configuration.seat == .auto && geteuid() != 0)
        guard wanted, let session = SeatSession.open() else {
            if configuration.seat == .libseat { throw SeatUnavailable() }
            return .direct
        }
        seat = session
        deviceAccess = "libseat \(session.seatName)"
        try loop.watch(session.fileDescriptor) { session.dispatch() }
        session.onChange = { [unowned self] active in self.seatChanged(active: active) }
        return session.opener
    }

    /// The seat was switched away (stop drawing: the devices are gone) or back (take the
    /// screen again and redraw all of it).
    private func seatChanged(active: Bool) {
        guard active, let drm else { return }
        do {
            try drm.reactivate()
            window.setNeedsFullRedraw()
            renderIfNeeded()
        } catch {
            Diagnostics.report(.platform, "bezel: the screen could not be taken back after a seat switch: \(error)")
        }
    }

    public init(application: Application, window: Window, configuration: RuntimeConfiguration) {
        self.application = application
        self.window = window
        self.configuration = configuration
        isAdminGestureEnabled = configuration.adminGesture
    }

    /// Writes `message` on standard error when `level` is within the configured log level.
    public func log(_ level: RuntimeConfiguration.LogLevel, _ message: String) {
        guard level <= configuration.logLevel else { return }
        writeLineToStandardError("bezel[\(level.rawValue)]: \(message)")
    }

    /// Called when an input device appears or disappears (its name, whether it appeared).
    public var onTouchDevice: ((String, Bool) -> Void)?

    /// How often the event loop has woken up (epoll returned) since `run` began.
    public var loopWakeups: Int { loop?.wakeups ?? 0 }

    /// Called when a frame reached the screen (a page flip completed), with the kernel's
    /// flip time in CLOCK_MONOTONIC seconds (the clock of touch timestamps).
    public var onFrameShown: ((Double) -> Void)?

    /// A line for the log: what runs where.
    public private(set) var summary = ""

    /// Runs until SIGINT/SIGTERM or `stop()`. With BEZEL_OUTPUT=list (or BEZEL_MODE=list) it
    /// prints the cards' outputs and modes and returns.
    public func run() throws {
        if configuration.listOutputs {
            print(DRMCard.listAll())
            return
        }
        let loop = try MainLoop(runLoop: application.runLoop)
        self.loop = loop
        let opener = try openSeat(loop: loop)
        var note = ""
        if configuration.backend != .headless {
            do {
                let display = try DRMDisplay(options: configuration.drm, opener: opener)
                drm = display
                backendInUse = .drm
                // Animations advance on page flips, at the mode's rate.
                let frames = PageFlipFrameSource(runLoop: application.runLoop)
                flipFrames = frames
                application.displayLink.frameInterval = 1.0 / Double(max(1, display.refreshHz))
                application.displayLink.setSource(frames)
                // The window takes the panel's size, turned by the rotation.
                let panel = Size(width: Double(display.width), height: Double(display.height))
                window.frame = Rect(origin: .zero, size: configuration.rotation.panelSize(for: panel))
                try loop.watch(display.fileDescriptor) { [unowned self] in
                    if display.handleEvents() {
                        frames.flipCompleted()
                        self.frameReachedScreen()
                        self.onFrameShown?(display.lastFlipTime)
                    }
                    self.renderIfNeeded()
                }
            } catch {
                // Only "there is no display here" falls back to headless: a card that is there
                // but refuses (busy, no permission, a mode or output it lacks) is an error.
                if configuration.backend == .drm || (error as? DRMError)?.isDecisive == true { throw error }
                note = " (no DRM display: \(error))"
            }
        }
        if drm == nil, configuration.backend == .sim || (configuration.backend == .auto && Self.desktopPresent) {
            do {
                try startSimulator(loop: loop)
                note = ""
            } catch {
                if configuration.backend == .sim { throw error }
                note += " (no simulator window: \(error))"
            }
        }
        if drm != nil, seat == nil {
            // The text console must not draw over the UI (seat managers do this themselves).
            do { console = try ConsoleGuard() } catch { log(.warning, error.description) }
        }
        notifier.startWatchdog(on: application.runLoop)
        let renderer = try HeadlessDisplay(window: window, rotation: configuration.rotation)
        self.renderer = renderer
        // The first frame goes to the screen before input is set up (libinput reads its quirks
        // files, xkbcommon compiles a keymap): a kiosk shows its UI as early as it can.
        renderIfNeeded()
        let panel = configuration.rotation.panelSize(for: window.bounds.size)
        // A keyboard layout that does not exist is a setup error, not a missing device.
        let keyboardLayout = try KeyboardLayout(configuration.keyboardLayout)
        // The simulator brings its own mouse and keyboard; the panel's devices are libinput's.
        if backendInUse != .sim { do {
            let source = try LibinputSource(panelSize: panel, rotation: configuration.touchRotation ?? configuration.rotation,
                                            keyboardLayout: keyboardLayout, devices: configuration.inputDevices,
                                            opener: seat == nil ? nil : opener)
            source.calibration = configuration.touchMatrix
            source.onFrame = { [unowned self] frame in
                if let idle = self.idle { idle.handle(frame) } else { self.application.handleTouchFrame(frame) }
            }
            source.onDevice = { [unowned self] name, added in
                self.log(.info, "input device \(added ? "added" : "removed"): \(name)")
                self.onTouchDevice?(name, added)
            }
            source.onKey = { [unowned self] key, down in
                self.idle?.activity()
                self.application.handleKey(key, isDown: down)
            }
            let cursor = PointerCursorView()
            source.onPointer = { [unowned self] location in
                self.idle?.activity()
                cursor.show(at: location, in: self.window)
            }
            try loop.watch(source.fileDescriptor) { source.dispatch() }
            source.dispatch()
            input = source
        } catch {
            note += " (no touch input: \(error))"
        } }
        setUpIdleControl()
        if isAdminGestureEnabled { installAdminGesture() }
        let backendText = switch backendInUse {
        case .drm: "DRM \(drm!.devicePath) \(drm!.connectorName) \(drm!.mode) \(drm!.apiName) \(drm!.pixelFormat.rawValue)"
        case .sim: "simulator window"
        default: "headless"
        }
        summary = "bezel: \(backendText) "
            + "\(Int(window.bounds.width))x\(Int(window.bounds.height)), rotation \(configuration.rotation.rawValue), devices \(deviceAccess)" + note
        log(.info, summary.dropFirst("bezel: ".count) + "")
        loop.beforeWaiting = { [unowned self] in
            self.renderIfNeeded()
            if let drm = self.drm, !drm.isFlipPending { self.flipFrames?.noFlipPending() }
        }
        renderIfNeeded()
        defer { shutDown() }
        try loop.run()
    }

    public func stop() {
        loop?.stop()
    }

    /// Whether a desktop display is there for the simulator (X11 or Wayland).
    static var desktopPresent: Bool {
        Environment.value("DISPLAY").map { !$0.isEmpty } == true || Environment.value("WAYLAND_DISPLAY").map { !$0.isEmpty } == true
    }

    /// The SDL2 window at the panel's size (turned by the rotation), the mouse as a finger.
    private func startSimulator(loop: MainLoop) throws {
        let logical = window.bounds.size
        let panel = configuration.rotation.panelSize(for: logical)
        let sim = try SimulatorDisplay(width: Int(panel.width), height: Int(panel.height), title: "Bezel simulator \(Int(panel.width))x\(Int(panel.height))")
        simulator = sim
        backendInUse = .sim
        let rotation = configuration.rotation
        sim.onTouchFrame = { [unowned self] frame in
            // Window (panel) coordinates back to the UI's, as libinput's are on the panel.
            let reports = frame.reports.map { report -> TouchReport in
                var r = report
                if let location = r.location { r.location = rotation.fromPanel(location, logical: logical) }
                return r
            }
            let turned = TouchFrame(reports, timestamp: self.application.clock.now)
            if let idle = self.idle { idle.handle(turned) } else { self.application.handleTouchFrame(turned) }
        }
        sim.onKey = { [unowned self] key, down in self.application.handleKey(key, isDown: down) }
        sim.onQuit = { [unowned self] in self.stop() }
        sim.onExposed = { [unowned self] in self.window.setNeedsFullRedraw() }
        sim.onScreenshotKey = { [unowned self] in self.saveScreenshot() }
        if let fd = sim.eventFileDescriptor {
            try loop.watch(fd) { sim.pumpEvents() }
        } else {
            // No descriptor to watch (Wayland): poll at 100 Hz, the simulator is a desktop tool.
            @MainActor func poll() {
                sim.pumpEvents()
                self.application.runLoop.schedule(after: 0.01) { poll() }
            }
            poll()
        }
    }

    private var screenshots = 0
    /// Writes the frame shown to the screenshot folder (the simulator's F12).
    public func saveScreenshot() {
        guard let renderer else { return }
        screenshots += 1
        let directory = configuration.screenshotDirectory ?? "screenshots"
        mkdir(directory, 0o755)
        let path = directory + "/simulator-\(screenshots).png"
        do {
            try renderer.writeScreenshot(to: path)
            log(.info, "screenshot \(path)")
        } catch {
            log(.error, "screenshot \(path): \(error)")
        }
    }

    private func renderIfNeeded() {
        guard let renderer else { return }
        // Events the window system queued while we drew would not wake the loop: read them.
        simulator?.pumpEvents()
        // While the seat is switched away the devices are not ours.
        if let seat, !seat.isActive { return }
        if let drm {
            guard !drm.isFlipPending else { return }
            let rects = renderer.renderFrame()
            guard !rects.isEmpty else { return }
            let logical = window.bounds.size
            drm.present(renderer.cache, damage: rects.map { configuration.rotation.toPanel($0, logical: logical) })
            frames += 1
        } else if let simulator {
            let rects = renderer.renderFrame()
            guard !rects.isEmpty else { return }
            let logical = window.bounds.size
            simulator.present(renderer.cache, damage: rects.map { configuration.rotation.toPanel($0, logical: logical) })
            frames += 1
            frameReachedScreen()
        } else if !renderer.renderFrame().isEmpty {
            frames += 1
            frameReachedScreen()
        }
    }

    /// The first frame on screen: the service has started (systemd's READY=1).
    private func frameReachedScreen() {
        guard !readySent else { return }
        readySent = true
        if let started = ProcessClock.startTime() {
            log(.info, "first frame on screen \(Int(((ProcessClock.monotonicNow() - started) * 1000).rounded())) ms after the process started")
        }
        if notifier.isActive {
            notifier.notify("READY=1\nSTATUS=showing \(Int(window.bounds.width))x\(Int(window.bounds.height))")
            log(.debug, "told systemd READY=1")
        }
    }

    private func setUpIdleControl() {
        let policy = configuration.idle
        guard policy.dimAfter > 0 || policy.offAfter > 0 else { return }
        do {
            guard let backlight = try Backlight.open(policy.backlight) else {
                log(.debug, "no backlight in /sys/class/backlight: idle dimming off")
                return
            }
            idle = IdleController(policy: policy, backlight: backlight, application: application)
            idle?.onChange = { [unowned self] state in self.log(.info, "backlight \(state)") }
        } catch {
            log(.warning, "\(error) (idle dimming off)")
        }
    }

    /// The admin gesture ends the app (back to the shell, or to systemd, which restarts it).
    private func installAdminGesture() {
        AdminGesture.install(on: window) { [unowned self] in
            self.log(.warning, "admin gesture: ending the app")
            self.exitReason = "admin gesture"
            self.stop()
        }
    }

    private func shutDown() {
        log(.info, "peak RSS \(ProcessStatistics.peakResidentSetKiB() ?? 0) KiB")
        if drm == nil, let directory = configuration.screenshotDirectory, let renderer {
            try? renderer.writeScreenshot(to: directory + "/last-frame.png")
        }
        notifier.stop()
        drm?.close()
        drm = nil
        console?.restore()
        console = nil
        input = nil
        seat = nil
        simulator = nil
    }
}
