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

        /// Leading and trailing as left and right: the one place where the layout direction is
        /// read (left-to-right until right-to-left lands with the languages issue, #31).
        var resolvedForLeftToRight: Attribute {
            switch self {
            case .leading: return .left
            case .trailing: return .right
            default: return self
            }
        }

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
