import Bezel

/// The settings screen: switches, sliders, a segmented control and a stepper, each with a
/// line showing its current value.
@MainActor
public final class SettingsViewController: ViewController {
    public let soundSwitch = Switch(frame: Rect(x: 300, y: 24, width: 80, height: 40))
    public let dimSwitch = Switch(frame: Rect(x: 300, y: 84, width: 80, height: 40))
    public let brightness = Slider(frame: Rect(x: 300, y: 152, width: 360, height: 24))
    public let volume = Slider(frame: Rect(x: 300, y: 208, width: 360, height: 24))
    public let theme = SegmentedControl(frame: Rect(x: 300, y: 252, width: 360, height: 44), items: ["Dark", "Light", "Auto"])
    public let idleMinutes = Stepper(frame: Rect(x: 300, y: 316, width: 160, height: 44))
    public private(set) var values: [String: Label] = [:]
    /// The bar's Reset item: asks first, with an alert.
    public private(set) lazy var resetItem = BarButtonItem(title: "Reset") { [weak self] _ in self?.confirmReset() }
    /// The bar's Sleep item: the panel off now, until a touch wakes it
    /// (`Application.screenPowerRequest`).
    public private(set) lazy var sleepItem = BarButtonItem(title: "Sleep") { [weak self] _ in
        guard let app = self?.view.window?.application else { return }
        app.screenPowerRequest = .off
        self?.onReport?("screen off until a touch")
    }
    /// What the screen reports (a reset confirmed or not), for the log.
    var onReport: ((String) -> Void)?

    public override init() {
        super.init()
        title = "Settings"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "settings"
        soundSwitch.isOn = true
        brightness.value = 0.8
        volume.value = 0.5
        theme.selectedSegmentIndex = 0
        idleMinutes.minimumValue = 1
        idleMinutes.maximumValue = 60
        idleMinutes.value = 5
        let rows: [(String, Control, Double)] = [("Sounds", soundSwitch, 24), ("Dim when idle", dimSwitch, 84), ("Brightness", brightness, 140),
                                                  ("Volume", volume, 196), ("Theme", theme, 252), ("Idle timeout", idleMinutes, 316)]
        for (name, control, y) in rows {
            view.addSubview(DemoTheme.label(name, frame: Rect(x: 24, y: y, width: 260, height: 44), size: 20))
            control.name = name
            brightness.tintColor = DemoTheme.accent
            volume.tintColor = DemoTheme.accent
            brightness.maximumTrackTintColor = DemoTheme.track
            volume.maximumTrackTintColor = DemoTheme.track
            view.addSubview(control)
            let value = DemoTheme.label("", frame: Rect(x: 680, y: y, width: 110, height: 44), size: 18, color: DemoTheme.secondaryText)
            value.name = name + " value"
            view.addSubview(value)
            values[name] = value
            control.addAction(for: .valueChanged) { [weak self] _, _ in self?.refresh() }
        }
        theme.addAction(for: .valueChanged) { [weak self] _, _ in self?.applyTheme() }
        // Both on the left: the right of the bar holds the demo's clock.
        navigationItem.leftBarButtonItems = [resetItem, sleepItem]
        navigationItem.leftItemsSupplementBackButton = true
        refresh()
    }

    /// The confirmation: an alert whose destructive action puts every setting back, animated.
    public func confirmReset() {
        let alert = AlertController(title: "Reset all settings?",
                                    message: "Sounds, brightness, volume, theme and the idle timeout go back to their defaults.",
                                    preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.onReport?("reset cancelled") })
        alert.addAction(AlertAction(title: "Reset", style: .destructive) { [weak self] _ in
            guard let self else { return }
            self.soundSwitch.setOn(true, animated: true)
            self.dimSwitch.setOn(false, animated: true)
            self.brightness.setValue(0.8, animated: true)
            self.volume.setValue(0.5, animated: true)
            self.theme.selectedSegmentIndex = 0
            self.applyTheme()
            self.idleMinutes.value = 5
            self.refresh()
            self.onReport?("settings reset")
        })
        present(alert, animated: true)
    }

    /// Dark, Light or Auto (the application's style: the system's setting) for the whole
    /// window; every screen follows through its dynamic colours, redrawn where they changed.
    private func applyTheme() {
        let style: UserInterfaceStyle = switch theme.selectedSegmentIndex {
        case 1: .light
        case 2: .unspecified
        default: .dark
        }
        guard let window = view.window, window.overrideUserInterfaceStyle != style else { return }
        window.overrideUserInterfaceStyle = style
        onReport?("theme \(["dark", "light", "auto"][max(0, theme.selectedSegmentIndex)]): the window is \(window.traitCollection.userInterfaceStyle)")
    }

    private func refresh() {
        values["Sounds"]?.text = soundSwitch.isOn ? "on" : "off"
        values["Dim when idle"]?.text = dimSwitch.isOn ? "on" : "off"
        values["Brightness"]?.text = "\(Int((brightness.value * 100).rounded())) %"
        values["Volume"]?.text = "\(Int((volume.value * 100).rounded())) %"
        values["Theme"]?.text = theme.selectedSegmentIndex >= 0 ? ["Dark", "Light", "Auto"][theme.selectedSegmentIndex] : "-"
        values["Idle timeout"]?.text = "\(Int(idleMinutes.value)) min"
    }
}
