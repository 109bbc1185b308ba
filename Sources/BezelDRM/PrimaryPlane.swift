import CDRM

/// The primary plane of a CRTC (the one that scans out the whole screen) and the pixel
/// formats it takes. Needs universal planes (`DRM_CLIENT_CAP_UNIVERSAL_PLANES`) to be visible.
struct PrimaryPlane {
    let id: UInt32
    let formats: [UInt32]
    let properties: DRMProperties

    /// The primary plane that can drive CRTC number `crtcIndex`, if the driver exposes planes.
    init?(fd: Int32, crtcIndex: Int) {
        guard let resources = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(resources) }
        for i in 0..<Int(resources.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd, resources.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 else { continue }
            let properties = DRMProperties(fd: fd, objectID: plane.pointee.plane_id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard properties.values["type"] == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            id = plane.pointee.plane_id
            formats = (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
            self.properties = properties
            return
        }
        return nil
    }
}
