import Bezel
import BezelCairo
import CDRM
#if canImport(Glibc)
import Glibc
#endif

extension DRMDisplay {
    /// The frame the CRTC composes (the UI's primary plane with every overlay plane on it),
    /// read back through the driver's writeback connector: what the panel shows, planes
    /// included, which a copy of the UI's own buffer is not. Drivers with writeback: vkms,
    /// the Pi's vc4 (its TXP), Rockchip, Mali-DP. A blocking commit (a pending flip is waited
    /// for first) and a wait on its out-fence, at most `timeout` seconds.
    public func captureComposedFrame(timeout: Double = 10) throws(DRMError) -> ImageBuffer {
        if isFlipPending { waitForFlip() }
        let fd = fileDescriptor
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0 else {
            throw DRMError(what: devicePath, why: "the driver has no writeback connectors (or no atomic modesetting)", tryThis: "Capture the UI's own frame instead (a screenshot).")
        }
        guard let connector = writebackConnector() else {
            throw DRMError(what: devicePath, why: "no writeback connector", tryThis: "Capture the UI's own frame instead (a screenshot).")
        }
        let properties = DRMProperties(fd: fd, objectID: connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        guard case .success(let ids) = properties.require(["CRTC_ID", "WRITEBACK_FB_ID", "WRITEBACK_OUT_FENCE_PTR"]) else {
            throw DRMError(what: devicePath, why: "its writeback connector lacks the writeback properties", tryThis: "Capture the UI's own frame instead (a screenshot).")
        }
        let buffer = try DumbBuffer(fd: fd, width: width, height: height)
        let outputConnector = DRMProperties(fd: fd, objectID: connectorIDInUse, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).ids["CRTC_ID"]
        var fence: Int32 = -1
        /// The writeback connector on the CRTC (beside the output, or instead of it: drivers
        /// whose encoders cannot be cloned refuse both, vkms in 6.1 among them).
        func attach(detachingOutput: Bool) -> Int32 {
            withUnsafeMutablePointer(to: &fence) { fencePointer in
                let request = drmModeAtomicAlloc()
                defer { drmModeAtomicFree(request) }
                if detachingOutput, let outputConnector { drmModeAtomicAddProperty(request, connectorIDInUse, outputConnector, 0) }
                drmModeAtomicAddProperty(request, connector, ids["CRTC_ID"]!, UInt64(crtcIDInUse))
                drmModeAtomicAddProperty(request, connector, ids["WRITEBACK_FB_ID"]!, UInt64(buffer.framebufferID))
                drmModeAtomicAddProperty(request, connector, ids["WRITEBACK_OUT_FENCE_PTR"]!, UInt64(UInt(bitPattern: fencePointer)))
                return drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
            }
        }
        var detached = false
        var committed = attach(detachingOutput: false)
        if committed != 0, outputConnector != nil {
            detached = true
            committed = attach(detachingOutput: true)
        }
        // The connector leaves the CRTC again whatever happened, the output back on it (a
        // modeset: no flip event).
        defer {
            let request = drmModeAtomicAlloc()
            drmModeAtomicAddProperty(request, connector, ids["CRTC_ID"]!, 0)
            drmModeAtomicAddProperty(request, connector, ids["WRITEBACK_FB_ID"]!, 0)
            if detached, let outputConnector { drmModeAtomicAddProperty(request, connectorIDInUse, outputConnector, UInt64(crtcIDInUse)) }
            drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
            drmModeAtomicFree(request)
        }
        guard committed == 0 else {
            throw DRMError.system("attaching the writeback connector", tryThis: "Check the kernel log (dmesg) for what the driver refused.")
        }
        if fence >= 0 {
            defer { Glibc.close(fence) }
            var ready = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(timeout * 1000)) == 1 else {
                throw DRMError(what: devicePath, why: "the writeback did not complete within \(timeout) s", tryThis: "Check the kernel log (dmesg).")
            }
        }
        guard let mapped = buffer.mappedImage else {
            throw DRMError(what: devicePath, why: "the writeback buffer could not be mapped", tryThis: "Check the memory available to the process.")
        }
        let copy: ImageBuffer
        do { copy = try ImageBuffer(width: width, height: height) } catch {
            throw DRMError(what: devicePath, why: "no memory for the captured frame (\(error))", tryThis: "Check the memory available to the process.")
        }
        mapped.copy([Rect(x: 0, y: 0, width: Double(width), height: Double(height))], to: copy)
        return copy
    }

    /// The first writeback connector of the card (visible once the client cap is set).
    private func writebackConnector() -> UInt32? {
        guard let resources = drmModeGetResources(fileDescriptor) else { return nil }
        defer { drmModeFreeResources(resources) }
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fileDescriptor, resources.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            if connector.pointee.connector_type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK) { return connector.pointee.connector_id }
        }
        return nil
    }
}
