/// A tree's constraint layout: every active constraint of its views, solved together by
/// one incremental Cassowary solver (as UIKit keeps one engine per window). A window has
/// one; a tree outside any window gets one at its root when it is laid out (a stack view
/// made before it is shown); `systemLayoutSizeFitting` makes a throwaway one over a view's
/// subtree that leaves the views' own state alone.
///
/// Variables are per view, relative to its superview, and per layout guide, relative to its
/// owning view (LayoutItem); a constraint between items at different depths is expressed in
/// their closest common ancestor's coordinates, adding up the origins of the views between. Activating, deactivating and changing a
/// constant or a translating view's frame change the solver incrementally; the window's
/// layout pass solves when something changed, and each view lays out its constrained
/// subviews from the solution before its own `layoutSubviews()`.
///
/// Not yet: baselines, bounds origins (a scroll view's content) (issue 30).
@MainActor
final class LayoutEngine {
    /// The view at the root of the tree it solves (a window, or a tree's topmost view).
    private(set) weak var root: View?
    /// Whether its items are the views' own (`constraintState.item`): false for a throwaway
    /// engine beside another one that holds them.
    private let ownsItems: Bool
    private var window: Window? { root as? Window }
    private let solver = LayoutSolver()
    /// The active constraints it holds, in activation order, with their solver forms (none
    /// for a broken one).
    private var constraints: [ObjectIdentifier: (constraint: LayoutConstraint, solved: SolverConstraint?, order: Int)] = [:]
    private var nextOrder = 0
    private var items: [ObjectIdentifier: LayoutItem] = [:]
    private var needsSolve = false
    /// Views that asked for `updateConstraints()` before the next layout.
    private var needingUpdate: [View] = []

    init(root: View, ownsItems: Bool = true) {
        self.root = root
        self.ownsItems = ownsItems
    }

    private func trace(_ message: @autoclosure () -> String) {
        root?.window?.application?.tracer.log(.layout, message())
    }

    var constraintCount: Int { constraints.count }
    /// Views and guides with variables, and the variables the solver knows (tests: both go
    /// back down when a screen leaves).
    var itemCount: Int { items.count }
    var variableCount: Int { solver.variableCount }

    // MARK: Constraints in and out

    func activate(_ constraint: LayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard constraints[id] == nil else { return }
        if ownsItems { constraint.engine = self }
        constraints[id] = (constraint, nil, nextOrder)
        nextOrder += 1
        trace("activate \(constraint.description)")
        add(constraint)
    }

    func deactivate(_ constraint: LayoutConstraint) {
        guard let entry = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        if let solved = entry.solved { try? solver.remove(solved) }
        constraint.engine = nil
        trace("deactivate \(constraint.description)")
        markNeedsSolve()
    }

    func constantChanged(of constraint: LayoutConstraint) {
        guard let entry = constraints[ObjectIdentifier(constraint)] else { return }
        if let solved = entry.solved, let expression = expression(for: constraint) {
            do {
                try solver.changeConstant(of: solved, to: expression.constant)
            } catch {
                // The new constant contradicts the required constraints: broken, reported.
                constraints[ObjectIdentifier(constraint)]?.solved = nil
                reportBroken(constraint)
            }
            markNeedsSolve()
        } else {
            // A broken constraint may hold with its new constant: try again.
            constraint.isBroken = false
            add(constraint)
        }
    }

    func priorityChanged(of constraint: LayoutConstraint) {
        guard let entry = constraints[ObjectIdentifier(constraint)] else { return }
        if let solved = entry.solved { try? solver.remove(solved) }
        constraints[ObjectIdentifier(constraint)]?.solved = nil
        add(constraint)
    }

    private func add(_ constraint: LayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard let expression = expression(for: constraint) else {
            Diagnostics.report(.apiMisuse, "LayoutConstraint: \(constraint.description) relates views no longer in one tree; left out")
            return
        }
        // (No name: the engine reports with the layout constraint's own description; building
        // it for every add cost ~10 % of M13's from-scratch solve.)
        let solved = SolverConstraint(expression, constraint.relation.solverRelation, strength: constraint.priority.strength)
        do {
            try solver.add(solved)
            constraints[id]?.solved = solved
            constraint.isBroken = false
        } catch {
            reportBroken(constraint)
        }
        markNeedsSolve()
    }

    /// UIKit's report, adapted: the constraints that share a view with the one that could
    /// not hold (the conflict is among them), then the one left out.
    private func reportBroken(_ constraint: LayoutConstraint) {
        trace("broken \(constraint.description)")
        // A throwaway engine's conflicts are the tree's own engine's to report.
        guard ownsItems else { return }
        constraint.isBroken = true
        let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
        let related = constraints.values.filter { entry in
            entry.constraint !== constraint && entry.solved != nil
                && [entry.constraint.firstItem, entry.constraint.secondItem].contains { item in items.contains { $0 === item } }
        }.sorted { $0.order < $1.order }.map { "    \($0.constraint.description)" }
        let pins = [constraint.firstView, constraint.secondView].compactMap { $0 }
            .filter { $0.translatesAutoresizingMaskIntoConstraints && self.items[ObjectIdentifier($0)] != nil }
            .map { "    <autoresizing-mask constraints: \($0.debugName) frame \($0.frame)>" }
        Diagnostics.report(.apiMisuse, "Unable to simultaneously satisfy constraints. At least one of these is one you don't want:\n"
            + (related + pins).joined(separator: "\n")
            + "\nWill attempt to recover by breaking constraint\n    \(constraint.description)")
    }

    // MARK: Expressions

    /// `first - multiplier * second - constant`, in the common ancestor's coordinates (the
    /// view the constraint is installed on); nil when the items are no longer under it.
    private func expression(for constraint: LayoutConstraint) -> LinearExpression? {
        // Leading and trailing follow the layout direction of the view the constraint is
        // installed on (the items' common ancestor: a stack view's for its arrangement);
        // right-to-left, a constant between them counts leftwards.
        let direction = constraint.installedOn?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
        guard let ancestor = constraint.installedOn,
              var expression = attribute(constraint.firstAttribute, of: constraint.firstView, constraint.firstGuide, in: ancestor, direction) else { return nil }
        if constraint.secondItem != nil {
            guard let other = attribute(constraint.secondAttribute, of: constraint.secondView, constraint.secondGuide, in: ancestor, direction) else { return nil }
            for (variable, coefficient) in other.terms { expression.terms.append((variable, -constraint.multiplier * coefficient)) }
            expression.constant -= constraint.multiplier * other.constant
        }
        let mirrored = direction == .rightToLeft && constraint.firstAttribute.isLeadingOrTrailing
        expression.constant -= mirrored ? -constraint.constant : constraint.constant
        return expression
    }

    /// `attribute` of a view, or of a guide, in `ancestor`'s coordinates as a sum of variables.
    private func attribute(_ attribute: LayoutConstraint.Attribute, of itemView: View?, _ guide: LayoutGuide?, in ancestor: View,
                           _ direction: UserInterfaceLayoutDirection) -> LinearExpression? {
        let item: LayoutItem
        let view: View
        if let itemView {
            item = self.item(for: itemView)
            view = itemView
        } else if let guide, let owner = guide.owningView {
            item = self.item(for: guide, in: owner)
            view = owner
        } else {
            return nil
        }
        let attribute = attribute.resolved(for: direction)
        // A stack view's baselines are its first (last) arranged view's, as in UIKit.
        if attribute.isBaseline, let stack = itemView as? StackView {
            let shown = stack.arrangedSubviews.filter { !$0.isHidden && $0.superview === stack }
            if let arranged = attribute == .firstBaseline ? shown.first : shown.last {
                return self.attribute(attribute, of: arranged, nil, in: ancestor, direction)
            }
        }
        if attribute == .width { return LinearExpression([(item.width, 1)]) }
        if attribute == .height { return LinearExpression([(item.height, 1)]) }
        let horizontal = attribute.isHorizontal
        var expression = LinearExpression()
        // A guide's origin in its owning view, then the owning view's as for a view.
        if itemView == nil { expression.terms.append((horizontal ? item.minX : item.minY, 1)) }
        // The origin: 0 for the ancestor itself (its own bounds), else the sum of origins up
        // the chain to it.
        if view !== ancestor {
            var current: View? = view
            while let v = current, v !== ancestor {
                let chainItem = self.item(for: v)
                expression.terms.append((horizontal ? chainItem.minX : chainItem.minY, 1))
                current = v.superview
            }
            guard current === ancestor else { return nil }
        }
        let size = horizontal ? item.width : item.height
        switch attribute {
        case .right, .bottom: expression.terms.append((size, 1))
        case .centerX, .centerY: expression.terms.append((size, 0.5))
        case .firstBaseline, .lastBaseline:
            if let text = itemView?.baselineLayout() {
                // The text is centred in the view (as a label draws it): its top is at
                // (height - text height) / 2, the baseline that much further down.
                expression.terms.append((size, 0.5))
                expression.constant += (attribute == .firstBaseline ? text.first : text.last) - text.height / 2
            } else {
                expression.terms.append((size, 1))       // no text: the bottom, as in UIKit
            }
        default: break
        }
        return expression
    }

    // MARK: Items

    func item(for view: View) -> LayoutItem {
        if let item = items[ObjectIdentifier(view)] { return item }
        let item = LayoutItem(view)
        items[ObjectIdentifier(view)] = item
        if ownsItems { view.constraintStateOrNew.item = item }
        if view === root && !(view is Window) {
            // A tree's root has no superview to place it: its frame is given. A throwaway
            // engine's root is what it sizes: free, held by its intrinsic size.
            if ownsItems { pin(item, to: view.frame) } else { constrainIntrinsicSize(item) }
        } else if view.translatesAutoresizingMaskIntoConstraints {
            pin(item, to: view.frame)
        } else {
            constrainIntrinsicSize(item)
            if ownsItems { view.superview?.constraintStateOrNew.hasConstrainedSubviews = true }
        }
        return item
    }

    /// `view`'s item here, if it has one.
    func existingItem(for view: View) -> LayoutItem? { items[ObjectIdentifier(view)] }

    /// A guide's variables: free for a guide of the app's (constraints place it), pinned to
    /// the owning view's bounds less its insets for the safe area.
    func item(for guide: LayoutGuide, in owner: View) -> LayoutItem {
        if let item = items[ObjectIdentifier(guide)] { return item }
        let item = LayoutItem(guide)
        items[ObjectIdentifier(guide)] = item
        if ownsItems { guide.constraintItem = item }
        if guide.kind != .custom { pin(item, of: guide, in: owner) }
        return item
    }

    /// The system guides' constraints to their owning view: its bounds less the insets; the
    /// readable guide no wider than `readableContentWidth` (as wide as it can be up to that, at
    /// priority 999), centred between the margins.
    private func pin(_ item: LayoutItem, of guide: LayoutGuide, in owner: View) {
        let ownerItem = self.item(for: owner)
        let insets = guide.insets(of: owner)
        let name = "\(guide.debugName) insets"
        switch guide.kind {
        case .keyboard:
            // minX = 0, width = the owner's, height = the overlap, bottom at the owner's.
            let overlap = LayoutGuide.keyboardOverlap(of: owner)
            item.pins = [
                SolverConstraint(LinearExpression([(item.minX, 1)]), .equal, name: name),
                SolverConstraint(LinearExpression([(item.width, 1), (ownerItem.width, -1)]), .equal, name: name),
                SolverConstraint(LinearExpression([(item.height, 1)], constant: -overlap), .equal, name: name),
                SolverConstraint(LinearExpression([(item.minY, 1), (ownerItem.height, -1)], constant: overlap), .equal, name: name),
            ]
        case .readable:
            let available = LinearExpression([(item.width, 1), (ownerItem.width, -1)], constant: insets.left + insets.right)
            item.pins = [
                SolverConstraint(LinearExpression([(item.minY, 1)], constant: -insets.top), .equal, name: name),
                SolverConstraint(LinearExpression([(item.height, 1), (ownerItem.height, -1)], constant: insets.top + insets.bottom), .equal, name: name),
                // Centred: minX + width / 2 = left + (ownerWidth - left - right) / 2.
                SolverConstraint(LinearExpression([(item.minX, 1), (item.width, 0.5), (ownerItem.width, -0.5)], constant: -insets.left + (insets.left + insets.right) / 2), .equal, name: name),
                SolverConstraint(LinearExpression([(item.width, 1)], constant: -LayoutGuide.readableContentWidth), .lessThanOrEqual, name: name),
                SolverConstraint(available, .lessThanOrEqual, name: name),
                SolverConstraint(LinearExpression([(item.width, 1)], constant: 0), .greaterThanOrEqual, name: name),
                SolverConstraint(available, .equal, strength: LayoutSolver.strength(forPriority: 999), name: name),
            ]
        case .scrollContent:
            // At the content's origin; its size is what the content's constraints make it,
            // and becomes the scroll view's contentSize (solveIfNeeded).
            item.pins = [
                SolverConstraint(LinearExpression([(item.minX, 1)]), .equal, name: name),
                SolverConstraint(LinearExpression([(item.minY, 1)]), .equal, name: name),
            ]
        case .custom, .safeArea, .margins, .scrollFrame:
            item.pins = [
                SolverConstraint(LinearExpression([(item.minX, 1)], constant: -insets.left), .equal, name: name),
                SolverConstraint(LinearExpression([(item.minY, 1)], constant: -insets.top), .equal, name: name),
                SolverConstraint(LinearExpression([(item.width, 1), (ownerItem.width, -1)], constant: insets.left + insets.right), .equal, name: name),
                SolverConstraint(LinearExpression([(item.height, 1), (ownerItem.height, -1)], constant: insets.top + insets.bottom), .equal, name: name),
            ]
        }
        for pin in item.pins { try? solver.add(pin) }
    }

    /// `view`'s margins changed: its margins guide's pins follow (incrementally).
    func guideInsetsChanged(of view: View) {
        if let readable = view.constraintState?.systemGuides[.readable], let item = items[ObjectIdentifier(readable)] {
            // Its pins mix the insets into several terms: made again.
            for c in item.pins { try? solver.remove(c) }
            pin(item, of: readable, in: view)
            markNeedsSolve()
        }
        guard let guide = view.constraintState?.systemGuides[.margins], let item = items[ObjectIdentifier(guide)],
              item.pins.count == 4 else { return }
        let i = guide.insets(of: view)
        for (pin, constant) in zip(item.pins, [-i.left, -i.top, i.left + i.right, i.top + i.bottom]) where pin.expression.constant != constant {
            try? solver.changeConstant(of: pin, to: constant)
        }
        markNeedsSolve()
    }

    /// The keyboard is to cover another part of the window: every keyboard guide follows
    /// (incrementally). True when there is one (its views then need a layout in the
    /// keyboard's slide).
    func keyboardFrameChanged() -> Bool {
        var any = false
        for item in items.values {
            guard let guide = item.guide, guide.kind == .keyboard, let owner = guide.owningView, item.pins.count == 4 else { continue }
            let overlap = LayoutGuide.keyboardOverlap(of: owner)
            try? solver.changeConstant(of: item.pins[2], to: -overlap)
            try? solver.changeConstant(of: item.pins[3], to: overlap)
            any = true
        }
        if any { markNeedsSolve() }
        return any
    }

    /// `guide` leaves its view: its constraints are deactivated and its variables go.
    func guideLeaves(_ guide: LayoutGuide) {
        for entry in constraints.values.sorted(by: { $0.order < $1.order })
        where entry.constraint.firstGuide === guide || entry.constraint.secondGuide === guide {
            entry.constraint.isActive = false
        }
        removeItem(ObjectIdentifier(guide))
    }

    private func removeItem(_ id: ObjectIdentifier) {
        guard let item = items.removeValue(forKey: id) else { return }
        for c in item.pins + item.intrinsic { try? solver.remove(c) }
        item.pins = []
        item.intrinsic = []
        if item.view?.constraintState?.item === item { item.view?.constraintState?.item = nil }
        if item.guide?.constraintItem === item { item.guide?.constraintItem = nil }
        markNeedsSolve()
    }

    /// A translating view's frame (or a tree's root's) changed: its pins follow (incrementally).
    func frameChanged(of view: View) {
        guard let item = items[ObjectIdentifier(view)], view.translatesAutoresizingMaskIntoConstraints || view === root,
              item.view === view, item.pins.count == 4 else { return }
        let values = [view.frame.minX, view.frame.minY, view.frame.width, view.frame.height]
        var changed = false
        for (pin, value) in zip(item.pins, values) where pin.expression.constant != -value || !solver.contains(pin) {
            changed = true
            do {
                if solver.contains(pin) { try solver.changeConstant(of: pin, to: -value) } else {
                    pin.expression.constant = -value
                    try solver.add(pin)
                }
            } catch {
                keepFrame(pin, of: view)
            }
        }
        // A frame that grew again may let constraints broken for it hold once more.
        if changed, constraints.values.contains(where: { $0.solved == nil && $0.constraint.isBroken }) { retryBroken() }
        markNeedsSolve()
    }

    /// A translating view's new frame contradicts required constraints: the frame is what the
    /// app set, so the latest-activated required constraint on the view that makes room for
    /// it is broken (reported as UIKit reports, once); if none does, the frame's pin stays
    /// out until the frame changes again.
    private func keepFrame(_ pin: SolverConstraint, of view: View) {
        let candidates = constraints.values.filter { entry in
            entry.solved != nil && entry.constraint.priority == .required
                && (entry.constraint.firstView === view || entry.constraint.secondView === view)
        }.sorted { $0.order > $1.order }
        for entry in candidates {
            guard let solved = entry.solved else { continue }
            try? solver.remove(solved)
            if (try? solver.add(pin)) != nil {
                constraints[ObjectIdentifier(entry.constraint)]?.solved = nil
                reportBroken(entry.constraint)
                return
            }
            try? solver.add(solved)
        }
        Diagnostics.report(.apiMisuse, "constraint layout: \(view.debugName)'s frame \(view.frame) contradicts its required constraints; it is left to them until it changes")
    }

    /// Broken constraints are tried again, silently (each was reported when it broke).
    private func retryBroken() {
        for entry in constraints.values.sorted(by: { $0.order < $1.order }) where entry.solved == nil && entry.constraint.isBroken {
            guard let expression = expression(for: entry.constraint) else { continue }
            let solved = SolverConstraint(expression, entry.constraint.relation.solverRelation, strength: entry.constraint.priority.strength)
            if (try? solver.add(solved)) != nil {
                constraints[ObjectIdentifier(entry.constraint)]?.solved = solved
                entry.constraint.isBroken = false
            }
        }
    }

    func translatesChanged(of view: View) {
        guard let item = items[ObjectIdentifier(view)], view !== root else { return }
        for c in item.pins + item.intrinsic { try? solver.remove(c) }
        item.pins = []
        item.intrinsic = []
        if view.translatesAutoresizingMaskIntoConstraints { pin(item, to: view.frame) } else {
            constrainIntrinsicSize(item)
            view.superview?.constraintStateOrNew.hasConstrainedSubviews = true
        }
        markNeedsSolve()
    }

    func intrinsicSizeChanged(of view: View) {
        guard let item = items[ObjectIdentifier(view)], view !== root,
              !view.translatesAutoresizingMaskIntoConstraints else { return }
        for c in item.intrinsic { try? solver.remove(c) }
        item.intrinsic = []
        constrainIntrinsicSize(item)
        if view is Label { baselinesChanged() }
        markNeedsSolve()
    }

    /// `view`'s layout direction changed: the constraints installed on it are expressed
    /// again (their leading and trailing edges swap).
    func layoutDirectionChanged(of view: View) {
        reexpress { $0.installedOn === view }
    }

    /// The active constraints `affected` picks are expressed again: all taken out first, then
    /// all added in activation order (one at a time, an old one would contradict a new one).
    private func reexpress(_ affected: (LayoutConstraint) -> Bool) {
        let entries = constraints.values.filter { affected($0.constraint) }.sorted { $0.order < $1.order }
        guard !entries.isEmpty else { return }
        for entry in entries {
            if let solved = entry.solved { try? solver.remove(solved) }
            constraints[ObjectIdentifier(entry.constraint)]?.solved = nil
        }
        for entry in entries { add(entry.constraint) }
    }

    /// A text or a stack's arrangement changed: constraints on baselines are expressed again
    /// (their constants hold the text's metrics).
    func baselinesChanged() {
        reexpress { $0.firstAttribute.isBaseline || $0.secondAttribute.isBaseline }
    }

    private func pin(_ item: LayoutItem, to frame: Rect) {
        let name = item.view?.debugName ?? "?"
        item.pins = [(item.minX, frame.minX), (item.minY, frame.minY), (item.width, frame.width), (item.height, frame.height)].map { variable, value in
            let pin = SolverConstraint(LinearExpression([(variable, 1)], constant: -value), .equal, name: "\(name) autoresizing")
            try? solver.add(pin)
            return pin
        }
    }

    private func constrainIntrinsicSize(_ item: LayoutItem, size given: Size? = nil) {
        guard let view = item.view, let state = view.constraintState else { return }
        let size = given ?? view.intrinsicContentSize
        var made: [SolverConstraint] = []
        for (variable, value, hugging, resistance) in [(item.width, size.width, state.hugging.horizontal, state.compressionResistance.horizontal),
                                                       (item.height, size.height, state.hugging.vertical, state.compressionResistance.vertical)]
        where value != View.noIntrinsicMetric && value.isFinite && value >= 0 {
            made.append(SolverConstraint(LinearExpression([(variable, 1)], constant: -value), .greaterThanOrEqual, strength: resistance.strength))
            made.append(SolverConstraint(LinearExpression([(variable, 1)], constant: -value), .lessThanOrEqual, strength: hugging.strength))
        }
        for c in made { try? solver.add(c) }
        item.intrinsic = made
    }

    /// Whether `view`'s solved frame is one of many equally good ones (UIKit's
    /// `hasAmbiguousLayout`): any of its four variables is.
    func hasAmbiguousLayout(_ view: View) -> Bool {
        guard let item = items[ObjectIdentifier(view)] else { return false }
        return [item.minX, item.minY, item.width, item.height].contains { solver.isAmbiguous($0) }
    }

    /// Moves `view` to another of its equally good frames (UIKit's
    /// `exerciseAmbiguityInLayout()`): each ambiguous variable is pulled `distance` points by a
    /// constraint weaker than any priority, and the pull is taken away again. The solution
    /// stays where the pull left it (as good as before), until something changes.
    func exerciseAmbiguity(of view: View, distance: Double) {
        guard let item = items[ObjectIdentifier(view)] else { return }
        solver.updateVariables()
        let ambiguous = [item.minX, item.minY, item.width, item.height].filter { solver.isAmbiguous($0) }
        guard !ambiguous.isEmpty else { return }
        // Weaker than priority 1 (whose weight is ~1.02): it moves only what costs nothing.
        let pulls = ambiguous.map { SolverConstraint(LinearExpression([($0, 1)], constant: -($0.value + distance)), .equal, strength: 1e-3) }
        for pull in pulls { try? solver.add(pull) }
        for pull in pulls { try? solver.remove(pull) }
        trace("exercised \(view.debugName)'s ambiguity")
        markNeedsSolve()
    }

    /// The active constraints that place `view` along `axis` (UIKit's
    /// `constraintsAffectingLayout(for:)`, for debugging): those with it as an item and an
    /// attribute on that axis, in activation order.
    func constraintsAffectingLayout(of view: View, horizontal: Bool) -> [LayoutConstraint] {
        constraints.values.filter { entry in
            let c = entry.constraint
            return (c.firstView === view && c.firstAttribute.isHorizontal == horizontal)
                || (c.secondView === view && c.secondAttribute.isHorizontal == horizontal)
        }.sorted { $0.order < $1.order }.map(\.constraint)
    }

    // MARK: A subtree joins or leaves the window

    /// The views of `root`'s subtree left the window: constraints from them to views outside
    /// are deactivated (UIKit does so on `removeFromSuperview`); those installed inside wait,
    /// installed, for the subtree's next window; their variables go.
    func subtreeLeft(_ root: View) {
        var inside = Set<ObjectIdentifier>()
        var guides: [ObjectIdentifier] = []
        var pending = [root]
        while let view = pending.popLast() {
            inside.insert(ObjectIdentifier(view))
            if let state = view.constraintState {
                guides += (state.guides + Array(state.systemGuides.values)).map(ObjectIdentifier.init)
            }
            pending.append(contentsOf: view.subviews)
        }
        for entry in constraints.values.sorted(by: { $0.order < $1.order }) {
            let constraint = entry.constraint
            let installedInside = constraint.installedOn.map { inside.contains(ObjectIdentifier($0)) } ?? false
            let touches = [constraint.firstHost, constraint.secondHost].contains { $0.map { inside.contains(ObjectIdentifier($0)) } ?? false }
            if installedInside {
                if let solved = entry.solved { try? solver.remove(solved) }
                constraints[ObjectIdentifier(constraint)] = nil
                constraint.engine = nil
            } else if touches {
                constraint.isActive = false
            }
        }
        for id in guides { removeItem(id) }
        for id in inside { removeItem(id) }
        markNeedsSolve()
    }

    /// A scroll view's content layout guide was solved: its size is the content size
    /// (UIKit's), rounded up to the screen's pixels.
    private func contentSizeSolved(_ item: LayoutItem, of guide: LayoutGuide) {
        guard ownsItems, let scrollView = guide.owningView as? ScrollView else { return }
        let scale = root?.window?.screenScale ?? 1
        let width = item.width.value, height = item.height.value
        guard width.isFinite, height.isFinite, width >= 0, height >= 0, max(width, height) <= LayoutItem.largestCoordinate else { return }
        let size = Size(width: (width * scale).rounded(.up) / scale, height: (height * scale).rounded(.up) / scale)
        if scrollView.contentSize != size { scrollView.contentSize = size }
    }

    // MARK: Fitting

    /// UIKit's `systemLayoutSizeFitting`: the size the constraints of `view`'s subtree give
    /// it, as close to `target` as the fitting priorities ask. A throwaway engine (the views'
    /// own engine and frames are left alone), after the subtree's `updateConstraints()`.
    static func fittingSize(of view: View, target: Size, horizontal: LayoutPriority, vertical: LayoutPriority) -> Size {
        var subtree: [View] = []
        var pending = [view]
        while let v = pending.popLast() {
            subtree.append(v)
            pending.append(contentsOf: v.subviews)
        }
        for v in subtree.sorted(by: { $0.depth > $1.depth }) { v.updateConstraintsIfNeeded() }
        let engine = LayoutEngine(root: view, ownsItems: false)
        engine.subtreeJoined(view)
        engine.needingUpdate = []
        let item = engine.item(for: view)
        for (variable, value, priority) in [(item.width, target.width, horizontal), (item.height, target.height, vertical)] where value.isFinite {
            try? engine.solver.add(SolverConstraint(LinearExpression([(variable, 1)], constant: -max(0, value)), .equal, strength: priority.strength))
        }
        engine.solver.updateVariables()
        // Views whose height follows their width (a wrapping label) are measured again at
        // the width this solve gave them, and solved again (UIKit's second pass).
        for _ in 0..<2 {
            var changed = false
            for other in engine.items.values {
                guard let v = other.view, !v.translatesAutoresizingMaskIntoConstraints || v === view,
                      let size = v.intrinsicContentSize(forWidth: other.width.value) else { continue }
                let current = other.intrinsic.first { $0.expression.terms.first?.variable === other.height }
                guard current.map({ $0.expression.constant != -size.height }) ?? true else { continue }
                for c in other.intrinsic { try? engine.solver.remove(c) }
                engine.constrainIntrinsicSize(other, size: size)
                changed = true
            }
            guard changed else { break }
            engine.solver.updateVariables()
        }
        let size = Size(width: item.width.value, height: item.height.value)
        guard size.width.isFinite, size.height.isFinite, abs(size.width) <= LayoutItem.largestCoordinate, abs(size.height) <= LayoutItem.largestCoordinate else {
            Diagnostics.report(.limit, "systemLayoutSizeFitting: \(view.debugName)'s constraints give no finite size; \(view.bounds.size) returned")
            return view.bounds.size
        }
        return Size(width: max(0, size.width), height: max(0, size.height))
    }

    /// The engine is dropped (its root joined another tree): the views and guides forget
    /// their items in it.
    func discard() {
        for item in items.values {
            if item.view?.constraintState?.item === item { item.view?.constraintState?.item = nil }
            if item.guide?.constraintItem === item { item.guide?.constraintItem = nil }
        }
        for entry in constraints.values where entry.constraint.engine === self { entry.constraint.engine = nil }
        items = [:]
        constraints = [:]
    }

    /// `root`'s subtree joined the window: the constraints installed in it are solved here.
    func subtreeJoined(_ root: View) {
        var pending = [root]
        while let view = pending.popLast() {
            if let state = view.constraintState {
                for constraint in state.installed { activate(constraint) }
                if state.needsUpdateConstraints { setNeedsUpdateConstraints(view) }
            }
            pending.append(contentsOf: view.subviews)
        }
    }

    // MARK: Solving

    func setNeedsUpdateConstraints(_ view: View) {
        needingUpdate.append(view)
        markNeedsSolve()
    }

    private func markNeedsSolve() {
        guard !needsSolve else { return }
        needsSolve = true
        if ownsItems { root?.setNeedsLayout() }
    }

    /// Whether something changed since the last solve (a layout pass then goes round again:
    /// a wrapping label's height follows the width the pass gave it).
    var hasPendingChanges: Bool { needsSolve || !needingUpdate.isEmpty }

    /// Before a layout pass: the views that asked run `updateConstraints()` (deepest first,
    /// as UIKit runs them), then the solver's values are published and every view whose
    /// constrained subviews move is marked for layout.
    func prepareForLayout() {
        var rounds = 0
        while !needingUpdate.isEmpty, rounds < 8 {
            let views = needingUpdate.sorted { $0.depth > $1.depth }
            needingUpdate.removeAll()
            for view in views { view.updateConstraintsIfNeeded() }
            rounds += 1
        }
        solveIfNeeded()
    }

    func solveIfNeeded() {
        guard needsSolve else { return }
        needsSolve = false
        solver.updateVariables()
        let scale = root?.window?.screenScale ?? 1
        var moved: [String] = []
        for item in items.values {
            if let guide = item.guide, guide.kind == .scrollContent { contentSizeSolved(item, of: guide); continue }
            guard let view = item.view, !view.translatesAutoresizingMaskIntoConstraints else { continue }
            guard let frame = item.solvedFrame(scale: scale) else {
                Diagnostics.report(.limit, "constraint layout: \(view.debugName)'s solved frame is not finite or beyond \(Int(LayoutItem.largestCoordinate)) points (constants too large?); its frame is kept")
                continue
            }
            if frame != view.frame {
                view.superview?.setNeedsLayout()
                if root?.window?.application?.tracer.isEnabled(.layout) == true { moved.append("\(view.debugName) -> \(frame)") }
            }
        }
        trace("solved \(constraints.count) constraints, \(solver.pivots) pivots so far; moves: \(moved.isEmpty ? "none" : moved.sorted().joined(separator: ", "))")
    }
}
