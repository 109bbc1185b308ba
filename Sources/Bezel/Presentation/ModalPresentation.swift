/// One modal presentation: a container over the whole window holding an optional dimming view
/// and the presented controller's view, and the transitions in and out with UIKit's
/// appearance callbacks. The container takes every touch that lands outside the presented
/// view, so nothing under the presentation is hit (UIKit's rule); the dimming view itself
/// takes no touch.
@MainActor
final class ModalPresentation {
    /// UIKit's transition durations are not documented; these are Bezel's, close to what iOS
    /// shows: a sheet slides in 0.35 s (the navigation push's duration), fades take 0.3 s, an
    /// alert zooms and fades in 0.25 s and fades out in 0.2 s.
    static let coverDuration: TimeInterval = 0.35
    static let fadeDuration: TimeInterval = 0.3
    static var alertInDuration: TimeInterval { AlertController.presentationDuration }
    static var alertOutDuration: TimeInterval { AlertController.dismissalDuration }
    /// An alert grows to its size from 1.2 times it, as UIKit's does.
    static let alertStartScale = 1.2
    /// UIKit's dimming view: black at 40 %.
    static let dimmingColor = Color.black.withAlpha(0.4)
    /// UIKit's form sheet size and the margin kept on a smaller screen.
    static let formSheetSize = Size(width: 540, height: 620)
    static let formSheetMargin = 20.0
    /// A form sheet's corners: 10 pt, UIKit's sheets (iOS 13 and later).
    static let formSheetCornerRadius = 10.0
    /// The margin kept above a keyboard when `formSheetMargin` leaves no room (UIKit's 8 pt).
    static let tightMargin = 8.0

    /// Weak: a transition's completion may run after the app let the presenter go (a window's
    /// root replaced while a modal slides in); an unowned reference trapped there.
    weak var presenter: ViewController?
    let presented: ViewController
    let style: ModalPresentationStyle
    let container: View
    let dimmingView: View?
    private(set) var isTransitioning = false
    /// From the start of `show` (`hide`) until the presented controller's `viewDidAppear`
    /// (`viewDidDisappear`) returned: what `isBeingPresented` and `isBeingDismissed` say, true
    /// inside the appearance callbacks as UIKit's guide has it, animated or not.
    enum Phase { case presenting, dismissing }
    private(set) var phase: Phase?
    /// From `hide` on: a controller being dismissed presents nothing more.
    private(set) var isHiding = false
    /// The running transition's end, run once: by its animation's completion, or earlier by
    /// `finishTransitionNow` when an ancestor's dismissal takes this presentation along.
    private var pendingFinish: ((Bool) -> Void)?
    /// Where a full-screen presentation took the presenter's view from: the superview weakly
    /// (it is usually the window, which holds the presenter, which holds this presentation
    /// through the controller it presents: a window released with a modal up was never freed,
    /// issue 37 item 14).
    private struct CoveredPlace {
        weak var superview: View?
        let index: Int
    }
    private var coveredPlace: CoveredPlace?
    /// A form sheet's keyboard observers (it moves up out of the keyboard's way).
    private var keyboardObservers: [NotificationCenter.ObserverToken] = []
    private weak var keyboardCenter: NotificationCenter?

    init(presenter: ViewController, presented: ViewController) {
        self.presenter = presenter
        self.presented = presented
        style = presented.modalPresentationStyle
        let container = PresentationContainerView()
        container.presented = presented
        self.container = container
        container.name = "presentation(\(presented.debugName))"
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // The spoken mode reads only what is presented (UIKit's modal presentations do this).
        container.accessibilityViewIsModal = true
        if style == .fullScreen {
            dimmingView = nil
        } else {
            let dimming = View()
            dimming.name = "dimming"
            dimming.backgroundColor = Self.dimmingColor
            dimming.isUserInteractionEnabled = false
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimmingView = dimming
        }
    }

    /// Where the presented view sits in a container of `bounds`. A form sheet takes the
    /// controller's `preferredContentSize` (else UIKit's 540 x 620), centred, and moves up to
    /// stay `formSheetMargin` above a keyboard covering `keyboard` (in the container's
    /// coordinates: the window's), as iPad form sheets do; never above the top margin.
    static func frame(for controller: ViewController, in bounds: Rect, keyboard: Rect = .zero) -> Rect {
        var frame: Rect
        if let custom = controller.preferredPresentationFrame(in: bounds) {
            frame = custom
        } else {
            switch controller.modalPresentationStyle {
            case .fullScreen, .overFullScreen:
                return bounds
            case .formSheet:
                let preferred = controller.preferredContentSize
                let wanted = preferred.width > 0 && preferred.height > 0 && preferred.width.isFinite && preferred.height.isFinite ? preferred : formSheetSize
                let width = min(wanted.width, max(0, bounds.width - 2 * formSheetMargin))
                let height = min(wanted.height, max(0, bounds.height - 2 * formSheetMargin))
                frame = Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
            }
        }
        if keyboard != .zero, avoidsKeyboard(controller), frame.maxY > keyboard.minY - formSheetMargin {
            frame.origin.y = keyboard.minY - formSheetMargin - frame.height
            // Too tall for the margins: 8 pt above and below (UIKit's tight spacing), then the
            // top margin wins (the top is where its title is read).
            if frame.minY < bounds.minY + formSheetMargin {
                frame.origin.y = max(bounds.minY + tightMargin, keyboard.minY - tightMargin - frame.height)
            }
        }
        return frame
    }

    /// Form sheets and alerts with text fields move up out of the keyboard's way.
    static func avoidsKeyboard(_ controller: ViewController) -> Bool {
        controller.modalPresentationStyle == .formSheet || controller.presentationAvoidsKeyboard
    }

    /// A form sheet follows the keyboard: up when it slides in, back when it goes, in the
    /// keyboard's own duration.
    private func followKeyboard(in window: Window) {
        guard Self.avoidsKeyboard(presented), keyboardObservers.isEmpty, let center = window.application?.notificationCenter else { return }
        keyboardCenter = center
        for name in [Responder.keyboardWillShowNotification, Responder.keyboardWillHideNotification] {
            keyboardObservers.append(center.addObserver(forName: name) { [weak self, weak window] note in
                guard let self, let window, !self.isHiding, self.container.window === window else { return }
                let frame = Self.frame(for: self.presented, in: self.container.bounds, keyboard: window.keyboardFrame)
                let view = self.presented.view
                guard frame != view.frame else { return }
                let duration = note.userInfo[Responder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
                guard duration > 0 else { return view.frame = frame }
                View.animate(withDuration: duration, options: [.curveEaseInOut, .beginFromCurrentState], animations: { view.frame = frame })
            })
        }
    }

    private func stopFollowingKeyboard() {
        for token in keyboardObservers { keyboardCenter?.removeObserver(token) }
        keyboardObservers.removeAll()
    }

    /// A presentation freed without being dismissed (its window went) takes its observers out
    /// of the application's notification centre too. (Isolated: presentations are few, unlike
    /// views, whose deinits avoid the executor check: Platform/UnownedReferences.swift.)
    isolated deinit {
        for token in keyboardObservers { keyboardCenter?.removeObserver(token) }
    }

    static func duration(of motion: PresentationMotion, appearing: Bool) -> TimeInterval {
        switch motion {
        case .coverVertical: coverDuration
        case .crossDissolve: fadeDuration
        case .alert: appearing ? alertInDuration : alertOutDuration
        }
    }

    // MARK: In

    func show(in window: Window, animated: Bool, completion: (() -> Void)?) {
        phase = .presenting
        container.frame = window.bounds
        if let dimmingView {
            dimmingView.frame = container.bounds
            container.addSubview(dimmingView)
        }
        let view = presented.view
        view.frame = Self.frame(for: presented, in: container.bounds, keyboard: window.keyboardFrame)
        // A form sheet's rounded corners (UIKit's sheets since iOS 13), its content clipped to
        // them, unless the app gave the view corners of its own.
        if style == .formSheet, view.cornerRadius == 0 {
            view.cornerRadius = Self.formSheetCornerRadius
            view.clipsToBounds = true
        }
        followKeyboard(in: window)
        let coversPresenter = style == .fullScreen
        if coversPresenter { presenter?.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        container.addSubview(view)
        window.addSubview(container)
        view.layoutIfNeeded()
        let finish: (Bool) -> Void = { [self] _ in
            isTransitioning = false
            container.wantsBackdropCapture = false
            // Under a full-screen presentation the presenter's view leaves the window, as in
            // UIKit (fingers still on it are cancelled then); dismissal puts it back in place.
            if coversPresenter, let covered = presenter?.viewIfLoaded, let superview = covered.superview {
                coveredPlace = CoveredPlace(superview: superview, index: superview.subviews.indexOfObject(covered) ?? 0)
                covered.removeFromSuperview()
            }
            presented.endAppearanceTransition()
            if coversPresenter { presenter?.endAppearanceTransition() }
            phase = nil
            completion?()
            // A new screen for the spoken mode: the focus goes to its first element (UIKit's).
            Accessibility.post(notification: .screenChanged, argument: nil)
        }
        guard animated else { return finish(true) }
        isTransitioning = true
        container.wantsBackdropCapture = true
        pendingFinish = finish
        // Reduced motion: every presentation cross-dissolves (nothing slides or zooms).
        let motion = presenter?.view.window?.application?.isReduceMotionEnabled == true ? .crossDissolve : presented.presentationMotion
        let finalFrame = view.frame
        // The dimming fades through its colour's alpha, not the view's: a view's alpha below 1
        // composites it as a group (an offscreen layer the size of the screen) every frame.
        View.performWithoutAnimation {
            dimmingView?.backgroundColor = Self.dimmingColor.withAlpha(0)
            switch motion {
            case .coverVertical: view.frame.origin.y = container.bounds.maxY
            case .crossDissolve: view.alpha = 0
            case .alert:
                view.alpha = 0
                view.transform = AffineTransform(scaleX: Self.alertStartScale, y: Self.alertStartScale)
            }
        }
        let duration = Self.duration(of: motion, appearing: true)
        View.animate(withDuration: duration, options: motion == .coverVertical ? .curveEaseOut : .curveEaseInOut, animations: {
            dimmingView?.backgroundColor = Self.dimmingColor
            view.frame = finalFrame
            view.alpha = 1
            view.transform = .identity
        }, completion: { [self] done in finishTransitionNow(done) })
    }

    /// Ends the running transition at once, as if its animation had finished (its appearance
    /// callbacks and completion run now, once); nothing when none runs.
    func finishTransitionNow(_ finished: Bool = false) {
        guard let finish = pendingFinish else { return }
        pendingFinish = nil
        finish(finished)
    }

    // MARK: Out

    func hide(animated: Bool, completion: (() -> Void)?) {
        let view = presented.view
        let coversPresenter = style == .fullScreen
        isHiding = true
        phase = .dismissing
        stopFollowingKeyboard()
        presented.beginAppearanceTransition(false, animated: animated)
        if coversPresenter {
            presenter?.beginAppearanceTransition(true, animated: animated)
            if let place = coveredPlace, let superview = place.superview, let covered = presenter?.viewIfLoaded {
                superview.insertSubview(covered, at: place.index)
                coveredPlace = nil
            }
        }
        let finish: (Bool) -> Void = { [self] _ in
            isTransitioning = false
            container.wantsBackdropCapture = false
            container.removeFromSuperview()
            View.performWithoutAnimation {
                view.alpha = 1
                view.transform = .identity
                dimmingView?.backgroundColor = Self.dimmingColor
            }
            presented.endAppearanceTransition()
            if coversPresenter { presenter?.endAppearanceTransition() }
            phase = nil
            completion?()
            // A new screen for the spoken mode: the focus goes to its first element (UIKit's).
            Accessibility.post(notification: .screenChanged, argument: nil)
        }
        guard animated, container.window != nil else { return finish(true) }
        isTransitioning = true
        container.wantsBackdropCapture = true
        pendingFinish = finish
        // Reduced motion: every presentation cross-dissolves (nothing slides or zooms).
        let motion = presenter?.view.window?.application?.isReduceMotionEnabled == true ? .crossDissolve : presented.presentationMotion
        let duration = Self.duration(of: motion, appearing: false)
        View.animate(withDuration: duration, options: motion == .coverVertical ? .curveEaseIn : .curveEaseInOut, animations: {
            dimmingView?.backgroundColor = Self.dimmingColor.withAlpha(0)
            switch motion {
            case .coverVertical: view.frame.origin.y = container.bounds.maxY
            case .crossDissolve, .alert: view.alpha = 0
            }
        }, completion: { [self] done in finishTransitionNow(done) })
    }
}

/// The presentation's full-window container: it is the hit view for every touch outside the
/// presented view, so such touches end there and reach nothing underneath.
@MainActor
/// The container over the window: the touches that land outside the presented view land on
/// it. A tap there (lifted within a tap's 10 pt of where it went down, TapGestureRecognizer's
/// `allowableMovement`) is told to the presented controller.
final class PresentationContainerView: View {
    weak var presented: ViewController?
    private var downAt: [ObjectIdentifier: Point] = [:]

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where touch.view === self { downAt[ObjectIdentifier(touch)] = touch.location(in: self) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let start = downAt.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            let end = touch.location(in: self)
            if abs(end.x - start.x) <= 10, abs(end.y - start.y) <= 10 { presented?.presentationBackgroundTapped() }
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { downAt.removeValue(forKey: ObjectIdentifier(touch)) }
    }
}
