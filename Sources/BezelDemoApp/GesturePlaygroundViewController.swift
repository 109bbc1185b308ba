import Bezel

/// Every built-in recognizer on one card, each with a line showing its live state and values:
/// tap, double tap, long press, pan (moves the card), pinch (scales it), rotation (turns it)
/// and swipe. They recognize together (a delegate allows it) except that the single tap waits
/// for the double tap to fail, as in UIKit apps.
@MainActor
public final class GesturePlaygroundViewController: ViewController, GestureRecognizerDelegate {
    public let card = View(frame: Rect(x: 130, y: 110, width: 200, height: 140))
    public private(set) var lines: [String: Label] = [:]
    public private(set) var recognizers: [String: GestureRecognizer] = [:]
    private var counts: [String: Int] = [:]
    private var lastStates: [String: GestureRecognizer.State] = [:]
    private var cardCenter = Point(x: 230, y: 180)

    /// Called with each line once its gesture has ended (for the app's log).
    var onReport: ((String) -> Void)?

    public static let names = ["tap", "double tap", "long press", "pan", "pinch", "rotation", "swipe"]

    public override init() {
        super.init()
        localizedTitle = "Gestures"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "gestures"
        let area = View(frame: .zero)
        area.name = "playground"
        area.backgroundColor = DemoTheme.band
        area.cornerRadius = 12
        area.clipsToBounds = true
        view.addSubview(area)
        card.name = "card"
        card.backgroundColor = DemoTheme.accent
        card.cornerRadius = 16
        card.isUserInteractionEnabled = false
        card.frame = Rect(x: cardCenter.x - 100, y: cardCenter.y - 70, width: 200, height: 140)
        area.addSubview(card)
        card.addSubview(DemoTheme.localizedLabel("Touch me", frame: card.bounds, size: 22, alignment: .center))
        // Laid out with constraints (issue 30): the playground fills the left, 16 points in,
        // up to 20 points before a stack view of the state lines (310 wide, 14 from the
        // right, 40-point lines 12 apart); on an 800 x 480 panel the playground is 440 x 388.
        let column = StackView()
        column.name = "states"
        column.axis = .vertical
        column.spacing = 12
        var constraints: [LayoutConstraint] = []
        for name in Self.names {
            let line = DemoTheme.label("\(name): possible", frame: .zero, size: 19, color: DemoTheme.secondaryText)
            line.name = name
            column.addArrangedSubview(line)
            lines[name] = line
            constraints.append(line.heightAnchor.constraint(equalToConstant: 40))
        }
        view.addSubview(column)
        for placed in [area, column] { placed.translatesAutoresizingMaskIntoConstraints = false }
        constraints += [
            area.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            area.topAnchor.constraint(equalTo: view.topAnchor, constant: 16),
            area.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -16),
            column.leadingAnchor.constraint(equalTo: area.trailingAnchor, constant: 20),
            column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -14),
            column.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
            column.widthAnchor.constraint(equalToConstant: 310),
        ]
        LayoutConstraint.activate(constraints)

        let doubleTap = TapGestureRecognizer { [weak self] r in self?.report("double tap", r) }
        doubleTap.numberOfTapsRequired = 2
        let tap = TapGestureRecognizer { [weak self] r in self?.report("tap", r) }
        tap.require(toFail: doubleTap)
        let longPress = LongPressGestureRecognizer { [weak self] r in self?.report("long press", r) }
        let pan = PanGestureRecognizer { [weak self] r in self?.panned(r as! PanGestureRecognizer) }
        let pinch = PinchGestureRecognizer { [weak self] r in self?.pinched(r as! PinchGestureRecognizer) }
        let rotation = RotationGestureRecognizer { [weak self] r in self?.rotated(r as! RotationGestureRecognizer) }
        let swipe = SwipeGestureRecognizer { [weak self] r in self?.report("swipe", r, "right") }
        for (name, recognizer) in [("tap", tap), ("double tap", doubleTap), ("long press", longPress), ("pan", pan), ("pinch", pinch),
                                   ("rotation", rotation), ("swipe", swipe)] as [(String, GestureRecognizer)] {
            recognizer.name = name
            recognizer.delegate = self
            area.addGestureRecognizer(recognizer)
            recognizers[name] = recognizer
        }
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }

    private func report(_ name: String, _ recognizer: GestureRecognizer, _ detail: String? = nil) {
        // One count per recognition: at .began for continuous gestures, at .ended for discrete ones.
        let wasRunning = lastStates[name] == .began || lastStates[name] == .changed
        if recognizer.state == .began || (recognizer.state == .ended && !wasRunning) { counts[name, default: 0] += 1 }
        lastStates[name] = recognizer.state
        var text = "\(name): \(recognizer.state) x\(counts[name, default: 0])"
        if let detail { text += " " + detail }
        lines[name]?.text = text
        if recognizer.state == .ended { onReport?(text) }
        lines[name]?.style.color = recognizer.state == .ended || recognizer.state == .began || recognizer.state == .changed ? DemoTheme.text : DemoTheme.secondaryText
    }

    private func panned(_ pan: PanGestureRecognizer) {
        let moved = pan.translation(in: card.superview)
        if pan.state == .ended || pan.state == .cancelled {
            cardCenter = Point(x: cardCenter.x + moved.x, y: cardCenter.y + moved.y)
            placeCard(offset: .zero)
        } else {
            placeCard(offset: moved)
        }
        report("pan", pan, "(\(Int(moved.x)), \(Int(moved.y)))")
    }

    private func pinched(_ pinch: PinchGestureRecognizer) {
        report("pinch", pinch, "x" + String(Double(Int(pinch.scale * 100)) / 100))
        applyTransform()
    }

    private func rotated(_ rotation: RotationGestureRecognizer) {
        report("rotation", rotation, "\(Int((rotation.rotation * 180 / .pi).rounded())) deg")
        applyTransform()
    }

    private func applyTransform() {
        let pinch = recognizers["pinch"] as! PinchGestureRecognizer
        let rotation = recognizers["rotation"] as! RotationGestureRecognizer
        let scale = pinch.state == .possible || pinch.state == .failed ? 1 : pinch.scale
        let angle = rotation.state == .possible || rotation.state == .failed ? 0 : rotation.rotation
        card.transform = AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(rotationAngle: angle))
    }

    private func placeCard(offset: Point) {
        card.frame = Rect(x: cardCenter.x + offset.x - 100, y: cardCenter.y + offset.y - 70, width: 200, height: 140)
    }
}
