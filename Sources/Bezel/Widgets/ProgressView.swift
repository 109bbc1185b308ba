/// UIKit's `UIProgressView`: a bar filled to `progress` (0...1; out of range is clamped, NaN is 0).
@MainActor
open class ProgressView: View {
    // Accessibility: an element valued in percent, updating often (not re-read on each change).
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { accessibilityPercent(progress) }
    override var defaultAccessibilityTraits: AccessibilityTraits { .updatesFrequently }

    public var progress: Double = 0 {
        didSet {
            progress = progress.isNaN ? 0 : min(1, max(0, progress))
            if progress != oldValue {
                stopDrawnValueAnimation(Self.fillKey)
                setNeedsDisplay()
            }
        }
    }
    /// The fill's glide for `setProgress(_:animated: true)` (0.25 s, Bezel's choice).
    public static let animationDuration: TimeInterval = 0.25
    private static let fillKey = 0

    /// Sets the progress; animated, the fill glides to it.
    public func setProgress(_ newValue: Double, animated: Bool) {
        let shown = shownProgress
        progress = newValue
        if animated { animateDrawnValue(Self.fillKey, to: progress, from: shown, duration: Self.animationDuration) }
    }

    private var shownProgress: Double { presentedDrawnValue(Self.fillKey, model: progress) }
    public var trackTintColor = Color.systemFill { didSet { if trackTintColor != oldValue { setNeedsDisplay() } } }
    /// The filled part (default: the tint colour).
    public var progressTintColor: Color? { didSet { if progressTintColor != oldValue { setNeedsDisplay() } } }

    /// As wide as constraints make it; UIKit's 4-point bar (iOS 13 and later).
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let radius = bounds.height / 2
        context.fillRoundedRect(bounds, radius: radius, color: trackTintColor)
        let shown = shownProgress
        guard shown > 0 else { return }
        // From the leading end: the right in a right-to-left language.
        let width = max(bounds.height, bounds.width * min(1, shown))
        let filled = Rect(x: effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.maxX - width : bounds.minX,
                          y: bounds.minY, width: width, height: bounds.height)
        context.fillRoundedRect(filled, radius: radius, color: progressTintColor ?? tintColor)
    }
}
