import Bezel
import CCairo

/// Paths, gradients and tiled images on cairo.
extension CairoDrawingContext {
    /// Replaces cairo's current path with `path`.
    static func append(_ path: Path, to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cairo, p.x, p.y)
            case .line(let p):
                cairo_line_to(cairo, p.x, p.y)
            case .quadCurve(let p, let c):
                // Cairo has cubics only: the quadratic's controls 2/3 of the way to its control.
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cairo, &x0, &y0)
                cairo_curve_to(cairo, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close:
                cairo_close_path(cairo)
            }
        }
    }

    static func cairoRule(_ rule: FillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }

    static func filter(_ interpolation: InterpolationQuality) -> cairo_filter_t {
        switch interpolation {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_BILINEAR
        case .high: CAIRO_FILTER_GOOD
        }
    }

    public func fill(_ path: Path, color: Color, rule: FillRule) {
        guard !path.isEmpty else { return }
        if drawCachedFill(path, color: color, rule: rule) { return }
        Self.append(path, to: cairo)
        setColor(color)
        cairo_set_fill_rule(cairo, Self.cairoRule(rule))
        cairo_fill(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        let width = style.effectiveLineWidth
        guard !path.isEmpty, width > 0 else { return }
        cairo_save(cairo)
        Self.append(path, to: cairo)
        setColor(color)
        Self.applyStrokeStyle(style, to: cairo)
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// Sets line width, caps, joins, miter limit and dashes (the caller saves and restores).
    static func applyStrokeStyle(_ style: StrokeStyle, to cairo: OpaquePointer) {
        cairo_set_line_width(cairo, style.effectiveLineWidth)
        switch style.lineCap {
        case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cairo, style.effectiveMiterLimit)
        let dashes = style.effectiveDashPattern
        if !dashes.isEmpty {
            dashes.withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), style.dashPhase.isFinite ? style.dashPhase : 0) }
        }
    }

    public func clip(to path: Path, rule: FillRule) {
        Self.append(path, to: cairo)
        cairo_set_fill_rule(cairo, Self.cairoRule(rule))
        cairo_clip(cairo)
        clipDidChange()
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    /// The current clip's bounds in user space, grown a little: a polygon this big covers
    /// everything that can be painted.
    private func paintableBounds() -> Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return Rect(x: x1 - 1, y: y1 - 1, width: x2 - x1 + 2, height: y2 - y1 + 2)
    }

    private func addStops(_ gradient: Gradient, to pattern: OpaquePointer) {
        for stop in gradient.stops {
            let color = resolve(stop.color)
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, color.red, color.green, color.blue, color.alpha)
        }
    }

    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions) {
        guard !gradient.stops.isEmpty, start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        // A gradient of no length has no direction: Core Graphics draws nothing either.
        guard length > 0, let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        addStops(gradient, to: pattern)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        if before != after {
            // Cairo pads both ends or neither: cut away the side that must stay empty with a
            // half-plane through that end, perpendicular to the gradient.
            let box = paintableBounds()
            let reach = box.width + box.height + abs(start.x) + abs(start.y) + abs(end.x) + abs(end.y) + length
            let ux = dx / length, uy = dy / length
            let edge = before ? end : start
            let toward = before ? -1.0 : 1.0          // the side kept, along the gradient
            var half = Path()
            half.move(to: Point(x: edge.x - uy * reach, y: edge.y + ux * reach))
            half.addLine(to: Point(x: edge.x + uy * reach, y: edge.y - ux * reach))
            half.addLine(to: Point(x: edge.x + uy * reach + toward * ux * reach, y: edge.y - ux * reach + toward * uy * reach))
            half.addLine(to: Point(x: edge.x - uy * reach + toward * ux * reach, y: edge.y + ux * reach + toward * uy * reach))
            half.closeSubpath()
            clip(to: half, rule: .winding)
        }
        cairo_set_source(cairo, pattern)
        cairo_paint(cairo)
    }

    public func drawRadialGradient(_ gradient: Gradient, startCenter: Point, startRadius: Double,
                                   endCenter: Point, endRadius: Double, options: GradientDrawingOptions) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard !gradient.stops.isEmpty, values.allSatisfy(\.isFinite) else { return }
        let r0 = max(0, startRadius), r1 = max(0, endRadius)
        guard r0 != r1 || startCenter != endCenter,
              let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, r0, endCenter.x, endCenter.y, r1) else { return }
        defer { cairo_pattern_destroy(pattern) }
        addStops(gradient, to: pattern)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        if before && !after {
            // Padded inside the start circle only: nothing outside the end circle.
            var inside = Path()
            inside.addEllipse(in: Rect(x: endCenter.x - r1, y: endCenter.y - r1, width: 2 * r1, height: 2 * r1))
            clip(to: inside, rule: .winding)
        } else if after && !before {
            // Padded outside the end circle only: nothing inside the start circle.
            var outside = Path()
            outside.addRect(paintableBounds())
            outside.addEllipse(in: Rect(x: startCenter.x - r0, y: startCenter.y - r0, width: 2 * r0, height: 2 * r0))
            clip(to: outside, rule: .evenOdd)
        }
        cairo_set_source(cairo, pattern)
        cairo_paint(cairo)
    }

    public func drawTiledImage(_ image: Image, in rect: Rect, tileSize: Size?, interpolation: InterpolationQuality) {
        guard let buffer = image.storage as? ImageBuffer, image.size.width > 0, image.size.height > 0 else { return }
        let r = rect.standardized
        let tile = tileSize ?? image.size
        // A tile of no size (or a nonsense one) would repeat forever: nothing is drawn.
        guard !r.isEmpty, tile.width.isFinite, tile.height.isFinite, tile.width > 0, tile.height > 0,
              let pattern = cairo_pattern_create_for_surface(buffer.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, Self.filter(interpolation))
        // The pattern matrix maps user space to the image: tiles start at the rect's origin.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(buffer.width) / tile.width, Double(buffer.height) / tile.height)
        cairo_matrix_translate(&matrix, -r.minX, -r.minY)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cairo, pattern)
        cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
        cairo_fill(cairo)
    }
}
