import Testing
import Observation
@testable import Bezel
import BezelCairo

@Observable @MainActor final class OrderModel {
    var cups = 0
    var note = ""
}

/// `observe { … }`: @Observable models driving views, one update per frame (issue 16 item 3).
@MainActor
@Suite struct ObservationTests {
    @Test func changesBetweenFramesGiveOneUpdateWithTheLatestValues() throws {
        let model = OrderModel()
        let (_, window) = Snapshot.window(Size(width: 200, height: 60), [])
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 60), style: TextStyle(color: .white))
        window.addSubview(label)
        var seen: [Int] = []
        let token = label.observe { label in
            seen.append(model.cups)
            label.text = "\(model.cups) cups"
        }
        #expect(seen == [0] && label.text == "0 cups", "runs at once")
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        model.cups = 1
        model.cups = 2
        model.cups = 3
        #expect(seen == [0], "nothing before the frame")
        let damage = display.renderFrame()
        #expect(seen == [0, 3] && label.text == "3 cups", "one update, the latest value")
        #expect(!damage.isEmpty, "the update's change is drawn in that frame")
        #expect(display.renderFrame().isEmpty && seen == [0, 3], "no change, no update")
        // A property the update did not read changes nothing.
        model.note = "oat milk"
        display.renderFrame()
        #expect(seen == [0, 3])
        #expect(token.updateCount == 2)
        // Cancelled: no more updates.
        token.cancel()
        model.cups = 4
        display.renderFrame()
        #expect(seen == [0, 3])
    }

    @Test func anObservationKeepsNothingAliveAndStopsWithItsOwner() throws {
        let model = OrderModel()
        weak var gone: Label?
        var token: ObservationToken?
        var updates = 0
        do {
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            token = label.observe { label in
                updates += 1
                label.text = "\(model.cups)"
            }
            gone = label
        }
        #expect(gone == nil, "the view was released: the observation held no reference to it")
        model.cups = 9
        let (_, window) = Snapshot.window(Size(width: 10, height: 10), [])
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(updates == 1 && token?.isCancelled == true, "no update for a view that is gone")
    }

    @Test func aControllerObservesToo() throws {
        final class OrderController: ViewController {
            let model: OrderModel
            let summary = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            init(model: OrderModel) {
                self.model = model
                super.init()
            }
            override func viewDidLoad() {
                view.addSubview(summary)
                observe { controller in controller.summary.text = "\(controller.model.cups) cups, \(controller.model.note)" }
            }
        }
        let model = OrderModel()
        let (_, window) = Snapshot.window(Size(width: 100, height: 30), [])
        let controller = OrderController(model: model)
        window.rootViewController = controller
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        #expect(controller.summary.text == "0 cups, ")
        model.note = "to go"
        model.cups = 2
        display.renderFrame()
        #expect(controller.summary.text == "2 cups, to go")
        #expect(controller.observationTokens.count == 1 && controller.observationTokens[0].updateCount == 2)
    }
}
