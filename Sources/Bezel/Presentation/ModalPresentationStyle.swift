/// UIKit's `UIModalPresentationStyle`, the styles a kiosk uses.
public enum ModalPresentationStyle: Sendable {
    /// Covers the screen; the presenter's view leaves the window once the transition ends (and gets
    /// `viewWillDisappear`/`viewDidDisappear`).
    case fullScreen
    /// Covers the screen with the presenter still visible under a dimming view (the presenter
    /// gets no disappear callbacks, as in UIKit).
    case overFullScreen
    /// A centred card over a dimming view: UIKit's form sheet, 540 x 620 pt, inset 20 pt
    /// from the screen's edges on a smaller screen.
    case formSheet
}

/// UIKit's `UIModalTransitionStyle`.
public enum ModalTransitionStyle: Sendable {
    /// The view slides up from the bottom edge (UIKit's default).
    case coverVertical
    /// The view fades in.
    case crossDissolve
}

/// How a presentation moves on screen (the two UIKit styles, plus an alert's fade and zoom).
enum PresentationMotion {
    case coverVertical, crossDissolve, alert
}
