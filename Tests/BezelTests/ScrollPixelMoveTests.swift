import Testing
@testable import Bezel
import BezelCairo

/// Issue 15 item 4: a scrolled frame moves the drawn pixels and draws only the uncovered
/// strip, and the result equals a full redraw, pixel for pixel, in every rotation and scale.
@MainActor
@Suite struct ScrollPixelMoveTests {
    /// An 800x480 window: a bar on top, a 10,000-row table under it (each row a label, a
    /// detail label and a button), sticky section headers.
    @MainActor struct Scene {
        let stage = Stage()
        let window: Window
        let table: TableView
        let model: TableModel
        let fingers: TouchScript

        init(alpha: Double = 1) {
            let app = stage.app
            window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
            window.backgroundColor = Color(rgb: 0x202830)
            let bar = View(frame: Rect(x: 0, y: 0, width: 800, height: 60))
            bar.backgroundColor = Color(rgb: 0x2E86DE)
            window.addSubview(bar)
            model = TableModel(sections: (0..<100).map { s in (0..<100).map { "Row \(s * 100 + $0)" } })
            model.headers = (0..<100).map { "Section \($0)" }
            model.logged = []
            table = TableView(frame: Rect(x: 0, y: 60, width: 800, height: 420))
            table.alpha = alpha
            table.register(forCellReuseIdentifier: "row") {
                let cell = TableViewCell(style: .subtitle, reuseIdentifier: "row")
                let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 32))
                button.title = "Select"
                button.backgroundColor = .systemGray5
                cell.accessoryView = button
                return cell
            }
            table.rowHeight = 56
            window.addSubview(table)
            table.delegate = model
            table.dataSource = model
            window.makeKeyAndVisible()
            fingers = TouchScript(app)
        }

        /// A drag up and a fling, a frame rendered every 1/60 s until it rests.
        func fling(on display: HeadlessDisplay, distance: Double = 300) {
            fingers.down(at: Point(x: 400, y: 400))
            for i in 1...6 {
                fingers.wait(1.0 / 60)
                fingers.move(to: Point(x: 400, y: 400 - distance / 6 * Double(i)))
                display.renderFrame()
            }
            fingers.up()
            for _ in 0..<240 {
                fingers.wait(1.0 / 60)
                display.renderFrame()
            }
        }
    }

    /// Renders `window` from scratch and counts the pixels that differ from `display`'s.
    private func differingPixels(_ display: HeadlessDisplay, rotation: DisplayRotation = .none, scale: Double = 1) throws -> Int {
        display.window.setNeedsFullRedraw()
        let fresh = try HeadlessDisplay(window: display.window, rotation: rotation, scale: scale)
        fresh.renderFrame()
        return fresh.framebuffer.countDifferingPixels(from: display.framebuffer, tolerance: 0) ?? -1
    }

    @Test(arguments: [(DisplayRotation.none, 1.0), (.clockwise90, 1.0), (.upsideDown, 2.0), (.clockwise270, 1.5)])
    func aFlingMovesPixelsAndEqualsAFullRedraw(rotation: DisplayRotation, scale: Double) throws {
        let scene = Scene()
        let display = try HeadlessDisplay(window: scene.window, rotation: rotation, scale: scale)
        display.renderFrame()
        scene.fling(on: display)
        #expect(scene.table.contentOffset.y > 400, "the fling scrolled: \(scene.table.contentOffset.y)")
        #expect(display.pixelMoves > 20, "most frames moved pixels: \(display.pixelMoves)")
        // Compared before any redraw: the frame built from moves and strips.
        let moved = try ImageBuffer(width: display.framebuffer.width, height: display.framebuffer.height)
        display.framebuffer.copy([Rect(x: 0, y: 0, width: Double(moved.width), height: Double(moved.height))], to: moved)
        scene.window.setNeedsFullRedraw()
        let fresh = try HeadlessDisplay(window: scene.window, rotation: rotation, scale: scale)
        fresh.renderFrame()
        #expect(fresh.framebuffer.countDifferingPixels(from: moved, tolerance: 0) == 0)
    }

    @Test func aScrolledFrameDrawsOnlyTheUncoveredStripAndTheIndicators() throws {
        let scene = Scene()
        let display = try HeadlessDisplay(window: scene.window)
        display.renderFrame()
        scene.table.setContentOffset(Point(x: 0, y: 20), animated: false)
        let move = scene.window.pendingScrollMove
        #expect(move == ScrollMove(region: Rect(x: 0, y: 60, width: 800, height: 420), delta: Point(x: 0, y: -20)))
        let damage = scene.window.damage.rects
        let area = damage.reduce(0) { $0 + $1.area }
        // The 20 pt strip at the bottom, the indicator column and the sticky header's band.
        let bound: Double = 800 * 20 + 6 * 420 + 800 * 28 * 2 + 800
        #expect(area < bound, "damaged \(damage)")
        let drawn = display.renderFrame()
        #expect(drawn.contains(Rect(x: 0, y: 60, width: 800, height: 420)), "the moved region reaches the screen")
        #expect(try differingPixels(display) == 0)
    }

    @Test func aTranslucentTableIsRedrawnInstead() throws {
        let scene = Scene(alpha: 0.9)
        let display = try HeadlessDisplay(window: scene.window)
        display.renderFrame()
        scene.fling(on: display, distance: 200)
        #expect(display.pixelMoves == 0)
        #expect(try differingPixels(display) == 0)
    }

    @Test func aViewOverTheTableStopsPixelMoves() throws {
        let scene = Scene()
        let badge = View(frame: Rect(x: 700, y: 400, width: 60, height: 60))
        badge.backgroundColor = .systemRed
        scene.window.addSubview(badge)
        let display = try HeadlessDisplay(window: scene.window)
        display.renderFrame()
        scene.fling(on: display, distance: 200)
        #expect(display.pixelMoves == 0)
        #expect(try differingPixels(display) == 0)
    }

    @Test func shiftingABufferMovesPixelsBothWays() throws {
        let buffer = try ImageBuffer(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { buffer.setPixelForTesting(x: x, y: y, value: UInt32(y * 16 + x)) } }
        buffer.shift(Rect(x: 0, y: 0, width: 4, height: 4), dx: 0, dy: -1)
        #expect(buffer.pixel(x: 2, y: 0).map { $0 & 0xFF } == 18, "row 1 moved up")
        buffer.shift(Rect(x: 0, y: 0, width: 4, height: 4), dx: 1, dy: 1)
        #expect(buffer.pixel(x: 3, y: 1).map { $0 & 0xFF } == 18)
    }
}
