/// The "moved too far" rule of tap and long press (UIKit's `allowableMovement`), measured from
/// where each finger landed. A touch keeps its own landing point (window coordinates), so the
/// recognizers keep no list of them: recording each touch's landing and looking it up again
/// was ~300 instructions a press (callgrind, M3).
extension Set where Element == Touch {
    /// Whether any of these touches is now more than `distance` points from where it landed.
    @MainActor
    func anyMoved(fartherThan distance: Double) -> Bool {
        for touch in self where touch.landingLocationInWindow.distance(to: touch.locationInWindow) > distance {
            return true
        }
        return false
    }
}
