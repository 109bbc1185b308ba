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

/// The desktop simulator as the runtime's display, and its screenshots.
extension Runtime {
    /// Whether a desktop display is there for the simulator (X11 or Wayland).
    static var desktopPresent: Bool {
        Environment.value("DISPLAY").map { !$0.isEmpty } == true || Environment.value("WAYLAND_DISPLAY").map { !$0.isEmpty } == true
    }

    /// The SDL2 window at the panel's size (turned by the rotation), the mouse as a finger.
    func startSimulator(loop: MainLoop) throws {
        // SDL would fall back to an offscreen driver: a window nobody sees, taking touches
        // from nobody. Without a desktop, say so.
        guard Self.desktopPresent else {
            throw RuntimeConfiguration.InvalidSetting(description: "backend sim: no desktop to open the simulator's window on (DISPLAY and WAYLAND_DISPLAY are not set); use backend = headless here, or run on a desktop")
        }
        let logical = window.bounds.size
        let scale = configuration.scale ?? 1
        let points = configuration.rotation.panelSize(for: logical)
        let panel = Size(width: (points.width * scale).rounded(.up), height: (points.height * scale).rounded(.up))
        let sim = try SimulatorDisplay(width: Int(panel.width), height: Int(panel.height), title: "Bezel simulator \(Int(panel.width))x\(Int(panel.height))")
        simulator = sim
        backendInUse = .sim
        let rotation = configuration.rotation
        sim.onTouchFrame = { [unowned self] frame in
            // Window (panel) coordinates back to the UI's, as libinput's are on the panel.
            let reports = frame.reports.map { report -> TouchReport in
                var r = report
                if let location = r.location { r.location = rotation.fromPanelPixels(location, logical: logical, scale: scale) }
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
}
