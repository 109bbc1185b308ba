/// How the panel is mounted relative to the UI: the UI is drawn rotated clockwise by this
/// much into the panel's framebuffer (while rendering, not as a second pass), and touches
/// reported in panel coordinates are rotated back with `fromPanel` (touch follows display
/// rotation by default: its absence is the top complaint against LVGL, flutter-pi, Qt, cage).
public enum DisplayRotation: Int, Sendable, CaseIterable {
    case none = 0, clockwise90 = 90, upsideDown = 180, clockwise270 = 270

    /// Parses "0", "90", "180" or "270" (BEZEL_ROTATION's values).
    public init?(degrees text: String) {
        guard let value = Int(text.trimmingSpaces), let rotation = DisplayRotation(rawValue: value) else { return nil }
        self = rotation
    }

    /// The panel's size for a UI of `logical` size.
    public func panelSize(for logical: Size) -> Size {
        self == .clockwise90 || self == .clockwise270 ? Size(width: logical.height, height: logical.width) : logical
    }

    /// A UI point in panel coordinates.
    public func toPanel(_ p: Point, logical: Size) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(x: logical.height - p.y, y: p.x)
        case .upsideDown: Point(x: logical.width - p.x, y: logical.height - p.y)
        case .clockwise270: Point(x: p.y, y: logical.width - p.x)
        }
    }

    /// A panel point (a touch) in UI coordinates: the inverse of `toPanel`.
    public func fromPanel(_ p: Point, logical: Size) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(x: p.y, y: logical.height - p.x)
        case .upsideDown: Point(x: logical.width - p.x, y: logical.height - p.y)
        case .clockwise270: Point(x: logical.width - p.y, y: p.x)
        }
    }

    /// A UI rectangle in panel coordinates.
    public func toPanel(_ r: Rect, logical: Size) -> Rect {
        let a = toPanel(Point(x: r.minX, y: r.minY), logical: logical)
        let b = toPanel(Point(x: r.maxX, y: r.maxY), logical: logical)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// A UI rectangle (points) as the panel's pixels it touches, at `scale` pixels a point:
    /// rounded out to whole pixels, so a copy of the damage covers every pixel drawn.
    public func toPanelPixels(_ r: Rect, logical: Size, scale: Double) -> Rect {
        let panel = toPanel(r, logical: logical)
        guard scale != 1 else { return panel }
        let minX = (panel.minX * scale).rounded(.down), minY = (panel.minY * scale).rounded(.down)
        let maxX = (panel.maxX * scale).rounded(.up), maxY = (panel.maxY * scale).rounded(.up)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A panel pixel position (a touch, a mouse) in UI points.
    public func fromPanelPixels(_ p: Point, logical: Size, scale: Double) -> Point {
        fromPanel(scale == 1 ? p : Point(x: p.x / scale, y: p.y / scale), logical: logical)
    }

    /// The drawing transform: translate then rotate, applied once at the start of a frame.
    public var drawingTransform: (translation: (Size) -> Point, radians: Double) {
        switch self {
        case .none: ({ _ in .zero }, 0)
        case .clockwise90: ({ Point(x: $0.height, y: 0) }, Double.pi / 2)
        case .upsideDown: ({ Point(x: $0.width, y: $0.height) }, Double.pi)
        case .clockwise270: ({ Point(x: 0, y: $0.width) }, -Double.pi / 2)
        }
    }
}
