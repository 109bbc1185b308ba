#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A 2D affine transform (UIKit's `CGAffineTransform`): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// Clockwise on screen (y grows downwards), as in UIKit.
    public init(rotationAngle angle: Double) {
        let (s, c) = (sin(angle), cos(angle))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` then `other`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or nil for a singular transform (a zero scale): nothing maps back.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The bounding box of `rect` transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        let r = rect.standardized
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
