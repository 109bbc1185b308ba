import Bezel

/// A label showing the time of day as HH:MM, updated once a minute: one timer set for the
/// next minute boundary, so the process wakes once a minute for it and never in between.
@MainActor
public final class MinuteClock: Label {
    /// The local time of day in seconds since midnight (the demo reads the system clock and
    /// time zone; tests and the headless tour pass a fixed time).
    public typealias TimeOfDay = @MainActor () -> Double

    private let timeOfDay: TimeOfDay
    private var timer: TimerHandle?
    private weak var runLoop: RunLoop?
    /// Updates so far (each one a wake-up).
    public private(set) var updates = 0

    public init(frame: Rect, timeOfDay: @escaping TimeOfDay) {
        self.timeOfDay = timeOfDay
        super.init(frame: frame, text: nil, style: TextStyle(size: 22, color: .white, alignment: .right))
        name = "clock"
        isUserInteractionEnabled = false
    }

    /// The clock sits at the bar's trailing end: the app placed it by frame (frames stay
    /// absolute in a right-to-left language, as in UIKit), so it moves itself to the other
    /// end when the direction turns, as an app does in `traitCollectionDidChange`.
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard let previousTraitCollection, previousTraitCollection.layoutDirection != traitCollection.layoutDirection,
              let bar = superview else { return }
        frame = Rect(x: bar.bounds.width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
        autoresizingMask = traitCollection.layoutDirection == .rightToLeft ? [.flexibleRightMargin] : [.flexibleLeftMargin]
        style.alignment = traitCollection.layoutDirection == .rightToLeft ? .left : .right
    }

    /// Shows the time now and keeps it current on `runLoop` until `stop()`.
    public func start(on runLoop: RunLoop) {
        self.runLoop = runLoop
        tick()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
    }

    private func tick() {
        let seconds = timeOfDay()
        text = Self.format(seconds)
        updates += 1
        // Wake at the next minute boundary (plus 1 ms so the new minute has begun).
        let untilNextMinute = 60 - seconds.truncatingRemainder(dividingBy: 60) + 0.001
        timer = runLoop?.schedule(after: untilNextMinute) { [weak self] in self?.tick() }
    }

    /// "HH:MM" for a time of day in seconds (wrapped into one day).
    public static func format(_ seconds: Double) -> String {
        let day = 24 * 3600.0
        let s = Int(((seconds.truncatingRemainder(dividingBy: day)) + day).truncatingRemainder(dividingBy: day))
        let h = s / 3600, m = (s % 3600) / 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
