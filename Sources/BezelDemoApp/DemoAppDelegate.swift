import Bezel

/// The demo's application delegate, the last link of the responder chain: remote-control
/// events (a keyboard's or an IR remote's media keys) and shakes that no screen handled end
/// here and are logged, as a media kiosk would act on them.
@MainActor
final class DemoAppDelegate: Responder, ApplicationDelegate {
    var log: (String) -> Void = { _ in }

    override func remoteControlReceived(with event: MotionEvent?) {
        guard let event else { return }
        log("remote control \(event.subtype)")
    }

    override func motionEnded(_ motion: MotionKind, with event: MotionEvent?) {
        log("shake")
    }
}
