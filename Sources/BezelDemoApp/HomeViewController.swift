import Bezel

/// The home screen, in the look of the standard kiosk scene: a `CollectionView` grid of
/// 6 x 4 tiles (120 x 80 on an 800 x 480 panel) (the first seven open the other screens, the rest report their
/// press in the title), a brightness slider and a switch at the bottom.
@MainActor
public final class HomeViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    static let names = ["Gestures", "List", "Settings", "Motion", "Form", "Charts", "Accessibility"]
    static let tileCount = 24
    /// The tiles' grid: six columns 80 high, 12 pt apart, from (16, 16) (the standard scene's:
    /// 120 wide on an 800-point panel, wider on a wider one).
    public let grid = CollectionView(frame: .zero,
                                     collectionViewLayout: .grid(columns: 6, itemHeight: 80, spacing: 12,
                                                                 insets: EdgeInsets(top: 16, left: 16, bottom: 0, right: 4)))
    public private(set) var slider = Slider(frame: .zero)
    public private(set) var toggle = Switch(frame: .zero)
    /// Opens a screen by name ("Gestures", "List", "Settings", "Motion", "Form", "Charts", "Accessibility").
    var open: ((String) -> Void)?
    /// Called with a plain tile's number when it is pressed.
    var onItem: ((Int) -> Void)?
    /// The languages the picker offers, each in its own language (issue 31's demo).
    public static let languages = [("en", "English"), ("de", "Deutsch"), ("ar", "العربية"), ("ja", "日本語")]
    /// The bar's language item: an action sheet of `languages`; the choice switches every
    /// screen live (`Application.preferredLanguages`).
    public private(set) lazy var languageItem = BarButtonItem { [weak self] _ in self?.chooseLanguage() }
    /// The bar's menu (issue 33): a template icon, tinted by the bar, whose menu opens the
    /// attract loop, calls staff through an alert with a text field, books a table on a date
    /// picker, and has a Help submenu.
    public private(set) lazy var moreItem: BarButtonItem = {
        let item = BarButtonItem(image: DemoResources.image("more"), menu: makeMenu())
        item.accessibilityIdentifier = "more"
        item.accessibilityLabel = String(localized: "More")
        return item
    }()
    /// Opens the attract loop.
    var openAttract: (() -> Void)?
    /// Opens the table booking.
    var openBooking: (() -> Void)?
    /// Opens the how-to video (nil: the demo has no clip, and the menu has no such item).
    var openHowToVideo: (() -> Void)?
    /// What the screen reports (staff called).
    var onReport: ((String) -> Void)?

    public override init() {
        super.init()
        localizedTitle = "Kiosk"
    }

    /// The tiles' buttons in order (all 24 are on screen).
    public var tiles: [Button] {
        // Laid out first: the grid's size comes from the constraints.
        if let window = view.window { window.layoutIfNeeded() } else { view.layoutIfNeeded() }
        return (0..<Self.tileCount).compactMap { (grid.cellForItem(at: IndexPath(item: $0, section: 0)) as? TileCell)?.button }
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "home"
        grid.name = "tiles"
        // Tiles are buttons: they get their touch at once, as on a screen that does not scroll.
        grid.delaysContentTouches = false
        grid.register(TileCell.self, forCellWithReuseIdentifier: TileCell.identifier)
        grid.delegate = self
        grid.dataSource = self
        languageItem.title = Self.languageName(view.traitCollection.language)
        navigationItem.leftBarButtonItems = [languageItem, moreItem]
        slider.name = "brightness"
        slider.value = 0.4
        slider.tintColor = DemoTheme.accent
        slider.maximumTrackTintColor = DemoTheme.track
        toggle.name = "dimWhenIdle"
        nameControls()
        for subview in [grid, slider, toggle] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        // Laid out with constraints (issue 30): the switch (the kiosk's 80 x 40) 40 points
        // from the right and 8 from the bottom, the slider from the left to 64 points before
        // it, centred on it; the grid above them, as wide as the screen. On the 800 x 480
        // panel: the standard scene's frames.
        LayoutConstraint.activate([
            toggle.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -40),
            toggle.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8),
            toggle.widthAnchor.constraint(equalToConstant: 80),
            toggle.heightAnchor.constraint(equalToConstant: 40),
            slider.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            slider.trailingAnchor.constraint(equalTo: toggle.leadingAnchor, constant: -64),
            slider.centerYAnchor.constraint(equalTo: toggle.centerYAnchor),
            slider.heightAnchor.constraint(equalToConstant: 24),
            grid.topAnchor.constraint(equalTo: view.topAnchor),
            grid.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            grid.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            grid.bottomAnchor.constraint(equalTo: toggle.topAnchor),
        ])
    }

    static func languageName(_ language: String?) -> String {
        languages.first { $0.0 == language }?.1 ?? languages[0].1
    }

    /// The picker: one action per language, each named in its own language.
    public func chooseLanguage() {
        let sheet = AlertController(localizedTitle: "Language", localizedMessage: nil, preferredStyle: .actionSheet)
        for (code, name) in Self.languages {
            sheet.addAction(AlertAction(title: name, style: .default) { [weak self] _ in
                self?.view.window?.application?.preferredLanguages = [code]
            })
        }
        sheet.addAction(AlertAction(localizedTitle: "Cancel", style: .cancel))
        present(sheet, animated: true)
    }

    /// The bar menu's items, in the screen's language (made again when it changes).
    func makeMenu() -> Menu {
        Menu(children: [
            Action(title: String(localized: "Attract loop"), identifier: "attractLoop") { [weak self] _ in self?.openAttract?() },
            Action(title: String(localized: "Call staff"), identifier: "callStaff") { [weak self] _ in self?.callStaff() },
            Action(title: String(localized: "Book a table"), identifier: "bookTable") { [weak self] _ in self?.openBooking?() },
            Menu(title: String(localized: "Help"), identifier: "help", children: [
                Action(title: String(localized: "How to order"), identifier: "howToOrder") { [weak self] _ in self?.showHowToOrder() },
            ] + (openHowToVideo == nil ? [] : [
                Action(title: String(localized: "How-to video"), identifier: "howToVideo") { [weak self] _ in self?.openHowToVideo?() },
            ]) + [
                Action(title: String(localized: "Accessibility"), identifier: "helpAccessibility") { [weak self] _ in self?.open?("Accessibility") },
            ]),
        ])
    }

    /// An alert with a text field (UIKit's `addTextField`): who or where needs staff.
    public func callStaff() {
        let alert = AlertController(localizedTitle: "Call staff", localizedMessage: "Where are you?", preferredStyle: .alert)
        alert.addTextField { field in
            field.localizedPlaceholder = "Table or name"
            field.name = "staffWhere"
        }
        alert.addAction(AlertAction(localizedTitle: "Cancel", style: .cancel))
        let call = AlertAction(localizedTitle: "Call", style: .default) { [weak self, weak alert] _ in
            let place = alert?.textFields?.first?.text ?? ""
            self?.onReport?("staff called: \(place.isEmpty ? "-" : place)")
        }
        alert.addAction(call)
        alert.preferredAction = call
        present(alert, animated: true)
    }

    private func showHowToOrder() {
        let alert = AlertController(localizedTitle: "How to order", localizedMessage: "Choose a drink, its size and milk, then pay at the reader.",
                                    preferredStyle: .alert)
        alert.addAction(AlertAction(localizedTitle: "OK", style: .default))
        present(alert, animated: true)
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        languageItem.title = Self.languageName(traitCollection.language)
        moreItem.menu = makeMenu()
        moreItem.accessibilityLabel = String(localized: "More")
        nameControls()
    }

    /// The slider and the switch named for the spoken mode, in the screen's language.
    private func nameControls() {
        slider.accessibilityLabel = String(localized: "Brightness")
        toggle.accessibilityLabel = String(localized: "Dim when idle")
    }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { Self.tileCount }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.identifier, for: indexPath) as! TileCell
        let n = indexPath.item + 1
        // Localized resources: the tiles follow a language switch (the grid reloads).
        cell.button.localizedTitle = n <= Self.names.count ? LocalizedStringResource(String.LocalizationValue(Self.names[n - 1])) : "Item \(n)"
        cell.button.name = "tile\(n)"
        cell.onPress = { [weak self] in
            if n <= Self.names.count { self?.open?(Self.names[n - 1]) } else { self?.onItem?(n) }
        }
        return cell
    }
}

/// A home tile: the demo's tile button filling the cell.
@MainActor
final class TileCell: CollectionViewCell {
    static let identifier = "tile"
    let button = DemoTheme.tileButton("", frame: .zero)
    var onPress: (() -> Void)?

    required init(frame: Rect) {
        super.init(frame: frame)
        button.frame = Rect(origin: .zero, size: frame.size)
        button.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        button.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onPress?() }
        contentView.addSubview(button)
    }
}
