/// The view properties UIKit animates (`frame`, `bounds` and `center` all reach the frame and
/// the bounds origin; a scroll view's `contentOffset` is its bounds origin), plus values a
/// control draws itself (a switch's knob position), keyed by the control.
enum AnimatedProperty: Hashable {
    case frame
    case boundsOrigin
    case alpha
    case transform
    case backgroundColor
    /// A value the view draws (`View.presentedDrawnValue(_:)`), e.g. a switch's knob position.
    case drawn(Int)
}

/// Every animatable value as up to eight numbers, so interpolation and the additive blending of
/// overlapping animations are one vector operation for any property.
typealias AnimationVector = SIMD8<Double>

extension AnimationVector {
    init(_ rect: Rect) { self.init(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, 0, 0, 0, 0) }
    init(_ point: Point) { self.init(point.x, point.y, 0, 0, 0, 0, 0, 0) }
    init(scalar: Double) { self.init(scalar, 0, 0, 0, 0, 0, 0, 0) }
    init(_ t: AffineTransform) { self.init(t.a, t.b, t.c, t.d, t.tx, t.ty, 0, 0) }
    init(_ c: Color) { self.init(c.red, c.green, c.blue, c.alpha, 0, 0, 0, 0) }

    var rect: Rect { Rect(x: self[0], y: self[1], width: self[2], height: self[3]) }
    var point: Point { Point(x: self[0], y: self[1]) }
    var transform: AffineTransform { AffineTransform(a: self[0], b: self[1], c: self[2], d: self[3], tx: self[4], ty: self[5]) }
    var color: Color { Color(red: self[0], green: self[1], blue: self[2], alpha: self[3]) }
}

extension View {
    /// The model value of `property` as a vector. A missing background colour is its
    /// counterpart's colour at alpha 0 (`fallback`), so a fade from nothing fades, not darkens.
    func modelVector(_ property: AnimatedProperty, fallback: AnimationVector? = nil) -> AnimationVector {
        switch property {
        case .frame: return AnimationVector(frame)
        case .boundsOrigin: return AnimationVector(boundsOrigin)
        case .alpha: return AnimationVector(scalar: alpha)
        case .transform: return AnimationVector(transform)
        case .backgroundColor:
            if let backgroundColor { return AnimationVector(backgroundColor) }
            var clear = fallback ?? AnimationVector()
            clear[3] = 0
            return clear
        case .drawn(let key): return AnimationVector(scalar: drawnModelValue(key))
        }
    }
}

extension Color {
    /// The colour `fraction` of the way from `self` to `other` (component-wise, alpha included).
    /// Between dynamic colours the result is dynamic: each style blends its own resolutions
    /// (a switch sliding in the dark style blends the dark track colours).
    func interpolated(to other: Color, fraction: Double) -> Color {
        guard isDynamic || other.isDynamic else {
            return (AnimationVector(self) + (AnimationVector(other) - AnimationVector(self)) * fraction).color
        }
        return Color(light: resolved(in: .light).interpolated(to: other.resolved(in: .light), fraction: fraction),
                     dark: resolved(in: .dark).interpolated(to: other.resolved(in: .dark), fraction: fraction))
    }
}

extension View {
    /// Sets the model value of `property` from a vector (an animator putting its views at an end).
    func setModelVector(_ property: AnimatedProperty, _ value: AnimationVector) {
        switch property {
        case .frame: frame = value.rect
        case .boundsOrigin: boundsOrigin = value.point
        case .alpha: alpha = value[0]
        case .transform: transform = value.transform
        case .backgroundColor: backgroundColor = value.color
        case .drawn(let key): setDrawnModelValue(key, value[0])
        }
    }
}
