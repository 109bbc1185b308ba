/// A relation between two views' edges, centres or sizes (UIKit's `NSLayoutConstraint`):
/// `firstItem.firstAttribute relation multiplier * secondItem.secondAttribute + constant`.
/// Made with anchors (`a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: 8)`) or
/// this initializer; it does nothing until it is active (`isActive`, `activate(_:)`).
///
/// Active, it is installed on the items' closest common ancestor (listed in its `constraints`)
/// and solved, with every other active constraint of the window, before the window lays out;
/// views whose `translatesAutoresizingMaskIntoConstraints` is false take their frames from
/// the solution (Layout/Constraints/LayoutEngine.swift).
@MainActor
public final class LayoutConstraint {
    /// The view or layout guide on the left of the relation.
    public var firstItem: AnyObject? { firstView ?? firstGuide }
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The view or layout guide on the right, or nil for a constant size.
    public var secondItem: AnyObject? { secondView ?? secondGuide }
    weak var firstView: View?
    weak var firstGuide: LayoutGuide?
    weak var secondView: View?
    weak var secondGuide: LayoutGuide?
    /// Whether a second item was given (it may be gone since).
    private let hasSecondItem: Bool
    /// The views the items live in: a view itself, a guide's owning view.
    var firstHost: View? { firstView ?? firstGuide?.owningView }
    var secondHost: View? { secondView ?? secondGuide?.owningView }
    public let secondAttribute: Attribute
    public let multiplier: Double

    /// Changing it on an active constraint re-solves incrementally (UIKit's common animation:
    /// change the constant, then `layoutIfNeeded()` in an animation block).
    public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                Diagnostics.report(.apiMisuse, "LayoutConstraint.constant: \(constant) is not finite; \(oldValue) kept for \(description)")
                constant = oldValue
                return
            }
            engine?.constantChanged(of: self)
        }
    }

    /// UIKit refuses to change an active constraint between required and not: so does
    /// Bezel (a report; the priority is kept).
    public var priority: LayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if !priority.rawValue.isFinite || priority.rawValue < 1 || priority.rawValue > 1000 {
                Diagnostics.report(.apiMisuse, "LayoutConstraint.priority: \(priority.rawValue) is outside 1...1000; \(oldValue.rawValue) kept for \(description)")
                priority = oldValue
                return
            }
            if isActive, (priority == .required) != (oldValue == .required) {
                Diagnostics.report(.apiMisuse, "LayoutConstraint.priority: an active constraint cannot change between required and not (UIKit raises); deactivate it first: \(description)")
                priority = oldValue
                return
            }
            engine?.priorityChanged(of: self)
        }
    }

    /// Named in reports (UIKit's `identifier`).
    public var identifier: String?

    /// The view it is installed on while active: the items' closest common ancestor.
    public private(set) weak var installedOn: View?
    /// The window's engine that solves it while active and in a window.
    weak var engine: LayoutEngine?
    /// True when a required constraint could not hold with the others: kept active (as
    /// UIKit keeps it) but left out of the solution, and reported once.
    public internal(set) var isBroken = false

    /// `item` and `toItem` are views or layout guides; anything else is reported when the
    /// constraint is activated, and it stays inactive.
    public init(item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?, attribute secondAttribute: Attribute,
                multiplier: Double = 1, constant: Double = 0) {
        firstView = item as? View
        firstGuide = item as? LayoutGuide
        firstAttribute = attribute
        self.relation = relation
        secondView = toItem as? View
        secondGuide = toItem as? LayoutGuide
        hasSecondItem = toItem != nil
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    /// Whether it takes part in layout. Setting it installs it on the items' closest common
    /// ancestor, or removes it; a constraint that cannot be installed (no common ancestor,
    /// a position against a constant, an item gone, a non-finite number) is reported and stays
    /// inactive.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            guard newValue != isActive else { return }
            if newValue { install() } else { uninstall() }
        }
    }

    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func install() {
        guard let first = firstHost, !hasSecondItem || secondHost != nil else {
            return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: an item is gone, is not a view or layout guide, or is a guide no view owns; \(description) left inactive")
        }
        guard multiplier.isFinite, constant.isFinite else {
            return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: a non-finite multiplier or constant; \(description) left inactive")
        }
        guard firstAttribute != .notAnAttribute, !hasSecondItem || secondAttribute != .notAnAttribute else {
            return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: notAnAttribute on an item; \(description) left inactive")
        }
        if !hasSecondItem, !firstAttribute.isDimension {
            return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: a position (\(firstAttribute.name)) cannot equal a constant (UIKit raises); \(description) left inactive")
        }
        if hasSecondItem, firstAttribute.isDimension != secondAttribute.isDimension
            || (!firstAttribute.isDimension && firstAttribute.isHorizontal != secondAttribute.isHorizontal) {
            if !(firstAttribute.isDimension && secondAttribute.isDimension) {
                return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: \(firstName).\(firstAttribute.name) and \(secondName).\(secondAttribute.name) are on different axes or kinds (UIKit raises); \(description) left inactive")
            }
        }
        let ancestor: View
        if let second = secondHost {
            guard let common = first.closestCommonAncestor(with: second) else {
                return Diagnostics.report(.apiMisuse, "LayoutConstraint.isActive: \(firstName) and \(secondName) have no common ancestor (UIKit raises); \(description) left inactive")
            }
            ancestor = common
        } else {
            ancestor = first
        }
        installedOn = ancestor
        ancestor.installedConstraints.append(self)
        if let window = ancestor.window { window.constraintEngine.activate(self) } else { ancestor.layoutEngineIfCreated?.activate(self) }
    }

    private func uninstall() {
        let engine = self.engine
        if let ancestor = installedOn, let index = ancestor.installedConstraints.firstIndex(where: { $0 === self }) {
            ancestor.installedConstraints.remove(at: index)
        }
        installedOn = nil
        isBroken = false
        engine?.deactivate(self)
    }

    /// UIKit's form: `<LayoutConstraint 'id' title.leading == card.leading + 20 (active)>`.
    public var description: String {
        var text = "<LayoutConstraint"
        if let identifier { text += " '\(identifier)'" }
        text += " \(firstName).\(firstAttribute.name) \(relation.symbol) "
        var right: [String] = []
        if hasSecondItem {
            let side = "\(secondName).\(secondAttribute.name)"
            right.append(multiplier == 1 ? side : "\(number(multiplier))*\(side)")
            if constant != 0 { right.append(constant > 0 ? "+ \(number(constant))" : "- \(number(-constant))") }
        } else {
            right.append(number(constant))
        }
        text += right.joined(separator: " ")
        if priority != .required { text += " @\(number(Double(priority.rawValue)))" }
        if isActive { text += " (active)" }
        return text + ">"
    }

    var firstName: String { firstView?.debugName ?? firstGuide?.debugName ?? "(gone)" }
    var secondName: String { secondView?.debugName ?? secondGuide?.debugName ?? "(gone)" }

    private func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
