import Bezel
import BezelCairo
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// The DRM/KMS display: a card, its first connected connector in its preferred mode, a CRTC,
/// and two dumb buffers shown in turn with page flips (legacy API). Frames are rendered in
/// cached memory; each present copies into the hidden buffer the damage of this frame and of
/// the previous one (the hidden buffer missed it: buffer age 2), then flips. A present asked
/// for while a flip is pending waits for it (`isFlipPending`; the runtime presents again when
/// `handleEvents()` reports the flip). On close the CRTC is restored (the console comes back).
@MainActor
public final class DRMDisplay {
    public let devicePath: String
    public let connectorName: String
    public let width: Int
    public let height: Int
    public let refreshHz: Int
    private let fd: Int32
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var mode: drmModeModeInfo
    private let savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    /// The buffer on screen and the one being prepared.
    private var front: DumbBuffer?
    private var back: DumbBuffer?
    /// What the hidden buffer lacks: the damage shown since it was last on screen.
    private var backMissing: [Rect] = []
    private let flipResult = UnsafeMutablePointer<bezel_flip_result>.allocate(capacity: 1)
    public private(set) var isFlipPending = false
    /// Completed flips so far (and the time of the last one, CLOCK_MONOTONIC seconds).
    public private(set) var flips = 0
    public private(set) var lastFlipTime: Double = 0

    /// The descriptor page-flip events arrive on (watch it, then call `handleEvents()`).
    public var fileDescriptor: Int32 { fd }

    /// Opens `path` (default: `BEZEL_DRM_DEVICE`, else the first /dev/dri/card* with a
    /// connected connector), picks the connector and mode, and shows a black frame.
    public init(path: String? = nil) throws(DRMError) {
        let candidates = path.map { [$0] } ?? Environment.value("BEZEL_DRM_DEVICE").map { [$0] }
            ?? (0..<8).map { "/dev/dri/card\($0)" }
        var lastError: DRMError?
        for candidate in candidates {
            let fd = open(candidate, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                if bezel_drm_errno() != ENOENT || path != nil {
                    lastError = DRMError.system("opening \(candidate)", tryThis: "Check that the DRM driver is loaded (ls /dev/dri).")
                }
                continue
            }
            guard let resources = drmModeGetResources(fd) else {
                Glibc.close(fd)
                lastError = DRMError(what: "\(candidate)", why: "not a KMS device (a render-only node?)", tryThis: "Use a card with display outputs.")
                continue
            }
            defer { drmModeFreeResources(resources) }
            var found: (UInt32, drmModeModeInfo, UInt32, UInt32, String)?
            for i in 0..<Int(resources.pointee.count_connectors) {
                guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
                defer { drmModeFreeConnector(connector) }
                guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.count_modes > 0 else { continue }
                var mode = connector.pointee.modes[0]
                for m in 0..<Int(connector.pointee.count_modes) where connector.pointee.modes[m].type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 {
                    mode = connector.pointee.modes[m]
                    break
                }
                // The CRTC of the connector's encoder, else the first CRTC the encoder can drive.
                var crtc: UInt32 = 0
                if let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id) {
                    crtc = encoder.pointee.crtc_id
                    drmModeFreeEncoder(encoder)
                }
                if crtc == 0 {
                    for e in 0..<Int(connector.pointee.count_encoders) {
                        guard let encoder = drmModeGetEncoder(fd, connector.pointee.encoders[e]) else { continue }
                        defer { drmModeFreeEncoder(encoder) }
                        for c in 0..<Int(resources.pointee.count_crtcs) where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                            crtc = resources.pointee.crtcs[c]
                            break
                        }
                        if crtc != 0 { break }
                    }
                }
                guard crtc != 0 else { continue }
                let typeName = String(cString: drmModeGetConnectorTypeName(connector.pointee.connector_type))
                found = (connector.pointee.connector_id, mode, crtc, connector.pointee.connector_type_id, typeName)
                break
            }
            guard let (connectorID, mode, crtcID, typeID, typeName) = found else {
                Glibc.close(fd)
                lastError = DRMError(what: candidate, why: "no connected connector", tryThis: "Plug the panel in (or check its cable and the boot config).")
                continue
            }
            self.fd = fd
            self.devicePath = candidate
            self.connectorID = connectorID
            self.crtcID = crtcID
            self.mode = mode
            self.width = Int(mode.hdisplay)
            self.height = Int(mode.vdisplay)
            self.refreshHz = Int(mode.vrefresh)
            self.connectorName = "\(typeName)-\(typeID)"
            self.savedCRTC = drmModeGetCrtc(fd, crtcID)
            flipResult.initialize(to: bezel_flip_result(flips: 0, seconds: 0))
            let shown = try DumbBuffer(fd: fd, width: width, height: height)
            back = try DumbBuffer(fd: fd, width: width, height: height)
            var connector = connectorID
            guard drmModeSetCrtc(fd, crtcID, shown.framebufferID, 0, 0, &connector, 1, &self.mode) == 0 else {
                throw DRMError.system("setting mode \(width)x\(height) on \(connectorName)", tryThis: "Try another mode (BEZEL_MODE).")
            }
            front = shown
            return
        }
        throw lastError ?? DRMError(what: "DRM", why: "no card found in /dev/dri", tryThis: "Load the display driver, or run headless (BEZEL_BACKEND=headless).")
    }

    /// Shows `frame` (rendered in cached memory, panel-sized) where `rects` changed: copies
    /// them, and what the hidden buffer missed, into it and flips. Returns false (nothing
    /// done) while a flip is pending: present again after `handleEvents()`.
    @discardableResult
    public func present(_ frame: ImageBuffer, damage rects: [Rect]) -> Bool {
        guard !isFlipPending, let back, let target = back.image, !rects.isEmpty else { return false }
        frame.copy(backMissing + rects, to: target)
        flipResult.pointee.flips = 0
        if drmModePageFlip(fd, crtcID, back.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flipResult) == 0 {
            isFlipPending = true
        } else {
            // No page flips (some drivers): show it with a mode set, then tell the driver.
            var connector = connectorID
            drmModeSetCrtc(fd, crtcID, back.framebufferID, 0, 0, &connector, 1, &mode)
            var clips = rects.map { r -> drm_clip_rect in
                let i = r.integral
                return drm_clip_rect(x1: UInt16(max(0, i.minX)), y1: UInt16(max(0, i.minY)),
                                     x2: UInt16(min(Double(width), i.maxX)), y2: UInt16(min(Double(height), i.maxY)))
            }
            _ = drmModeDirtyFB(fd, back.framebufferID, &clips, UInt32(clips.count))
            flipped(at: 0)
        }
        backMissing = rects
        return true
    }

    /// Reads page-flip events; returns true when a flip completed (the new frame is on screen).
    @discardableResult
    public func handleEvents() -> Bool {
        guard isFlipPending else { return false }
        _ = bezel_drm_handle_events(fd)
        guard flipResult.pointee.flips > 0 else { return false }
        flipped(at: flipResult.pointee.seconds)
        return true
    }

    private func flipped(at time: Double) {
        isFlipPending = false
        flips += 1
        lastFlipTime = time
        swap(&front, &back)
    }

    /// Restores the CRTC as it was and closes the card.
    public func close() {
        if let saved = savedCRTC {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            drmModeSetCrtc(fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &connector, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
        front = nil
        back = nil
        flipResult.deallocate()
        Glibc.close(fd)
    }
}
