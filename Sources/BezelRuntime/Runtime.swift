import Bezel
import BezelCairo
import BezelDRM
import BezelInput
import BezelLinux
import BezelSeat
import BezelSimulator
import BezelSpeech
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
    public internal(set) var backendInUse: RuntimeConfiguration.Backend = .headless
    /// Frames rendered so far.
    public private(set) var frames = 0
    /// Device pixels a point on the display in use (the `scale` setting, or the panel's).
    public internal(set) var displayScale = 1.0
    /// Reading the accelerometer when the `shake` setting is on.
    var shakeMonitor: ShakeMonitor?
    /// Starts and stops the spoken mode on the headphone jack's switch (`headset_speech`).
    public internal(set) var headsetSpokenMode: HeadsetSpokenMode?
    /// The headphone jacks watched, by descriptor.
    var headphoneJacks: [Int32: MainLoop.Watch] = [:]
    /// Frames that reached the screen (page flips; headless: frames rendered). Frame n (1-based
    /// in `frames`) is on screen once this is >= n.
    public var framesShown: Int { drm?.flips ?? frames }

    var loop: MainLoop?
    var drm: DRMDisplay?
    var renderer: HeadlessDisplay?
    /// The remote service's socket, when `remote_socket` is set (Runtime+Remote.swift).
    var remote: RemoteEndpoint?
    /// The trace and log streams the remote service reads (`nextTrace`).
    var remoteTrace: RemoteTraceHub?
    /// The service manager's restarts of this app since its unit started (ServiceStarts),
    /// counted as `run()` begins (a start that ends before, on a configuration that cannot be
    /// read, is systemd's NRestarts but not this); nil outside a unit with a runtime directory.
    var serviceRestarts: Int?
    /// For the remote service's health (kept only while `remote` is on, so the frame path of an
    /// app without it is as it was): how long frames took to draw, how long from a touch frame's
    /// arrival to the frame drawn after it (FrameTimings), the input devices present, the display.
    var drawTimes = FrameTimings()
    var touchToFrameTimes = FrameTimings()
    var frameIntervals = FrameIntervals()
    var touchWaitingSince: Double?
    var inputDeviceNames: [String] = []
    var displayDescription = ""
    /// Connections of the remote service open now.
    public var remoteConnectionCount: Int { remote?.connectionCount ?? 0 }
    /// The views whose picture an overlay plane shows, with the picture last given to it
    /// (Runtime+Planes.swift).
    var viewsOnPlanes: [Int: (view: any PlaneContent, picture: PlanePicture)] = [:]
    /// Scroll views whose content a plane shows, with their buffers' content and revision.
    var scrollPlanes: [Int: (content: ScrollPlaneContent, revision: Int)] = [:]
    var input: LibinputSource?
    var flipFrames: PageFlipFrameSource?
    var simulator: SimulatorDisplay?
    var console: ConsoleGuard?
    /// Idle dimming and screen power, and the swallowed waking touch (nil without a
    /// backlight or a DRM output).
    public internal(set) var idle: IdleController?
    /// READY=1 / WATCHDOG=1 / STOPPING=1 to systemd when it started the process.
    public let notifier = SystemdNotifier()
    var readySent = false
    /// Screenshots saved so far (the simulator's F12).
    var screenshots = 0
    /// The hidden three-finger long press that ends the app (`admin_gesture`, or set by the app).
    public var isAdminGestureEnabled = false
    /// Why `run` returned: nil for a signal or `stop()`, "admin gesture" for that.
    public internal(set) var exitReason: String?
    var seat: SeatSession?
    /// Called after the seat was switched away (false) or back (true; the full frame is
    /// being presented).
    public var onSeatChange: ((Bool) -> Void)?
    /// False while the seat or the VT is switched away.
    public internal(set) var isSessionActive = true
    /// Seat switches seen (away and back count one each).
    public internal(set) var seatSwitches = 0
    /// No display yet: the runtime runs headless and sets one up when udev reports it
    /// (`wait_for_display`).
    public internal(set) var isWaitingForDisplay = false
    /// Watches udev's DRM events (a late display, connector hotplug).
    var hotplug: DisplayHotplugMonitor?
    /// Called when the display changed: it appeared, its output was disconnected (false) or
    /// connected again (true).
    public var onDisplayChange: ((Bool) -> Void)?
    /// Who opens devices: "direct" or "libseat <seat>".
    public internal(set) var deviceAccess = "direct"

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
        remoteTrace?.log("\(level.rawValue): \(message)")
    }

    /// Called when an input device appears or disappears (its name, whether it appeared).
    public var onTouchDevice: ((String, Bool) -> Void)?

    /// Touch frames of moves merged into later ones because the app read them together
    /// (it had fallen behind the device; `LibinputSource.coalescedFrames`).
    public var coalescedTouchFrames: Int { input?.coalescedFrames ?? coalescedBeforeShutDown }
    private var coalescedBeforeShutDown = 0

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
        // First, so that a start failing below (a display or seat that refuses) counts too.
        serviceRestarts = ServiceStarts.countThisStart(runtimeDirectory: Environment.value("RUNTIME_DIRECTORY"))
        for warning in configuration.warnings { log(.warning, warning) }
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
                try attachDisplay(try DRMDisplay(options: configuration.drm, opener: opener), loop: loop)
            } catch {
                // Only "there is no display here" falls back to headless: a card that is there
                // but refuses (busy, no permission, a mode or output it lacks) is an error.
                // On a desktop (DISPLAY/WAYLAND_DISPLAY) a card the desktop holds is not usable
                // either: the simulator takes over unless a DRM output or mode was asked for.
                let desktopFallback = Self.desktopPresent && configuration.drm.outputName == nil && configuration.drm.mode == nil
                if configuration.backend == .drm || ((error as? DRMError)?.isDecisive == true && !desktopFallback) { throw error }
                note = " (no DRM display: \(error))"
                // A service started before its display (a GPU driver loaded late, a screen
                // plugged in later) waits for one instead of settling on headless.
                if configuration.backend == .auto, !desktopFallback, configuration.waitsForDisplay {
                    isWaitingForDisplay = true
                    note += ", waiting for one (udev DRM events)"
                }
            }
        }
        if configuration.backend != .headless, configuration.backend != .sim { watchDisplayHotplug(loop: loop, opener: opener) }
        if drm == nil, !isWaitingForDisplay, configuration.backend == .sim || (configuration.backend == .auto && Self.desktopPresent) {
            do {
                try startSimulator(loop: loop)
                note = ""
            } catch {
                if configuration.backend == .sim { throw error }
                note += " (no simulator window: \(error))"
            }
        }
        // The text console must not draw over the UI (seat managers do this themselves).
        if drm != nil, seat == nil { guardConsole(loop: loop) }
        notifier.startWatchdog(on: application.runLoop)
        if drm == nil { displayScale = configuration.scale ?? 1 }
        // Images named without a scale pick the screen's @2x/@3x files; SVGs draw at it.
        ImageLoader.screenScale = displayScale
        let renderer = try HeadlessDisplay(window: window, rotation: configuration.rotation, scale: displayScale)
        // The first screen's texts from the last run, if the service has a cache folder.
        renderer.textImageStore = TextImageStore.forService(folder: configuration.textImageCache)
        TextImageStore.measure(with: renderer.textImageStore)
        self.renderer = renderer
        applyImageLimit()
        // The first frame goes to the screen before input is set up (libinput reads its quirks
        // files, xkbcommon compiles a keymap): a kiosk shows its UI as early as it can.
        renderIfNeeded()
        // In points: libinput maps each touch onto this size, so touches arrive in points.
        let panel = configuration.rotation.panelSize(for: window.bounds.size)
        // A keyboard layout that does not exist is a setup error, not a missing device.
        let keyboardLayout = try KeyboardLayout(configuration.keyboardLayout)
        // The on-screen keyboard types what the hardware keyboard would: the same layout, the
        // same compose table (without one, the core's dead-key composer stays: logged once).
        application.keyboardKeyMap = keyboardLayout.onScreenKeyMap()
        // The letters of other languages' layouts, compiled when a text input in that
        // language first shows the keyboard (the hardware keyboard keeps the configured one).
        application.keyboardKeyMapLoader = { name in try? KeyboardLayout(name).onScreenKeyMap() }
        // The spoken mode's voice: espeak-ng through ALSA, loaded when it first speaks.
        let voice = ESpeakSynthesizer(output: .alsa(device: configuration.speechDevice))
        voice.rate = configuration.speechRate
        voice.volume = configuration.speechVolume
        voice.onUtteranceFinished = { [unowned application] text, cut in application.tracer.log(.speech, "\(cut ? "cut" : "spoke") \(text)") }
        application.speechSynthesizer = voice
        if configuration.spokenMode { application.isSpokenModeRunning = true }
        application.isReduceMotionEnabled = configuration.reduceMotion
        if configuration.highContrast { application.accessibilityContrast = .high }
        if configuration.boldText { application.legibilityWeight = .bold }
        application.preferredContentSizeCategory = configuration.textSize
        do {
            application.keyComposer = try XKBComposer()
        } catch {
            log(.warning, "\(error); dead keys still work, compose sequences do not")
        }
        // The simulator brings its own mouse and keyboard; the panel's devices are libinput's.
        if backendInUse != .sim { do {
            // libinput's own messages (a device it cannot use, events the kernel dropped) in
            // this log, rate-limited (LibinputLog).
            LibinputLog.handler = { [weak self] level, line in
                switch level {
                case .error: self?.log(.error, line)
                case .warning: self?.log(.warning, line)
                case .info: self?.log(.info, line)
                case .debug: self?.log(.debug, line)
                }
            }
            let source = try LibinputSource(panelSize: panel, rotation: configuration.touchRotation ?? configuration.rotation,
                                            keyboardLayout: keyboardLayout, devices: configuration.inputDevices,
                                            opener: seat == nil ? nil : opener)
            source.calibration = configuration.touchMatrix
            source.onFrame = { [unowned self] frame in
                if self.remote != nil, self.touchWaitingSince == nil { self.touchWaitingSince = ProcessClock.monotonicNow() }
                if let idle = self.idle { idle.handle(frame) } else { self.application.handleTouchFrame(frame) }
            }
            source.onDevice = { [unowned self] name, added in
                self.log(.info, "input device \(added ? "added" : "removed"): \(name)")
                if added { self.inputDeviceNames.append(name) } else if let index = self.inputDeviceNames.firstIndex(of: name) {
                    self.inputDeviceNames.remove(at: index)
                }
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
        setUpShakeMonitor()
        startRemoteEndpoint(loop: loop)
        setUpHeadsetSwitch(loop: loop, opener: opener)
        if isAdminGestureEnabled { installAdminGesture() }
        let backendText = switch backendInUse {
        case .drm: "DRM \(drm!.devicePath) \(drm!.connectorName) \(drm!.mode) \(drm!.apiName) \(drm!.pixelFormat.rawValue)"
        case .sim: "simulator window"
        default: "headless"
        }
        displayDescription = "\(backendText) \(Int(window.bounds.width))x\(Int(window.bounds.height))"
            + (displayScale == 1 ? "" : " points at scale \(displayScale)")
        summary = "bezel: \(displayDescription), rotation \(configuration.rotation.rawValue), devices \(deviceAccess)" + note
        log(.info, summary.dropFirst("bezel: ".count) + "")
        loop.beforeWaiting = { [unowned self] in
            self.renderIfNeeded()
            if let drm = self.drm, !drm.isFlipPending { self.flipFrames?.noFlipPending() }
            self.remote?.flushWaiting()
        }
        renderIfNeeded()
        defer { shutDown() }
        try loop.run()
    }

    public func stop() {
        loop?.stop()
    }

    func renderIfNeeded() {
        guard let renderer else { return }
        // Events the window system queued while we drew would not wake the loop: read them.
        simulator?.pumpEvents()
        // While the seat or VT is switched away the devices are not ours.
        guard isSessionActive else { return }
        // One frame at a time on DRM: the next waits for the previous page flip. Nothing is
        // drawn while the output is off (a full frame is when it comes back on).
        // Nor while the output is disconnected (a hotplug sets it up again).
        if let drm, drm.isFlipPending || !drm.isScreenOn || !drm.isOutputConnected { return }
        // Pictures on overlay planes are placed before drawing: those that cannot be are
        // drawn in this frame.
        let overlays = placePlanes()
        let drawStart = remote == nil ? 0 : ProcessClock.monotonicNow()
        let rects = renderer.renderFrame()
        // A touch that changed nothing has no frame to wait for: it is not counted (else the
        // next change, maybe minutes later, would be taken for its latency).
        let touched = touchWaitingSince
        touchWaitingSince = nil
        guard !rects.isEmpty || !overlays.isEmpty else { return }
        if remote != nil {
            let drawEnd = ProcessClock.monotonicNow()
            drawTimes.record(drawEnd - drawStart)
            if let touched { touchToFrameTimes.record(drawEnd - touched) }
            frameIntervals.frameDrawn(at: drawEnd)
        }
        let panelDamage = renderer.panelPixels(of: rects)
        remote?.frameDrawn(damage: panelDamage)
        if let drm {
            // On screen at its page flip (the flip handler reports it). A new picture on a
            // plane alone is a commit of the plane; nothing new at all, no commit.
            if drm.present(renderer.cache, damage: panelDamage, overlays: overlays) { frames += 1 }
        } else {
            frames += 1
            simulator?.present(renderer.cache, damage: panelDamage)
            frameReachedScreen()
        }
    }

    private func shutDown() {
        log(.info, "peak RSS \(ProcessStatistics.peakResidentSetKiB() ?? 0) KiB")
        if drm == nil, let directory = configuration.screenshotDirectory, let renderer {
            try? renderer.writeScreenshot(to: directory + "/last-frame.png")
        }
        notifier.stop()
        remote?.closeAll()
        remote = nil
        remoteTrace = nil
        drm?.close()
        drm = nil
        console?.restore()
        console = nil
        coalescedBeforeShutDown = input?.coalescedFrames ?? 0
        input = nil
        seat = nil
        simulator = nil
    }
}
