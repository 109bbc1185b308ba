/// One attribute of a view, to make constraints with (UIKit's `NSLayoutAnchor`): the axis
/// types keep a horizontal edge from being related to a vertical one at compile time.
@MainActor
public class LayoutAnchor {
    private weak var view: View?
    private weak var guide: LayoutGuide?
    /// The view or layout guide it belongs to.
    public var item: AnyObject? { view ?? guide }
    public let attribute: LayoutConstraint.Attribute

    init(_ view: View, _ attribute: LayoutConstraint.Attribute) {
        self.view = view
        self.attribute = attribute
    }

    init(_ guide: LayoutGuide, _ attribute: LayoutConstraint.Attribute) {
        self.guide = guide
        self.attribute = attribute
    }

    func make(_ relation: LayoutConstraint.Relation, _ other: LayoutAnchor?, multiplier: Double = 1, constant: Double) -> LayoutConstraint {
        // A gone item makes a constraint that refuses to activate (reported then).
        LayoutConstraint(item: item ?? GoneItem(), attribute: attribute, relatedBy: relation, toItem: other.map { $0.item ?? GoneItem() },
                         attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// Stands for an anchor's item that was gone when the constraint was made.
final class GoneItem {}

/// Left, right, leading, trailing and centreX.
@MainActor
public final class LayoutXAxisAnchor: LayoutAnchor {
    public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.equal, anchor, constant: constant) }
    public func constraint(greaterThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, constant: constant) }
    public func constraint(lessThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.lessThanOrEqual, anchor, constant: constant) }

    /// UIKit's standard spacing between siblings: 8 points (`multiplier` times it).
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, constant: LayoutAnchor.systemSpacing * multiplier)
    }
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: LayoutAnchor.systemSpacing * multiplier)
    }
}

/// Top, bottom and centreY.
@MainActor
public final class LayoutYAxisAnchor: LayoutAnchor {
    public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.equal, anchor, constant: constant) }
    public func constraint(greaterThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, constant: constant) }
    public func constraint(lessThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint { make(.lessThanOrEqual, anchor, constant: constant) }

    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, constant: LayoutAnchor.systemSpacing * multiplier)
    }
}

/// Width and height.
@MainActor
public final class LayoutDimension: LayoutAnchor {
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint { make(.equal, nil, constant: constant) }
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint { make(.greaterThanOrEqual, nil, constant: constant) }
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint { make(.lessThanOrEqual, nil, constant: constant) }
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}

extension LayoutAnchor {
    /// UIKit's system spacing between sibling views (8 points; UIKit scales it with Dynamic
    /// Type, which Bezel's larger-text issue, #29, will do).
    static let systemSpacing = 8.0
}
