/// A width and height in points (UIKit's `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public static let zero = Size(width: 0, height: 0)

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width.compactDescription)x\(height.compactDescription)" }
}
