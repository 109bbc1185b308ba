/// UIKit's `UIStackView`: arranges its arranged subviews in a row or a column with
/// constraints it makes and keeps up to date (StackView+Constraints.swift), so screens need
/// no coordinates and the arrangement follows text sizes, hidden views and the panel's size.
///
/// As in UIKit, arranged views stop translating their autoresizing masks; along the axis
/// `distribution` decides the sizes and across it `alignment` places each view; a hidden
/// arranged view takes no space; the stack's own size comes from its constraints, or, when
/// nothing sizes it, from its arranged views (it hugs them).
///
/// One difference, so that frame-sized views keep working: an arranged view with no
/// intrinsic size on an axis keeps the size its frame had when it was arranged, as a
/// preference (priority 250) that its own constraints override. UIKit leaves such a view's
/// size ambiguous.
@MainActor
open class StackView: View {
    public enum Axis: Sendable { case horizontal, vertical }

    /// UIKit's `UIStackView.Distribution`: how the arranged views share the stack's length.
    public enum Distribution: Sendable {
        /// The views keep their natural sizes; the one with the lowest content hugging (or
        /// compression resistance, when they do not fit) takes the difference: on a tie, the
        /// last of them (UIKit resolves ties by index).
        case fill
        /// Every view the same size.
        case fillEqually
        /// Sizes in proportion to the views' natural sizes.
        case fillProportionally
        /// Natural sizes, the space left over shared equally between neighbours (at least
        /// `spacing`).
        case equalSpacing
        /// Natural sizes, the centres equally far apart (neighbours at least `spacing` apart).
        case equalCentering
    }

    /// UIKit's `UIStackView.Alignment`: where each view sits across the axis.
    public enum Alignment: Sendable {
        /// As large as the stack across the axis.
        case fill
        /// At the top (a horizontal stack) or the leading edge (a vertical one).
        case leading
        case center
        /// At the bottom (a horizontal stack) or the trailing edge (a vertical one).
        case trailing
        /// A horizontal stack's views with their first (last) lines of text on one line
        /// (UIKit's; a vertical stack fills instead, baselines being meaningless across it).
        case firstBaseline, lastBaseline
        /// UIKit's names for a horizontal stack's `leading` and `trailing`.
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    /// UIKit's `UIStackView.spacingUseDefault`: `customSpacing(after:)` when none was set.
    public static let spacingUseDefault = Double.greatestFiniteMagnitude

    public var axis: Axis = .horizontal { didSet { arrangementChanged() } }
    public var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    public var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    /// Space between neighbours (negative overlaps them, as in UIKit; non-finite is refused).
    public var spacing: Double = 0 {
        didSet {
            guard spacing.isFinite else {
                Diagnostics.report(.apiMisuse, "StackView.spacing: \(spacing) is not finite; \(oldValue) kept")
                spacing = oldValue
                return
            }
            arrangementChanged()
        }
    }
    /// Whether the views are arranged inside the layout margins (UIKit's default: false,
    /// against the stack's own edges).
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    /// A stack's margins are zero unless set (they matter with
    /// `isLayoutMarginsRelativeArrangement`).
    open override var layoutMargins: EdgeInsets { didSet { if isLayoutMarginsRelativeArrangement { arrangementChanged() } } }

    public private(set) var arrangedSubviews: [View] = []
    /// `setCustomSpacing(_:after:)`'s values, by view.
    var customSpacings: [ObjectIdentifier: Double] = [:]
    /// Each arranged view's frame size when it was arranged (its size where it has no
    /// intrinsic one).
    var arrangedFrameSizes: [ObjectIdentifier: Size] = [:]
    /// The constraints and guides the stack made for the current arrangement.
    var arrangement: [LayoutConstraint] = []
    var arrangementGuides: [LayoutGuide] = []

    public init(frame: Rect = .zero, arrangedSubviews views: [View] = []) {
        super.init(frame: frame)
        layoutMargins = .zero
        for view in views { addArrangedSubview(view) }
    }

    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Arranges `view` at `index` (clamped) and makes it a subview if it is not one.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard view !== self else {
            return Diagnostics.report(.apiMisuse, "StackView.insertArrangedSubview: a stack view cannot arrange itself; ignored")
        }
        arrangedSubviews.removeObject(view)
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        arrangedFrameSizes[ObjectIdentifier(view)] = view.frame.size
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view` (it stays a subview, as in UIKit).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeObject(view)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangedFrameSizes[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    /// The space after `view` instead of `spacing` (UIKit's; `spacingUseDefault` goes back
    /// to `spacing`).
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        guard spacing.isFinite || spacing == Self.spacingUseDefault else {
            return Diagnostics.report(.apiMisuse, "StackView.setCustomSpacing: \(spacing) is not finite; ignored")
        }
        customSpacings[ObjectIdentifier(view)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrangementChanged()
    }

    /// The space after `view`: its custom spacing, or `spacingUseDefault`.
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? Self.spacingUseDefault
    }

    /// An arranged view was hidden or shown: it collapses or takes its place again.
    func arrangedSubviewVisibilityChanged(_ view: View) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
    }

    /// The arrangement's constraints are made again before the next layout.
    func arrangementChanged() {
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }

    open override func updateConstraints() {
        rebuildArrangement()
        super.updateConstraints()
    }
}
