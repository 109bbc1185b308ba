/// A view's constraint-layout state, made when it first takes part (one pointer in every
/// view otherwise: a frame-based app pays nothing).
@MainActor
final class ViewConstraintState {
    /// Set when the first state is made: until then no view has constraints, and a subtree
    /// joining a window is not searched for them.
    static var everUsed = false

    init() { Self.everUsed = true }

    var translatesAutoresizingMaskIntoConstraints = true
    /// Active constraints installed on this view (UIKit's `constraints`).
    var installed: [LayoutConstraint] = []
    /// The view's variables in its tree's engine, while it has some.
    var item: LayoutItem?
    /// The engine of the tree this view is the root of, outside any window (made by a
    /// layout pass; dropped when the view joins a superview).
    var detachedEngine: LayoutEngine?
    /// UIKit's defaults for views made in code: hugging 250, compression resistance 750.
    var hugging = AxisPriorities(.defaultLow)
    var compressionResistance = AxisPriorities(.defaultHigh)
    var needsUpdateConstraints = false
    /// Some subview takes its frame from the engine: laid out from it before `layoutSubviews()`.
    var hasConstrainedSubviews = false
    /// `addLayoutGuide(_:)`'s guides, and the safe area's once asked for.
    var guides: [LayoutGuide] = []
    /// The view's own guides (safe area, margins, readable content, keyboard), made when
    /// first asked for.
    var systemGuides: [LayoutGuide.Kind: LayoutGuide] = [:]
    /// UIKit's `semanticContentAttribute` (kept here: rarely set, no cost to other views).
    var semanticContentAttribute = SemanticContentAttribute.unspecified
    /// `exerciseAmbiguityInLayout()` pulls one way, then the other.
    var exerciseDirection = -1.0
}

/// A priority for each axis (hugging, compression resistance).
struct AxisPriorities {
    var horizontal: LayoutPriority
    var vertical: LayoutPriority
    init(_ both: LayoutPriority) { horizontal = both; vertical = both }

    subscript(axis: LayoutAxis) -> LayoutPriority {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}

/// One view's variables in a layout engine: its frame's origin in its superview's
/// coordinates and its size. A view that translates its autoresizing mask has them pinned to
/// its frame (UIKit's autoresizing-mask constraints); one that does not takes its frame from
/// them, with its intrinsic size as hugging and compression-resistance constraints.
@MainActor
final class LayoutItem {
    /// The view whose frame these are, or the guide (placed in its owning view).
    weak var view: View?
    weak var guide: LayoutGuide?
    let minX: LayoutVariable, minY: LayoutVariable, width: LayoutVariable, height: LayoutVariable
    /// The required equalities to the frame (translating views).
    var pins: [SolverConstraint] = []
    /// width >= intrinsic (compression), width <= intrinsic (hugging), the same for height.
    var intrinsic: [SolverConstraint] = []

    convenience init(_ view: View) {
        self.init(name: view.debugName)
        self.view = view
    }

    convenience init(_ guide: LayoutGuide) {
        self.init(name: guide.debugName)
        self.guide = guide
    }

    private init(name: String) {
        minX = LayoutVariable("\(name).minX")
        minY = LayoutVariable("\(name).minY")
        width = LayoutVariable("\(name).width")
        height = LayoutVariable("\(name).height")
    }

    /// Solved values beyond this many points are out of any panel's reach (constants near
    /// Double's limits overflow the solver's sums): such a frame is not applied.
    static let largestCoordinate = 1e9

    /// The solved frame, its edges rounded to the screen's pixels as UIKit rounds them; nil
    /// when a value is not finite or beyond `largestCoordinate` (the view keeps its frame).
    func solvedFrame(scale: Double) -> Rect? {
        func round(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let edges = [minX.value, minY.value, minX.value + width.value, minY.value + height.value]
        guard edges.allSatisfy({ $0.isFinite && abs($0) <= Self.largestCoordinate }) else { return nil }
        let left = round(edges[0]), top = round(edges[1]), right = round(edges[2]), bottom = round(edges[3])
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
