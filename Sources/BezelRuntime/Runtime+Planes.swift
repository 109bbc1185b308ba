import Bezel
import BezelCairo
import BezelDRM

/// Overlay planes for the window's `PlaneContent` views (videos) and scroll views: before each
/// frame is drawn, the pictures a plane can show exactly (`Window.planeRequests`) and the
/// scroll views whose content one can scroll (`Window.scrollPlaneRequests`) are offered to the
/// display, whose plane assignment says which it takes (`DRMDisplay.placeOverlays`); those
/// views leave their picture or content to the plane, the others are drawn in this frame. The
/// planes' pictures then go to the screen in the same commit as the UI: a scroll on a plane
/// is a move of its source rectangle, with the newly exposed content drawn into its buffer
/// (`ScrollPlaneContent`).
extension Runtime {
    /// Offers the pictures to the display's planes and tells each view whether it is on one;
    /// returns the placed pictures for `present`.
    func placePlanes() -> [OverlayFrame] {
        guard let drm, let renderer else { return [] }
        let usable = configuration.usesOverlayPlanes && drm.overlayPlaneCount > 0
        guard usable || !viewsOnPlanes.isEmpty || !scrollPlanes.isEmpty else { return [] }
        window.prepareForFrame()
        // Scroll views: on an upright panel (a plane's turn would have to move the source
        // rectangle the other way; the panels here are upright) with buffers in the budget.
        let (requests, scrollRequests) = usable ? window.allPlaneRequests(scrollViews: configuration.rotation == .none) : ([], [])
        var layers = requests.map { request in
            let image = request.picture.image
            return OverlayLayer(key: Self.planeKey(request.view), destination: renderer.panelPixels(of: [request.windowRect])[0],
                                sourceWidth: Int((image.size.width * image.scale).rounded()), sourceHeight: Int((image.size.height * image.scale).rounded()),
                                rotation: configuration.rotation)
        }
        var scrollContents: [Int: ScrollPlaneContent] = [:]
        var indicators: [Int: [ScrollIndicatorPicture]] = [:]
        for request in scrollRequests {
            let key = Self.planeKey(request.scrollView)
            var content = scrollPlanes[key]?.content
            if content == nil || content?.fitsScrollView == false { content = ScrollPlaneContent(scrollView: request.scrollView, scale: renderer.scale) }
            guard let content else { continue }
            scrollContents[key] = content
            layers.append(OverlayLayer(key: key, destination: renderer.panelPixels(of: [request.windowRect])[0],
                                       scrollBuffer: .init(width: content.width, height: content.height)))
            // Its indicators above it, each on a plane of its own (moved as it scrolls).
            let pictures = content.indicatorPictures(scrollViewAt: request.windowRect.origin, minimumPixels: drm.minimumOverlaySize)
            indicators[key] = pictures
            for picture in pictures {
                layers.append(OverlayLayer(key: Self.indicatorKey(key, picture), blendedAt: renderer.panelPixels(of: [picture.windowRect])[0]))
            }
        }
        var placed = drm.placeOverlays(layers)
        // Indicators only with their content, and all of them or none (the content's buffers
        // draw them otherwise): any other outcome is placed again without them.
        let alone = indicators.filter { key, pictures in
            !pictures.isEmpty && (!placed.contains(key) || !pictures.allSatisfy { placed.contains(Self.indicatorKey(key, $0)) })
        }
        if !alone.isEmpty {
            let dropped = Set(alone.flatMap { key, pictures in pictures.map { Self.indicatorKey(key, $0) } })
            for key in alone.keys { indicators[key] = nil }
            placed = drm.placeOverlays(layers.filter { !dropped.contains($0.key) })
        }
        var frames: [OverlayFrame] = []
        var nowOnPlanes: [Int: (view: any PlaneContent, picture: PlanePicture)] = [:]
        for request in requests {
            let key = Self.planeKey(request.view)
            let on = placed.contains(key)
            if request.view.isOnPlane != on { request.view.isOnPlane = on }
            guard on else { continue }
            nowOnPlanes[key] = (request.view, request.picture)
            frames.append(OverlayFrame(key: key, image: request.picture.image, revision: request.picture.revision, dmaBuf: request.picture.dmaBuf))
        }
        // Views no longer asking (hidden, covered, gone): back into the UI.
        for (key, entry) in viewsOnPlanes where nowOnPlanes[key] == nil { entry.view.isOnPlane = false }
        viewsOnPlanes = nowOnPlanes
        // Scroll views asked for are kept with their buffers' content (a refused one is not
        // given new buffers each frame); those placed get a frame, the others are drawn here.
        var nowScrolling: [Int: (content: ScrollPlaneContent, revision: Int)] = [:]
        for (key, content) in scrollContents {
            let previous = scrollPlanes[key]
            var revision = previous?.revision ?? 0
            guard placed.contains(key) else {
                content.scrollView.isOnPlane = false
                nowScrolling[key] = (content, revision)
                continue
            }
            // A new picture when the content, the offset or the indicators changed (the
            // plane's surface draws a revision it does not hold: a new surface draws it all).
            let arriving = previous?.content !== content || !content.scrollView.isOnPlane
            if arriving { content.invalidate() }
            content.drawsIndicators = indicators[key] == nil
            if arriving || content.needsUpdate { revision += 1 }
            content.scrollView.isOnPlane = true
            nowScrolling[key] = (content, revision)
            frames.append(OverlayFrame(key: key, revision: revision) { shown, hidden in content.update(shown: shown, hidden: hidden) })
            for picture in indicators[key] ?? [] {
                frames.append(OverlayFrame(key: Self.indicatorKey(key, picture), revision: picture.revision, drawn: picture.draw))
            }
        }
        for (key, entry) in scrollPlanes where nowScrolling[key] == nil {
            entry.content.scrollView.isOnPlane = false
        }
        scrollPlanes = nowScrolling
        return frames
    }

    /// The picture an overlay plane shows for `view` since the last commit (on screen once
    /// that commit's flip is reported: `onFrameShown`); nil when no plane shows it. The view's
    /// own `planePicture` may already be a newer one (a video decodes on while a flip is
    /// pending), so a check of the screen composes this one.
    public func committedPlanePicture(of view: any PlaneContent) -> PlanePicture? {
        guard let entry = viewsOnPlanes[Self.planeKey(view)],
              drm?.committedOverlayRevision(forKey: Self.planeKey(view)) == entry.picture.revision else { return nil }
        return entry.picture
    }

    /// The frame the display composes, overlay planes included, read back through its
    /// writeback connector (`DRMDisplay.captureComposedFrame`); nil without a DRM display.
    public func captureComposedFrame() throws(DRMError) -> ImageBuffer? {
        try drm?.captureComposedFrame()
    }

    /// Overlay pictures the display showed from their DMA-BUFs, without a copy, and why it
    /// stopped importing them (empty: it did not; `DRMDisplay.importedOverlayFrames`).
    public var importedOverlayFrames: Int { drm?.importedOverlayFrames ?? 0 }
    public var overlayImportRefusal: String { drm?.overlayImportRefusal ?? "" }

    /// Overlay planes the display offers (0 without DRM, on the legacy API, or on drivers
    /// without them).
    public var overlayPlaneCount: Int { drm?.overlayPlaneCount ?? 0 }

    /// Test commits the plane assignment made (steady frames make none).
    public var planeTestCommits: Int { drm?.planeTestCommits ?? 0 }

    /// A layer's key: its view's address (a multiple of 16, so a scroll view's indicators'
    /// keys, its own plus 1 or 2, are no other view's).
    private static func planeKey(_ view: AnyObject) -> Int { Int(bitPattern: ObjectIdentifier(view)) }

    /// A scroll view's indicator's layer: its content's key plus 1 or 2.
    private static func indicatorKey(_ key: Int, _ picture: ScrollIndicatorPicture) -> Int { key &+ 1 &+ picture.index }
}

extension Runtime {
    /// The buffers' content of `scrollView` while a plane scrolls it (its counters: pixels
    /// drawn and copied, moves of its buffers); nil while it is drawn in the UI.
    public func scrollPlaneContent(of scrollView: ScrollView) -> ScrollPlaneContent? {
        guard scrollView.isOnPlane else { return nil }
        return scrollPlanes[Self.planeKey(scrollView)]?.content
    }
}

extension Runtime {
    /// Whether a frame was committed and is not on screen yet (its page flip is pending).
    public var isFramePending: Bool { drm?.isFlipPending ?? false }
}
