import Bezel
import CDRM

/// Atomic modesetting: the connector, CRTC and primary plane are set in one commit that the
/// driver checks as a whole; each frame is a non-blocking commit of the plane's framebuffer
/// (with FB_DAMAGE_CLIPS where the driver takes them, so virtio-gpu and USB panels copy
/// only what changed) and a flip event.
@MainActor
final class AtomicScanout: Scanout {
    let apiName = "atomic"
    private let fd: Int32
    private let connectorID: UInt32
    private let crtcID: UInt32
    private let planeID: UInt32
    private let mode: DRMMode
    private let connectorProperties: [String: UInt32]
    private let crtcProperties: [String: UInt32]
    private let planeProperties: [String: UInt32]
    private let damageClipsProperty: UInt32?

    /// Nil when the driver lacks atomic support or a property atomic commits need.
    init?(fd: Int32, connectorID: UInt32, crtcID: UInt32, plane: DisplayPlane, mode: DRMMode) {
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else { return nil }
        let connector = DRMProperties(fd: fd, objectID: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).require(["CRTC_ID"])
        let crtc = DRMProperties(fd: fd, objectID: crtcID, type: UInt32(DRM_MODE_OBJECT_CRTC)).require(["MODE_ID", "ACTIVE"])
        // Atomic-only properties (FB_ID, SRC_*, CRTC_ID...) are visible only once the cap is set.
        let atomicPlane = DRMProperties(fd: fd, objectID: plane.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
        let planeIDs = atomicPlane.require(DisplayPlane.atomicPropertyNames)
        guard case .success(let c) = connector, case .success(let k) = crtc, case .success(let p) = planeIDs else {
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
            return nil
        }
        self.fd = fd
        self.connectorID = connectorID
        self.crtcID = crtcID
        self.planeID = plane.id
        self.mode = mode
        connectorProperties = c
        crtcProperties = k
        planeProperties = p
        damageClipsProperty = atomicPlane.ids["FB_DAMAGE_CLIPS"]
    }

    func setMode(showing framebuffer: UInt32) throws(DRMError) {
        var info = mode.info
        var blob: UInt32 = 0
        guard drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob) == 0 else {
            throw DRMError.system("creating the mode blob for \(mode)", tryThis: "Try another mode (BEZEL_MODE=list shows them).")
        }
        defer { drmModeDestroyPropertyBlob(fd, blob) }
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, connectorID, connectorProperties["CRTC_ID"]!, UInt64(crtcID))
        drmModeAtomicAddProperty(request, crtcID, crtcProperties["MODE_ID"]!, UInt64(blob))
        drmModeAtomicAddProperty(request, crtcID, crtcProperties["ACTIVE"]!, 1)
        let w = UInt64(mode.width), h = UInt64(mode.height)
        for (name, value) in [("FB_ID", UInt64(framebuffer)), ("CRTC_ID", UInt64(crtcID)), ("SRC_X", 0), ("SRC_Y", 0),
                              ("SRC_W", w << 16), ("SRC_H", h << 16), ("CRTC_X", 0), ("CRTC_Y", 0), ("CRTC_W", w), ("CRTC_H", h)] {
            drmModeAtomicAddProperty(request, planeID, planeProperties[name]!, value)
        }
        guard drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0 else {
            throw DRMError.system("setting mode \(mode) (atomic commit)", tryThis: "Try another mode (BEZEL_MODE=list shows them), or BEZEL_DRM_API=legacy.")
        }
    }

    func flip(to framebuffer: UInt32?, written: [Rect], planes: PlaneAssignment?, userData: UnsafeMutableRawPointer) -> Bool {
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        // Overlay planes change in the same commit as the UI: a video leaving its plane is
        // drawn into the UI in the very frame the plane goes off.
        planes?.addChanges(to: request)
        var damageBlob: UInt32 = 0
        if let framebuffer {
            drmModeAtomicAddProperty(request, planeID, planeProperties["FB_ID"]!, UInt64(framebuffer))
        }
        if framebuffer != nil, let damageClipsProperty {
            var clips = clipRects(written, width: mode.width, height: mode.height).map {
                drm_mode_rect(x1: Int32($0.x1), y1: Int32($0.y1), x2: Int32($0.x2), y2: Int32($0.y2))
            }
            if !clips.isEmpty, drmModeCreatePropertyBlob(fd, &clips, MemoryLayout<drm_mode_rect>.stride * clips.count, &damageBlob) == 0 {
                drmModeAtomicAddProperty(request, planeID, damageClipsProperty, UInt64(damageBlob))
            }
        }
        defer { if damageBlob != 0 { drmModeDestroyPropertyBlob(fd, damageBlob) } }
        let flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        guard drmModeAtomicCommit(fd, request, flags, userData) == 0 else { return false }
        planes?.committed()
        return true
    }

    func showImmediately(_ framebuffer: UInt32, written: [Rect]) {
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, planeID, planeProperties["FB_ID"]!, UInt64(framebuffer))
        drmModeAtomicCommit(fd, request, 0, nil)
    }

    /// CRTC `ACTIVE=0`: the atomic API's DPMS off. The mode, the connector's routing and the
    /// plane's framebuffer stay in the state, so `turnOn` is the full commit of `setMode`.
    func turnOff() throws(DRMError) {
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, crtcID, crtcProperties["ACTIVE"]!, 0)
        guard drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0 else {
            throw DRMError.system("turning the output off (atomic ACTIVE=0)", tryThis: "Use a backlight device instead (backlight setting), or off_after = 0.")
        }
    }

    func turnOn(showing framebuffer: UInt32) throws(DRMError) {
        try setMode(showing: framebuffer)
    }
}
