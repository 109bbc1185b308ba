import Bezel

/// The home screen, in the look of the standard kiosk scene: a `CollectionView` grid of
/// 6 x 4 tiles of 120 x 80 (the first six open the other screens, the rest report their
/// press in the title), a brightness slider and a switch at the bottom.
@MainActor
public final class HomeViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    static let names = ["Gestures", "List", "Settings", "Motion", "Form", "Charts"]
    static let tileCount = 24
    /// The tiles' grid: six columns of 120 x 80, 12 pt apart, from (16, 16) (the standard scene's).
    public let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 372),
                                     collectionViewLayout: .grid(columns: 6, itemHeight: 80, spacing: 12,
                                                                 insets: EdgeInsets(top: 16, left: 16, bottom: 0, right: 4)))
    public private(set) var slider = Slider(frame: Rect(x: 16, y: 380, width: 600, height: 24))
    public private(set) var toggle = Switch(frame: Rect(x: 680, y: 372, width: 80, height: 40))
    /// Opens a screen by name ("Gestures", "List", "Settings", "Motion", "Form", "Charts").
    var open: ((String) -> Void)?
    /// Called with a plain tile's number when it is pressed.
    var onItem: ((Int) -> Void)?

    public override init() {
        super.init()
        title = "Kiosk"
    }

    /// The tiles' buttons in order (all 24 are on screen).
    public var tiles: [Button] {
        _ = view
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
        slider.name = "brightness"
        slider.value = 0.4
        slider.tintColor = DemoTheme.accent
        slider.maximumTrackTintColor = DemoTheme.track
        toggle.name = "dimWhenIdle"
        view.addSubview(grid)
        view.addSubview(slider)
        view.addSubview(toggle)
        grid.layoutIfNeeded()
    }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { Self.tileCount }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.identifier, for: indexPath) as! TileCell
        let n = indexPath.item + 1
        let name = n <= Self.names.count ? Self.names[n - 1] : "Item \(n)"
        cell.button.title = name
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
