import Testing
@testable import Bezel

/// A collection view's data source and delegate over numbered tiles, logging its calls.
@MainActor
final class TileModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var sections: [[String]]
    let log = Log()
    var sizes: ((IndexPath) -> Size)?
    var headers = false
    var providesItemSizes: Bool { sizes != nil }

    init(sections: [[String]]) { self.sections = sections }
    convenience init(items: Int) { self.init(sections: [(0..<items).map { "Tile \($0)" }]) }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        log.add("cellForItem\(indexPath)")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.name = sections[indexPath.section][indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        guard headers, kind == CollectionView.elementKindSectionHeader else { return nil }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        view.name = "header \(indexPath.section)"
        return view
    }
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewFlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        sizes?(indexPath) ?? layout.itemSize
    }
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) { log.add("willDisplay\(indexPath)") }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) { log.add("didEndDisplaying\(indexPath)") }
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { log.add("shouldHighlight\(indexPath)"); return true }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) { log.add("didHighlight\(indexPath)") }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.add("didUnhighlight\(indexPath)") }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { log.add("shouldSelect\(indexPath)"); return true }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { log.add("didSelect\(indexPath)") }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { log.add("shouldDeselect\(indexPath)"); return true }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { log.add("didDeselect\(indexPath)") }
}

/// Issue 15: CollectionView with the flow layout and the grid helper.
@MainActor
@Suite struct CollectionViewTests {
    /// A 400x400 collection: a 3-column grid of 100 pt tall tiles, 10 pt apart, 10 pt insets.
    @MainActor struct GridStage {
        let stage = Stage()
        let model: TileModel
        let view: CollectionView

        init(model: TileModel, layout: CollectionViewFlowLayout = .grid(columns: 3, itemHeight: 100, spacing: 10,
                                                                        insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))) {
            self.model = model
            view = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: layout)
            view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
            view.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
            stage.window.addSubview(view)
            view.delegate = model
            view.dataSource = model
        }

        func center(_ item: Int, _ section: Int = 0) -> Point {
            let f = view.frameForItem(at: IndexPath(item: item, section: section))!
            return view.convert(Point(x: f.midX, y: f.midY), to: stage.window)
        }
    }

    private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func theGridPlacesColumnsOfEqualWidth() {
        let g = GridStage(model: TileModel(items: 10))
        // (400 - 20 insets - 2 x 10 spacing) / 3 = 120 wide.
        #expect(g.view.frameForItem(at: path(0)) == Rect(x: 10, y: 10, width: 120, height: 100))
        #expect(g.view.frameForItem(at: path(2)) == Rect(x: 270, y: 10, width: 120, height: 100))
        #expect(g.view.frameForItem(at: path(4)) == Rect(x: 140, y: 120, width: 120, height: 100))
        let expectedHeight: Double = 10 + 4 * 100 + 3 * 10 + 10
        #expect(g.view.contentSize.height == expectedHeight)
        #expect(g.view.indexPathsForVisibleItems == (0...9).map { path($0) }.filter { g.view.frameForItem(at: $0)!.minY < 400 })
        #expect(g.model.log.entries.prefix(4) == ["cellForItem[0, 0]", "willDisplay[0, 0]", "cellForItem[0, 1]", "willDisplay[0, 1]"])
    }

    @Test func flowLayoutWrapsItemsOfTheirOwnSizes() {
        let model = TileModel(items: 5)
        model.sizes = { Size(width: [150, 200, 100, 300, 50][$0.item], height: 40) }
        let layout = CollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 5
        let g = GridStage(model: model, layout: layout)
        #expect(g.view.frameForItem(at: path(0)) == Rect(x: 0, y: 0, width: 150, height: 40))
        #expect(g.view.frameForItem(at: path(1)) == Rect(x: 160, y: 0, width: 200, height: 40))
        #expect(g.view.frameForItem(at: path(2)) == Rect(x: 0, y: 45, width: 100, height: 40), "wrapped: 160 + 200 + 10 + 100 > 400")
        #expect(g.view.frameForItem(at: path(3)) == Rect(x: 0, y: 90, width: 300, height: 40), "110 + 300 > 400: a third line")
        #expect(g.view.frameForItem(at: path(4)) == Rect(x: 310, y: 90, width: 50, height: 40))
        #expect(g.view.indexPathForItem(at: Point(x: 170, y: 10)) == path(1))
        #expect(g.view.indexPathForItem(at: Point(x: 155, y: 10)) == nil, "between items")
    }

    @Test func uniformItemsAreJustifiedAcrossTheLine() {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 90, height: 90)
        let g = GridStage(model: TileModel(items: 8), layout: layout)
        // Four 90 pt items fit in 400 (4 x 90 + 3 x 10 = 390): the 10 pt left over is shared.
        #expect(g.view.frameForItem(at: path(1))?.minX == 90 + 10 + 10.0 / 3)
        #expect(g.view.frameForItem(at: path(3))?.maxX == 400)
        #expect(g.view.frameForItem(at: path(4))?.minY == 100)
    }

    @Test func scrollingTenThousandItemsReusesCells() {
        let g = GridStage(model: TileModel(items: 10_000))
        var most = 0
        var y = 0.0
        while y < g.view.contentSize.height - 400 {
            y = min(y + 53, g.view.contentSize.height - 400)
            g.view.contentOffset = Point(x: 0, y: y)
            most = max(most, g.view.subviews.filter { $0 is CollectionViewCell }.count)
        }
        #expect(most <= 15, "at most five lines of three intersect 400 pt")
        #expect(g.view.numberOfCellsCreated <= 15)
        #expect(g.view.indexPathsForVisibleItems.last == path(9_999))
    }

    @Test func aTapSelectsInUIKitsOrder() {
        let g = GridStage(model: TileModel(items: 9))
        g.model.log.clear()
        g.stage.fingers.tap(at: g.center(4))
        g.stage.fingers.tap(at: g.center(7))
        #expect(g.model.log.entries == [
            "shouldHighlight[0, 4]", "didHighlight[0, 4]", "didUnhighlight[0, 4]", "shouldSelect[0, 4]", "didSelect[0, 4]",
            "shouldHighlight[0, 7]", "didHighlight[0, 7]", "didUnhighlight[0, 7]", "shouldSelect[0, 7]",
            "shouldDeselect[0, 4]", "didDeselect[0, 4]", "didSelect[0, 7]",
        ])
        #expect(g.view.indexPathsForSelectedItems == [path(7)])
        #expect(g.view.cellForItem(at: path(7))?.isSelected == true)
    }

    @Test func headersSitAboveTheirSections() {
        let model = TileModel(sections: [["a", "b"], ["c"]])
        model.headers = true
        let layout = CollectionViewFlowLayout.grid(columns: 2, itemHeight: 50)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let g = GridStage(model: model, layout: layout)
        #expect(g.view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: path(0, 1))?.frame
                == Rect(x: 0, y: 80, width: 400, height: 30))
        #expect(g.view.frameForItem(at: path(0, 1))?.minY == 110)
    }

    @Test func insertingAndDeletingItemsAnimates() {
        let g = GridStage(model: TileModel(items: 6))
        let third = g.view.cellForItem(at: path(2))!
        let removed = g.view.cellForItem(at: path(0))!
        g.model.sections[0].remove(at: 0)
        g.view.deleteItems(at: [path(0)])
        #expect(g.view.cellForItem(at: path(1)) === third)
        #expect(third.frame.minX == 140, "one place to the left")
        g.stage.fingers.wait(CollectionView.updateAnimationDuration / 2)
        let x = third.presentationState?.frame?.minX ?? 0
        #expect(x > 140 && x < 270, "sliding: \(x)")
        #expect((removed.presentationState?.alpha ?? 1) < 1)
        g.stage.fingers.wait(CollectionView.updateAnimationDuration)
        #expect(removed.superview == nil)
        g.model.sections[0].insert("New", at: 0)
        g.view.insertItems(at: [path(0)])
        let inserted = g.view.cellForItem(at: path(0))!
        #expect(inserted.name == "New")
        g.stage.fingers.wait(0.05)
        #expect((inserted.presentationState?.alpha ?? 1) < 1, "fading in")
        let reports = capturingDiagnostics { g.view.deleteItems(at: [path(0)]) }
        #expect(reports.first?.message.contains("invalid collection view update") == true)
    }
}
