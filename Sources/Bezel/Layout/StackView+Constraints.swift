/// The constraints a stack view makes for its arrangement, named with UIKit's identifiers
/// (`UISV-...`, as UIKit's reports show them; `BZSV-...` for Bezel's own), made again in
/// `updateConstraints()` whenever the arrangement changes.
extension StackView {
    private typealias Attribute = LayoutConstraint.Attribute

    /// The attributes of one direction: along the axis or across it.
    private struct Edges {
        let start: Attribute, end: Attribute, size: Attribute, center: Attribute
        static let horizontal = Edges(start: .leading, end: .trailing, size: .width, center: .centerX)
        static let vertical = Edges(start: .top, end: .bottom, size: .height, center: .centerY)
    }

    func rebuildArrangement() {
        LayoutConstraint.deactivate(arrangement)
        for guide in arrangementGuides { removeLayoutGuide(guide) }
        arrangement = []
        arrangementGuides = []
        // A view taken out of the stack (removeFromSuperview) is no longer arranged (UIKit's).
        for view in arrangedSubviews where view.superview !== self { removeArrangedSubview(view) }
        guard !arrangedSubviews.isEmpty else { return }

        let along = axis == .horizontal ? Edges.horizontal : Edges.vertical
        let across = axis == .horizontal ? Edges.vertical : Edges.horizontal
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        var made: [LayoutConstraint] = []
        func add(_ first: AnyObject, _ firstAttribute: Attribute, _ relation: LayoutConstraint.Relation, _ second: AnyObject?,
                 _ secondAttribute: Attribute = .notAnAttribute, multiplier: Double = 1, constant: Double = 0,
                 priority: LayoutPriority = .required, _ identifier: String) {
            let constraint = LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                              attribute: secondAttribute, multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.identifier = identifier
            made.append(constraint)
        }

        /// A view's size along an axis when nothing else sizes it: its intrinsic size, else
        /// its frame's when it was arranged.
        func natural(_ view: View, _ size: Attribute) -> (value: Double, intrinsic: Bool) {
            let intrinsic = view.intrinsicContentSize
            let value = size == .width ? intrinsic.width : intrinsic.height
            if value >= 0, value.isFinite { return (value, true) }
            let frameSize = arrangedFrameSizes[ObjectIdentifier(view)] ?? view.frame.size
            return (max(0, size == .width ? frameSize.width : frameSize.height), false)
        }

        let visible = arrangedSubviews.filter { !$0.isHidden }
        for view in arrangedSubviews {
            // First, so that when the stack is too small for its spacing a spacing constraint
            // is the one broken (and reported), not a size below zero.
            if !view.isHidden { add(view, along.size, .greaterThanOrEqual, nil, constant: 0, "BZSV-non-negative") }
            for size in [along.size, across.size] where !(view.isHidden && size == along.size) {
                let (value, isIntrinsic) = natural(view, size)
                if !isIntrinsic { add(view, size, .equal, nil, constant: value, priority: .defaultLow, "BZSV-frame-size") }
            }
            // Across the axis: the alignment.
            var alignment = self.alignment
            if alignment == .firstBaseline || alignment == .lastBaseline {
                if axis == .vertical { alignment = .fill } else if view.isHidden { alignment = .leading }
            }
            switch alignment {
            case .firstBaseline, .lastBaseline:
                let baseline: Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if let reference = visible.first, reference !== view {
                    add(view, baseline, .equal, reference, baseline, "UISV-alignment")
                }
                add(view, across.start, .greaterThanOrEqual, canvas, across.start, "UISV-spanning-boundary")
                add(view, across.end, .lessThanOrEqual, canvas, across.end, "UISV-spanning-boundary")
                // In a taller stack the aligned group sits at the top (weaker than anything).
                add(view, across.start, .equal, canvas, across.start, priority: LayoutPriority(49), "UISV-ambiguity-suppression")
            case .fill:
                add(view, across.start, .equal, canvas, across.start, "UISV-alignment")
                add(view, across.end, .equal, canvas, across.end, "UISV-alignment")
            case .leading:
                add(view, across.start, .equal, canvas, across.start, "UISV-alignment")
                add(view, across.end, .lessThanOrEqual, canvas, across.end, "UISV-spanning-boundary")
            case .trailing:
                add(view, across.end, .equal, canvas, across.end, "UISV-alignment")
                add(view, across.start, .greaterThanOrEqual, canvas, across.start, "UISV-spanning-boundary")
            case .center:
                add(view, across.center, .equal, canvas, across.center, "UISV-alignment")
                add(view, across.start, .greaterThanOrEqual, canvas, across.start, "UISV-spanning-boundary")
            }
            // A hidden view collapses at the start, with no spacing (UIKit's).
            if view.isHidden {
                add(view, along.size, .equal, nil, constant: 0, "UISV-hiding")
                add(view, along.start, .equal, canvas, along.start, "UISV-hiding")
            }
        }
        // The stack hugs its views when nothing sizes it (weaker than anything else).
        add(self, along.size, .equal, nil, constant: 0, priority: .fittingSizeLevel, "UISV-canvas-fit")
        add(self, across.size, .equal, nil, constant: 0, priority: .fittingSizeLevel, "UISV-canvas-fit")

        if let first = visible.first, let last = visible.last {
            add(first, along.start, .equal, canvas, along.start, "UISV-canvas-connection")
            add(last, along.end, .equal, canvas, along.end, "UISV-canvas-connection")
            for (previous, next) in zip(visible, visible.dropFirst()) {
                let gap = customSpacings[ObjectIdentifier(previous)] ?? spacing
                switch distribution {
                case .fill, .fillEqually, .fillProportionally:
                    add(next, along.start, .equal, previous, along.end, constant: gap, "UISV-spacing")
                case .equalSpacing, .equalCentering:
                    add(next, along.start, .greaterThanOrEqual, previous, along.end, constant: gap, "UISV-spacing")
                    // Equal gaps (or centre distances): a guide between each pair, all as long.
                    let guide = LayoutGuide()
                    guide.identifier = "UISV-distributing"
                    addLayoutGuide(guide)
                    arrangementGuides.append(guide)
                    let edges: (Attribute, Attribute) = distribution == .equalSpacing ? (along.end, along.start) : (along.center, along.center)
                    add(guide, along.start, .equal, previous, edges.0, "UISV-distributing-edge")
                    add(guide, along.end, .equal, next, edges.1, "UISV-distributing-edge")
                    add(guide, across.start, .equal, canvas, across.start, "UISV-distributing-edge")
                    add(guide, across.size, .equal, nil, constant: 0, "UISV-distributing-edge")
                    if let firstGuide = arrangementGuides.first, firstGuide !== guide {
                        add(guide, along.size, .equal, firstGuide, along.size, "UISV-distributing")
                    }
                }
            }
            switch distribution {
            case .fillEqually:
                for view in visible.dropFirst() { add(view, along.size, .equal, first, along.size, "UISV-fill-equally") }
            case .fillProportionally:
                let sizes = visible.map { natural($0, along.size).value }
                if sizes[0] > 0, sizes.allSatisfy({ $0 > 0 }) {
                    for (view, size) in zip(visible, sizes).dropFirst() {
                        add(view, along.size, .equal, first, along.size, multiplier: size / sizes[0], priority: LayoutPriority(999), "UISV-fill-proportionally")
                    }
                }
            case .fill, .equalSpacing, .equalCentering:
                // Ties (equal hugging or compression resistance) go to the last view: every
                // other one leans to its natural size at the weakest priority.
                for view in visible.dropLast() {
                    add(view, along.size, .equal, nil, constant: natural(view, along.size).value, priority: LayoutPriority(1), "BZSV-fill-order")
                }
            }
        }
        arrangement = made
        LayoutConstraint.activate(made)
        // Constraints on this stack's baselines follow its new first and last views.
        if let engine = layoutEngineIfCreated { engine.baselinesChanged() }
    }
}
