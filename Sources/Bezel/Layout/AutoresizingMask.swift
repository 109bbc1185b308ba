/// UIKit's `UIView.AutoresizingMask`: which margins and sizes of a view stretch when its
/// superview is resized. The change is shared equally among the flexible parts of each axis.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// `frame` of a subview after its superview went from `old` to `new` size. Sizes never go
    /// below zero.
    func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        func axis(_ origin: Double, _ length: Double, _ parentOld: Double, _ parentNew: Double,
                  _ before: Bool, _ size: Bool, _ after: Bool) -> (Double, Double) {
            let delta = parentNew - parentOld
            let parts = (before ? 1.0 : 0) + (size ? 1.0 : 0) + (after ? 1.0 : 0)
            guard parts > 0, delta != 0 else { return (origin, length) }
            let share = delta / parts
            return (origin + (before ? share : 0), max(0, length + (size ? share : 0)))
        }
        let (x, w) = axis(frame.minX, frame.width, old.width, new.width,
                          contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin))
        let (y, h) = axis(frame.minY, frame.height, old.height, new.height,
                          contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin))
        return Rect(x: x, y: y, width: w, height: h)
    }
}
