import Testing
@testable import Bezel

/// Issue 15: batch updates with row animations on the virtual clock, swipe actions and
/// pull to refresh.
@MainActor
@Suite struct TableUpdateTests {
    private func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

    @Test func deletingAndInsertingAnimatesRowsIntoTheirNewPlaces() {
        let s = TableStage(model: TableModel(rows: 20))
        let deleted = s.table.cellForRow(at: path(2))!
        let moving = s.table.cellForRow(at: path(3))!
        s.model.log.clear()
        var finished: [Bool] = []
        s.model.sections[0].remove(at: 2)
        s.model.sections[0].insert("New", at: 5)
        s.table.performBatchUpdates({
            s.table.deleteRows(at: [path(2)], with: .fade)
            s.table.insertRows(at: [path(5)], with: .left)
        }, completion: { finished.append($0) })
        // The counts after the update, then only the inserted row is new; the deleted one
        // leaves when its animation ends.
        #expect(s.model.log.entries == ["numberOfSections", "numberOfRows(0)", "cellForRow[0, 5]", "heightForRow[0, 5]", "willDisplay[0, 5]"])
        #expect(s.table.cellForRow(at: path(2)) === moving, "old row 3 is row 2 now")
        #expect(moving.frame.minY == 88, "the model frame is the new place at once")
        #expect(deleted.superview === s.table, "still fading out")
        let inserted = s.table.cellForRow(at: path(5))!
        #expect(inserted.textLabel.text == "New")
        s.stage.fingers.wait(TableView.rowAnimationDuration / 2)
        let midY = moving.presentationState?.frame?.minY ?? -1
        #expect(midY > 88 && midY < 132, "moving up: \(midY)")
        let fade = deleted.presentationState?.alpha ?? -1
        #expect(fade > 0 && fade < 1, "fading: \(fade)")
        let slide = inserted.presentationState?.frame?.minX ?? 1
        #expect(slide < 0 && slide > -400, "sliding in from the left: \(slide)")
        s.stage.fingers.wait(TableView.rowAnimationDuration)
        #expect(s.model.log.entries.last == "didEndDisplaying[0, 2]")
        #expect(deleted.superview == nil)
        #expect(finished == [true])
        #expect(s.table.numberOfRows(inSection: 0) == 20)
        #expect(s.table.visibleCells.map { $0.textLabel.text ?? "" } ==
                ["Row 0", "Row 1", "Row 3", "Row 4", "Row 5", "New", "Row 6", "Row 7", "Row 8", "Row 9"])
    }

    @Test func movingAndReloadingRows() {
        let s = TableStage(model: TableModel(rows: 10))
        let first = s.table.cellForRow(at: path(0))!
        s.model.sections[0].insert(s.model.sections[0].remove(at: 0), at: 4)
        s.table.moveRow(at: path(0), to: path(4))
        #expect(s.table.cellForRow(at: path(4)) === first)
        #expect(s.table.cellForRow(at: path(0))?.textLabel.text == "Row 1")
        s.stage.fingers.wait(0.5)
        s.model.sections[0][1] = "Changed"
        s.model.log.clear()
        s.table.reloadRows(at: [path(1)], with: .fade)
        #expect(s.model.log.entries.prefix(3) == ["numberOfSections", "numberOfRows(0)", "cellForRow[0, 1]"])
        #expect(s.table.cellForRow(at: path(1))?.textLabel.text == "Changed")
    }

    @Test func sectionsInsertAndDelete() {
        let model = TableModel(sections: [["a0", "a1"], ["b0"]])
        let s = TableStage(model: model)
        model.sections.insert(["n0", "n1", "n2"], at: 1)
        s.table.insertSections([1], with: .fade)
        #expect(s.table.numberOfSections == 3)
        #expect(s.table.cellForRow(at: path(0, 2))?.textLabel.text == "b0")
        #expect(s.table.cellForRow(at: path(2, 1))?.textLabel.text == "n2")
        s.stage.fingers.wait(0.5)
        model.sections.remove(at: 0)
        s.table.deleteSections([0], with: .none)
        #expect(s.table.cellForRow(at: path(0, 0))?.textLabel.text == "n0")
        #expect(s.table.rectForRow(at: path(0, 0)).minY == 0)
    }

    @Test func anUpdateWhoseCountsDoNotAddUpIsReportedAndReloads() {
        let s = TableStage(model: TableModel(rows: 10))
        // The model was not changed: deleting a row is an invalid update.
        let reports = capturingDiagnostics { s.table.deleteRows(at: [path(3)], with: .fade) }
        #expect(reports.count == 1 && reports[0].kind == .apiMisuse && reports[0].message.contains("invalid table update"))
        #expect(s.table.numberOfRows(inSection: 0) == 10)
        #expect(s.table.cellForRow(at: path(3))?.textLabel.text == "Row 3")
    }

    /// Issue 37 item 13: the batch updates UIKit raises for, even when the counts add up,
    /// are reported (each with what is wrong) and the table reloads from its data source.
    @Test func inconsistentBatchUpdatesAreReportedAndReload() {
        let cases: [(String, (TableView, TableModel) -> Void)] = [
            ("row [0, 2] is both deleted and moved", { table, model in
                model.sections[0].remove(at: 2)
                table.performBatchUpdates { table.deleteRows(at: [path(2)], with: .fade); table.moveRow(at: path(2), to: path(5)) }
            }),
            ("row [0, 4] is both deleted and reloaded", { table, model in
                model.sections[0].remove(at: 4)
                table.performBatchUpdates { table.reloadRows(at: [path(4)], with: .fade); table.deleteRows(at: [path(4)], with: .fade) }
            }),
            ("row [1, 0] is moved out of section 1, which is deleted or reloaded", { table, model in
                model.sections.remove(at: 1)
                model.sections[0].append("moved")
                table.performBatchUpdates { table.deleteSections([1], with: .fade); table.moveRow(at: path(0, 1), to: path(10)) }
            }),
            ("row [0, 1] is moved twice", { table, _ in
                table.performBatchUpdates { table.moveRow(at: path(1), to: path(3)); table.moveRow(at: path(1), to: path(4)) }
            }),
        ]
        for (expected, update) in cases {
            let model = TableModel(sections: [(0..<10).map { "Row \($0)" }, ["b0", "b1"]])
            let s = TableStage(model: model)
            let reports = capturingDiagnostics { update(s.table, model) }
            #expect(reports.map(\.message) == ["invalid table update (\(expected)): the data source must answer the counts after the update; the table reloads instead"])
            // The table shows what its data source says.
            for path in s.table.indexPathsForVisibleRows {
                #expect(s.table.cellForRow(at: path)?.textLabel.text == model.sections[path.section][path.row])
            }
        }
    }

    @Test func swipingLeftShowsDeleteAndTappingItCommits() {
        let model = TableModel(rows: 10)
        model.deletes = true
        let s = TableStage(model: model)
        model.logged = ["commit", "select", "highlight"]
        model.log.clear()
        let row = s.center(of: path(1))
        s.stage.fingers.drag(from: Point(x: 360, y: row.y), to: Point(x: 220, y: row.y), steps: 10)
        s.stage.fingers.wait(0.5)
        #expect(s.table.indexPathForSwipedRow == path(1))
        let cell = s.table.cellForRow(at: path(1))!
        let delete = s.table.subviews.first { $0.name == "swipeActions" }?.subviews.first as? Button
        #expect(delete?.title == "Delete")
        let width = delete?.frame.width ?? 0
        #expect(width >= TableView.minimumActionWidth)
        #expect(cell.frame.minX == -width, "slid by the Delete button's width")
        #expect(model.log.entries.isEmpty, "a swipe neither highlights nor selects")
        s.stage.fingers.tap(at: Point(x: 400 - width / 2, y: row.y))
        #expect(model.log.entries == ["commit(delete)[0, 1]"])
        s.stage.fingers.wait(0.5)
        #expect(s.table.numberOfRows(inSection: 0) == 9)
        #expect(s.table.cellForRow(at: path(1))?.textLabel.text == "Row 2")
        #expect(s.table.indexPathForSwipedRow == nil)
    }

    @Test func aTouchElsewhereClosesTheSwipeWithoutSelecting() {
        let model = TableModel(rows: 10)
        model.deletes = true
        let s = TableStage(model: model)
        let row = s.center(of: path(1))
        s.stage.fingers.drag(from: Point(x: 360, y: row.y), to: Point(x: 220, y: row.y), steps: 10)
        s.stage.fingers.wait(0.5)
        s.stage.fingers.tap(at: s.center(of: path(5)))
        s.stage.fingers.wait(0.5)
        #expect(s.table.indexPathForSwipedRow == nil)
        #expect(s.table.indexPathForSelectedRow == nil)
        #expect(s.table.cellForRow(at: path(1))?.frame.minX == 0)
        #expect(!s.table.subviews.contains { $0.name == "swipeActions" })
    }

    @Test func aFullSwipePerformsTheFirstActionAndCustomActionsShowInOrder() {
        let model = TableModel(rows: 10)
        let log = Log()
        model.swipeActions = { p in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Remove") { _, _, done in log.add("remove \(p.row)"); done(true) },
                ContextualAction(style: .normal, title: "Flag") { _, _, done in log.add("flag \(p.row)"); done(true) },
            ])
        }
        let s = TableStage(model: model)
        let row = s.center(of: path(3))
        s.stage.fingers.drag(from: Point(x: 380, y: row.y), to: Point(x: 260, y: row.y), steps: 10)
        s.stage.fingers.wait(0.5)
        let buttons = s.table.subviews.first { $0.name == "swipeActions" }?.subviews.compactMap { ($0 as? Button)?.title }
        #expect(buttons == ["Remove", "Flag"], "the first action nearest the row")
        #expect(log.entries.isEmpty)
        s.stage.fingers.drag(from: Point(x: 200, y: row.y), to: Point(x: 10, y: row.y), steps: 10)
        #expect(log.entries == ["remove 3"])
    }

    @Test func pullingDownRefreshesOnceAndEndRefreshingSlidesBack() {
        let s = TableStage(model: TableModel(rows: 30))
        let refresh = RefreshControl()
        var refreshes = 0
        refresh.addAction(for: .valueChanged) { _, _ in refreshes += 1 }
        s.table.refreshControl = refresh
        s.stage.fingers.drag(from: Point(x: 200, y: 60), to: Point(x: 200, y: 420), steps: 20, duration: 0.6)
        #expect(refreshes == 1)
        #expect(refresh.isRefreshing)
        s.stage.fingers.wait(1)
        #expect(s.table.contentOffset.y == -RefreshControl.height, "the content keeps room for the spinner")
        #expect(s.table.contentInset.top == RefreshControl.height)
        #expect(refresh.frame.minY == -RefreshControl.height)
        refresh.endRefreshing()
        s.stage.fingers.wait(1)
        #expect(s.table.contentOffset.y == 0)
        #expect(s.table.contentInset.top == 0)
        #expect(refreshes == 1)
    }

    @Test func aShortPullDoesNotRefresh() {
        let s = TableStage(model: TableModel(rows: 30))
        let refresh = RefreshControl()
        s.table.refreshControl = refresh
        s.stage.fingers.drag(from: Point(x: 200, y: 60), to: Point(x: 200, y: 160), steps: 10)
        s.stage.fingers.wait(1)
        #expect(!refresh.isRefreshing)
        #expect(s.table.contentOffset.y == 0)
    }
}
