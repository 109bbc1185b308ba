@testable import Bezel
import BezelCairo

/// An 800×480 panel (the 7" kiosk panel) on a virtual clock, with Pango installed as the
/// text layout (a headless display), and helpers to tap the on-screen keyboard's keys.
@MainActor
final class TypingStage {
    let clock = VirtualClock()
    let app: Application
    let window: Window
    let fingers: TouchScript
    let display: HeadlessDisplay

    init(size: Size = Size(width: 800, height: 480), rotation: DisplayRotation = .none) throws {
        app = Application(clock: clock, tracer: Tracer())
        window = Window(frame: Rect(origin: .zero, size: size), application: app)
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        window.makeKeyAndVisible()
        fingers = TouchScript(app)
        display = try HeadlessDisplay(window: window, rotation: rotation)
    }

    /// A rounded text field at `frame`, in the window.
    func field(_ frame: Rect = Rect(x: 20, y: 20, width: 400, height: 40)) -> TextField {
        let field = TextField(frame: frame)
        field.borderStyle = .roundedRect
        field.autocapitalizationType = .none
        window.addSubview(field)
        return field
    }

    /// The system keyboard, once a text input has made it.
    var keyboard: KeyboardView? {
        window.subviews.first { $0.name == "inputViewHost" }?.subviews.compactMap { $0 as? KeyboardView }.first
    }

    /// Lets the keyboard's slide finish (display-link frames on the virtual clock).
    func settle() {
        fingers.wait(0.4)
    }

    /// The window point of the key labelled `label`.
    func keyPoint(_ label: String) -> Point? {
        guard let keyboard, let center = keyboard.center(ofKey: label) else { return nil }
        return keyboard.convert(center, to: window)
    }

    /// Taps the key labelled `label` (records an issue through the returned false if none).
    @discardableResult
    func tapKey(_ label: String, finger: Int = 1) -> Bool {
        guard let point = keyPoint(label) else { return false }
        fingers.tap(finger, at: point)
        fingers.wait(0.05)
        return true
    }

    /// Taps the keys that type `text`, one key per character (letters by their labels).
    func type(_ text: String) -> Bool {
        text.allSatisfy { tapKey(String($0)) }
    }
}
