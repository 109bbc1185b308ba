extension LayoutConstraint {
    /// What a constraint relates (UIKit's `NSLayoutConstraint.Attribute`). A label's
    /// baselines are where its first and last lines sit; a stack view's are its first (last)
    /// arranged view's; any other view's are its bottom, as in UIKit.
    public enum Attribute: Sendable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case firstBaseline, lastBaseline
        case notAnAttribute

        var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

        var isDimension: Bool { self == .width || self == .height }
        var isHorizontal: Bool { [.left, .right, .leading, .trailing, .centerX, .width].contains(self) }

        /// Leading and trailing as left and right in `direction`: the one place where a layout
        /// direction turns into edges (a constraint's constant then counts from leading to
        /// trailing: LayoutEngine negates it for right-to-left).
        func resolved(for direction: UserInterfaceLayoutDirection) -> Attribute {
            switch (self, direction) {
            case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
            case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
            default: return self
            }
        }

        var isLeadingOrTrailing: Bool { self == .leading || self == .trailing }

        var name: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .firstBaseline: "firstBaseline"
            case .lastBaseline: "lastBaseline"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Sendable {
        case lessThanOrEqual, equal, greaterThanOrEqual

        var symbol: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }

        var solverRelation: LinearRelation {
            switch self {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }
    }
}
