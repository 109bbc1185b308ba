/// UIKit's `UIActivityIndicatorView`: twelve spokes turning while animating, driven by the
/// display link (no timer of its own: it costs nothing once stopped).
@MainActor
open class ActivityIndicatorView: View {
    // Accessibility: "In progress" while it spins (UIKit's label), updating often; hidden otherwise.
    override var defaultIsAccessibilityElement: Bool { isAnimating }
    override var defaultAccessibilityLabel: String? { Localization.bezelString("In progress", language: language) }
    override var defaultAccessibilityTraits: AccessibilityTraits { .updatesFrequently }

    /// One turn per second, UIKit's spinner speed; twelve spokes, UIKit's count.
    static let spokes = 12
    static let secondsPerTurn = 1.0

    public private(set) var isAnimating = false
    public var hidesWhenStopped = true
    public var color = Color.gray { didSet { setNeedsDisplay() } }
    /// Which spoke is brightest (advances with time while animating).
    public private(set) var phase = 0

    private var subscription: DisplayLink.Subscription?
    private var startTime: TimeInterval = 0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = hidesWhenStopped
    }

    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        spinIfShown()
    }

    /// Asks for frames while it animates in a window: at once, or when it enters one (a
    /// spinner started before it was shown, or shown again after leaving, spins: UIKit's).
    private func spinIfShown() {
        guard isAnimating, subscription == nil, let app = window?.application else { return }
        startTime = app.clock.now
        subscription = app.displayLink.add { [weak self] now in
            guard let self else { return }
            let turns = (now - self.startTime) / Self.secondsPerTurn
            let next = Int((turns - turns.rounded(.down)) * Double(Self.spokes)) % Self.spokes
            if next != self.phase {
                self.phase = next
                self.setNeedsDisplay()
            }
        }
    }

    public func stopAnimating() {
        isAnimating = false
        subscription?.invalidate()
        subscription = nil
        if hidesWhenStopped { isHidden = true }
    }

    open override func didMoveToWindow() {
        // A spinner that leaves the screen stops asking for frames; back, it asks again.
        if window == nil {
            subscription?.invalidate()
            subscription = nil
        } else {
            spinIfShown()
        }
    }

    /// UIKit's medium indicator: 20 x 20 points.
    open override var intrinsicContentSize: Size { Size(width: 20, height: 20) }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let radius = min(bounds.width, bounds.height) / 2
        guard radius > 0 else { return }
        let length = radius * 0.45, width = max(1, radius * 0.16)
        for i in 0..<Self.spokes {
            // The spoke `phase` is brightest; the ones behind it fade out.
            let age = (phase - i + Self.spokes) % Self.spokes
            let alpha = 1 - Double(age) / Double(Self.spokes) * 0.85
            context.saveState()
            context.translate(by: Point(x: bounds.midX, y: bounds.midY))
            context.rotate(by: Double(i) * 2 * Double.pi / Double(Self.spokes))
            context.fillRoundedRect(Rect(x: -width / 2, y: -radius, width: width, height: length), radius: width / 2,
                                    color: color.multiplyingAlpha(by: alpha))
            context.restoreState()
        }
    }
}
