/// The shadow settings a view was given (one pointer a view; nil until one is set).
@MainActor
final class LayerShadow {
    var color: Color = .black
    var opacity = 0.0
    var offset = Size(width: 0, height: -3)
    var radius = 3.0
    var path: Path?

    /// How far past the view's bounds the shadow can reach: the blur's spread (three box
    /// blurs of about the Gaussian's sigma each, CairoShadowMask.swift), the offset, a pixel.
    var reach: Double {
        guard opacity > 0 else { return 0 }
        return 3 * radius + max(abs(offset.width), abs(offset.height)) + 2
    }

    /// The shadow as the drawing context takes it: CALayer's `shadowRadius` is the Gaussian's
    /// standard deviation, `Shadow.blurRadius` twice it (the canvas reading).
    var drawn: Shadow { Shadow(color: color.multiplyingAlpha(by: opacity), offset: offset, blurRadius: 2 * radius) }
}

/// UIKit's layer shadow (`view.layer.shadowColor`, `shadowOpacity`, `shadowOffset`,
/// `shadowRadius`, `shadowPath`), on the view itself (Bezel's views have no separate layer),
/// with Core Animation's defaults: black, opacity 0 (no shadow), 3 pt up, radius 3.
///
/// The shadow is cast by `shadowPath` when set, else by the view's bounds rounded by its
/// `cornerRadius` (Core Animation follows the layer's drawn pixels; a view with a background
/// casts the same shape). As in UIKit, a view that `clipsToBounds` clips its own shadow
/// away. The blurred shape is cached by the drawing context, so a shadowed card moving or
/// redrawn costs one masked fill, and views without a shadow pay nothing.
extension View {
    /// The shadow's colour before `shadowOpacity` (CALayer's default: black).
    public var shadowColor: Color {
        get { layerShadow?.color ?? .black }
        set { shadowSettings { $0.color = newValue } }
    }
    /// 0 (no shadow, the default) to 1; out-of-range values are clamped, NaN taken as 0.
    public var shadowOpacity: Double {
        get { layerShadow?.opacity ?? 0 }
        set { shadowSettings { $0.opacity = newValue.isNaN ? 0 : min(1, max(0, newValue)) } }
    }
    /// Where the shadow falls (CALayer's default: 3 pt up, (0, -3)). Non-finite parts: 0.
    public var shadowOffset: Size {
        get { layerShadow?.offset ?? Size(width: 0, height: -3) }
        set {
            shadowSettings {
                $0.offset = Size(width: newValue.width.isFinite ? newValue.width : 0, height: newValue.height.isFinite ? newValue.height : 0)
            }
        }
    }
    /// The blur (CALayer's default: 3). Negative or non-finite: 0 (a hard shadow).
    public var shadowRadius: Double {
        get { layerShadow?.radius ?? 3 }
        set { shadowSettings { $0.radius = newValue.isFinite ? max(0, newValue) : 0 } }
    }
    /// The shape casting the shadow, in the view's coordinates (nil: the rounded bounds).
    public var shadowPath: Path? {
        get { layerShadow?.path }
        set { shadowSettings { $0.path = newValue } }
    }

    /// Changes the settings and redraws what the shadow covered before and after.
    private func shadowSettings(_ change: (LayerShadow) -> Void) {
        let before = layerShadow?.reach ?? 0
        let shadow = layerShadow ?? LayerShadow()
        layerShadow = shadow
        change(shadow)
        let reach = max(before, shadow.reach)
        superview?.setNeedsDisplay(frame.insetBy(dx: -reach, dy: -reach))
        setNeedsDisplay()
    }

    /// Draws the shadow under the view (the renderer, before the background), in the view's
    /// coordinates.
    func drawLayerShadow(_ shadow: LayerShadow, bounds: Rect, in context: any DrawingContext) {
        let path: Path
        if let custom = shadow.path {
            path = custom
        } else {
            var rounded = Path()
            rounded.addRoundedRect(bounds, cornerRadius: min(cornerRadius, bounds.width / 2, bounds.height / 2))
            path = rounded
        }
        context.drawShadow(of: path, shadow: shadow.drawn)
    }
}
