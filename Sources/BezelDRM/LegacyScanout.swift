import Bezel
import CDRM

/// The pre-atomic KMS API: `drmModeSetCrtc` for the mode, `drmModePageFlip` per frame, and
/// `drmModeDirtyFB` where a driver cannot flip (it then shows CPU writes only when told).
@MainActor
final class LegacyScanout: Scanout {
    let apiName = "legacy"
    private let fd: Int32
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var mode: drmModeModeInfo
    private let width: Int
    private let height: Int

    init(fd: Int32, connectorID: UInt32, crtcID: UInt32, mode: DRMMode) {
        self.fd = fd
        self.connectorID = connectorID
        self.crtcID = crtcID
        self.mode = mode.info
        width = mode.width
        height = mode.height
    }

    func setMode(showing framebuffer: UInt32) throws(DRMError) {
        var connector = connectorID
        guard drmModeSetCrtc(fd, crtcID, framebuffer, 0, 0, &connector, 1, &mode) == 0 else {
            throw DRMError.system("setting mode \(width)x\(height)", tryThis: "Try another mode (BEZEL_MODE=list shows them).")
        }
    }

    func flip(to framebuffer: UInt32?, written: [Rect], planes: PlaneAssignment?, userData: UnsafeMutableRawPointer) -> Bool {
        // No overlay planes through the legacy API: `planes` is always nil here.
        guard let framebuffer else { return false }
        return drmModePageFlip(fd, crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0
    }

    func showImmediately(_ framebuffer: UInt32, written: [Rect]) {
        var connector = connectorID
        drmModeSetCrtc(fd, crtcID, framebuffer, 0, 0, &connector, 1, &mode)
        var clips = clipRects(written, width: width, height: height)
        _ = drmModeDirtyFB(fd, framebuffer, &clips, UInt32(clips.count))
    }

    /// The connector's DPMS property (the legacy API's power switch).
    func turnOff() throws(DRMError) {
        try setDPMS(UInt64(DRM_MODE_DPMS_OFF))
    }

    func turnOn(showing framebuffer: UInt32) throws(DRMError) {
        try setDPMS(UInt64(DRM_MODE_DPMS_ON))
        try setMode(showing: framebuffer)
    }

    private func setDPMS(_ value: UInt64) throws(DRMError) {
        let properties = DRMProperties(fd: fd, objectID: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        guard let dpms = properties.ids["DPMS"], drmModeConnectorSetProperty(fd, connectorID, dpms, value) == 0 else {
            throw DRMError.system("setting the output's DPMS to \(value == UInt64(DRM_MODE_DPMS_ON) ? "on" : "off")", tryThis: "Use a backlight device instead (backlight setting), or off_after = 0.")
        }
    }
}
