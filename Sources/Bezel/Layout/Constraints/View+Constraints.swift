extension View {
    var constraintStateOrNew: ViewConstraintState {
        if let state = constraintState { return state }
        let state = ViewConstraintState()
        constraintState = state
        return state
    }

    /// True (UIKit's default for views made in code): the view's frame is set by hand or by
    /// its autoresizing mask, and constraints see it as fixed. False: constraints set it.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { constraintState?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            constraintStateOrNew.translatesAutoresizingMaskIntoConstraints = newValue
            layoutEngineIfCreated?.translatesChanged(of: self)
            if !newValue { superview?.setNeedsLayout() }
        }
    }

    /// The active constraints installed on this view (their items' closest common ancestor).
    public var constraints: [LayoutConstraint] { constraintState?.installed ?? [] }

    var installedConstraints: [LayoutConstraint] {
        get { constraintState?.installed ?? [] }
        set { constraintStateOrNew.installed = newValue }
    }

    /// UIKit's older calls: activate and deactivate.
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    // MARK: Anchors

    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// Where the first line of text sits (a label's; a stack's first arranged view's; other
    /// views' bottom).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// Where the last line of text sits.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }

    // MARK: Intrinsic size priorities

    /// How strongly the view resists growing past its intrinsic size (UIKit's default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        (constraintState ?? ViewConstraintState()).hugging[axis]
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        constraintStateOrNew.hugging[axis] = priority
        layoutEngineIfCreated?.intrinsicSizeChanged(of: self)
    }

    /// How strongly the view resists shrinking below its intrinsic size (UIKit's default 750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        (constraintState ?? ViewConstraintState()).compressionResistance[axis]
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        constraintStateOrNew.compressionResistance[axis] = priority
        layoutEngineIfCreated?.intrinsicSizeChanged(of: self)
    }

    // MARK: The update-constraints pass

    /// Asks for `updateConstraints()` before the next layout (UIKit's).
    public func setNeedsUpdateConstraints() {
        constraintStateOrNew.needsUpdateConstraints = true
        if let engine = window?.constraintEngine ?? layoutEngineIfCreated { engine.setNeedsUpdateConstraints(self) }
    }

    /// Runs `updateConstraints()` now if it was asked for.
    public func updateConstraintsIfNeeded() {
        guard let state = constraintState, state.needsUpdateConstraints else { return }
        state.needsUpdateConstraints = false
        updateConstraints()
    }

    // MARK: Fitting

    /// UIKit's `layoutFittingCompressedSize`: the smallest size the constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// UIKit's `layoutFittingExpandedSize`: the largest (10^7 points, far beyond any panel).
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size the constraints in this view's subtree give it, as close to `targetSize` as
    /// they allow (UIKit's; for a cell's height, a sheet's size). Nothing is laid out: the
    /// views keep their frames.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The same, with a priority per axis for reaching `targetSize`: `.required` fixes that
    /// dimension (a cell's width), `.fittingSizeLevel` lets the constraints decide (its
    /// height).
    public func systemLayoutSizeFitting(_ targetSize: Size, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
                                        verticalFittingPriority: LayoutPriority) -> Size {
        LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// A self-sizing cell's content view (`systemLayoutSizeFitting` at `target` with these
    /// priorities), rounded up to the screen's pixels as UIKit rounds; nil when no
    /// constraint places anything in it (the caller keeps its estimate or default).
    func selfSizingFit(_ target: Size, horizontal: LayoutPriority, vertical: LayoutPriority) -> Size? {
        guard constraintState?.installed.isEmpty == false || subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) else {
            return nil
        }
        let size = systemLayoutSizeFitting(target, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        let scale = window?.screenScale ?? 1
        return Size(width: (size.width * scale).rounded(.up) / scale, height: (size.height * scale).rounded(.up) / scale)
    }

    // MARK: Debugging

    /// Whether constraints leave this view's frame open: another frame would satisfy them as
    /// well (UIKit's `hasAmbiguousLayout`, for debugging). False for a view constraints do
    /// not place.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let engine = layoutEngineIfCreated else { return false }
        engine.solveIfNeeded()
        return engine.hasAmbiguousLayout(self)
    }

    /// Moves the view to another frame its constraints allow just as well, when its layout is
    /// ambiguous (UIKit's, for debugging: call it again to see the frame move back and forth).
    public func exerciseAmbiguityInLayout() {
        guard !translatesAutoresizingMaskIntoConstraints, let engine = layoutEngineIfCreated else { return }
        let state = constraintStateOrNew
        state.exerciseDirection = -state.exerciseDirection
        engine.solveIfNeeded()
        engine.exerciseAmbiguity(of: self, distance: 100 * state.exerciseDirection)
    }

    /// The active constraints that place this view along `axis` (UIKit's, for debugging).
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        layoutEngineIfCreated?.constraintsAffectingLayout(of: self, horizontal: axis == .horizontal) ?? []
    }

    // MARK: Used by the engine and the layout pass

    /// Deactivates the constraints installed above this view that relate a view or guide of
    /// its subtree (it is leaving its superview; UIKit's rule).
    func deactivateConstraintsToOutside() {
        var inside = Set<ObjectIdentifier>()
        var pending: [View] = [self]
        while let view = pending.popLast() {
            inside.insert(ObjectIdentifier(view))
            pending.append(contentsOf: view.subviews)
        }
        var ancestor = superview
        while let a = ancestor {
            for constraint in a.installedConstraints where [constraint.firstHost, constraint.secondHost].contains(where: { $0.map { inside.contains(ObjectIdentifier($0)) } ?? false }) {
                constraint.isActive = false
            }
            ancestor = a.superview
        }
    }

    /// Whether this view or one below it has constraints installed (a walk: only when a
    /// subtree joins a window that has no engine yet).
    var hasInstalledConstraints: Bool {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if let state = view.constraintState, !state.installed.isEmpty || state.needsUpdateConstraints { return true }
            pending.append(contentsOf: view.subviews)
        }
        return false
    }

    /// The closest view that is `self` or an ancestor of it and of `other`.
    func closestCommonAncestor(with other: View) -> View? {
        var a: View? = self, b: View? = other
        while let x = a, let y = b, x.depth != y.depth {
            if x.depth > y.depth { a = x.superview } else { b = y.superview }
        }
        while let x = a, let y = b {
            if x === y { return x }
            a = x.superview
            b = y.superview
        }
        return nil
    }

    /// Sets the frames of the subviews that constraints place, from the tree's solution.
    func layOutConstrainedSubviews() {
        guard let engine = layoutEngineIfCreated else { return }
        engine.solveIfNeeded()
        let scale = window?.screenScale ?? 1
        for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            if let item = engine.existingItem(for: subview), let frame = item.solvedFrame(scale: scale) { subview.frame = frame }
        }
    }

    // MARK: Which engine

    /// The engine that solves this view's tree: its window's, or, outside any window, the
    /// one at the tree's root (made when the tree is first laid out with constraints in it).
    var layoutEngineIfCreated: LayoutEngine? {
        if let window { return window.constraintEngineIfCreated }
        guard ViewConstraintState.everUsed else { return nil }
        return rootView.constraintState?.detachedEngine
    }

    /// The engine for a layout pass of a tree outside any window: made at its root the first
    /// time constraints are installed in it (UIKit lays out such a tree too: a stack view
    /// made and sized before it is shown).
    func layoutEngineForLayoutPass() -> LayoutEngine? {
        if let engine = layoutEngineIfCreated { return engine }
        guard window == nil, ViewConstraintState.everUsed else { return nil }
        let root = rootView
        guard root.hasInstalledConstraints else { return nil }
        let engine = LayoutEngine(root: root)
        root.constraintStateOrNew.detachedEngine = engine
        engine.subtreeJoined(root)
        return engine
    }

    /// The subtree moved from one tree to another: its constraints leave the old tree's
    /// engine (those to views outside are deactivated, as UIKit's are) and join the new one's.
    /// `oldEngine`: the engine it was in; a root's own detached engine is dropped.
    func constraintsFollowSubtree(from oldEngine: LayoutEngine?) {
        if let oldEngine {
            if oldEngine.root === self {
                oldEngine.discard()
                constraintState?.detachedEngine = nil
            } else {
                oldEngine.subtreeLeft(self)
            }
        }
        if let window {
            if let engine = window.constraintEngineIfCreated ?? (ViewConstraintState.everUsed && hasInstalledConstraints ? window.constraintEngine : nil) {
                engine.subtreeJoined(self)
            }
        } else if superview != nil, let engine = layoutEngineIfCreated {
            engine.subtreeJoined(self)
        }
    }
}
