import Bezel
import Observation

/// The order being put together, an @Observable model the screen follows.
@Observable @MainActor public final class Order {
    public var cups = 0
    public var drink = "Flat white"
}

/// A one-screen coffee kiosk: a drink button that adds a cup, a stepper-like minus, the order
/// line following the model, and a pan on the background that clears the order.
@MainActor
public final class CoffeeKiosk {
    public let window: Window
    public let order = Order()
    public let add = Button(frame: Rect(x: 40, y: 120, width: 240, height: 120))
    public let summary = Label(frame: Rect(x: 320, y: 150, width: 440, height: 60))
    public private(set) var cleared = 0

    public init(application: Application) {
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: application)
        window.backgroundColor = .systemGroupedBackground
        add.name = "flat white"
        add.title = "Flat white"
        add.backgroundColor = .systemTint
        add.cornerRadius = 12
        add.setTitleColor(.white, for: .normal)
        add.addAction(for: .touchUpInside) { [order] _, _ in order.cups += 1 }
        summary.name = "summary"
        summary.style = TextStyle(size: 28, weight: .bold)
        summary.observe { [order] label in
            label.text = order.cups == 0 ? "Tap a drink" : "\(order.cups) × \(order.drink)"
        }
        let clear = PanGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.order.cups = 0
            self.cleared += 1
        }
        window.addGestureRecognizer(clear)
        window.addSubview(add)
        window.addSubview(summary)
        window.makeKeyAndVisible()
    }
}
