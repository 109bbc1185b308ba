import Bezel
import BezelCairo
import BezelDRM
import BezelInput
import BezelLinux
import BezelSeat

/// The display's topology: a DRM display set up (at the start, or when it appears late),
/// connector hotplug (an output that goes away pauses drawing, one that comes back is set up
/// again and drawn in full), udev's DRM events.
extension Runtime {
    /// Uses `display`: page flips drive animations at its rate, the window takes the panel's
    /// size in points, flip events are read on the loop.
    func attachDisplay(_ display: DRMDisplay, loop: MainLoop) throws {
        drm = display
        backendInUse = .drm
        // Animations advance on page flips, at the mode's rate.
        let frames = PageFlipFrameSource(runLoop: application.runLoop)
        flipFrames = frames
        application.displayLink.setSource(frames)
        sizeWindow(to: display)
        try loop.watch(display.fileDescriptor) { [unowned self] in
            if display.handleEvents() {
                // Told before the display link advances the animations to the next frame:
                // the views still hold what the shown frame was drawn from.
                self.frameReachedScreen()
                self.onFrameShown?(display.lastFlipTime)
                frames.flipCompleted()
            }
            self.renderIfNeeded()
        }
    }

    /// The window takes the display's mode in points (the `scale` setting, or the panel's
    /// from its size in millimetres), turned by the rotation; animations run at its rate.
    func sizeWindow(to display: DRMDisplay) {
        application.displayLink.frameInterval = 1.0 / Double(max(1, display.refreshHz))
        let scale = configuration.scale ?? DisplayScale.scale(forPixels: (display.width, display.height),
                                                              millimetres: (display.physicalWidthMM, display.physicalHeightMM))
        displayScale = scale
        let panel = Size(width: Double(display.width) / scale, height: Double(display.height) / scale)
        window.frame = Rect(origin: .zero, size: configuration.rotation.panelSize(for: panel))
    }

    /// Images larger than four screens are refused before decoding (issue 13's PNG bomb),
    /// unless the `image_pixel_limit` setting says otherwise.
    func applyImageLimit() {
        if let limit = configuration.imagePixelLimit {
            ImageLoader.maximumPixels = limit
        } else if let renderer {
            ImageLoader.limitToPanel(width: renderer.framebuffer.width, height: renderer.framebuffer.height)
        }
    }

    /// Watches udev's DRM events (nothing is read until one comes: no wake-up while idle).
    /// Without udevd the display is neither waited for nor followed (logged).
    func watchDisplayHotplug(loop: MainLoop, opener: DeviceOpener) {
        do {
            let monitor = try DisplayHotplugMonitor()
            try loop.watch(monitor.fileDescriptor) { [unowned self] in
                self.displayEvents(monitor.receive(), loop: loop, opener: opener)
            }
            hotplug = monitor
        } catch {
            log(isWaitingForDisplay ? .error : .warning, "\(error)")
        }
    }

    func displayEvents(_ events: [DisplayHotplugMonitor.Event], loop: MainLoop, opener: DeviceOpener) {
        guard !events.isEmpty else { return }
        for event in events {
            log(.debug, "udev: drm \(event.action.rawValue) \(event.devicePath ?? "(no card node)")\(event.isConnectorHotplug ? " HOTPLUG=1" : "")")
        }
        // While the seat is switched away the card is not ours to probe (the return sets all up).
        guard isSessionActive else { return }
        if drm == nil {
            guard isWaitingForDisplay, events.contains(where: { $0.action != .remove }) else { return }
            displayAppeared(loop: loop, opener: opener)
            return
        }
        // Any change of our card is a reason to look at its connector again: the kernel's
        // hot-plug event (HOTPLUG=1), a synthetic one (`echo change > .../uevent`: the
        // variables come as SYNTH_ARG_*), a property change; probing one connector is cheap
        // and these events are rare.
        guard let drm, events.contains(where: { $0.action == .change && $0.devicePath == drm.devicePath }) else { return }
        do {
            switch try drm.handleHotplug() {
            case .none:
                return
            case .disconnected:
                log(.warning, "output \(drm.connectorName) disconnected: drawing paused (the app and touch keep running)")
                onDisplayChange?(false)
            case .reconnected(let modeChanged):
                if modeChanged { resizeForDisplay(drm) }
                log(.info, "output \(drm.connectorName) connected again: \(drm.mode)\(modeChanged ? " (a new mode: the window is resized)" : ""), full frame")
                window.setNeedsFullRedraw()
                renderIfNeeded()
                onDisplayChange?(true)
            }
        } catch {
            log(.error, "output \(drm.connectorName) could not be set up again: \(error)")
        }
    }

    /// A card appeared while waiting: set it up, size the window (and the renderer, and the
    /// touch mapping) to it, draw everything.
    private func displayAppeared(loop: MainLoop, opener: DeviceOpener) {
        let display: DRMDisplay
        do {
            display = try DRMDisplay(options: configuration.drm, opener: opener)
        } catch {
            // No connected output yet (the card's driver announces it before its connectors):
            // a later event tries again. One that refuses us (permission, busy) is said loudly.
            log(error.isDecisive ? .error : .debug, "a DRM device appeared but is not usable\(error.isDecisive ? "" : " yet"): \(error)")
            return
        }
        do {
            try attachDisplay(display, loop: loop)
        } catch {
            log(.error, "the display that appeared could not be used: \(error)")
            drm = nil
            display.close()
            return
        }
        isWaitingForDisplay = false
        resizeForDisplay(display)
        if seat == nil, console == nil { guardConsole(loop: loop) }
        if idle == nil { setUpIdleControl() }
        log(.info, "display appeared: \(display.devicePath) \(display.connectorName) \(display.mode) \(display.apiName) \(display.pixelFormat.rawValue) (\(display.outputChoice)); window \(Int(window.bounds.width))x\(Int(window.bounds.height))")
        window.setNeedsFullRedraw()
        renderIfNeeded()
        onDisplayChange?(true)
    }

    /// The renderer and the touch mapping follow the window's new size.
    private func resizeForDisplay(_ display: DRMDisplay) {
        sizeWindow(to: display)
        ImageLoader.screenScale = displayScale
        do {
            let store = renderer?.textImageStore
            renderer = try HeadlessDisplay(window: window, rotation: configuration.rotation, scale: displayScale)
            renderer?.textImageStore = store
        } catch {
            log(.error, "no renderer for \(display.width)x\(display.height): \(error)")
        }
        applyImageLimit()
        input?.panelSize = configuration.rotation.panelSize(for: window.bounds.size)
        window.setNeedsLayout()
    }
}
