import Testing
@testable import Bezel
import BezelCairo

/// Issue 31 item 4, the rest of iOS's mirroring: table cells (image, text, detail,
/// accessory, separator), swipe actions on swapped sides, text fields (alignment, clear
/// button, side views, placeholder) and `.natural` text; and the caret and selection in
/// mixed left-to-right and right-to-left text.
@MainActor
@Suite(.serialized, .fontsRegistered) struct RightToLeftTextAndListTests {
    private func path(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    /// A value1 cell with an image and a disclosure indicator, 320 pt wide, laid out.
    private func cell(rightToLeft: Bool) -> TableViewCell {
        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        cell.imageView.image = try? ImageBuffer(width: 29, height: 29).image()
        cell.accessoryType = .disclosureIndicator
        if rightToLeft { for view in [cell, cell.contentView, cell.textLabel, cell.detailTextLabel!] as [View] { view.semanticContentAttribute = .forceRightToLeft } }
        cell.layoutIfNeeded()
        return cell
    }

    @Test func aCellsPartsMirror() throws {
        let ltr = cell(rightToLeft: false), rtl = cell(rightToLeft: true)
        func onCell(_ view: View, _ cell: TableViewCell) -> Rect { view.convert(view.bounds, to: cell) }
        for (a, b) in [(ltr.imageView, rtl.imageView), (ltr.textLabel, rtl.textLabel), (ltr.detailTextLabel!, rtl.detailTextLabel!),
                       (ltr.contentView, rtl.contentView)] as [(View, View)] {
            let left = onCell(a, ltr), right = onCell(b, rtl)
            #expect(right.minX == 320 - left.maxX && right.width == left.width && right.minY == left.minY, "\(left) \(right)")
        }
        #expect(ltr.contentView.frame.minX == 0 && rtl.contentView.frame.minX == 320 - rtl.contentView.frame.width,
                "the accessory's room at the left")
        #expect(ltr.detailTextLabel?.textAlignment == .right && rtl.detailTextLabel?.textAlignment == .left,
                "the detail aligned to its trailing edge")
        // Back to left to right: everything returns (the cell's own alignment choice too).
        for view in [rtl, rtl.contentView, rtl.textLabel, rtl.detailTextLabel!] as [View] { view.semanticContentAttribute = .unspecified }
        rtl.layoutIfNeeded()
        #expect(rtl.imageView.frame == ltr.imageView.frame && rtl.detailTextLabel?.textAlignment == .right)
        #expect(rtl.contentView.frame == ltr.contentView.frame)
    }

    @Test func aCellsAccessoryAndSeparatorDrawAtTheLeft() throws {
        func ink(_ cell: TableViewCell) throws -> (accessory: [Int], separator: ClosedRange<Int>?) {
            let image = try ImageBuffer(width: 320, height: 44)
            let context = try CairoDrawingContext(target: image)
            context.fill(Rect(x: 0, y: 0, width: 320, height: 44), color: .white)
            cell.drawOverlay(cell.bounds, in: context)
            let white = image.pixel(x: 0, y: 0)
            let columns = (0..<320).filter { x in (10..<34).contains { image.pixel(x: x, y: $0) != white } }
            let separator = (0..<320).filter { image.pixel(x: $0, y: 43) != white }
            return (columns, separator.first.map { $0...separator.last! })
        }
        let ltr = cell(rightToLeft: false), rtl = cell(rightToLeft: true)
        ltr.showsSeparator = true
        rtl.showsSeparator = true
        let left = try ink(ltr), right = try ink(rtl)
        #expect(!left.accessory.isEmpty && left.accessory.allSatisfy { $0 > 280 }, "the chevron at the right: \(left.accessory)")
        #expect(right.accessory.map { 319 - $0 }.sorted() == left.accessory.sorted(), "drawn mirrored at the left: \(right.accessory)")
        // The separator starts at the text, after the 29 pt image (16 + 29 + 16), UIKit's.
        #expect(left.separator == 61...319 && right.separator == 0...258, "the separator inset on the leading side")
    }

    @Test func swipeActionsSwapSidesInRightToLeft() {
        let model = TableModel(rows: 10)
        model.deletes = true
        model.logged = ["commit"]
        let s = TableStage(model: model)
        s.table.semanticContentAttribute = .forceRightToLeft
        let row = s.center(of: path(1))
        // A leftward drag now reveals nothing: the trailing side is the left.
        s.stage.fingers.drag(from: Point(x: 360, y: row.y), to: Point(x: 220, y: row.y), steps: 10)
        s.stage.fingers.wait(0.5)
        #expect(s.table.indexPathForSwipedRow == nil)
        // A rightward drag reveals Delete at the left, the row slid right.
        s.stage.fingers.drag(from: Point(x: 40, y: row.y), to: Point(x: 180, y: row.y), steps: 10)
        s.stage.fingers.wait(0.5)
        #expect(s.table.indexPathForSwipedRow == path(1))
        let actions = s.table.subviews.first { $0.name == "swipeActions" }
        let delete = actions?.subviews.first as? Button
        let width = delete?.frame.width ?? 0
        #expect(delete?.title == "Delete" && width >= TableView.minimumActionWidth)
        #expect(actions?.frame.minX == 0 && actions?.frame.width == width)
        #expect(s.table.cellForRow(at: path(1))?.frame.minX == width)
        s.stage.fingers.tap(at: Point(x: width / 2, y: row.y))
        #expect(model.log.entries == ["commit(delete)[0, 1]"])
    }

    @Test func leadingActionsShowOnTheOtherSideInOrder() {
        let model = TableModel(rows: 10)
        let log = Log()
        model.leadingSwipeActions = { p in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .normal, title: "Read") { _, _, done in log.add("read \(p.row)"); done(true) },
                ContextualAction(style: .normal, title: "Pin") { _, _, done in log.add("pin \(p.row)"); done(true) },
            ])
        }
        for rightToLeft in [false, true] {
            let s = TableStage(model: model)
            if rightToLeft { s.table.semanticContentAttribute = .forceRightToLeft }
            let row = s.center(of: path(2))
            // Leading actions: revealed by a drag toward the trailing edge.
            let (from, to) = rightToLeft ? (360.0, 200.0) : (40.0, 200.0)
            s.stage.fingers.drag(from: Point(x: from, y: row.y), to: Point(x: to, y: row.y), steps: 10)
            s.stage.fingers.wait(0.5)
            #expect(s.table.indexPathForSwipedRow == path(2), "rightToLeft \(rightToLeft)")
            let buttons = (s.table.subviews.first { $0.name == "swipeActions" }?.subviews ?? []).compactMap { $0 as? Button }
            #expect(buttons.map(\.title) == ["Read", "Pin"])
            guard buttons.count == 2 else { continue }
            let read = buttons[0].convert(buttons[0].bounds, to: s.table), pin = buttons[1].convert(buttons[1].bounds, to: s.table)
            // The first action nearest the row: at the right of the pair when they are at the left.
            #expect(rightToLeft ? (read.minX < pin.minX && pin.maxX == 400) : (read.minX > pin.minX && pin.minX == 0), "\(read) \(pin)")
            s.stage.fingers.tap(at: Point(x: read.midX, y: row.y))
        }
        #expect(log.entries == ["read 2", "read 2"])
    }

    @Test func aTextFieldMirrorsItsTextClearButtonAndSideViews() throws {
        let stage = try TypingStage()
        func field(_ rightToLeft: Bool) -> TextField {
            let field = stage.field(Rect(x: 20, y: rightToLeft ? 80 : 20, width: 300, height: 40))
            if rightToLeft { field.semanticContentAttribute = .forceRightToLeft }
            field.clearButtonMode = .always
            field.leftView = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            field.leftViewMode = .always
            field.text = "Zürich"
            field.layoutIfNeeded()
            return field
        }
        let ltr = field(false), rtl = field(true)
        let clear = ltr.clearButtonRect(forBounds: ltr.bounds), mirroredClear = rtl.clearButtonRect(forBounds: rtl.bounds)
        #expect(mirroredClear.minX == 300 - clear.maxX && clear.minX > 250, "the clear button at the left")
        #expect(rtl.leftView!.frame.minX == 300 - ltr.leftView!.frame.maxX, "the left view (leading) at the right")
        let text = ltr.textRect(forBounds: ltr.bounds), mirroredText = rtl.textRect(forBounds: rtl.bounds)
        #expect(mirroredText.minX == 300 - text.maxX && mirroredText.width == text.width)
        // Natural alignment: the text ends at the text rect's right edge, the caret after it.
        #expect(ltr.caretRect(at: 0).minX == text.minX)
        let end = rtl.caretRect(at: 6).minX
        #expect(abs(end - mirroredText.maxX) < 0.01, "\(end) \(mirroredText)")
        // A typed-in absolute alignment stays put.
        rtl.textAlignment = .left
        #expect(rtl.caretRect(at: 0).minX == mirroredText.minX)
    }

    @Test func naturalTextFollowsTheViewsDirectionAndLeftStaysLeft() throws {
        let stage = try TypingStage()
        func inkColumns(_ alignment: TextStyle.Alignment, _ rightToLeft: Bool, _ text: String = "Hello") throws -> ClosedRange<Int> {
            let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30), text: text, style: TextStyle(alignment: alignment))
            if rightToLeft { label.semanticContentAttribute = .forceRightToLeft }
            let image = try ImageBuffer(width: 300, height: 30)
            let context = try CairoDrawingContext(target: image)
            context.fill(Rect(x: 0, y: 0, width: 300, height: 30), color: .white)
            let white = image.pixel(x: 0, y: 0)
            label.draw(label.bounds, in: context)
            let columns = (0..<300).filter { x in (0..<30).contains { image.pixel(x: x, y: $0) != white } }
            return try #require(columns.first).ending(columns.last)
        }
        _ = stage
        #expect(TextStyle().alignment == .natural, "UIKit's default")
        #expect(try inkColumns(.natural, false).lowerBound < 5)
        #expect(try inkColumns(.natural, true).upperBound > 294)
        #expect(try inkColumns(.left, true).lowerBound < 5, "left is absolute")
        #expect(try inkColumns(.right, false).upperBound > 294)
        // Hebrew with natural in a left-to-right view: at the left (the view's side, not the script's).
        #expect(try inkColumns(.natural, false, "שלום").lowerBound < 5)
        #expect(try inkColumns(.natural, true, "שלום").upperBound > 294)
    }

    @Test func anImageFlippedForRightToLeftIsDrawnMirroredOnlyThere() throws {
        // An arrow-like image: red left half, blue right half.
        let pixels = try ImageBuffer(width: 20, height: 10)
        let painter = try CairoDrawingContext(target: pixels)
        painter.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(rgb: 0xFF0000))
        painter.fill(Rect(x: 10, y: 0, width: 10, height: 10), color: Color(rgb: 0x0000FF))
        let plain = pixels.image()
        let flipping = plain.imageFlippedForRightToLeftLayoutDirection()
        #expect(flipping.flipsForRightToLeftLayoutDirection && !plain.flipsForRightToLeftLayoutDirection && flipping.size == plain.size)
        func leftPixel(_ image: Image, rightToLeft: Bool) throws -> UInt32? {
            let view = ImageView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
            view.image = image
            if rightToLeft { view.semanticContentAttribute = .forceRightToLeft }
            let target = try ImageBuffer(width: 20, height: 10)
            view.draw(view.bounds, in: try CairoDrawingContext(target: target))
            return target.pixel(x: 2, y: 5)
        }
        let red = try leftPixel(plain, rightToLeft: false), blue = pixels.pixel(x: 15, y: 5)
        #expect(red == pixels.pixel(x: 2, y: 5) && red != blue)
        #expect(try leftPixel(flipping, rightToLeft: true) == blue, "mirrored in right to left")
        #expect(try leftPixel(flipping, rightToLeft: false) == red, "as it is in left to right")
        #expect(try leftPixel(plain, rightToLeft: true) == red, "an ordinary image is never mirrored")
    }

    @Test func justifiedTextFillsItsLinesButTheLast() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        func lineEnds(_ alignment: TextStyle.Alignment) throws -> [Int] {
            let image = try ImageBuffer(width: 200, height: 120)
            let context = try CairoDrawingContext(target: image)
            context.fill(Rect(x: 0, y: 0, width: 200, height: 120), color: .white)
            let white = image.pixel(x: 0, y: 0)
            context.drawText(text, in: Rect(x: 0, y: 0, width: 200, height: 120), style: TextStyle(size: 15, alignment: alignment, numberOfLines: 0, lineSpacing: 8))
            // Each band of inked rows (lines 8 pt apart): its rightmost inked column.
            var ends: [Int] = [], inLine = false, end = 0
            for y in 0..<120 {
                let inked = (0..<200).filter { image.pixel(x: $0, y: y) != white }
                if let last = inked.last { end = max(end, last); inLine = true } else if inLine { ends.append(end); end = 0; inLine = false }
            }
            if inLine { ends.append(end) }
            return ends
        }
        let justified = try lineEnds(.justified), left = try lineEnds(.left)
        #expect(justified.count >= 3 && justified.count == left.count)
        #expect(justified.dropLast().allSatisfy { $0 >= 196 }, "full lines reach the right edge: \(justified)")
        #expect(left.dropLast().contains { $0 < 190 }, "ragged when left-aligned: \(left)")
        #expect(justified.last == left.last, "the last line as natural")
    }

    /// "abc אבג": the Hebrew word is drawn right to left inside a Latin line. The arrow keys
    /// move on screen: the right arrow walks the caret rightwards, visiting every position
    /// once, going back in the text inside the Hebrew word; a selection made with Shift
    /// across the boundary is one logical range drawn in two pieces.
    @Test func theArrowsMoveOnScreenAndASelectionIsInPiecesInMixedText() throws {
        let stage = try TypingStage()
        let field = stage.field()
        field.text = "abc אבג"
        field.becomeFirstResponder()
        field.selectedRange = 0..<0
        func press(_ key: Press.Key, shift: Bool = false) {
            if shift { stage.app.handleKey(.leftShift, isDown: true) }
            stage.app.handleKey(key, isDown: true)
            stage.app.handleKey(key, isDown: false)
            if shift { stage.app.handleKey(.leftShift, isDown: false) }
        }
        var visited = [field.selectedRange.lowerBound]
        for _ in 0..<8 {
            press(.rightArrow)
            visited.append(field.selectedRange.lowerBound)
        }
        let xs = visited.map { field.caretRect(at: $0).minX }
        #expect(Set(visited.prefix(8)) == Set(0...7), "every position once: \(visited)")
        #expect(visited[8] == visited[7], "the caret stays at the right end")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.01 }, "always rightwards on screen: \(xs)")
        #expect(zip(visited, visited.dropFirst()).contains { $1 < $0 }, "back in the text inside the Hebrew word: \(visited)")
        var back = [visited[7]]
        field.selectedRange = visited[7]..<visited[7]
        for _ in 0..<7 {
            press(.leftArrow)
            back.append(field.selectedRange.lowerBound)
        }
        #expect(back == visited.prefix(8).reversed(), "the left arrow retraces it")

        // From after "c", Shift-right twice: the space and the first Hebrew letter shown
        // after it on screen (its last, ג, logically): one logical range...
        field.selectedRange = 3..<3
        press(.rightArrow, shift: true)
        press(.rightArrow, shift: true)
        let range = field.selectedRange
        #expect(range == 3..<6, "the space, א and ב: \(range)")
        // ...drawn where its characters are: the space, and apart from it (past ג, which is
        // not selected) ב and א, the Hebrew word's right part.
        let caret = (0...7).map { field.caretRect(at: $0).minX }
        let pieces = field.selectionRects(for: range)
        #expect(pieces.count == 2, "\(pieces)")
        #expect(pieces.first.map { ($0.minX, $0.maxX) } ?? (0, 0) == (caret[3], caret[4]), "the space: \(pieces) \(caret)")
        #expect(pieces.last.map { ($0.minX, $0.maxX) } ?? (0, 0) == (caret[6], caret[7]), "ב and א: \(pieces) \(caret)")
        #expect(caret[4] < caret[6], "ג between them, unselected")
        field.resignFirstResponder()
    }
}

private extension Int {
    func ending(_ last: Int?) -> ClosedRange<Int> { self...(last ?? self) }
}
