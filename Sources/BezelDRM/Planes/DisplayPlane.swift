import CDRM

/// One of the planes a CRTC can scan out (KMS's unit of composition): the primary plane
/// (the UI), overlay planes (video, a scrolled strip) and the cursor plane, with the pixel
/// formats, rotations and stacking it takes. Read once when the display opens.
struct DisplayPlane {
    enum Kind: Equatable { case primary, overlay, cursor }

    let id: UInt32
    let kind: Kind
    let formats: [UInt32]
    let properties: DRMProperties
    /// The rotations the plane's `rotation` property takes (DRM_MODE_ROTATE_* and
    /// DRM_MODE_REFLECT_* bits); empty when the plane has no such property (vkms in 6.1).
    let rotations: UInt64

    /// The properties an atomic commit sets on a plane (visible only once the atomic client
    /// cap is set).
    static let atomicPropertyNames = ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"]

    /// The primary plane of CRTC number `crtcIndex` (the one that scans out the whole
    /// screen), if the driver exposes planes (universal planes).
    static func primary(fd: Int32, crtcIndex: Int) -> DisplayPlane? {
        all(fd: fd, crtcIndex: crtcIndex).first { $0.kind == .primary }
    }

    /// Every plane that can drive CRTC number `crtcIndex`, in the kernel's order (which is
    /// also the stacking order of drivers without a `zpos` property: primary at the bottom,
    /// overlays above it in turn). Empty without universal planes.
    static func all(fd: Int32, crtcIndex: Int) -> [DisplayPlane] {
        guard let resources = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(resources) }
        var planes: [DisplayPlane] = []
        for i in 0..<Int(resources.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd, resources.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 else { continue }
            let properties = DRMProperties(fd: fd, objectID: plane.pointee.plane_id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            let kind: Kind
            switch properties.values["type"] {
            case UInt64(DRM_PLANE_TYPE_PRIMARY): kind = .primary
            case UInt64(DRM_PLANE_TYPE_CURSOR): kind = .cursor
            default: kind = .overlay
            }
            planes.append(DisplayPlane(id: plane.pointee.plane_id, kind: kind,
                                       formats: (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] },
                                       properties: properties, rotations: Self.rotations(fd: fd, property: properties.ids["rotation"])))
        }
        return planes
    }

    /// The bits the `rotation` bitmask property may hold.
    private static func rotations(fd: Int32, property: UInt32?) -> UInt64 {
        guard let property, let info = drmModeGetProperty(fd, property) else { return 0 }
        defer { drmModeFreeProperty(info) }
        var bits: UInt64 = 0
        for i in 0..<Int(info.pointee.count_enums) { bits |= 1 << info.pointee.enums[i].value }
        return bits
    }
}
