import Bezel

/// The mouse cursor, drawn while a pointer device is attached (kiosks have none; a mouse
/// plugged in for service gets one): a small ring whose centre is the hotspot, the point a
/// click lands on. It is the window's top view and takes no touches.
@MainActor
final class PointerCursorView: View {
    /// 16 pt: as large as a finger-tip marker needs on a 7" panel, small enough to not hide a
    /// control's label (measured on the standard scene's 120 x 80 pt buttons).
    static let diameter = 16.0

    init() {
        super.init(frame: Rect(x: 0, y: 0, width: Self.diameter, height: Self.diameter))
        isUserInteractionEnabled = false
        isHidden = true
    }

    override func draw(_ rect: Rect, in context: any DrawingContext) {
        context.fillEllipse(in: bounds, color: Color(rgb: 0x101010, alpha: 0.85))
        context.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2), color: Color(rgb: 0xFFFFFF))
        context.fillEllipse(in: bounds.insetBy(dx: 5, dy: 5), color: Color(rgb: 0x101010, alpha: 0.85))
    }

    /// Shows the cursor at `location` (window coordinates), or hides it (nil).
    func show(at location: Point?, in window: Window) {
        guard let location else {
            isHidden = true
            return
        }
        if superview !== window { window.addSubview(self) } else if window.subviews.last !== self { window.bringSubviewToFront(self) }
        isHidden = false
        frame = Rect(x: location.x - Self.diameter / 2, y: location.y - Self.diameter / 2, width: Self.diameter, height: Self.diameter)
    }
}
