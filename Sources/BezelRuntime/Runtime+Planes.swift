import Bezel
import BezelCairo
import BezelDRM

/// Overlay planes for the window's `PlaneContent` views (videos): before each frame is drawn,
/// the pictures a plane can show exactly (`Window.planeRequests`) are offered to the display,
/// whose plane assignment says which it takes (`DRMDisplay.placeOverlays`); those views leave
/// their picture to the plane, the others draw it in this frame. The pictures then go to the
/// screen in the same commit as the UI.
extension Runtime {
    /// Offers the pictures to the display's planes and tells each view whether it is on one;
    /// returns the placed pictures for `present`.
    func placePlanes() -> [OverlayFrame] {
        guard let drm, let renderer else { return [] }
        let usable = configuration.usesOverlayPlanes && drm.overlayPlaneCount > 0
        guard usable || !viewsOnPlanes.isEmpty else { return [] }
        window.prepareForFrame()
        let requests = usable ? window.planeRequests() : []
        let layers = requests.map { request in
            let image = request.picture.image
            return OverlayLayer(key: Self.planeKey(request.view), destination: renderer.panelPixels(of: [request.windowRect])[0],
                                sourceWidth: Int((image.size.width * image.scale).rounded()), sourceHeight: Int((image.size.height * image.scale).rounded()),
                                rotation: configuration.rotation)
        }
        let placed = drm.placeOverlays(layers)
        var frames: [OverlayFrame] = []
        var nowOnPlanes: [Int: any PlaneContent] = [:]
        for request in requests {
            let key = Self.planeKey(request.view)
            let on = placed.contains(key)
            if request.view.isOnPlane != on { request.view.isOnPlane = on }
            guard on else { continue }
            nowOnPlanes[key] = request.view
            frames.append(OverlayFrame(key: key, image: request.picture.image, revision: request.picture.revision))
        }
        // Views no longer asking (hidden, covered, gone): back into the UI.
        for (key, view) in viewsOnPlanes where nowOnPlanes[key] == nil { view.isOnPlane = false }
        viewsOnPlanes = nowOnPlanes
        return frames
    }

    /// Whether an overlay plane shows `view`'s picture now, and which revision of it (the one
    /// of the last commit; on screen once that commit's flip is reported: `onFrameShown`).
    public func planeRevision(of view: any PlaneContent) -> Int? {
        guard viewsOnPlanes[Self.planeKey(view)] != nil else { return nil }
        return drm?.committedOverlayRevision(forKey: Self.planeKey(view))
    }

    /// The frame the display composes, overlay planes included, read back through its
    /// writeback connector (`DRMDisplay.captureComposedFrame`); nil without a DRM display.
    public func captureComposedFrame() throws(DRMError) -> ImageBuffer? {
        try drm?.captureComposedFrame()
    }

    /// Overlay planes the display offers (0 without DRM, on the legacy API, or on drivers
    /// without them).
    public var overlayPlaneCount: Int { drm?.overlayPlaneCount ?? 0 }

    /// Test commits the plane assignment made (steady frames make none).
    public var planeTestCommits: Int { drm?.planeTestCommits ?? 0 }

    private static func planeKey(_ view: any PlaneContent) -> Int { ObjectIdentifier(view).hashValue }
}
