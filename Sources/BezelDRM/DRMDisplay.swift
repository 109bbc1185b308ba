import Bezel
import BezelCairo
import BezelSeat
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// The DRM/KMS display: a card, a connected output in its preferred (or asked-for) mode, a
/// CRTC and its primary plane, and two dumb buffers shown in turn with page flips (atomic
/// commits, or the legacy API). Frames are rendered in cached memory; each present copies into
/// the hidden buffer the damage of this frame and of the previous one (the hidden buffer
/// missed it: buffer age 2), then flips. A present asked for while a flip is pending is
/// refused (`isFlipPending`; present again once `handleEvents()` reports the flip). On close
/// the CRTC is restored as it was (the console comes back).
@MainActor
public final class DRMDisplay {
    public let devicePath: String
    public let connectorName: String
    /// The mode set (it may change when the output is connected again: `handleHotplug`).
    public private(set) var mode: DRMMode
    /// Why this output was chosen (named, the touchscreen's, a built-in panel, the only one).
    public private(set) var outputChoice = ""
    /// False while the output is disconnected: nothing is presented until it is back.
    public private(set) var isOutputConnected = true
    public var width: Int { mode.width }
    public var height: Int { mode.height }
    public var refreshHz: Int { mode.refreshHz }
    /// The panel's size in millimetres (0 when unknown), for the default scale.
    public let physicalWidthMM: Int
    public let physicalHeightMM: Int
    public let pixelFormat: ScanoutPixelFormat
    /// "atomic" or "legacy".
    public var apiName: String { scanout.apiName }
    private let card: DRMCard
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var scanout: Scanout
    private let options: DRMDisplayOptions
    private let plane: DisplayPlane?
    private let savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    /// The buffer on screen and the one being prepared.
    private var front: DumbBuffer?
    private var back: DumbBuffer?
    /// What the hidden buffer lacks: the damage shown since it was last on screen.
    private var backMissing: [Rect] = []
    private let flipResult = UnsafeMutablePointer<bezel_flip_result>.allocate(capacity: 1)
    /// The overlay planes' users (atomic scanout only; nil: every picture is drawn in software).
    private var planeAssignment: PlaneAssignment?
    public private(set) var isFlipPending = false
    /// Completed flips so far (and the time of the last one, CLOCK_MONOTONIC seconds).
    public private(set) var flips = 0
    public private(set) var lastFlipTime: Double = 0

    /// The descriptor page-flip events arrive on (watch it, then call `handleEvents()`).
    public var fileDescriptor: Int32 { card.fileDescriptor }

    /// Opens the card of `options` (else `BEZEL_DRM_DEVICE`, else the first /dev/dri/card*
    /// with a connected output), sets the mode and shows a black frame. Devices are opened by
    /// `opener`: directly, or through a seat manager (`SeatSession.opener`).
    public convenience init(path: String? = nil, options: DRMDisplayOptions = DRMDisplayOptions(), opener: DeviceOpener = .direct) throws(DRMError) {
        let explicit = path ?? options.devicePath ?? Environment.value("BEZEL_DRM_DEVICE")
        let candidates = explicit.map { [$0] } ?? (0..<8).map { "/dev/dri/card\($0)" }
        var lastError: DRMError?
        for candidate in candidates {
            if explicit == nil, access(candidate, F_OK) != 0 { continue }
            do throws(DRMError) {
                let card = try DRMCard(path: candidate, opener: opener)
                do throws(DRMError) {
                    let chosen = try Self.choose(on: card, options: options)
                    try self.init(card: card, output: chosen.output, mode: chosen.mode, options: options)
                    outputChoice = chosen.reason
                    return
                } catch {
                    card.close()
                    throw error
                }
            } catch {
                lastError = error
                // A card named explicitly, or one that is there but refuses us, is the answer.
                if explicit != nil || error.isDecisive { throw error }
            }
        }
        throw lastError ?? DRMError(what: "DRM", why: "no card found in /dev/dri", tryThis: "Load the display driver, or run headless (BEZEL_BACKEND=headless).")
    }

    private static func choose(on card: DRMCard, options: DRMDisplayOptions) throws(DRMError) -> (output: DRMOutput, mode: DRMMode, reason: String) {
        let output: DRMOutput
        let reason: String
        if let name = options.outputName {
            guard let named = card.outputs.first(where: { $0.name == name }) else {
                throw DRMError(what: "BEZEL_OUTPUT=\(name)", why: "\(card.path) has no such output (it has \(card.outputs.map(\.name).joined(separator: ", ")))",
                               tryThis: "BEZEL_OUTPUT=list prints the outputs and their modes.", decisive: true)
            }
            guard named.isConnected, !named.modes.isEmpty else {
                throw DRMError(what: "BEZEL_OUTPUT=\(name)", why: "nothing is connected to it", tryThis: "Plug the panel in, or choose a connected output (BEZEL_OUTPUT=list).", decisive: true)
            }
            output = named
            reason = "named by the output setting"
        } else {
            guard let preferred = OutputPreference.choose(from: card.outputs, touchscreenOutputs: OutputPreference.touchscreenOutputs()) else {
                throw DRMError(what: card.path, why: "no connected connector", tryThis: "Plug the panel in (or check its cable and the boot config).")
            }
            output = preferred.output
            reason = preferred.reason
        }
        guard output.crtcID != 0 else {
            throw DRMError(what: output.name, why: "no free CRTC can drive it", tryThis: "Disconnect another output, or choose another one (BEZEL_OUTPUT=list).", decisive: true)
        }
        if let request = options.mode {
            guard let mode = request.match(in: output.modes) else {
                throw DRMError(what: "BEZEL_MODE=\(request)", why: "\(output.name) does not support it (it has \(output.modes.map { "\($0.width)x\($0.height)@\($0.refreshHz)" }.uniqued.joined(separator: ", ")))",
                               tryThis: "Choose one of those (BEZEL_MODE=list), or unset BEZEL_MODE for the panel's preferred mode.", decisive: true)
            }
            return (output, mode, reason)
        }
        return (output, preferredMode(of: output), reason)
    }

    private static func preferredMode(of output: DRMOutput) -> DRMMode {
        output.modes.first(where: \.isPreferred) ?? output.modes[0]
    }

    private init(card: DRMCard, output: DRMOutput, mode: DRMMode, options: DRMDisplayOptions) throws(DRMError) {
        let fd = card.fileDescriptor
        if !card.isMaster, drmSetMaster(fd) != 0 {
            throw DRMError(what: card.path, why: "another program is DRM master (the card is busy)",
                           tryThis: "Stop the desktop or other display program first (systemctl stop display-manager).", decisive: true)
        }
        drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        let crtcIndex = card.crtcIDs.firstIndex(of: output.crtcID) ?? 0
        let plane = DisplayPlane.primary(fd: fd, crtcIndex: crtcIndex)
        guard let format = options.pixelFormat ?? ScanoutPixelFormat.choose(from: plane?.formats ?? []) else {
            throw DRMError(what: output.name, why: "its primary plane takes neither XRGB8888 nor RGB565", tryThis: "This panel's driver is not supported yet.", decisive: true)
        }
        if let forced = options.pixelFormat, let formats = plane?.formats, !formats.isEmpty, !formats.contains(forced.fourcc) {
            throw DRMError(what: "BEZEL_PIXEL_FORMAT=\(forced.rawValue)", why: "the primary plane of \(output.name) does not take it (it takes \(formats.map(fourccName).joined(separator: ", ")))",
                           tryThis: "Unset BEZEL_PIXEL_FORMAT to use what the plane takes.", decisive: true)
        }
        var scanout: Scanout?
        if options.api != .legacy, let plane {
            scanout = AtomicScanout(fd: fd, connectorID: output.connectorID, crtcID: output.crtcID, plane: plane, mode: mode)
        }
        if scanout == nil, options.api == .atomic {
            throw DRMError(what: card.path, why: "the driver has no atomic modesetting", tryThis: "Unset BEZEL_DRM_API (or set it to legacy).", decisive: true)
        }
        self.card = card
        self.devicePath = card.path
        self.connectorID = output.connectorID
        self.connectorName = output.name
        self.physicalWidthMM = output.physicalWidthMM
        self.physicalHeightMM = output.physicalHeightMM
        self.mode = mode
        self.pixelFormat = format
        self.scanout = scanout ?? LegacyScanout(fd: fd, connectorID: output.connectorID, crtcID: output.crtcID, mode: mode)
        self.options = options
        self.plane = plane
        self.crtcID = output.crtcID
        if self.scanout is AtomicScanout {
            // Read again: the planes' atomic properties are visible only now the atomic cap is set.
            planeAssignment = PlaneAssignment(fd: fd, crtcID: output.crtcID, planes: DisplayPlane.all(fd: fd, crtcIndex: crtcIndex))
        }
        self.savedCRTC = drmModeGetCrtc(fd, output.crtcID)
        flipResult.initialize(to: bezel_flip_result(flips: 0, seconds: 0))
        do {
            let shown = try DumbBuffer(fd: fd, width: mode.width, height: mode.height, format: format)
            back = try DumbBuffer(fd: fd, width: mode.width, height: mode.height, format: format)
            try self.scanout.setMode(showing: shown.framebufferID)
            front = shown
        } catch {
            releaseResources()
            throw error.decisive
        }
    }

    /// Shows `frame` (rendered in cached memory, panel-sized) where `rects` changed: copies
    /// them, and what the hidden buffer missed, into it and flips. Returns false (nothing
    /// done) while a flip is pending: present again after `handleEvents()`.
    ///
    /// `overlays` are the pictures of the layers `placeOverlays` put on planes: each new one is
    /// drawn into its plane's hidden buffer and goes to the screen in the same commit as the
    /// UI (with no UI damage, the commit holds the planes alone).
    @discardableResult
    public func present(_ frame: ImageBuffer, damage rects: [Rect], overlays: [OverlayFrame] = []) -> Bool {
        guard !isFlipPending, isScreenOn, isOutputConnected, let back else { return false }
        if let planeAssignment, !overlays.isEmpty { _ = planeAssignment.draw(overlays) }
        let planesChanged = planeAssignment?.hasChanges ?? false
        guard !rects.isEmpty || planesChanged else { return false }
        let written = rects.isEmpty ? [] : backMissing + rects
        if !rects.isEmpty { back.copy(written, from: frame) }
        flipResult.pointee.flips = 0
        if scanout.flip(to: rects.isEmpty ? nil : back.framebufferID, written: written, planes: planeAssignment,
                        userData: UnsafeMutableRawPointer(flipResult)) {
            isFlipPending = true
            isPrimaryFlipPending = !rects.isEmpty
        } else if rects.isEmpty {
            // The planes alone could not be committed: they stay as they were.
            return false
        } else {
            // No page flips (some drivers): show it at once, then tell the driver.
            scanout.showImmediately(back.framebufferID, written: written)
            isPrimaryFlipPending = true
            flipped(at: 0)
        }
        if !rects.isEmpty { backMissing = rects }
        return true
    }

    /// Whether the pending flip brings a new UI buffer (a commit of planes alone does not).
    private var isPrimaryFlipPending = false

    /// Overlay planes the display can give views' pictures (0: legacy API, or the driver has
    /// none, such as virtio-gpu; everything is drawn in software).
    public var overlayPlaneCount: Int { planeAssignment?.overlayPlaneCount ?? 0 }

    /// The picture revision last committed to the plane of layer `key` (nil: not on a plane).
    public func committedOverlayRevision(forKey key: Int) -> Int? { planeAssignment?.committedRevision(forKey: key) }

    /// The smallest picture an overlay plane's buffer can hold (the driver's minimum
    /// framebuffer size; 1x1 without planes).
    public var minimumOverlaySize: (width: Int, height: Int) { planeAssignment?.minimumBufferSize ?? (1, 1) }

    /// Test commits the plane assignment made so far (steady frames make none).
    public var planeTestCommits: Int { planeAssignment?.testCommits ?? 0 }

    /// Overlay pictures shown from their DMA-BUFs without a copy (committed so far), and why a
    /// plane stopped importing (empty: none did; its pictures are drawn since).
    public var importedOverlayFrames: Int { planeAssignment?.importedFrames ?? 0 }
    public var overlayImportRefusal: String { planeAssignment?.importRefusal ?? "" }

    /// Puts `layers` on overlay planes where the driver can show them (plane assignment:
    /// `PlaneAssignment`); returns the keys placed, from the next `present`. The others, and
    /// any layer not asked for again, are the caller's to draw in software in that same frame.
    public func placeOverlays(_ layers: [OverlayLayer]) -> Set<Int> {
        guard let planeAssignment, isOutputConnected, isScreenOn else { return [] }
        return planeAssignment.place(layers)
    }

    /// Waits (blocking) for the pending flip's event.
    func waitForFlip() {
        while isFlipPending {
            var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 1000) > 0 else { return }
            handleEvents()
        }
    }

    /// The CRTC this display drives, and its connector.
    var crtcIDInUse: UInt32 { crtcID }
    var connectorIDInUse: UInt32 { connectorID }

    /// Lets another program drive the card (a VT switch with direct access: the kernel
    /// switches once the app has let go). `takeMaster()` takes it back.
    public func dropMaster() {
        _ = drmDropMaster(fileDescriptor)
    }

    /// Becomes DRM master again after `dropMaster()`; fails while another program holds it.
    public func takeMaster() throws(DRMError) {
        guard !card.isMaster else { return }
        guard drmSetMaster(fileDescriptor) == 0 else {
            throw DRMError.system("taking \(devicePath) back (DRM master)", tryThis: "Another program still drives the display.")
        }
    }

    /// Shows the screen again after the seat was switched away and back (another program
    /// had the CRTC): sets the mode anew with the buffer last shown; the next present
    /// redraws everything into the other buffer.
    public func reactivate() throws(DRMError) {
        guard let front else { return }
        isFlipPending = false
        isPrimaryFlipPending = false
        planeAssignment?.releaseAll()
        try scanout.setMode(showing: front.framebufferID)
        // Turned off before the switch: off again (the other program may have left it on).
        if !isScreenOn { try scanout.turnOff() }
        backMissing = [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
    }

    /// What a hotplug event did to the output in use.
    public enum HotplugChange: Equatable, Sendable {
        /// Still connected (or still disconnected): nothing to do.
        case none
        /// It went away: drawing is paused (`isOutputConnected` is false).
        case disconnected
        /// It is back, set up again in `mode` and to be drawn in full; `modeChanged`: the
        /// mode differs from before (the window must take the new size).
        case reconnected(modeChanged: Bool)
    }

    /// Re-reads the output's connector after udev reported a hotplug on this card (the
    /// kernel probes it): a disconnected output pauses drawing; one connected again is set
    /// up again in its preferred (or the asked-for) mode, which may differ from before, and
    /// the next present redraws everything.
    public func handleHotplug() throws(DRMError) -> HotplugChange {
        guard let connector = drmModeGetConnector(fileDescriptor, connectorID) else { return .none }
        let connected = connector.pointee.connection == DRM_MODE_CONNECTED
        let modes = (0..<Int(connector.pointee.count_modes)).map { DRMMode(connector.pointee.modes[$0]) }
        drmModeFreeConnector(connector)
        if !connected || modes.isEmpty {
            guard isOutputConnected else { return .none }
            // A flip still pending completes as usual (its event is read by the loop).
            isOutputConnected = false
            return .disconnected
        }
        guard !isOutputConnected else { return .none }
        let output = DRMOutput(name: connectorName, connectorID: connectorID, isConnected: true, modes: modes, crtcID: crtcID)
        let newMode = options.mode.flatMap { $0.match(in: modes) } ?? Self.preferredMode(of: output)
        let modeChanged = newMode.width != mode.width || newMode.height != mode.height || newMode.refreshHz != mode.refreshHz
        if modeChanged {
            // New buffers of the new size, and a scanout that sets the new mode.
            let fd = fileDescriptor
            do {
                let shown = try DumbBuffer(fd: fd, width: newMode.width, height: newMode.height, format: pixelFormat)
                back = try DumbBuffer(fd: fd, width: newMode.width, height: newMode.height, format: pixelFormat)
                front = shown
            } catch {
                throw error.decisive
            }
            var atomic: Scanout?
            if scanout.apiName == "atomic", let plane {
                atomic = AtomicScanout(fd: fd, connectorID: connectorID, crtcID: crtcID, plane: plane, mode: newMode)
            }
            scanout = atomic ?? LegacyScanout(fd: fd, connectorID: connectorID, crtcID: crtcID, mode: newMode)
            mode = newMode
        }
        isOutputConnected = true
        try reactivate()
        return .reconnected(modeChanged: modeChanged)
    }

    /// Whether the output is lit (false after `setScreenOn(false)`: nothing is presented).
    public private(set) var isScreenOn = true

    /// Turns the output off (no signal: the monitor sleeps; for panels without a backlight)
    /// or back on showing the last frame; the next present redraws everything. A flip still
    /// pending is waited for first (at most a frame), so no event is left behind.
    public func setScreenOn(_ on: Bool) throws(DRMError) {
        guard on != isScreenOn else { return }
        if isFlipPending { handleEvents() }
        if on {
            guard let front else { return }
            try scanout.turnOn(showing: front.framebufferID)
            backMissing = [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
        } else {
            try scanout.turnOff()
        }
        isScreenOn = on
    }

    /// Reads page-flip events; returns true when a flip completed (the new frame is on screen).
    /// Reads whatever is there even with no flip pending, so a stray event never leaves the
    /// descriptor readable (the loop would spin on it).
    @discardableResult
    public func handleEvents() -> Bool {
        guard isFlipPending else {
            var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 { _ = bezel_drm_handle_events(fileDescriptor) }
            return false
        }
        _ = bezel_drm_handle_events(fileDescriptor)
        guard flipResult.pointee.flips > 0 else { return false }
        flipped(at: flipResult.pointee.seconds)
        return true
    }

    private func flipped(at time: Double) {
        isFlipPending = false
        flips += 1
        lastFlipTime = time
        if isPrimaryFlipPending { swap(&front, &back) }
        isPrimaryFlipPending = false
    }

    /// Restores the CRTC as it was (the console's framebuffer) and closes the card.
    public func close() {
        if let saved = savedCRTC {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            drmModeSetCrtc(fileDescriptor, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &connector, 1, &savedMode)
        }
        releaseResources()
    }

    private func releaseResources() {
        if let savedCRTC { drmModeFreeCrtc(savedCRTC) }
        front = nil
        back = nil
        flipResult.deallocate()
        card.close()
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    var uniqued: [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// A DRM fourcc as its four characters ("XR24", "RG16").
func fourccName(_ code: UInt32) -> String {
    String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }, as: UTF8.self)
}
