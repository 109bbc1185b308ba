import Bezel

/// The standard kiosk scene of design.md §5 as a view tree (its drawing comes with the
/// rendering layer): an 800x480 window with a header, a 4x6 grid of 120x80 buttons
/// "Item 1".."Item 24" at x = 16 + i*132, y = 76 + j*92, a slider at (16, 440) and a switch at
/// (680, 432). Every figure of the benchmarks is measured on it.
@MainActor
public final class StandardKioskScene {
    public static let size = Size(width: 800, height: 480)
    public static let columns = 6
    public static let rows = 4

    public let window: Window
    public let root: View
    public let header: View
    /// The container of the buttons, below the header.
    public let grid: View
    /// The 24 buttons, "Item 1" first, row by row.
    public let buttons: [Button]
    /// The slider at 40 % and the switch (off).
    public let slider: Slider
    public let toggle: Switch

    /// The header's title.
    public let title: Label

    // The scene's colours and sizes, from design.md §5.
    static let background = Color(rgb: 0x202830)
    static let headerColor = Color(rgb: 0x2E86DE)
    static let buttonColor = Color(rgb: 0x34495E)
    static let buttonBorder = Color.white.withAlpha(0.25)

    /// Every length of the layout (positions, sizes, radii, font sizes) is multiplied by this:
    /// 2.25 gives the 1920x1080 scene the LVGL comparison draws (design.md §5), at scale 1.
    public let layoutScale: Double

    /// - Parameters:
    ///   - layoutScale: multiplies every length (1: the 800x480 scene; 2.25: 1800x1080 of
    ///     layout, which the comparison's "layout scaled 2.25x" puts in a 1920x1080 window).
    ///   - windowSize: the window's size; by default the scene's 800x480 times `layoutScale`.
    ///     The header, the grid and the footer span its width.
    public init(application: Application, layoutScale: Double = 1, windowSize: Size? = nil) {
        let s = layoutScale
        self.layoutScale = s
        func r(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
            Rect(x: x * s, y: y * s, width: width * s, height: height * s)
        }
        let size = windowSize ?? Size(width: Self.size.width * s, height: Self.size.height * s)
        window = Window(frame: Rect(origin: .zero, size: size), application: application)
        window.name = "window"
        root = View(name: "root", frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Self.background
        header = View(name: "header", frame: Rect(x: 0, y: 0, width: size.width, height: 60 * s))
        header.backgroundColor = Self.headerColor
        title = Label(frame: header.bounds, text: "Kiosk", style: TextStyle(size: 28 * s, color: .white, alignment: .center))
        header.addSubview(title)
        grid = View(name: "grid", frame: Rect(x: 0, y: 60 * s, width: size.width, height: 370 * s))
        var buttons: [Button] = []
        for j in 0..<Self.rows {
            for i in 0..<Self.columns {
                let n = j * Self.columns + i + 1
                // Window position (16 + i*132, 76 + j*92); the grid starts at y = 60.
                let button = Button(frame: r(16 + Double(i) * 132, 16 + Double(j) * 92, 120, 80))
                button.title = "Item \(n)"
                button.name = "item\(n)"
                button.backgroundColor = Self.buttonColor
                button.cornerRadius = 8 * s
                // Whole pixels, as a scaled theme would round it.
                button.borderWidth = (1 * s).rounded()
                button.borderColor = Self.buttonBorder
                button.titleStyle.size = 18 * s
                button.setTitleColor(.white, for: .normal)
                grid.addSubview(button)
                buttons.append(button)
            }
        }
        self.buttons = buttons
        slider = Slider(frame: r(16, 440, 600, 24))
        slider.name = "slider"
        slider.value = 0.4
        slider.tintColor = Color(rgb: 0x2196F3)
        slider.maximumTrackTintColor = Color(rgb: 0x2A3F56)
        toggle = Switch(frame: r(680, 432, 80, 40))
        toggle.name = "switch"
        window.addSubview(root)
        root.addSubview(header)
        root.addSubview(grid)
        root.addSubview(slider)
        root.addSubview(toggle)
        window.makeKeyAndVisible()
    }

    /// The center of button `number` (1...24) in window coordinates.
    public func centerOfButton(_ number: Int) -> Point {
        let index = max(1, min(number, buttons.count)) - 1
        let i = index % Self.columns, j = index / Self.columns
        return Point(x: (16 + Double(i) * 132 + 60) * layoutScale, y: (76 + Double(j) * 92 + 40) * layoutScale)
    }
}
