/// What an animated view shows while its model already holds the end values (UIKit's
/// presentation layer): the interpolated values of the properties that are animating, the
/// animations acting on them, and whether they keep touches away from the view.
///
/// A view has one only while it animates; the renderer reads it, hit-testing only checks
/// `View.isAnimationBlockingTouches`, which the engine keeps from `interactionBlockers`
/// (touches use the model geometry, as in UIKit).
@MainActor
final class PresentationState {
    var frame: Rect?
    var boundsOrigin: Point?
    var alpha: Double?
    var transform: AffineTransform?
    var backgroundColor: Color?
    /// Drawn values by key (a switch's knob position...): what is shown, and the model value
    /// the control last animated to.
    var drawn: [Int: Double] = [:]
    var drawnModel: [Int: Double] = [:]
    /// The animations acting on the view, in the order they were committed.
    var tracks: [AnimationTrack] = []
    /// Animations without `.allowUserInteraction` running on the view: while any runs, the
    /// view and its subviews cannot be hit (UIKit's rule for animating views).
    var interactionBlockers = 0
    /// Where the view was last drawn (window coordinates): the next frame redraws it and the
    /// new place, and nothing else.
    var drawnArea: Rect?
    /// Set when `drawnArea` is in the content coordinates of this scroll view, whose content a
    /// display plane shows (damage there is the plane's, and does not move with a scroll).
    weak var drawnAreaPlane: ScrollView?

}
