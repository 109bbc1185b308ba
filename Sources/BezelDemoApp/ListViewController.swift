import Bezel

/// A scrolling list of 200 rows, each with its label and a "Select" button; selecting a row
/// shows it in the title. The buttons are content of the scroll view: a drag that starts on
/// one scrolls the list (UIKit's delaysContentTouches/canCancelContentTouches rules).
@MainActor
public final class ListViewController: ViewController {
    public static let rowCount = 200
    public static let rowHeight = 56.0
    public let scrollView = ScrollView(frame: .zero)
    public private(set) var selectButtons: [Button] = []
    public private(set) var selectedRow: Int?
    /// Called when a row is selected (its number, 1-based).
    var onSelect: ((Int) -> Void)?

    public override init() {
        super.init()
        title = "List"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "list"
        scrollView.name = "listScroll"
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let width = max(view.bounds.width, 800)
        scrollView.contentSize = Size(width: width, height: Double(Self.rowCount) * Self.rowHeight)
        for n in 1...Self.rowCount {
            let row = View(frame: Rect(x: 0, y: Double(n - 1) * Self.rowHeight, width: width, height: Self.rowHeight))
            row.name = "row\(n)"
            row.backgroundColor = n % 2 == 0 ? DemoTheme.band : DemoTheme.background
            row.addSubview(DemoTheme.label("Row \(n)", frame: Rect(x: 24, y: 0, width: 300, height: Self.rowHeight), size: 20))
            let select = DemoTheme.tileButton("Select", frame: Rect(x: width - 156, y: 8, width: 132, height: Self.rowHeight - 16))
            select.name = "select\(n)"
            select.addAction(for: .touchUpInside) { [weak self] _, _ in
                self?.selectedRow = n
                self?.onSelect?(n)
            }
            row.addSubview(select)
            selectButtons.append(select)
            scrollView.addSubview(row)
        }
        view.addSubview(scrollView)
    }
}
