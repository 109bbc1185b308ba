extension ScrollView {
    /// Creates or removes the pinch recognizer as the zoom range allows zooming.
    func updateZoomRecognizer() {
        let zoomable = maximumZoomScale > minimumZoomScale && minimumZoomScale > 0
        if zoomable, pinchGestureRecognizer == nil {
            let pinch = PinchGestureRecognizer { [unowned self] recognizer in
                self.handlePinch(recognizer as! PinchGestureRecognizer)
            }
            pinch.name = "scrollViewPinch"
            pinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
        } else if !zoomable, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
        if zoomScale < minimumZoomScale || zoomScale > maximumZoomScale {
            setZoomScale(min(max(zoomScale, minimumZoomScale), maximumZoomScale))
        }
    }

    /// Scales the delegate's `viewForZooming` (its frame size, and the content size with it)
    /// about the view's origin. Its subviews scale when view transforms arrive with the
    /// rendering layer; until then the zoomed view's own frame carries the scale.
    public func setZoomScale(_ scale: Double, animated: Bool = false) {
        guard scale.isFinite, scale > 0 else {
            Diagnostics.report(.apiMisuse, "setZoomScale(\(scale)): must be finite and positive; ignored")
            return
        }
        let target = min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
        animateZoomChange(animated) { self.zoom(to: target, around: nil) }
    }

    /// Zooms so that `rect` (content coordinates at zoom scale 1, as UIKit's) fills the scroll view as far as the zoom range
    /// allows, centred; animated, the zoom runs as a 0.3 s view animation.
    public func zoom(to rect: Rect, animated: Bool) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else {
            Diagnostics.report(.apiMisuse, "zoom(to: \(rect)): not a finite, non-empty rectangle; ignored")
            return
        }
        let scale = clampedZoom(min(bounds.width / r.width, bounds.height / r.height))
        animateZoomChange(animated) {
            self.zoom(to: scale, around: nil)
            let centre = Point(x: r.midX * scale, y: r.midY * scale)
            self.applyOffset(self.clamped(Point(x: centre.x - self.bounds.width / 2, y: centre.y - self.bounds.height / 2)))
        }
    }

    /// Runs a zoom change at once or as a view animation (the zoomed view's frame and the
    /// offset move together), telling the delegate when it is over, as UIKit does.
    private func animateZoomChange(_ animated: Bool, _ change: @escaping () -> Void) {
        guard animated, window != nil else { return change() }
        View.animate(withDuration: Self.animatedScrollDuration, options: .curveEaseOut, animations: change) { [weak self] _ in
            guard let self else { return }
            self.delegate?.scrollViewDidEndZooming(self, with: self.delegate?.viewForZooming(in: self), atScale: self.zoomScale)
        }
    }

    private func handlePinch(_ pinch: PinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            isZooming = true
            zoomStartScale = zoomScale
            delegate?.scrollViewWillBeginZooming(self, with: delegate?.viewForZooming(in: self))
            zoom(to: clampedZoom(zoomStartScale * pinch.scale), around: pinch.location(in: self))
        case .changed:
            zoom(to: clampedZoom(zoomStartScale * pinch.scale), around: pinch.location(in: self))
        case .ended, .cancelled, .failed:
            isZooming = false
            delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: zoomScale)
        case .possible:
            break
        }
    }

    private func clampedZoom(_ scale: Double) -> Double {
        min(max(scale, minimumZoomScale), maximumZoomScale)
    }

    /// Applies `scale`, keeping the content point under `anchor` (scroll-view coordinates) fixed.
    private func zoom(to scale: Double, around anchor: Point?) {
        guard let view = delegate?.viewForZooming(in: self), scale != zoomScale else { return }
        if zoomBaseSize == .zero || zoomScale == 1 && zoomBaseSize != view.frame.size {
            zoomBaseSize = Size(width: view.frame.width / zoomScale, height: view.frame.height / zoomScale)
        }
        let old = zoomScale
        zoomScale = scale
        view.frame.size = Size(width: zoomBaseSize.width * scale, height: zoomBaseSize.height * scale)
        contentSize = view.frame.size
        let pivot = anchor ?? Point(x: boundsOrigin.x + bounds.width / 2, y: boundsOrigin.y + bounds.height / 2)
        let ratio = scale / old
        let offset = Point(x: (pivot.x) * ratio - (pivot.x - boundsOrigin.x), y: pivot.y * ratio - (pivot.y - boundsOrigin.y))
        applyOffset(clamped(offset))
        delegate?.scrollViewDidZoom(self)
    }
}
