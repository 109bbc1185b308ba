import Testing
@testable import Bezel

/// Issue 15: TableView's data source and delegate calls, reuse, selection, updates and
/// swipe actions, on the virtual clock with scripted touches.
@MainActor
@Suite struct TableViewTests {
    private func rows(_ range: ClosedRange<Int>, _ calls: [String]) -> [String] {
        range.flatMap { r in calls.map { "\($0)[0, \(r)]" } }
    }

    @Test func firstLoadAsksCountsThenEachVisibleRowInOrder() {
        let s = TableStage(model: TableModel(rows: 100))
        #expect(s.model.log.entries == ["numberOfSections", "numberOfRows(0)"]
                + rows(0...9, ["cellForRow", "heightForRow", "willDisplay"]))
        #expect(s.table.indexPathsForVisibleRows == (0...9).map { IndexPath(row: $0, section: 0) })
        #expect(s.table.contentSize.height == 4400)
        #expect(s.table.subviews.filter { $0 is TableViewCell }.count == 10)
    }

    @Test func scrollingShowsNewRowsThenRecyclesTheOnesThatLeft() {
        let s = TableStage(model: TableModel(rows: 100))
        s.model.log.clear()
        s.table.contentOffset = Point(x: 0, y: 3 * 44)
        #expect(s.model.log.entries == rows(0...2, ["didEndDisplaying"])
                + rows(10...12, ["cellForRow", "heightForRow", "willDisplay"]))
        #expect(s.table.indexPathsForVisibleRows.first == IndexPath(row: 3, section: 0))
        #expect(s.table.numberOfCellsCreated == 10, "the rows that left gave their cells to the rows that came")
        s.model.log.clear()
        s.table.contentOffset = Point(x: 0, y: 6 * 44)
        #expect(s.model.log.entries == rows(3...5, ["didEndDisplaying"])
                + rows(13...15, ["cellForRow", "heightForRow", "willDisplay"]))
        #expect(s.table.numberOfCellsCreated == 10)
    }

    /// A scroll lays out only the rows at the edges (`layoutRowsAtEdges`): after every offset,
    /// small or large, up or down, across sections with headers, footers and rows of many
    /// heights, the cells on screen are exactly the rows in the bounds, each at its row's
    /// rect, and their calls came as a whole layout makes them (those gone, then those come).
    @Test func aScrollLeavesExactlyTheRowsInTheBoundsAtTheirRects() {
        let model = TableModel(sections: (0..<12).map { s in (0..<(s % 4 == 3 ? 1 : 9)).map { "Row \(s).\($0)" } })
        model.headers = (0..<12).map { "Section \($0)" }
        model.footers = (0..<12).map { $0 % 3 == 0 ? "Footer \($0)" : nil }
        model.heights = { path in [30.0, 44, 61, 90][(path.row + path.section) % 4] }
        let s = TableStage(model: model)
        // Heights asked at the reload (no estimates: a row measured as it comes moves the
        // rows below it, which a whole layout then settles).
        s.table.estimatedRowHeight = 0
        s.table.layoutIfNeeded()
        var offset = 0.0
        var state: UInt64 = 7
        for step in 0..<300 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let jump = [3.0, 17, 29, 45, 160, 700][Int(state >> 60) % 6]
            offset += (state >> 59) & 1 == 0 || offset < 800 ? jump : -jump
            offset = min(max(0, offset), s.table.contentSize.height - s.table.bounds.height)
            model.log.clear()
            s.table.contentOffset = Point(x: 0, y: offset)
            let bounds = s.table.bounds
            var expected: [IndexPath] = []
            for section in 0..<model.sections.count {
                for row in 0..<model.sections[section].count {
                    let path = IndexPath(row: row, section: section)
                    if s.table.rectForRow(at: path).intersects(bounds) { expected.append(path) }
                }
            }
            #expect(s.table.indexPathsForVisibleRows == expected, "step \(step) at \(offset)")
            for path in expected {
                #expect(s.table.cellForRow(at: path)?.frame == s.table.rectForRow(at: path), "step \(step): row \(path)")
            }
            #expect(s.table.subviews.filter { $0 is TableViewCell && $0.superview != nil }.count == expected.count, "step \(step): no cell left over")
            // Gone before come, each group top to bottom.
            let entries = model.log.entries.filter { $0.hasPrefix("didEndDisplaying") || $0.hasPrefix("willDisplay") }
            let firstCome = entries.firstIndex { $0.hasPrefix("willDisplay") } ?? entries.count
            #expect(!entries[firstCome...].contains { $0.hasPrefix("didEndDisplaying") }, "step \(step): \(entries)")
        }
        #expect(s.table.numberOfEdgeLayouts > 100, "most scrolls laid out only the edges: \(s.table.numberOfEdgeLayouts) of 300")
    }

    @Test func scrollingTenThousandRowsKeepsTheCellCountAtTheVisibleRows() {
        CountingCell.reuses = 0
        let model = TableModel(rows: 10_000)
        model.logged = []
        let s = TableStage(model: model)
        var y = 0.0
        var most = 0
        while y < s.table.contentSize.height - 440 {
            y += 37  // not a multiple of the row height: partly visible rows at both edges
            s.table.contentOffset = Point(x: 0, y: min(y, s.table.contentSize.height - 440))
            most = max(most, s.table.subviews.filter { $0 is TableViewCell }.count)
        }
        #expect(most <= 11, "at most 11 rows intersect a 440 pt view of 44 pt rows")
        #expect(s.table.numberOfCellsCreated <= 11)
        #expect(CountingCell.reuses > 9_000, "every later row got a reused cell, after prepareForReuse")
        #expect(s.table.indexPathsForVisibleRows.last == IndexPath(row: 9_999, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 9_999, section: 0))?.textLabel.text == "Row 9999")
    }

    @Test func aMillionRowsCostWhatAHundredDo() {
        let big = TableModel(rows: 1), small = TableModel(rows: 1)
        big.sections = [Array(repeating: "Row", count: 1_000_000)]
        small.sections = [Array(repeating: "Row", count: 100)]
        let a = TableStage(model: big), b = TableStage(model: small)
        let calls = { (m: TableModel) in m.log.entries.filter { $0.hasPrefix("cellForRow") || $0.hasPrefix("heightForRow") }.count }
        #expect(calls(big) == calls(small), "only the visible rows were asked for")
        #expect(a.table.numberOfCellsCreated == b.table.numberOfCellsCreated)
        #expect(a.table.contentSize.height == 44_000_000)
        a.table.scrollToRow(at: IndexPath(row: 999_999, section: 0), at: .bottom, animated: false)
        #expect(a.table.indexPathsForVisibleRows.last == IndexPath(row: 999_999, section: 0))
        #expect(a.table.numberOfCellsCreated <= 11)
    }

    @Test func aTapHighlightsThenSelectsInUIKitsOrder() {
        let s = TableStage(model: TableModel(rows: 20))
        s.model.logged = ["highlight", "select"]
        s.model.log.clear()
        s.stage.fingers.tap(at: s.center(of: IndexPath(row: 2, section: 0)))
        #expect(s.model.log.entries == ["shouldHighlight[0, 2]", "didHighlight[0, 2]", "didUnhighlight[0, 2]",
                                        "willSelect[0, 2]", "didSelect[0, 2]"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        s.model.log.clear()
        s.stage.fingers.tap(at: s.center(of: IndexPath(row: 5, section: 0)))
        #expect(s.model.log.entries == ["shouldHighlight[0, 5]", "didHighlight[0, 5]", "didUnhighlight[0, 5]",
                                        "willSelect[0, 5]", "willDeselect[0, 2]", "didDeselect[0, 2]", "didSelect[0, 5]"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
        #expect(s.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
    }

    @Test func theHighlightShowsWhileTheFingerRestsAndTheDeselectionFades() {
        let s = TableStage(model: TableModel(rows: 20))
        let path = IndexPath(row: 1, section: 0)
        let cell = s.table.cellForRow(at: path)!
        s.stage.fingers.down(at: s.center(of: path))
        #expect(!cell.isHighlighted, "the table waits for a scroll first (delaysContentTouches)")
        s.stage.fingers.wait(0.2)
        #expect(cell.isHighlighted && cell.selectedBackgroundView.alpha == 1)
        s.stage.fingers.up()
        #expect(cell.isSelected && !cell.isHighlighted)
        s.table.deselectRow(at: path, animated: true)
        #expect(!cell.isSelected)
        s.stage.fingers.wait(TableViewCell.deselectionDuration / 2)
        let midway = cell.selectedBackgroundView.presentationState?.alpha ?? cell.selectedBackgroundView.alpha
        #expect(midway > 0.1 && midway < 0.9, "fading: \(midway)")
        s.stage.fingers.wait(TableViewCell.deselectionDuration)
        #expect(cell.selectedBackgroundView.presentationState?.alpha ?? 0 == 0)
    }

    @Test func aDragOnARowScrollsAndNeverSelects() {
        let s = TableStage(model: TableModel(rows: 50))
        s.model.logged = ["highlight", "select"]
        s.model.log.clear()
        s.stage.fingers.drag(from: s.center(of: IndexPath(row: 5, section: 0)), to: Point(x: 200, y: 60), steps: 10)
        #expect(s.model.log.entries.isEmpty)
        #expect(s.table.contentOffset.y > 100)
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func holdingThenDraggingCancelsTheHighlight() {
        let s = TableStage(model: TableModel(rows: 50))
        s.model.logged = ["highlight", "select"]
        s.model.log.clear()
        let start = s.center(of: IndexPath(row: 5, section: 0))
        s.stage.fingers.down(at: start)
        s.stage.fingers.wait(0.2)
        for i in 1...8 {
            s.stage.fingers.wait(0.016)
            s.stage.fingers.move(to: Point(x: start.x, y: start.y - 8 * Double(i)))
        }
        s.stage.fingers.up()
        #expect(s.model.log.entries == ["shouldHighlight[0, 5]", "didHighlight[0, 5]", "didUnhighlight[0, 5]"])
        #expect(s.table.contentOffset.y > 20)
    }

    @Test func multipleSelectionTogglesRows() {
        let s = TableStage(model: TableModel(rows: 20)) { $0.allowsMultipleSelection = true }
        s.model.logged = ["select"]
        s.model.log.clear()
        for r in [1, 3, 1] { s.stage.fingers.tap(at: s.center(of: IndexPath(row: r, section: 0))) }
        #expect(s.model.log.entries == ["willSelect[0, 1]", "didSelect[0, 1]", "willSelect[0, 3]", "didSelect[0, 3]",
                                        "willSelect[0, 1]", "willDeselect[0, 1]", "didDeselect[0, 1]"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
    }

    @Test func willSelectCanRedirectOrRefuse() {
        let s = TableStage(model: TableModel(rows: 20))
        s.model.willSelect = { $0.row == 4 ? nil : IndexPath(row: 0, section: 0) }
        s.stage.fingers.tap(at: s.center(of: IndexPath(row: 4, section: 0)))
        #expect(s.table.indexPathForSelectedRow == nil)
        s.stage.fingers.tap(at: s.center(of: IndexPath(row: 6, section: 0)))
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    }

    @Test func selectionFollowsRowsThroughReuse() {
        let s = TableStage(model: TableModel(rows: 200))
        s.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        s.table.contentOffset = Point(x: 0, y: 2000)
        #expect(s.table.visibleCells.allSatisfy { !$0.isSelected }, "a reused cell does not keep its old row's selection")
        s.table.contentOffset = .zero
        #expect(s.table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
    }

    @Test func aButtonInACellKeepsTheContentTouchRules() {
        let log = Log()
        let model = TableModel(rows: 30)
        let s = TableStage(model: model)
        let cell = s.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let button = Button(frame: Rect(x: 280, y: 6, width: 100, height: 32))
        button.name = "rowButton"
        button.addAction(for: .touchUpInside) { _, _ in log.add("tapped") }
        button.addAction(for: .touchCancel) { _, _ in log.add("cancelled") }
        cell.contentView.addSubview(button)
        let point = button.convert(Point(x: 50, y: 16), to: s.stage.window)
        s.stage.fingers.tap(at: point)
        #expect(log.entries == ["tapped"])
        #expect(s.table.indexPathForSelectedRow == nil, "the button's tap does not select the row")
        log.clear()
        // Held past the delay, then dragged: the table scrolls and cancels the button (UITableView's rule).
        s.stage.fingers.down(at: point)
        s.stage.fingers.wait(0.2)
        for i in 1...8 {
            s.stage.fingers.wait(0.016)
            s.stage.fingers.move(to: Point(x: point.x, y: point.y - 6 * Double(i)))
        }
        s.stage.fingers.up()
        #expect(log.entries == ["cancelled"])
        #expect(s.table.contentOffset.y > 10)
    }

    @Test func stickyHeadersStayAtTheTopUntilTheNextSectionPushesThem() {
        let model = TableModel(sections: [(0..<10).map { "A\($0)" }, (0..<10).map { "B\($0)" }])
        model.headers = ["A", "B"]
        let s = TableStage(model: model)
        let headerA = s.table.headerView(forSection: 0)!
        #expect(headerA.frame == Rect(x: 0, y: 0, width: 400, height: 28))
        s.table.contentOffset = Point(x: 0, y: 100)
        #expect(headerA.frame.minY == 100, "pinned to the top edge")
        // Section A ends at 28 + 440 = 468: its header is pushed up by B's.
        s.table.contentOffset = Point(x: 0, y: 450)
        #expect(headerA.frame.minY == 468 - 28)
        #expect(s.table.headerView(forSection: 1)?.frame.minY == 468)
        s.table.contentOffset = Point(x: 0, y: 600)
        #expect(s.table.headerView(forSection: 1)?.frame.minY == 600)
        #expect(s.table.headerView(forSection: 0) == nil, "section A scrolled away: its header was recycled")
    }

    @Test func groupedHeadersScrollWithTheirSection() {
        let model = TableModel(sections: [["a", "b"], ["c"]])
        model.headers = ["First", nil]
        let s = TableStage(model: model, style: .grouped)
        #expect(s.table.rectForHeader(inSection: 0).height == TableView.groupedHeaderHeight)
        #expect(s.table.rectForHeader(inSection: 1).height == 18)
        s.table.contentOffset = Point(x: 0, y: 20)
        #expect(s.table.headerView(forSection: 0)?.frame.minY == 0)
        #expect((s.table.headerView(forSection: 0) as? TableViewHeaderFooterView)?.textLabel.text == "FIRST")
    }

    @Test func estimatedHeightsAreCorrectedWithoutMovingWhatIsOnScreen() {
        let model = TableModel(rows: 200)
        model.logged = []
        model.heights = { _ in 88 }  // every row is taller than the 44 pt estimate
        let s = TableStage(model: model) { $0.estimatedRowHeight = 44 }
        // Five rows were measured (five of 88 pt fill the 440 pt): the rest are estimates.
        #expect(s.table.contentSize.height == 5 * 88 + 195 * 44)
        #expect(s.table.indexPathsForVisibleRows.count == 5)
        // Jump far down (rows there are estimated), then scroll up a little: a row above the
        // top edge is measured and the content does not jump under the finger.
        s.table.contentOffset = Point(x: 0, y: 5000)
        let cell = s.table.visibleCells[1]
        let before = cell.convert(Point.zero, to: s.stage.window)
        s.table.contentOffset = Point(x: 0, y: s.table.contentOffset.y - 30)
        let after = cell.convert(Point.zero, to: s.stage.window)
        #expect(after.y == before.y + 30, "the visible cell moved by exactly the scroll: \(before.y) -> \(after.y)")
        #expect(s.table.visibleCells.allSatisfy { $0.frame.height == 88 })
    }

    @Test func noEstimatesAsksEveryHeightAtTheReload() {
        let model = TableModel(rows: 30)
        model.logged = ["height"]
        model.heights = { $0.row % 2 == 0 ? 30 : 60 }
        let s = TableStage(model: model) { $0.estimatedRowHeight = 0 }
        #expect(model.log.entries == (0..<30).map { "heightForRow[0, \($0)]" })
        #expect(s.table.contentSize.height == 15 * 30 + 15 * 60)
        #expect(s.table.rectForRow(at: IndexPath(row: 3, section: 0)) == Rect(x: 0, y: 30 + 60 + 30, width: 400, height: 60))
        #expect(s.table.indexPathForRow(at: Point(x: 10, y: 125)) == IndexPath(row: 3, section: 0))
    }

    @Test func scrollToRowPositions() {
        let s = TableStage(model: TableModel(rows: 100))
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(s.table.contentOffset.y == 50 * 44)
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle, animated: false)
        #expect(s.table.contentOffset.y == 50 * 44 + 22 - 220)
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom, animated: false)
        #expect(s.table.contentOffset.y == 51 * 44 - 440)
        s.table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
        s.stage.fingers.wait(0.5)
        #expect(s.table.contentOffset.y == 0)
        let reports = capturingDiagnostics { s.table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false) }
        #expect(reports.count == 1 && reports[0].kind == .apiMisuse)
    }
}

/// Misuse of the table's API: reported, never a crash.
@MainActor
@Suite struct TableMisuseTests {
    @MainActor final class SameCell: TableViewDataSource {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { cell }
    }

    @MainActor final class Unregistered: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "never registered", for: indexPath)
        }
    }

    @Test func oneCellForSeveralRowsIsReported() {
        let stage = Stage()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        stage.window.addSubview(table)
        let source = SameCell()
        let reports = capturingDiagnostics { table.dataSource = source }
        #expect(reports.count == 2 && reports.allSatisfy { $0.kind == .apiMisuse })
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === source.cell)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) == nil)
    }

    @Test func anUnregisteredIdentifierGivesADefaultCellAndAReport() {
        let stage = Stage()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        stage.window.addSubview(table)
        let source = Unregistered()
        let reports = capturingDiagnostics { table.dataSource = source }
        #expect(reports.count == 2 && reports[0].message.contains("never registered"))
        #expect(table.visibleCells.count == 2)
    }

    @Test func badHeightsAndCountsFallBack() {
        let model = TableModel(rows: 5)
        model.heights = { $0.row == 1 ? .nan : -3 }
        var reports: [Diagnostics.Report] = []
        reports = capturingDiagnostics { _ = TableStage(model: model) }
        #expect(reports.count == 5, "each bad height reported: \(reports.map(\.message))")
        let stage = TableStage(model: TableModel(rows: 5))
        let before = stage.table.rowHeight
        let misuse = capturingDiagnostics { stage.table.rowHeight = .infinity }
        #expect(misuse.count == 1 && stage.table.rowHeight == before)
        let endWithoutBegin = capturingDiagnostics { stage.table.endUpdates() }
        #expect(endWithoutBegin.count == 1)
    }
}
