import Bezel
import BezelCairo
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// The DRM/KMS display: a card, its first connected connector in its preferred mode (or the
/// one asked for), a CRTC, and a scanout buffer frames are copied into. On close the CRTC is
/// restored as it was (the console comes back).
///
/// This first version scans out one dumb buffer, updated in place by copying the damaged
/// rectangles (rendered in cached memory) and flushed with DirtyFB, which virtio-gpu needs
/// and other drivers accept. Double buffering with page flips is the next step (issue 5).
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
    private var scanout: DumbBuffer?

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
            let buffer = try DumbBuffer(fd: fd, width: width, height: height)
            var connector = connectorID
            guard drmModeSetCrtc(fd, crtcID, buffer.framebufferID, 0, 0, &connector, 1, &self.mode) == 0 else {
                throw DRMError.system("setting mode \(width)x\(height) on \(connectorName)", tryThis: "Try another mode (BEZEL_MODE).")
            }
            scanout = buffer
            return
        }
        throw lastError ?? DRMError(what: "DRM", why: "no card found in /dev/dri", tryThis: "Load the display driver, or run headless (BEZEL_BACKEND=headless).")
    }

    /// Copies `rects` of `frame` (rendered in cached memory, panel-sized) into the scanout
    /// buffer and tells the driver which parts changed.
    public func present(_ frame: ImageBuffer, damage rects: [Rect]) {
        guard let scanout, let target = scanout.image, !rects.isEmpty else { return }
        frame.copy(rects, to: target)
        var clips = rects.map { r -> drm_clip_rect in
            let i = r.integral
            return drm_clip_rect(x1: UInt16(max(0, i.minX)), y1: UInt16(max(0, i.minY)),
                                 x2: UInt16(min(Double(width), i.maxX)), y2: UInt16(min(Double(height), i.maxY)))
        }
        _ = drmModeDirtyFB(fd, scanout.framebufferID, &clips, UInt32(clips.count))
    }

    /// Restores the CRTC as it was and closes the card.
    public func close() {
        if let saved = savedCRTC {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            drmModeSetCrtc(fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &connector, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
        scanout = nil
        Glibc.close(fd)
    }
}
