/// UIKit's rubber-band resistance when content is dragged past its edge: the content moves
/// less and less the further it goes, approaching (but never reaching) `dimension`.
/// f(x) = (1 - 1 / (x * c / d + 1)) * d with c = 0.55, the constant measured from UIKit and
/// used by every reimplementation of it (Grant Paul's reverse engineering, 2012).
enum RubberBand {
    static let coefficient = 0.55

    static func offset(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = abs(overshoot)
        let resisted = (1 - 1 / (magnitude * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -resisted : resisted
    }
}
