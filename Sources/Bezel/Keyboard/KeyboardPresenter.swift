/// UIKit's keyboard notifications and their details (`userInfo` keys).
extension Responder {
    public static let keyboardWillShowNotification: Notification.Name = "keyboardWillShow"
    public static let keyboardDidShowNotification: Notification.Name = "keyboardDidShow"
    public static let keyboardWillHideNotification: Notification.Name = "keyboardWillHide"
    public static let keyboardDidHideNotification: Notification.Name = "keyboardDidHide"
    /// `Rect`, window coordinates: where the keyboard (with its accessory) starts and ends.
    public static let keyboardFrameBeginUserInfoKey = "keyboardFrameBegin"
    public static let keyboardFrameEndUserInfoKey = "keyboardFrameEnd"
    /// `TimeInterval`: the slide's duration (0 when nothing moves).
    public static let keyboardAnimationDurationUserInfoKey = "keyboardAnimationDuration"
}

/// Slides the input view (the system `KeyboardView` or the text input's own `inputView`)
/// and its accessory up from the bottom of the window when a text input becomes first
/// responder, and down when it resigns, on display-link frames, posting UIKit's keyboard
/// notifications. Switching from one text input to another keeps the keyboard up and posts
/// will/did show again with the same frame (UIKit's behaviour), so a screen can bring the
/// newly focused field into view.
@MainActor
final class KeyboardPresenter {
    /// UIKit's keyboard slide lasts 0.25 s (the duration its notifications report).
    static let slideDuration: TimeInterval = 0.25

    private unowned let application: Application
    /// The container of the input view and its accessory, in the window while shown.
    private var host: View?
    private weak var hostWindow: Window?
    /// The system keyboard, made once per application and reused.
    private var systemKeyboard: KeyboardView?

    init(application: Application) {
        self.application = application
    }

    func firstResponderDidChange() {
        if let input = application.firstResponder as? TextInput, let view = input as? View, let window = view.window {
            show(for: input, in: window)
        } else {
            hide()
        }
    }

    /// The system keyboard for `window`'s application (made once; `configure(for:)` gives it
    /// the letters of the text input's language each time it is shown).
    func keyboard() -> KeyboardView {
        if let systemKeyboard { return systemKeyboard }
        let keyboard = KeyboardView(keyMap: application.keyboardKeyMap)
        systemKeyboard = keyboard
        return keyboard
    }

    private func show(for input: TextInput, in window: Window) {
        if hostWindow !== window { hide(animated: false) }
        let inputView: View
        if let custom = input.inputView {
            inputView = custom
        } else {
            let keyboard = keyboard()
            inputView = keyboard
        }
        let accessory = input.inputAccessoryView
        let width = window.bounds.width
        let inputHeight = (inputView as? KeyboardView) != nil
            ? KeyboardView.preferredHeight(for: window.bounds.size) : max(0, inputView.frame.height)
        let accessoryHeight = accessory.map { max(0, $0.frame.height) } ?? 0
        let height = inputHeight + accessoryHeight
        let end = Rect(x: 0, y: window.bounds.height - height, width: width, height: height)

        let host = self.host ?? View(name: "inputViewHost")
        let wasShown = self.host != nil && host.superview === window
        let begin = wasShown ? host.frame : Rect(x: 0, y: window.bounds.height, width: width, height: height)
        for subview in host.subviews where subview !== inputView && subview !== accessory { subview.removeFromSuperview() }
        if let accessory {
            accessory.frame = Rect(x: 0, y: 0, width: width, height: accessoryHeight)
            if accessory.superview !== host { host.addSubview(accessory) }
        }
        inputView.frame = Rect(x: 0, y: accessoryHeight, width: width, height: inputHeight)
        if inputView.superview !== host { host.addSubview(inputView) }
        (inputView as? KeyboardView)?.configure(for: input)
        self.host = host
        hostWindow = window
        if host.superview !== window {
            View.performWithoutAnimation { host.frame = begin }
            window.addSubview(host)
        } else {
            window.bringSubviewToFront(host)
        }
        let moves = begin != end
        let duration = moves ? KeyboardPresenter.slideDuration : 0
        let info: [String: Any] = [Responder.keyboardFrameBeginUserInfoKey: begin, Responder.keyboardFrameEndUserInfoKey: end,
                                   Responder.keyboardAnimationDurationUserInfoKey: duration]
        window.keyboardFrame = end
        application.notificationCenter.post(name: Responder.keyboardWillShowNotification, object: window, userInfo: info)
        guard moves else {
            host.frame = end
            Self.followKeyboardGuides(in: window)
            application.notificationCenter.post(name: Responder.keyboardDidShowNotification, object: window, userInfo: info)
            return
        }
        View.animate(withDuration: duration, options: [.curveEaseInOut, .beginFromCurrentState], animations: {
            host.frame = end
            Self.followKeyboardGuides(in: window)
        }, completion: { [weak self, weak window] finished in
            guard let self, finished, let window else { return }
            self.application.notificationCenter.post(name: Responder.keyboardDidShowNotification, object: window, userInfo: info)
        })
    }

    private func hide(animated: Bool = true) {
        guard let host, let window = hostWindow, host.superview === window else {
            self.host = nil
            return
        }
        let begin = host.frame
        let end = Rect(x: 0, y: window.bounds.height, width: begin.width, height: begin.height)
        let duration = animated ? KeyboardPresenter.slideDuration : 0
        let info: [String: Any] = [Responder.keyboardFrameBeginUserInfoKey: begin, Responder.keyboardFrameEndUserInfoKey: end,
                                   Responder.keyboardAnimationDurationUserInfoKey: duration]
        window.keyboardFrame = .zero
        application.notificationCenter.post(name: Responder.keyboardWillHideNotification, object: window, userInfo: info)
        let finish: @MainActor () -> Void = { [weak self, weak window] in
            // A text input that became first responder during the slide has taken the host back.
            guard let self, let window, window.keyboardFrame == .zero else { return }
            host.removeFromSuperview()
            if self.host === host { self.host = nil }
            self.application.notificationCenter.post(name: Responder.keyboardDidHideNotification, object: window, userInfo: info)
        }
        guard animated else {
            View.performWithoutAnimation {
                host.frame = end
                Self.followKeyboardGuides(in: window)
            }
            finish()
            return
        }
        View.animate(withDuration: duration, options: [.curveEaseInOut, .beginFromCurrentState], animations: {
            host.frame = end
            Self.followKeyboardGuides(in: window)
        }, completion: { _ in finish() })
    }

    /// Views pinned to a `keyboardLayoutGuide` move with the keyboard: laid out here, inside
    /// the slide's animation block, so their frames animate with it (as UIKit's do). Nothing
    /// happens in a window without keyboard guides.
    private static func followKeyboardGuides(in window: Window) {
        guard let engine = window.constraintEngineIfCreated, engine.keyboardFrameChanged() else { return }
        window.layoutIfNeeded()
    }
}
