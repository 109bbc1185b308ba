import Bezel

/// The settings screen: switches, sliders, a segmented control and a stepper, each with a
/// line showing its current value.
@MainActor
public final class SettingsViewController: ViewController {
    // Placed by constraints (viewDidLoad); the frames here are their first, before the layout.
    public let soundSwitch = Switch(frame: Rect(x: 300, y: 24, width: 80, height: 40))
    public let dimSwitch = Switch(frame: Rect(x: 300, y: 84, width: 80, height: 40))
    public let brightness = Slider(frame: Rect(x: 300, y: 152, width: 360, height: 24))
    public let volume = Slider(frame: Rect(x: 300, y: 208, width: 360, height: 24))
    public let theme = SegmentedControl(frame: Rect(x: 300, y: 252, width: 360, height: 44), items: ["Dark", "Light", "Auto"])
    public let idleMinutes = Stepper(frame: Rect(x: 300, y: 316, width: 160, height: 44))
    public private(set) var values: [String: Label] = [:]
    /// The bar's Reset item: asks first, with an alert.
    public private(set) lazy var resetItem: BarButtonItem = {
        let item = BarButtonItem { [weak self] _ in self?.confirmReset() }
        item.localizedTitle = "Reset"
        return item
    }()
    /// The bar's Sleep item: the panel off now, until a touch wakes it
    /// (`Application.screenPowerRequest`).
    public private(set) lazy var sleepItem: BarButtonItem = {
        let item = BarButtonItem { [weak self] _ in
            guard let app = self?.view.window?.application else { return }
            app.screenPowerRequest = .off
            self?.onReport?("screen off until a touch")
        }
        item.localizedTitle = "Sleep"
        return item
    }()
    /// What the screen reports (a reset confirmed or not), for the log.
    var onReport: ((String) -> Void)?

    public override init() {
        super.init()
        localizedTitle = "Settings"
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
        brightness.tintColor = DemoTheme.accent
        volume.tintColor = DemoTheme.accent
        brightness.maximumTrackTintColor = DemoTheme.track
        volume.maximumTrackTintColor = DemoTheme.track
        // Laid out with constraints (issue 30): a name column, the controls 16 points after
        // it, the values against the right edge; each row's top from the screen's top, a
        // slider centred on its 44-point row (12 points down), the others at its top.
        let rows: [(String, Control, top: Double, size: Size, offset: Double)] = [
            ("Sounds", soundSwitch, 24, Size(width: 80, height: 40), 0), ("Dim when idle", dimSwitch, 84, Size(width: 80, height: 40), 0),
            ("Brightness", brightness, 140, Size(width: 360, height: 24), 12), ("Volume", volume, 196, Size(width: 360, height: 24), 12),
            ("Theme", theme, 252, Size(width: 360, height: 44), 0), ("Idle timeout", idleMinutes, 316, Size(width: 160, height: 44), 0),
        ]
        var constraints: [LayoutConstraint] = []
        for (name, control, top, size, offset) in rows {
            let label = DemoTheme.label(name, frame: .zero, size: 20)
            label.localizedText = LocalizedStringResource(String.LocalizationValue(name))
            let value = DemoTheme.label("", frame: .zero, size: 18, color: DemoTheme.secondaryText)
            control.name = name
            value.name = name + " value"
            // The control is the row's element: named by the row, valued by itself (the label
            // and the value line beside it would say the same again).
            label.isAccessibilityElement = false
            value.isAccessibilityElement = false
            for subview in [label, control, value] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            constraints += [
                label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
                label.topAnchor.constraint(equalTo: view.topAnchor, constant: top),
                label.widthAnchor.constraint(equalToConstant: 260), label.heightAnchor.constraint(equalToConstant: 44),
                control.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 16),
                control.topAnchor.constraint(equalTo: label.topAnchor, constant: offset),
                // Sliders and the segmented control reach to 20 points before the value (360
                // wide on an 800-point panel, wider on a wider one); switches and the stepper
                // keep their kiosk sizes.
                control is Slider || control is SegmentedControl
                    ? control.trailingAnchor.constraint(equalTo: value.leadingAnchor, constant: -20)
                    : control.widthAnchor.constraint(equalToConstant: size.width),
                control.heightAnchor.constraint(equalToConstant: size.height),
                value.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
                value.topAnchor.constraint(equalTo: label.topAnchor),
                value.widthAnchor.constraint(equalToConstant: 110), value.heightAnchor.constraint(equalToConstant: 44),
            ]
            values[name] = value
            control.addAction(for: .valueChanged) { [weak self] _, _ in self?.refresh() }
        }
        LayoutConstraint.activate(constraints)
        theme.addAction(for: .valueChanged) { [weak self] _, _ in self?.applyTheme() }
        // Both on the left: the right of the bar holds the demo's clock.
        navigationItem.leftBarButtonItems = [resetItem, sleepItem]
        navigationItem.leftItemsSupplementBackButton = true
        refresh()
    }

    /// The confirmation: an alert whose destructive action puts every setting back, animated.
    public func confirmReset() {
        let alert = AlertController(localizedTitle: "Reset all settings?",
                                    localizedMessage: "Sounds, brightness, volume, theme and the idle timeout go back to their defaults.",
                                    preferredStyle: .alert)
        alert.addAction(AlertAction(localizedTitle: "Cancel", style: .cancel) { [weak self] _ in self?.onReport?("reset cancelled") })
        alert.addAction(AlertAction(localizedTitle: "Reset", style: .destructive) { [weak self] _ in
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

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.language != traitCollection.language { refresh() }
    }

    private func refresh() {
        values["Sounds"]?.localizedText = soundSwitch.isOn ? "on" : "off"
        values["Dim when idle"]?.localizedText = dimSwitch.isOn ? "on" : "off"
        // Percentages as the user's locale writes them (ICU: "80%", "80 %", "٨٠٪").
        values["Brightness"]?.text = ((brightness.value * 100).rounded() / 100).formatted(.percent)
        values["Volume"]?.text = ((volume.value * 100).rounded() / 100).formatted(.percent)
        let themes: [LocalizedStringResource] = ["Dark", "Light", "Auto"]
        for (index, name) in themes.enumerated() { theme.setTitle(String(localized: name), forSegmentAt: index) }
        values["Theme"]?.text = theme.selectedSegmentIndex >= 0 ? String(localized: themes[theme.selectedSegmentIndex]) : "-"
        values["Idle timeout"]?.localizedText = "\(Int(idleMinutes.value)) min"
        // Each control is named by its row's name for the spoken mode (the label beside it
        // is only seen), in the screen's language.
        for (name, control) in [("Sounds", soundSwitch), ("Dim when idle", dimSwitch), ("Brightness", brightness), ("Volume", volume),
                                ("Theme", theme), ("Idle timeout", idleMinutes)] as [(String, Control)] {
            control.accessibilityLabel = String(localized: String.LocalizationValue(name))
        }
    }
}
