import Testing
@testable import Bezel

/// Issue 30 item 3: `systemLayoutSizeFitting`, labels that wrap at the width constraints
/// give them, and table rows as tall as their cells' constraints (UIKit's self-sizing cells)
/// at every text size.
@MainActor
@Suite struct SelfSizingTests {
    init() throws { _ = try CairoDrawingContextFactory.make() }

    /// A cell with a wrapping label pinned to its content view's margins.
    final class NoteCell: TableViewCell {
        let note = Label()
        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            note.numberOfLines = 0
            note.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(note)
            LayoutConstraint.activate([
                note.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
                note.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
                note.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
                note.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
            ])
        }
    }

    final class Notes: TableViewDataSource {
        var notes: [String]
        var textSize = 17.0
        var plainRows: Set<Int> = []
        init(_ notes: [String]) { self.notes = notes }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            if plainRows.contains(indexPath.row) {
                let cell = tableView.dequeueReusableCell(withIdentifier: "plain", for: indexPath)
                cell.textLabel.text = notes[indexPath.row]
                return cell
            }
            let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
            cell.note.text = notes[indexPath.row]
            cell.note.style = TextStyle(size: textSize, numberOfLines: 0)
            return cell
        }
    }

    private static let long = "A ticket bought here is valid on every tram, bus and ferry in the city for the day it is stamped, until four in the morning."

    /// The height a label of `text` at `size` needs when wrapped at `width`, plus the margins.
    private func expectedHeight(_ text: String, size: Double, width: Double) -> Double {
        let label = Label(text: text, style: TextStyle(size: size))
        label.numberOfLines = 0
        return (label.sizeThatFits(Size(width: width, height: 0)).height + 16).rounded(.up)
    }

    @Test func fittingSizeFollowsTheConstraintsAndLeavesFramesAlone() {
        let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let title = Label(text: Self.long, style: TextStyle(size: 17))
        title.numberOfLines = 0
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])
        title.preferredMaxLayoutWidth = 280
        let fitted = card.systemLayoutSizeFitting(Size(width: 300, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let wrapped = title.sizeThatFits(Size(width: 280, height: 0))
        #expect(fitted.width == 300)
        #expect(fitted.height == wrapped.height + 24)
        #expect(card.frame.size == Size(width: 50, height: 50) && title.frame == .zero, "nothing laid out")
        // Compressed: the one-line width of the title, at its wrapped height for 280.
        let compressed = card.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(compressed.height == fitted.height && compressed.width <= 300)
        // Automatic wrapping (no preferredMaxLayoutWidth) on a label never laid out: the
        // fitting measures it again at the width its first solve gave it.
        title.preferredMaxLayoutWidth = 0
        title.frame = .zero
        #expect(card.systemLayoutSizeFitting(Size(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == fitted)
        title.preferredMaxLayoutWidth = 280
        // The card's own engine is untouched: laying it out works as before.
        card.frame.size = Size(width: 300, height: fitted.height)
        card.layoutIfNeeded()
        #expect(title.frame == Rect(x: 10, y: 12, width: 280, height: wrapped.height))
    }

    /// A collection cell whose label sets its size, 8 points around it.
    final class ChipCell: CollectionViewCell {
        let title = Label()
        required init(frame: Rect) {
            super.init(frame: frame)
            title.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(title)
            LayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
                title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
                title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            ])
        }
    }

    final class Chips: CollectionViewDataSource {
        var words: [String]
        var size = 17.0
        init(_ words: [String]) { self.words = words }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { words.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "chip", for: indexPath) as! ChipCell
            cell.title.text = words[indexPath.item]
            cell.title.style = TextStyle(size: size)
            return cell
        }
    }

    @Test(arguments: [15.0, 28.0]) func collectionItemsAreAsLargeAsTheirCells(textSize: Double) throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 600), application: app)
        let layout = CollectionViewFlowLayout()
        layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
        layout.minimumInteritemSpacing = 6
        let grid = CollectionView(frame: window.bounds, collectionViewLayout: layout)
        grid.register(ChipCell.self, forCellWithReuseIdentifier: "chip")
        let chips = Chips(["Tram", "Night bus", "Ferry", "Airport express", "Zone A", "Day ticket"])
        chips.size = textSize
        grid.dataSource = chips
        window.addSubview(grid)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        for (i, word) in chips.words.enumerated() {
            let text = Label(text: word, style: TextStyle(size: textSize)).intrinsicContentSize
            let frame = try #require(grid.frameForItem(at: IndexPath(item: i, section: 0)))
            #expect(frame.size == Size(width: (text.width + 16).rounded(.up), height: (text.height + 16).rounded(.up)), "\(word)")
            #expect(grid.cellForItem(at: IndexPath(item: i, section: 0))?.frame == frame)
        }
        // Items of their own widths line up and wrap: the second starts 6 after the first.
        let first = try #require(grid.frameForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(grid.frameForItem(at: IndexPath(item: 1, section: 0)))
        #expect(second.minX == first.maxX + 6 && second.minY == first.minY)
        // New words: measured again after a reload.
        chips.words[0] = "Tram and bus, all zones"
        grid.reloadData()
        window.layoutIfNeeded()
        #expect(try #require(grid.frameForItem(at: IndexPath(item: 0, section: 0))).width > first.width)
    }

    @Test func aScrollViewsContentSizeComesFromItsContentLayoutGuide() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        window.addSubview(scroll)
        let note = Label(text: Self.long + " " + Self.long + " " + Self.long, style: TextStyle(size: 20, numberOfLines: 0))
        note.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(note)
        LayoutConstraint.activate([
            note.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor, constant: 10),
            note.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor, constant: -10),
            note.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 10),
            note.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -10),
            // As wide as the scroll view: it scrolls vertically only.
            scroll.contentLayoutGuide.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let height = note.sizeThatFits(Size(width: 280, height: 0)).height
        #expect(note.frame == Rect(x: 10, y: 10, width: 280, height: height))
        #expect(scroll.contentSize == Size(width: 300, height: height + 20) && height > 200, "taller than the scroll view")
        #expect(scroll.contentLayoutGuide.layoutFrame.size == scroll.contentSize)
        // Scrolled: the content stays where its constraints put it, in content coordinates.
        scroll.contentOffset = Point(x: 0, y: 50)
        window.layoutIfNeeded()
        #expect(note.frame.minY == 10)
        // The scroll view narrows: the text wraps again and the content grows.
        scroll.frame.size.width = 200
        window.layoutIfNeeded()
        #expect(scroll.contentSize.width == 200 && scroll.contentSize.height > height + 20)
    }

    @Test func builtInViewsHaveUIKitsIntrinsicSizes() {
        #expect(Switch().intrinsicContentSize == Size(width: 51, height: 31))
        #expect(Stepper().intrinsicContentSize == Size(width: 94, height: 32))
        #expect(Slider().intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 20))
        #expect(ProgressView().intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 4))
        #expect(ActivityIndicatorView().intrinsicContentSize == Size(width: 20, height: 20))
        let pages = PageControl()
        pages.numberOfPages = 3
        #expect(pages.intrinsicContentSize == Size(width: 39, height: 37), "Interface Builder's 39 x 37")
        #expect(pages.size(forNumberOfPages: 0).width == 0)
        let segments = SegmentedControl(items: ["Dark", "Light"])
        let two = segments.intrinsicContentSize
        segments.insertSegment(withTitle: "Automatic", at: 2)
        let three = segments.intrinsicContentSize
        #expect(two.height == 32 && three.width > two.width * 1.5, "equal segments, as wide as the widest title")
        let label = Label(text: "Tickets", style: TextStyle(size: 17))
        #expect(label.intrinsicContentSize.width > 40 && label.intrinsicContentSize.height > 15)
        let buy = Button()
        buy.title = "Buy"
        #expect(buy.intrinsicContentSize.width > 0)
        // In a stack, the controls take those sizes.
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let toggle = Switch(), stepper = Stepper()
        let row = StackView(frame: Rect(x: 0, y: 0, width: 400, height: 40), arrangedSubviews: [label, toggle, stepper])
        row.alignment = .center
        row.spacing = 8
        label.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        window.addSubview(row)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(toggle.frame.size == Size(width: 51, height: 31) && stepper.frame.size == Size(width: 94, height: 32))
        #expect(stepper.frame.maxX == 400 && label.frame.width == 400 - 16 - 51 - 94, "the label hugs least: it takes the rest")
    }

    @Test func aWrappingLabelTakesTheHeightOfTheWidthItIsGiven() {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        let label = Label(text: Self.long, style: TextStyle(size: 17))
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(label)
        let width = label.widthAnchor.constraint(equalToConstant: 200)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
                                   label.topAnchor.constraint(equalTo: window.topAnchor, constant: 20), width])
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let at200 = label.sizeThatFits(Size(width: 200, height: 0)).height
        #expect(label.frame == Rect(x: 20, y: 20, width: 200, height: at200), "one layoutIfNeeded: the second pass is inside it")
        width.constant = 340
        window.layoutIfNeeded()
        #expect(label.frame.height == label.sizeThatFits(Size(width: 340, height: 0)).height && label.frame.height < at200)
        let misuse = capturingDiagnostics { label.preferredMaxLayoutWidth = -3 }
        #expect(misuse.count == 1 && label.preferredMaxLayoutWidth == 0)
    }

    @Test(arguments: [12.0, 17.0, 24.0, 34.0]) func rowsAreAsTallAsTheirCellsAtEveryTextSize(textSize: Double) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 600), application: app)
        let table = TableView(frame: window.bounds)
        table.register(NoteCell.self, forCellReuseIdentifier: "note")
        table.register(TableViewCell.self, forCellReuseIdentifier: "plain")
        let notes = Notes(["Short.", Self.long, "Two words", Self.long + " " + Self.long, "Plain row"])
        notes.textSize = textSize
        notes.plainRows = [4]
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 60
        table.dataSource = notes
        window.addSubview(table)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        // The label wraps at the content view's width less its margins (8 a side).
        let labelWidth = 400.0 - 16
        let heights = (0..<4).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
        let expected = notes.notes.prefix(4).map { expectedHeight($0, size: textSize, width: labelWidth) }
        #expect(heights == expected)
        #expect(heights[1] > heights[0] && heights[3] > heights[1], "longer notes, taller rows")
        if let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as? NoteCell {
            #expect(cell.note.frame.height == cell.note.sizeThatFits(Size(width: labelWidth, height: 0)).height, "the label fills its row")
        } else {
            Issue.record("row 1 has no cell")
        }
        // A cell without constraints: 44, as in UIKit.
        if table.rectForRow(at: IndexPath(row: 4, section: 0)).maxY <= 600 {
            #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).height == 44)
        }
    }
}
