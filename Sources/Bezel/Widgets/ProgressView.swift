/// UIKit's `UIProgressView`: a bar filled to `progress` (0...1; out of range is clamped, NaN is 0).
@MainActor
open class ProgressView: View {
    public var progress: Double = 0 {
        didSet {
            progress = progress.isNaN ? 0 : min(1, max(0, progress))
            if progress != oldValue { setNeedsDisplay() }
        }
    }
    public var trackTintColor = Color(rgb: 0x2A3F56)
    /// The filled part (default: the tint colour).
    public var progressTintColor: Color?

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let radius = bounds.height / 2
        context.fillRoundedRect(bounds, radius: radius, color: trackTintColor)
        guard progress > 0 else { return }
        let filled = Rect(x: bounds.minX, y: bounds.minY, width: max(bounds.height, bounds.width * progress), height: bounds.height)
        context.fillRoundedRect(filled, radius: radius, color: progressTintColor ?? tintColor)
    }
}
