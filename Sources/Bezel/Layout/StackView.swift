/// UIKit's `UIStackView`, without Auto Layout: arranges its arranged subviews in a row or a
/// column, so screens need no absolute coordinates.
///
/// Along the axis, `distribution` decides the sizes: `.fillEqually` divides the space equally;
/// `.fill` keeps each view's size (its `intrinsicContentSize` when it has one, else its current
/// frame) and gives the leftover space (or takes the overflow) to the last view;
/// `.equalSpacing` keeps the sizes and spreads the leftover space between the views. Across
/// the axis, `alignment` places each view. Sizes never go below zero.
@MainActor
open class StackView: View {
    public enum Axis: Sendable { case horizontal, vertical }
    public enum Distribution: Sendable { case fill, fillEqually, equalSpacing }
    public enum Alignment: Sendable { case fill, leading, center, trailing }

    public var axis: Axis = .horizontal { didSet { setNeedsLayout() } }
    public var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    public var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    /// Space between neighbours (negative is treated as 0).
    public var spacing: Double = 0 { didSet { setNeedsLayout() } }
    /// Space around the arranged views inside the stack (zero by default, unlike a view's 8).
    open override var layoutMargins: EdgeInsets { didSet { setNeedsLayout() } }

    public private(set) var arrangedSubviews: [View] = []

    public init(frame: Rect = .zero, arrangedSubviews views: [View] = []) {
        super.init(frame: frame)
        layoutMargins = .zero
        for view in views { addArrangedSubview(view) }
    }

    public func addArrangedSubview(_ view: View) {
        arrangedSubviews.removeObject(view)
        arrangedSubviews.append(view)
        addSubview(view)
        setNeedsLayout()
    }

    /// Stops arranging `view` (it stays a subview, as in UIKit).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeObject(view)
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        let visible = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard !visible.isEmpty else { return }
        let content = Rect(x: bounds.minX + layoutMargins.left, y: bounds.minY + layoutMargins.top,
                           width: max(0, bounds.width - layoutMargins.left - layoutMargins.right),
                           height: max(0, bounds.height - layoutMargins.top - layoutMargins.bottom))
        let horizontal = axis == .horizontal
        let length = horizontal ? content.width : content.height
        let across = horizontal ? content.height : content.width
        let gap = max(0, spacing)
        let gaps = gap * Double(visible.count - 1)
        func natural(_ view: View) -> Double {
            let intrinsic = view.intrinsicContentSize
            let value = horizontal ? intrinsic.width : intrinsic.height
            return value >= 0 ? value : (horizontal ? view.frame.width : view.frame.height)
        }
        var sizes: [Double]
        var spacingUsed = gap
        switch distribution {
        case .fillEqually:
            sizes = Array(repeating: max(0, (length - gaps) / Double(visible.count)), count: visible.count)
        case .fill:
            sizes = visible.map(natural)
            let leftover = length - gaps - sizes.reduce(0, +)
            sizes[sizes.count - 1] = max(0, sizes[sizes.count - 1] + leftover)
        case .equalSpacing:
            sizes = visible.map(natural)
            if visible.count > 1 {
                spacingUsed = max(gap, (length - sizes.reduce(0, +)) / Double(visible.count - 1))
            }
        }
        var position = horizontal ? content.minX : content.minY
        for (view, size) in zip(visible, sizes) {
            let acrossNatural: Double = {
                let intrinsic = view.intrinsicContentSize
                let value = horizontal ? intrinsic.height : intrinsic.width
                return min(across, value >= 0 ? value : (horizontal ? view.frame.height : view.frame.width))
            }()
            let acrossSize = alignment == .fill ? across : acrossNatural
            let start = horizontal ? content.minY : content.minX
            let offset: Double
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = (across - acrossSize) / 2
            case .trailing: offset = across - acrossSize
            }
            view.frame = horizontal
                ? Rect(x: position, y: start + offset, width: size, height: acrossSize)
                : Rect(x: start + offset, y: position, width: acrossSize, height: size)
            position += size + spacingUsed
        }
    }
}
