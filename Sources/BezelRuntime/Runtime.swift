import Bezel
import BezelCairo
import BezelDRM
import BezelInput
import BezelLinux
import BezelSeat
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
        let renderer = try HeadlessDisplay(window: window, rotation: configuration.rotation)
        self.renderer = renderer
        // The first frame goes to the screen before input is set up (libinput reads its quirks
        // files, xkbcommon compiles a keymap): a kiosk shows its UI as early as it can.
        renderIfNeeded()
        let panel = configuration.rotation.panelSize(for: window.bounds.size)
        // A keyboard layout that does not exist is a setup error, not a missing device.
        let keyboardLayout = try KeyboardLayout(configuration.keyboardLayout)
        do {
            let source = try LibinputSource(panelSize: panel, rotation: configuration.touchRotation ?? configuration.rotation,
                                            keyboardLayout: keyboardLayout, devices: configuration.inputDevices,
                                            opener: seat == nil ? nil : opener)
            source.calibration = configuration.touchMatrix
            source.onFrame = { [unowned self] in self.application.handleTouchFrame($0) }
            source.onDevice = { [unowned self] name, added in self.onTouchDevice?(name, added) }
            source.onKey = { [unowned self] key, down in self.application.handleKey(key, isDown: down) }
            let cursor = PointerCursorView()
            source.onPointer = { [unowned self] location in cursor.show(at: location, in: self.window) }
            try loop.watch(source.fileDescriptor) { source.dispatch() }
            source.dispatch()
            input = source
        } catch {
            note += " (no touch input: \(error))"
        }
        summary = "bezel: \(backendInUse == .drm ? "DRM \(drm!.devicePath) \(drm!.connectorName) \(drm!.mode) \(drm!.apiName) \(drm!.pixelFormat.rawValue)" : "headless") "
            + "\(Int(window.bounds.width))x\(Int(window.bounds.height)), rotation \(configuration.rotation.rawValue), devices \(deviceAccess)" + note
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

    private func renderIfNeeded() {
        guard let renderer else { return }
        // While the seat is switched away the devices are not ours.
        if let seat, !seat.isActive { return }
        if let drm {
            guard !drm.isFlipPending else { return }
            let rects = renderer.renderFrame()
            guard !rects.isEmpty else { return }
            let logical = window.bounds.size
            drm.present(renderer.cache, damage: rects.map { configuration.rotation.toPanel($0, logical: logical) })
            frames += 1
        } else if !renderer.renderFrame().isEmpty {
            frames += 1
        }
    }

    private func shutDown() {
        if drm == nil, let directory = configuration.screenshotDirectory, let renderer {
            try? renderer.writeScreenshot(to: directory + "/last-frame.png")
        }
        drm?.close()
        drm = nil
        input = nil
        seat = nil
    }
}
