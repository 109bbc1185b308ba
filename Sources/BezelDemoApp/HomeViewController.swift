import Bezel

/// The home screen, in the look of the standard kiosk scene: a 6 x 4 grid of 120 x 80 tiles
/// (the first six open the other screens, the rest report their press in the title), a
/// brightness slider and a switch at the bottom.
@MainActor
public final class HomeViewController: ViewController {
    public private(set) var tiles: [Button] = []
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

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "home"
        let names = ["Gestures", "List", "Settings", "Motion", "Form", "Charts"]
        for j in 0..<4 {
            for i in 0..<6 {
                let n = j * 6 + i + 1
                let name = n <= names.count ? names[n - 1] : "Item \(n)"
                let tile = DemoTheme.tileButton(name, frame: Rect(x: 16 + Double(i) * 132, y: 16 + Double(j) * 92, width: 120, height: 80))
                tile.name = "tile\(n)"
                tile.addAction(for: .touchUpInside) { [weak self] _, _ in
                    if n <= names.count { self?.open?(names[n - 1]) } else { self?.onItem?(n) }
                }
                view.addSubview(tile)
                tiles.append(tile)
            }
        }
        slider.name = "brightness"
        slider.value = 0.4
        slider.tintColor = DemoTheme.accent
        slider.maximumTrackTintColor = DemoTheme.track
        toggle.name = "dimWhenIdle"
        view.addSubview(slider)
        view.addSubview(toggle)
    }
}
