import Bezel

/// The accessibility screen (issue 29): the switches a kiosk offers its customers, each
/// acting on the whole app at once: larger text, high contrast, bold text, reduced motion and
/// the spoken mode. Its own texts follow the text size, so the screen still reads at the
/// largest one.
@MainActor
public final class AccessibilityViewController: ViewController {
    public let largerText = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
    public let highContrast = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
    public let boldText = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
    public let reduceMotion = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
    public let speak = Switch(frame: Rect(x: 0, y: 0, width: 80, height: 40))
    /// The text size "Larger text" picks: accessibility large, body at 33 pt (UIKit's third
    /// accessibility size; the largest, 53 pt, is the runtime's `text_size` away).
    public static let largerCategory = ContentSizeCategory.accessibilityLarge
    /// What the screen reports (each switch), for the log.
    var onReport: ((String) -> Void)?
    private var observers: [NotificationCenter.ObserverToken] = []

    private weak var application: Application?

    public init(application: Application) {
        self.application = application
        super.init()
        localizedTitle = "Accessibility"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "accessibility"
        let rows: [(String, Switch)] = [
            ("Larger text", largerText), ("High contrast", highContrast), ("Bold text", boldText),
            ("Reduce motion", reduceMotion), ("Speak", speak),
        ]
        var constraints: [LayoutConstraint] = []
        var above: LayoutYAxisAnchor = view.topAnchor
        for (title, control) in rows {
            // Title 3 (20 pt at the default size), following the text size.
            let label = Label(style: .preferred(forTextStyle: .title3))
            label.style.color = DemoTheme.text
            label.adjustsFontForContentSizeCategory = true
            label.localizedText = LocalizedStringResource(String.LocalizationValue(title))
            // The switch is the element, named by its row (a label beside a switch is read
            // once, as the switch's name, as UIKit's table rows with a switch are).
            label.isAccessibilityElement = false
            control.name = title
            control.onTintColor = DemoTheme.accent
            for subview in [label, control] as [View] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            constraints += [
                label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
                label.trailingAnchor.constraint(lessThanOrEqualTo: control.leadingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: above, constant: 12),
                label.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
                control.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -40),
                control.centerYAnchor.constraint(equalTo: label.centerYAnchor),
                control.widthAnchor.constraint(equalToConstant: 80),
                control.heightAnchor.constraint(equalToConstant: 40),
            ]
            above = label.bottomAnchor
            labels.append((label, control))
        }
        LayoutConstraint.activate(constraints)
        largerText.addAction(for: .valueChanged) { [unowned self] _, _ in
            application?.preferredContentSizeCategory = largerText.isOn ? Self.largerCategory : .large
            onReport?("larger text \(largerText.isOn ? "on" : "off")")
        }
        highContrast.addAction(for: .valueChanged) { [unowned self] _, _ in
            application?.accessibilityContrast = highContrast.isOn ? .high : .normal
            onReport?("high contrast \(highContrast.isOn ? "on" : "off")")
        }
        boldText.addAction(for: .valueChanged) { [unowned self] _, _ in
            application?.legibilityWeight = boldText.isOn ? .bold : .regular
            onReport?("bold text \(boldText.isOn ? "on" : "off")")
        }
        reduceMotion.addAction(for: .valueChanged) { [unowned self] _, _ in
            application?.isReduceMotionEnabled = reduceMotion.isOn
            onReport?("reduce motion \(reduceMotion.isOn ? "on" : "off")")
        }
        speak.addAction(for: .valueChanged) { [unowned self] _, _ in
            application?.isSpokenModeRunning = speak.isOn
            onReport?("speak \(speak.isOn ? "on" : "off")")
        }
        nameControls()
    }

    private var labels: [(Label, Switch)] = []

    /// The switches show the app's settings as they are now (the runtime's configuration, a
    /// headset plugged in, the Help key), and follow them while the screen is up.
    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let application else { return }
        showSettings(of: application)
        if observers.isEmpty {
            for name in [Application.spokenModeStatusDidChangeNotification, Application.darkerSystemColorsStatusDidChangeNotification,
                         Application.boldTextStatusDidChangeNotification] {
                observers.append(application.notificationCenter.addObserver(forName: name, using: { [weak self, weak application] _ in
                    if let self, let application { self.showSettings(of: application) }
                }))
            }
        }
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for observer in observers { application?.notificationCenter.removeObserver(observer) }
        observers = []
    }

    private func showSettings(of application: Application) {
        largerText.isOn = application.preferredContentSizeCategory >= Self.largerCategory
        highContrast.isOn = application.accessibilityContrast == .high
        boldText.isOn = application.legibilityWeight == .bold
        reduceMotion.isOn = application.isReduceMotionEnabled
        speak.isOn = application.isSpokenModeRunning
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        nameControls()
    }

    /// The switches named by their rows, in the screen's language; Speak's hint says the
    /// other ways in (a customer who cannot see the screen has no use for this switch).
    private func nameControls() {
        for (label, control) in labels { control.accessibilityLabel = label.text }
        speak.accessibilityHint = String(localized: "Also starts when headphones are plugged in, or with the Help key.")
    }
}
