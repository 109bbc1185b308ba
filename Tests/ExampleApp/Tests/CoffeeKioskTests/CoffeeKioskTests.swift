import Testing
import Bezel
import BezelTesting
import CoffeeKiosk

/// The coffee kiosk tested as an app's own tests would be, with BezelTesting only.
@MainActor
@Suite struct CoffeeKioskTests {
    func kiosk() throws -> (AppHarness, CoffeeKiosk) {
        var made: CoffeeKiosk?
        let app = try AppHarness(size: Size(width: 800, height: 480), trace: [.actions]) { application in
            let kiosk = CoffeeKiosk(application: application)
            made = kiosk
            return kiosk.window
        }
        return (app, try #require(made))
    }

    @Test func tappingADrinkAddsACupAndTheTraceShowsTheAction() throws {
        let (app, kiosk) = try kiosk()
        try app.expectSnapshot(named: "empty")
        app.tap(app.view(named: "flat white")!)
        app.tap(app.view(named: "flat white")!)
        #expect(kiosk.order.cups == 2)
        #expect((app.view(named: "summary") as? Label)?.text == "2 × Flat white", "the label follows the model at the next frame")
        #expect(app.traceLines(.actions).contains { $0.contains("touchUpInside") }, "\(app.traceLines())")
        try app.expectSnapshot(named: "two-cups")
    }

    @Test func aDragOnTheBackgroundClearsTheOrder() throws {
        let (app, kiosk) = try kiosk()
        app.tap(app.view(named: "flat white")!)
        app.drag(from: Point(x: 500, y: 400), to: Point(x: 700, y: 400))
        #expect(kiosk.cleared == 1 && kiosk.order.cups == 0)
        #expect((app.view(named: "summary") as? Label)?.text == "Tap a drink")
    }
}

// The README's testing sample, as written there.
@Test @MainActor func orderingAFlatWhite() throws {
    let app = try AppHarness(size: Size(width: 800, height: 480), trace: [.actions]) { application in
        CoffeeKiosk(application: application).window       // the app's own set-up
    }
    app.tap(app.view(named: "flat white")!)                 // a tap at the view's centre, then a frame
    app.drag(from: Point(x: 400, y: 300), to: Point(x: 400, y: 100))
    app.press(.tab)                                         // a hardware key
    app.wait(0.5)                                           // timers and animations run
    #expect(app.traceLines(.actions).contains { $0.contains("touchUpInside") })
    try app.expectSnapshot(named: "ordered")                // Snapshots/ordered.png beside this file
}
