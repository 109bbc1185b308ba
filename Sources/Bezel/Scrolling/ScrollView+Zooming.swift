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
        zoom(to: min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale)), around: nil)
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
