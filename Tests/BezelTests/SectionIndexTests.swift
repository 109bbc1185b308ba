import Testing
@testable import Bezel

/// A table's section index (UIKit's `sectionIndexTitles(for:)`): a column at the trailing
/// edge that stays while the rows scroll; touching a title, or sliding over the column,
/// scrolls to its section; at the left edge in right to left; gone without titles.
@MainActor
@Suite(.serialized, .fontsRegistered) struct SectionIndexTests {
    final class Letters: TableViewDataSource {
        var titles: [String]? = (65...90).map { String(UnicodeScalar($0)!) }
        var asked: [String] = []
        func numberOfSections(in tableView: TableView) -> Int { 26 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "\(indexPath)"
            return cell
        }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { String(UnicodeScalar(65 + section)!) }
        func sectionIndexTitles(for tableView: TableView) -> [String]? { titles }
        func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
            asked.append(title)
            return index
        }
    }

    func stage(rightToLeft: Bool = false) -> (Stage, TableView, Letters) {
        let stage = Stage()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        if rightToLeft { table.semanticContentAttribute = .forceRightToLeft }
        let letters = Letters()
        table.dataSource = letters
        stage.window.addSubview(table)
        stage.window.layoutIfNeeded()
        return (stage, table, letters)
    }

    func indexView(_ table: TableView) -> View? { table.subviews.first { $0.name == "sectionIndex" } }

    @Test func touchingATitleScrollsToItsSectionAndTheColumnStays() throws {
        let (stage, table, letters) = stage()
        let index = try #require(indexView(table))
        #expect(index.frame == Rect(x: 385, y: 0, width: 15, height: 440), "\(index.frame)")
        // 26 titles 14 pt apart, centred: "M" (the 13th) at y = (440 - 364) / 2 + 12.5 * 14.
        let m = Point(x: 392, y: 38 + 12.5 * 14)
        stage.fingers.tap(at: m)
        #expect(letters.asked == ["M"])
        #expect(table.contentOffset.y == table.rect(forSection: 12).minY)
        #expect(index.convert(index.bounds, to: nil) == Rect(x: 385, y: 0, width: 15, height: 440), "fixed on screen while the rows moved")
        #expect(table.subviews.last === index, "above the rows")
        // Sliding down the column: each title passed, once.
        letters.asked = []
        stage.fingers.drag(from: Point(x: 392, y: 38 + 0.5 * 14), to: Point(x: 392, y: 38 + 3.5 * 14), steps: 6)
        #expect(letters.asked == ["A", "B", "C", "D"])
        #expect(table.contentOffset.y == table.rect(forSection: 3).minY)
    }

    /// (The golden: the index at the left, each cell's text at the right and its chevron at
    /// the left, pointing left.)
    @Test func inRightToLeftTheColumnIsAtTheLeftAndWithoutTitlesThereIsNone() throws {
        let (_, forced, _) = stage(rightToLeft: true)
        #expect(indexView(forced)?.frame.minX == 0)
        // The whole table in Arabic (the app's language: every view right to left).
        let saved = (Localization.source, Localization.preferredLanguages)
        defer { Localization.source = saved.0; Localization.preferredLanguages = saved.1 }
        Localization.source = LocalizedStringTests.fixtures
        Localization.preferredLanguages = ["ar"]
        let (stage, table, letters) = stage()
        #expect(indexView(table)?.frame.minX == 0)
        for cell in table.cellsOnScreen.values { cell.accessoryType = .disclosureIndicator }
        #expect(try Snapshot.check(stage.window, named: "table-section-index-rtl"))
        letters.titles = nil
        table.reloadData()
        table.layoutIfNeeded()
        #expect(indexView(table) == nil)
    }

    @Test func aSectionOutOfRangeIsReportedAndIgnored() {
        final class Wrong: TableViewDataSource {
            func numberOfSections(in tableView: TableView) -> Int { 2 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
            func sectionIndexTitles(for tableView: TableView) -> [String]? { ["A", "Z"] }
            func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { 7 }
        }
        let (stage, table, _) = stage()
        let wrong = Wrong()
        table.dataSource = wrong
        table.layoutIfNeeded()
        let reports = capturingDiagnostics { stage.fingers.tap(at: Point(x: 392, y: 220)) }
        #expect(table.contentOffset.y == 0)
        #expect(reports.count == 1 && reports[0].message.contains("sectionForSectionIndexTitle returned 7"))
    }
}
