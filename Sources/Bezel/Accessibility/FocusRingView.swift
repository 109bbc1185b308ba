/// The spoken mode's focus ring: a rounded outline around the focused element, black inside
/// white so it shows on any background (VoiceOver's cursor), above everything in the window
/// and never hit by touches.
@MainActor
final class FocusRingView: View {
    /// The outline: 3 pt of black, 2 pt of white outside it, 4 pt out from the element.
    static let lineWidth = 3.0
    static let outset = 4.0

    override init(frame: Rect) {
        super.init(frame: frame)
        name = "accessibilityFocusRing"
        isUserInteractionEnabled = false
        accessibilityElementsHidden = true
    }

    /// Puts the ring around `frame` (window coordinates).
    func surround(_ frame: Rect) {
        let grow = Self.outset + Self.lineWidth + 2
        self.frame = frame.insetBy(dx: -grow, dy: -grow)
        setNeedsDisplay()
    }

    override var drawingOverflow: Double { 0 }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        let white = bounds.insetBy(dx: 1, dy: 1)
        context.strokeRoundedRect(white, radius: 10, lineWidth: 2, color: .white)
        context.strokeRoundedRect(white.insetBy(dx: 2.5, dy: 2.5), radius: 8, lineWidth: Self.lineWidth, color: .black)
    }
}
