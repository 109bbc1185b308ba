import Bezel
import CCairo

/// The cairo implementation of `DrawingContext`: draws into an `ImageBuffer`, text through
/// Pango (HarfBuzz shaping, bidi, font fallback through fontconfig).
@MainActor
public final class CairoDrawingContext: DrawingContext {
    let cairo: OpaquePointer
    /// The buffer drawn into (kept alive as long as the context).
    public let target: ImageBuffer
    /// Dynamic colours are resolved with it (the renderer sets each view's).
    public var userInterfaceStyle: UserInterfaceStyle = .light
    private var fonts: [FontKey: OpaquePointer] = [:]
    /// Shaped layouts by text, style and box: shaping (HarfBuzz) and line breaking are the
    /// expensive part of text, and a kiosk redraws the same labels over and over.
    private var layouts: [LayoutKey: OpaquePointer] = [:]
    /// Laid-out text drawn once as images (TextImageCache.swift); emptied with `layouts`.
    let textImages = TextImageCache()
    /// Text images kept between runs (TextImageStore.swift): the runtime's display context
    /// has the service's; nil (the default) draws every text from its layout. (Unchecked
    /// exclusivity: read at every text drawn; its dynamic check was M1's +0.06 %.)
    @exclusivity(unchecked) public var textImageStore: TextImageStore?
    /// Texts drawn glyph by glyph by cairo rather than from a text image (tests: under a
    /// rotation or zoom, none should be).
    private(set) var textDrawnByCairo = 0
    /// `FontRegistry.generation` when `layouts` was last emptied for new fonts.
    private var fontGeneration = FontRegistry.generation
    /// Bold Text as the cached layouts were shaped.
    private var legibilityWeight = LegibilityWeight.current
    /// Bound on cached layouts (Bezel's choice: a few screens' worth of labels); when full,
    /// the cache is emptied and refills with what is on screen.
    static let layoutCacheLimit = 512

    /// Rounded shapes rasterized once and then composited: every button of a grid has the
    /// same rounded background and border, and cairo's tessellation of a rounded path costs
    /// far more than blitting its pixels (callgrind: ~70 % of a full frame of the standard
    /// scene). Used when the shape's origin lands on whole device pixels without rotation
    /// (its size may be fractional: a slider's filled track, a scroll indicator): cairo's
    /// rasterizer gives a shape moved by whole pixels the same coverage. A few edge pixels
    /// may differ from a direct fill by a level or two (the pre-rendered coverage is rounded
    /// once more; CachedShapePixelTests).
    private var shapes: [ShapeKey: CachedShape] = [:]
    static let shapeCacheLimit = 64
    /// False: rounded shapes are drawn by cairo each time (tests compare the two).
    var cachesShapes = true
    /// Shapes in the cache (tests).
    var cachedShapeCount: Int { shapes.count }

    /// A rasterized shape and how to put it on screen (RoundedShapePlan.swift).
    private struct CachedShape {
        let surface: OpaquePointer
        let plan: RoundedShapePlan
        /// Its pixels for pixman (nil if pixman refused them: cairo draws it then).
        let pixels: PixmanImage?
        /// The plan's tint colour for pixman (nil when it has no tinted boxes).
        let tint: PixmanSolidColor?
    }

    /// The target's pixels for pixman: cached shapes, labels and plain rectangles are put
    /// straight into them. Nil when the target is not a 32-bit image, or when pixman is off.
    private var targetPixels: PixmanImage? {
        if !drawsThroughPixman { return nil }
        if let pixels = cachedTargetPixels { return pixels }
        cachedTargetPixels = PixmanImage(surface: target.surface)
        return cachedTargetPixels
    }
    private var cachedTargetPixels: PixmanImage?
    /// False: everything is drawn by cairo, as before issue 17's pixman paths (tests compare
    /// the two, pixel for pixel).
    var drawsThroughPixman = true

    private struct ShapeKey: Hashable {
        let width: Double
        let height: Double
        let radius: Double
        /// 0 for a filled shape, else the border's width.
        let lineWidth: Double
        let color: Color
        /// The screen scale it is drawn at (its path is made at that scale, as cairo makes it).
        let scale: Double
    }

    /// Blurred shadow shapes (`drawShadow(of:shadow:)`), by shape and blur: a knob's or a
    /// card's shadow is blurred once and composited after (CairoShadowMask.swift).
    var shadowMasks: [ShadowMaskKey: ShadowMask] = [:]
    static let shadowMaskCacheLimit = 64

    /// Small filled paths' pixels, by shape, offset within the pixel grid and colour: a
    /// slider's thumb or a switch's knob is rasterized once (CairoPathImages.swift).
    var pathImages: [PathImageKey: PixmanImage] = [:]
    /// Shapes filled once, that get an image the next time.
    var pathImageCandidates: Set<PathImageKey> = []

    private struct LayoutKey: Hashable {
        let text: String
        /// Its UTF-8 length beside it. Swift's `String` equality follows canonical
        /// equivalence ("\u{E9}" equals "e\u{301}"), but a Pango layout indexes its text's
        /// bytes: a layout cached for one spelling and handed out for the other answered caret
        /// queries past its end (a Pango critical assertion and an empty caret each time; found
        /// by issue 37 U1's text suite). Equivalent spellings of one length keep their
        /// grapheme boundaries at the same bytes, so they may share a layout. (Comparing the
        /// bytes instead cost M1 11,800 instructions a frame; the length costs nothing.)
        let utf8Length: Int
        let style: TextStyle
        let width: Double?
        let height: Double?
        /// Attributed text's runs, with the style its dynamic colours were resolved in; nil
        /// for plain text.
        var attributed: AttributedLayout? = nil

        /// Without the length: equal keys still hash alike, and hashing it too cost M1 1,700
        /// instructions a frame.
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(style)
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(attributed)
        }
    }

    private struct AttributedLayout: Hashable {
        let text: AttributedText
        let interfaceStyle: UserInterfaceStyle
    }

    private struct FontKey: Hashable {
        let family: String
        let size: Double
        let weight: TextStyle.Weight
    }

    public init(target: ImageBuffer) throws(CairoError) {
        FontRegistry.registerBundledFonts()
        LocalizationSupport.install()
        guard let cairo = cairo_create(target.surface) else { throw CairoError("cairo_create returned nothing") }
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cairo)
            throw CairoError("creating a drawing context", status: status)
        }
        self.cairo = cairo
        self.target = target
    }

    // Isolated: the C objects belong to the main actor like the context itself.
    isolated deinit {
        for cached in layouts.values { g_object_unref(UnsafeMutableRawPointer(cached)) }
        for shape in shapes.values { cairo_surface_destroy(shape.surface) }
        for mask in shadowMasks.values { cairo_surface_destroy(mask.surface) }
        for font in fonts.values { pango_font_description_free(font) }
        cairo_destroy(cairo)
    }

    public func saveState() { cairo_save(cairo) }
    public func restoreState() {
        cairo_restore(cairo)
        clipDidChange()
    }

    public func translate(by offset: Point) {
        cairo_translate(cairo, offset.x, offset.y)
    }

    public func concatenate(_ transform: AffineTransform) {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &m)
    }

    public func rotate(by radians: Double) {
        cairo_rotate(cairo, radians)
    }

    public func drawImage(_ image: Image, in rect: Rect) {
        drawImage(image, in: rect, interpolation: .low)
    }

    public func drawImage(_ image: Image, in rect: Rect, interpolation: InterpolationQuality) {
        inImageSpace(image, rect) { buffer, pixels in
            cairo_set_source_surface(cairo, buffer.surface, 0, 0)
            // Bilinear by default: smooth when scaled, exact at 1:1.
            cairo_pattern_set_filter(cairo_get_source(cairo), Self.filter(interpolation))
            cairo_rectangle(cairo, 0, 0, pixels.width, pixels.height)
            cairo_fill(cairo)
        }
    }

    public func drawPicture(_ image: Image, in rect: Rect) {
        inImageSpace(image, rect) { buffer, pixels in
            cairo_set_source_surface(cairo, buffer.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), Self.filter(.low))
            // The edge pixels sample themselves beyond the edge (cairo's default, NONE, samples
            // transparency there and blends the edge into the background).
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_rectangle(cairo, 0, 0, pixels.width, pixels.height)
            cairo_fill(cairo)
        }
    }

    public func drawImage(_ image: Image, in rect: Rect, tintColor: Color) {
        inImageSpace(image, rect) { buffer, _ in
            setColor(tintColor)
            // The picture's alpha as the mask of a fill in the tint (cairo_mask keeps the source
            // colour and takes only the mask's alpha), filtered as drawImage's source is.
            let mask = cairo_pattern_create_for_surface(buffer.surface)
            cairo_pattern_set_filter(mask, Self.filter(.low))
            cairo_mask(cairo, mask)
            cairo_pattern_destroy(mask)
        }
    }

    /// Runs `body` with the user space mapped so that the image's buffer pixels fill `rect`
    /// (the buffer's pixels, not the image's points: an @2x image has twice as many); nothing
    /// for an image without pixels or an empty rect.
    private func inImageSpace(_ image: Image, _ rect: Rect, _ body: (ImageBuffer, Size) -> Void) {
        guard let buffer = image.storage as? ImageBuffer, image.size.width > 0, image.size.height > 0 else { return }
        let r = rect.standardized
        guard !r.isEmpty else { return }
        let pixels = Size(width: Double(buffer.width), height: Double(buffer.height))
        cairo_save(cairo)
        cairo_translate(cairo, r.minX, r.minY)
        cairo_scale(cairo, r.width / pixels.width, r.height / pixels.height)
        body(buffer, pixels)
        cairo_restore(cairo)
    }

    public func clip(to rect: Rect) {
        let r = rect.standardized
        cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
        cairo_clip(cairo)
        clipDidChange()
    }

    /// `color` for the current style and contrast (a plain colour is itself).
    func resolve(_ color: Color) -> Color {
        color.isDynamic ? color.resolved(in: userInterfaceStyle, contrast: AccessibilityContrast.current) : color
    }

    func setColor(_ color: Color) {
        let color = resolve(color)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    public func fill(_ rect: Rect, color: Color) {
        fill(rect, color: color, excluding: [])
    }

    public func fill(_ rect: Rect, color: Color, excluding excluded: [Rect]) {
        let r = rect.standardized
        if fillDirectly(r, color: resolve(color), excluding: excluded) { return }
        setColor(color)
        cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
        cairo_fill(cairo)
    }

    /// A rectangle of one colour on whole device pixels, put straight into the target with
    /// pixman (a view's background: cairo's path, clip and compositor set-up cost ~10 K
    /// instructions of M2's redraw of one button). False (nothing drawn) when cairo must draw
    /// it: a fractional or rotated rectangle, a group, a clip that is not whole pixels.
    private func fillDirectly(_ rect: Rect, color: Color, excluding excluded: [Rect]) -> Bool {
        guard !rect.isEmpty, let destination = targetPixels, cairo_get_group_target(cairo) == target.surface,
              let pixel = Self.premultipliedPixel(color), let (device, _) = wholePixelRect(of: rect),
              abs(device.minX) < 65536, abs(device.minY) < 65536, device.width < 65536, device.height < 65536,
              let clip = deviceClipBoxes() else { return false }
        guard pixel >> 24 != 0 else { return true }
        let box = PixelBox(x: Int32(device.minX), y: Int32(device.minY), width: Int32(device.width), height: Int32(device.height))
        let tint = pixel >> 24 == 0xFF ? nil : PixmanSolidColor(pixel: pixel)
        guard pixel >> 24 == 0xFF || tint != nil else { return false }
        // What views drawn later cover opaquely, as the device pixels wholly inside it (only
        // for an opaque fill: a translucent one shows through nothing, but is not asked).
        var parts = [box]
        if tint == nil, !excluded.isEmpty {
            var holes: [PixelBox] = []
            for rect in excluded {
                guard let hole = innerDevicePixels(of: rect)?.intersection(box),
                      Int(hole.width) * Int(hole.height) >= Self.minimumHoleArea else { continue }
                holes.append(hole)
            }
            parts = PixelBox.subtracting(holes, from: box)
            if parts.isEmpty { return true }
        }
        drawIntoTarget(within: clip) { area in
            var touched: PixelBox?
            for part in parts {
                let b = part.intersection(area)
                guard !b.isEmpty else { continue }
                if let tint { destination.blend(tint, into: b) } else { destination.fill(b, with: pixel) }
                touched = touched?.union(b) ?? b
            }
            return touched
        }
        return true
    }

    /// Covered parts smaller than this (device pixels) are filled anyway: each hole adds boxes,
    /// and a fill's set-up (~150 instructions, and some for each row) outweighs the pixels a
    /// small one saves (about one instruction two pixels, pixman's fill; callgrind).
    static let minimumHoleArea = 1024

    /// The device pixels wholly inside `rect` (user space, under the translation and uniform
    /// scale `fillDirectly` has checked), nil when there are none.
    private func innerDevicePixels(of rect: Rect) -> PixelBox? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        let r = rect.standardized
        let left = (r.minX * m.xx + m.x0).rounded(.up), right = (r.maxX * m.xx + m.x0).rounded(.down)
        let top = (r.minY * m.yy + m.y0).rounded(.up), bottom = (r.maxY * m.yy + m.y0).rounded(.down)
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, right > left, bottom > top else { return nil }
        let limit = 65536.0
        let l = max(-limit, left), t = max(-limit, top), rr = min(limit, right), b = min(limit, bottom)
        guard rr > l, b > t else { return nil }
        return PixelBox(x: Int32(l), y: Int32(t), width: Int32(rr - l), height: Int32(b - t))
    }

    /// `color` as the premultiplied 0xAARRGGBB pixel cairo fills with: each channel clamped to
    /// 0...1, premultiplied, made 16-bit as cairo's `_cairo_color_double_to_short` does
    /// (x * 65535 + 0.5) and cut to its high byte as pixman does. Nil for a non-finite channel.
    static func premultipliedPixel(_ color: Color) -> UInt32? {
        guard color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite else { return nil }
        func clamped(_ value: Double) -> Double { min(1, max(0, value)) }
        let alpha = clamped(color.alpha)
        func byte(_ value: Double) -> UInt32 { UInt32(UInt16(value * 65535 + 0.5) >> 8) }
        return byte(alpha) << 24 | byte(clamped(color.red) * alpha) << 16 | byte(clamped(color.green) * alpha) << 8 | byte(clamped(color.blue) * alpha)
    }

    private func roundedRectPath(_ rect: Rect, radius: Double) {
        Self.roundedRectPath(cairo, rect, radius: radius)
    }

    private static func roundedRectPath(_ cairo: OpaquePointer, _ rect: Rect, radius: Double) {
        let r = rect.standardized
        let radius = min(radius, r.width / 2, r.height / 2)
        guard radius > 0 else {
            cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, r.maxX - radius, r.minY + radius, radius, -pi / 2, 0)
        cairo_arc(cairo, r.maxX - radius, r.maxY - radius, radius, 0, pi / 2)
        cairo_arc(cairo, r.minX + radius, r.maxY - radius, radius, pi / 2, pi)
        cairo_arc(cairo, r.minX + radius, r.minY + radius, radius, pi, 3 * pi / 2)
        cairo_close_path(cairo)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        let color = resolve(color)
        if radius > 0, drawCachedShape(rect, radius: radius, lineWidth: 0, color: color) { return }
        setColor(color)
        roundedRectPath(rect, radius: radius)
        cairo_fill(cairo)
    }

    /// The device position of `rect`'s origin when the transform is a whole-pixel translation.
    /// `rect` in device pixels when it lands on whole pixels under an unrotated, uniformly
    /// scaled matrix (scale 1, or a screen scale of 2 or 3), with that scale; else nil.
    /// With `fractionalSize`, only the origin must be whole.
    private func wholePixelRect(of rect: Rect, fractionalSize: Bool = false) -> (rect: Rect, scale: Double)? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        guard m.xy == 0, m.yx == 0, m.xx == m.yy, m.xx > 0 else { return nil }
        let scale = m.xx
        let x = rect.minX * scale + m.x0, y = rect.minY * scale + m.y0
        let width = rect.width * scale, height = rect.height * scale
        guard x == x.rounded(), y == y.rounded(), fractionalSize || (width == width.rounded() && height == height.rounded()) else { return nil }
        return (Rect(x: x, y: y, width: width, height: height), scale)
    }

    private func drawCachedShape(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) -> Bool {
        guard cachesShapes, !rect.standardized.isEmpty, let (device, scale) = wholePixelRect(of: rect.standardized, fractionalSize: true),
              device.width <= 1024, device.height <= 1024 else { return false }
        // Kept in device pixels: the same key at scale 1 as before scales existed.
        let r = device, x = device.minX, y = device.minY
        let userRadius = radius, userLineWidth = lineWidth
        let radius = radius * scale, lineWidth = lineWidth * scale
        let key = ShapeKey(width: r.width, height: r.height, radius: radius, lineWidth: lineWidth, color: color, scale: scale)
        let shape: CachedShape
        if let cached = shapes[key] {
            shape = cached
        } else {
            if shapes.count >= Self.shapeCacheLimit {
                for old in shapes.values { cairo_surface_destroy(old.surface) }
                shapes.removeAll(keepingCapacity: true)
            }
            // A fractional size: the last column and row are partly covered.
            let pixelWidth = Int(r.width.rounded(.up)), pixelHeight = Int(r.height.rounded(.up))
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
                  cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let painter = cairo_create(surface) else { return false }
            cairo_set_source_rgba(painter, color.red, color.green, color.blue, color.alpha)
            // In points under the screen scale, as the shape drawn directly is: made in device
            // pixels, shapes at scale 2 had more edge pixels off the direct fill (5 against 0
            // in CachedShapePixelTests' opaque case).
            cairo_scale(painter, scale, scale)
            let local = Rect(x: 0, y: 0, width: r.width / scale, height: r.height / scale)
            Self.roundedRectPath(painter, local, radius: userRadius)
            if userLineWidth > 0 {
                let inner = local.insetBy(dx: userLineWidth, dy: userLineWidth)
                if !inner.isEmpty { Self.roundedRectPath(painter, inner, radius: max(0, userRadius - userLineWidth)) }
                cairo_set_fill_rule(painter, CAIRO_FILL_RULE_EVEN_ODD)
            }
            cairo_fill(painter)
            cairo_destroy(painter)
            cairo_surface_flush(surface)
            let plan = RoundedShapePlan(surface: surface, width: pixelWidth, height: pixelHeight, radius: radius)
            shape = CachedShape(surface: surface, plan: plan, pixels: PixmanImage(surface: surface),
                                tint: plan.tinted.isEmpty ? nil : PixmanSolidColor(pixel: plan.tintPixel))
            shapes[key] = shape
        }
        if blit(shape, at: x, y) { return true }
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        // The opaque inside as plain fills, the arcs and translucent bands blended: one
        // call each, its boxes composited by cairo's rectangle fast path.
        let plan = shape.plan
        if !plan.solid.isEmpty {
            cairo_set_source_rgb(cairo, plan.solidColor.red, plan.solidColor.green, plan.solidColor.blue)
            for box in plan.solid { cairo_rectangle(cairo, x + Double(box.x), y + Double(box.y), Double(box.width), Double(box.height)) }
            cairo_fill(cairo)
        }
        if !plan.blended.isEmpty || !plan.tinted.isEmpty {
            cairo_set_source_surface(cairo, shape.surface, x, y)
            for box in plan.blended + plan.tinted {
                cairo_rectangle(cairo, x + Double(box.x), y + Double(box.y), Double(box.width), Double(box.height))
            }
            cairo_fill(cairo)
        }
        cairo_restore(cairo)
        return true
    }

    /// Puts a cached shape's pixels straight into the target with pixman, within the clip:
    /// false (nothing drawn) when cairo must do it (inside a group or capture, a clip that is
    /// not whole-pixel rectangles).
    private func blit(_ shape: CachedShape, at x: Double, _ y: Double) -> Bool {
        guard let source = shape.pixels, let destination = targetPixels, shape.plan.tinted.isEmpty || shape.tint != nil,
              cairo_get_group_target(cairo) == target.surface, let clip = deviceClipBoxes() else { return false }
        let dx = Int32(x), dy = Int32(y)
        let plan = shape.plan
        drawIntoTarget(within: clip) { area in
            var touched: PixelBox?
            for box in plan.solid {
                let b = box.offsetBy(dx, dy).intersection(area)
                if !b.isEmpty { destination.fill(b, with: plan.solidPixel); touched = touched?.union(b) ?? b }
            }
            if let tint = shape.tint {
                for box in plan.tinted {
                    let b = box.offsetBy(dx, dy).intersection(area)
                    if !b.isEmpty { destination.blend(tint, into: b); touched = touched?.union(b) ?? b }
                }
            }
            for box in plan.blended {
                let b = box.offsetBy(dx, dy).intersection(area)
                if !b.isEmpty { destination.blend(source, from: b.x - dx, b.y - dy, into: b); touched = touched?.union(b) ?? b }
            }
            return touched
        }
        return true
    }

    /// The target's pixels and the translation to device pixels, when drawing goes straight
    /// onto the target with no scale, rotation or group: where an image made in device pixels
    /// (a text image, a path image) can be blended as it is. Inlined, as `blend` below: called
    /// for every label, the two calls cost M1 ~3 K instructions (callgrind).
    @inline(__always) func translatedTarget() -> (pixels: PixmanImage, offset: Point)? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, let pixels = targetPixels,
              cairo_get_group_target(cairo) == target.surface else { return nil }
        return (pixels, Point(x: m.x0, y: m.y0))
    }

    /// Composites all of `image` OVER the target's `pixels` with its top-left pixel at
    /// (`x`, `y`) in device pixels, within `clip`.
    @inline(__always) func blend(_ image: PixmanImage, into pixels: PixmanImage, atX x: Int32, _ y: Int32, within clip: [PixelBox]) {
        let box = PixelBox(x: x, y: y, width: Int32(image.width), height: Int32(image.height))
        drawIntoTarget(within: clip) { area in
            let b = box.intersection(area)
            guard !b.isEmpty else { return nil }
            pixels.blend(image, from: b.x - box.x, b.y - box.y, into: b)
            return b
        }
    }

    /// Draws with pixman straight into the target's pixels, once for each rectangle of the
    /// clip (`draw` returns the box it changed, if any): cairo's pending drawing is flushed
    /// first, and it is told afterwards which pixels changed under it.
    private func drawIntoTarget(within clip: [PixelBox], _ draw: (_ area: PixelBox) -> PixelBox?) {
        cairo_surface_flush(target.surface)
        var touched: PixelBox?
        for area in clip {
            guard let box = draw(area) else { continue }
            touched = touched?.union(box) ?? box
        }
        if let touched { cairo_surface_mark_dirty_rectangle(target.surface, touched.x, touched.y, touched.width, touched.height) }
    }

    /// `deviceClipBoxes()`'s answer while the clip stays the same: reading it costs a
    /// cairo_save/restore and an allocation (~7 K of M2's instructions when read for every
    /// shape and label). Forgotten whenever the clip may change (`clipDidChange()`).
    private var cachedClipBoxes: [PixelBox]?? = nil

    /// Called after anything that may change the clip: a clip, a restore, a group.
    func clipDidChange() {
        cachedClipBoxes = nil
    }

    /// The current clip as whole device pixels, within the target; nil when it is not a set
    /// of whole-pixel rectangles (a rounded clip, a fractional one).
    func deviceClipBoxes() -> [PixelBox]? {
        if let cached = cachedClipBoxes { return cached }
        let boxes = readDeviceClipBoxes()
        cachedClipBoxes = .some(boxes)
        return boxes
    }

    private func readDeviceClipBoxes() -> [PixelBox]? {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        let list = cairo_copy_clip_rectangle_list(cairo)
        cairo_restore(cairo)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var boxes: [PixelBox] = []
        boxes.reserveCapacity(Int(list.pointee.num_rectangles))
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(), r.height == r.height.rounded() else { return nil }
            boxes.append(PixelBox(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height)))
        }
        return boxes
    }

    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        guard lineWidth > 0 else { return }
        let color = resolve(color)
        // Inside the rectangle. Drawn as a fill of the ring between the outer shape and the
        // inset one (even-odd): callgrind measured cairo's stroker at 1.4x the cost of the
        // whole rest of the standard scene, the ring fill at a fraction of it.
        let outer = rect.standardized
        if radius > 0, drawCachedShape(outer, radius: radius, lineWidth: lineWidth, color: color) { return }
        let inner = outer.insetBy(dx: lineWidth, dy: lineWidth)
        setColor(color)
        roundedRectPath(outer, radius: radius)
        if !inner.isEmpty { roundedRectPath(inner, radius: max(0, radius - lineWidth)) }
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    public func fillEllipse(in rect: Rect, color: Color) {
        let r = rect.standardized
        guard !r.isEmpty else { return }
        setColor(color)
        cairo_save(cairo)
        cairo_translate(cairo, r.midX, r.midY)
        cairo_scale(cairo, r.width / 2, r.height / 2)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cairo)
        cairo_fill(cairo)
    }

    public func beginGroup() {
        cairo_push_group(cairo)
    }

    public func endGroup(alpha: Double) {
        cairo_pop_group_to_source(cairo)
        clipDidChange()
        cairo_paint_with_alpha(cairo, min(1, max(0, alpha)))
    }

    public func beginCapture() {
        cairo_push_group(cairo)
    }

    public func endCapture() -> DrawingCapture? {
        let popped = cairo_pop_group(cairo)
        clipDidChange()
        guard let pattern = popped else { return nil }
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pattern)
            return nil
        }
        return DrawingCapture(storage: CairoPattern(pattern))
    }

    public func drawCapture(_ capture: DrawingCapture) {
        guard let pattern = capture.storage as? CairoPattern else { return }
        cairo_save(cairo)
        cairo_set_source(cairo, pattern.pattern)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    // MARK: Text

    private func font(for style: TextStyle) -> OpaquePointer {
        // One weight heavier while Bold Text is on (LegibilityWeight).
        let key = FontKey(family: style.family, size: style.size, weight: style.weight.legible)
        if let font = fonts[key] { return font }
        // Once per family (the fonts are cached by key): a family fontconfig does not have is
        // reported, not silently replaced.
        if style.family != TextStyle.defaultFamily { FontRegistry.checkFamily(style.family) }
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, style.family)
        pango_font_description_set_absolute_size(font, style.size * Double(bezel_pango_scale()))
        pango_font_description_set_weight(font, Self.pangoWeight(key.weight))
        fonts[key] = font
        return font
    }

    /// A layout for the text in its box, shaped once and then reused.
    private func cachedLayout(_ text: String, style: TextStyle, width: Double?, height: Double?,
                              attributed: AttributedText? = nil) -> OpaquePointer {
        var key = LayoutKey(text: text, utf8Length: text.utf8.count, style: style, width: width, height: height)
        if let attributed { key.attributed = AttributedLayout(text: attributed, interfaceStyle: userInterfaceStyle) }
        if fontGeneration != FontRegistry.generation || legibilityWeight != LegibilityWeight.current {
            // Fonts were registered since these were shaped: a layout made with a fallback
            // font for a family that now exists must be shaped again. Bold Text switched:
            // every layout's weight changed.
            fontGeneration = FontRegistry.generation
            legibilityWeight = LegibilityWeight.current
            discardLayouts()
        } else if let cached = layouts[key] {
            return cached
        }
        if layouts.count >= Self.layoutCacheLimit { discardLayouts() }
        let fresh = pango_cairo_create_layout(cairo)!
        configure(fresh, text, style: style, width: width, height: height)
        if let attributed { applyAttributes(attributed, to: fresh) }
        if fontGeneration != FontRegistry.generation {
            // A family checked while configuring it brought the system's fonts (FontRegistry
            // .checkFamily): made again on the new font map.
            g_object_unref(UnsafeMutableRawPointer(fresh))
            return cachedLayout(text, style: style, width: width, height: height, attributed: attributed)
        }
        layouts[key] = fresh
        // A character Bezel's and the app's fonts lack: the system's fonts are loaded (once),
        // and the text shaped again with them (`FontConfiguration.loadSystemFonts`).
        if !FontConfiguration.systemFontsLoaded, ScriptCoverage.missesGlyphs(fresh, text: text), FontConfiguration.loadSystemFonts() {
            return cachedLayout(text, style: style, width: width, height: height, attributed: attributed)
        }
        ScriptCoverage.check(fresh, text: text) { sample in
            let alone = pango_cairo_create_layout(cairo)!
            configure(alone, sample, style: style, width: nil, height: nil)
            return alone
        }
        return fresh
    }

    /// Lets every cached layout go, and the text images made from them.
    private func discardLayouts() {
        textImages.removeAll()
        for cached in layouts.values { g_object_unref(UnsafeMutableRawPointer(cached)) }
        layouts.removeAll(keepingCapacity: true)
    }

    private func configure(_ layout: OpaquePointer, _ text: String, style: TextStyle, width: Double?, height: Double?) {
        updateLayoutMatrix(layout)
        pango_layout_set_font_description(layout, font(for: style))
        pango_layout_set_text(layout, Self.pangoText(text), -1)
        if let width, width > 0 {
            pango_layout_set_width(layout, bezel_pango_units_from_double(width))
        } else {
            pango_layout_set_width(layout, -1)
        }
        // One unwrapped line when clipping a single line (UIKit cuts it at the edge).
        if style.lineBreakMode == .byClipping, style.numberOfLines == 1 { pango_layout_set_width(layout, -1) }
        pango_layout_set_wrap(layout, style.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_spacing(layout, bezel_pango_units_from_double(style.lineSpacing))
        // No hyphen where a word is broken (Pango 1.44+ adds one; UIKit does not, unless an
        // app asks for hyphenation).
        let list = pango_attr_list_new()!
        pango_attr_list_insert(list, pango_attr_insert_hyphens_new(0))
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
        // numberOfLines: a negative height in Pango is a line count; 0 means unlimited.
        if style.numberOfLines > 0 {
            pango_layout_set_height(layout, Int32(-style.numberOfLines))
        } else if let height, height > 0 {
            pango_layout_set_height(layout, bezel_pango_units_from_double(height))
        } else {
            pango_layout_set_height(layout, -1)
        }
        let ellipsize: PangoEllipsizeMode
        switch style.truncation {
        case .none: ellipsize = PANGO_ELLIPSIZE_NONE
        case .head: ellipsize = PANGO_ELLIPSIZE_START
        case .middle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case .tail: ellipsize = PANGO_ELLIPSIZE_END
        }
        // Pango reads height -1 as "one line" when ellipsizing: unlimited lines with no box
        // height (measuring) must not ellipsize at all.
        let unlimited = style.numberOfLines == 0 && (height ?? 0) <= 0
        pango_layout_set_ellipsize(layout, width == nil || unlimited ? PANGO_ELLIPSIZE_NONE : ellipsize)
        // Bezel's left and right are absolute, as UIKit's: Pango mirrors the alignment of a
        // right-to-left paragraph, so mirror it back. An unresolved natural (views resolve it
        // to their own direction) and a justified paragraph's last line keep Pango's
        // mirroring: they start where the paragraph's script starts.
        let alignment: PangoAlignment
        switch style.alignment {
        case .left: alignment = Self.isRightToLeft(text) ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .center: alignment = PANGO_ALIGN_CENTER
        case .right: alignment = Self.isRightToLeft(text) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        case .natural, .justified: alignment = PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)
    }

    public func drawText(_ text: String, in rect: Rect, style: TextStyle) {
        let r = rect.standardized
        guard !text.isEmpty, !r.isEmpty else { return }
        // The store is asked while the app starts (it records until the first frame is on screen).
        if let store = textImageStore, store.isRecording, style.lineBreakMode != .byClipping {
            return drawText(text, in: r, style: style, keptIn: store)
        }
        show(cachedLayout(text, style: style, width: r.width, height: r.height), in: r, style: style)
    }

    /// `drawText` from `store`'s picture of the text, or drawn from its layout and kept there
    /// while the store records (drawn as `show` draws through the text images).
    @inline(never)
    private func drawText(_ text: String, in r: Rect, style: TextStyle, keptIn store: TextImageStore) {
        let key = TextImageStore.TextKey(text: text, style: style, width: r.width, height: r.height, legibility: LegibilityWeight.current)
        let color = resolve(style.color)
        let stored = store.text(for: key)
        if let stored, let (destination, offset) = translatedTarget() {
            let top = r.minY + max(0, (r.height - stored.visibleHeight) / 2)
            let x = r.minX + offset.x, y = top + offset.y
            let wholeX = x.rounded(.down), wholeY = y.rounded(.down)
            if abs(wholeX) < 65536, abs(wholeY) < 65536, let clip = deviceClipBoxes(),
               let image = stored.picture(color: color, fractionX: x - wholeX, fractionY: y - wholeY) {
                blend(image.pixels, into: destination, atX: Int32(wholeX) + image.offsetX, Int32(wholeY) + image.offsetY, within: clip)
                store.noteDrawn(stored)
                return
            }
        }
        let layout = cachedLayout(text, style: style, width: r.width, height: r.height)
        keptPicture = nil
        show(layout, in: r, style: style, keepingPicture: true)
        if let kept = keptPicture, !ScriptCoverage.missesGlyphs(layout, text: text) {
            store.record(key, visibleHeight: kept.visibleHeight, color: color, fractionX: kept.fractionX, fractionY: kept.fractionY, image: kept.image)
        }
        keptPicture = nil
    }

    /// What the last `show(keepingPicture: true)` blitted from a text image at a screen scale
    /// of 1, for `TextImageStore` (set only when asked: returning it from every `show` cost
    /// M1 2,100 instructions a frame, its retains and releases).
    private var keptPicture: (image: TextImageCache.Entry, visibleHeight: Double, fractionX: Double, fractionY: Double)?

    public func drawText(_ text: AttributedText, in rect: Rect, style: TextStyle) {
        let r = rect.standardized
        guard !text.isEmpty, !r.isEmpty else { return }
        // Not through the text images: a run's background reaches outside the glyphs' ink.
        show(cachedLayout(text.string, style: style, width: r.width, height: r.height, attributed: text), in: r, style: style, asImage: false)
    }

    /// Draws a layout vertically centred in `r`. Modes that do not truncate show at most
    /// `numberOfLines` lines (Pango limits lines only when it ellipsizes); clipping cuts the
    /// text at the box. `asImage`: through the cached text images when it can.
    /// `keepingPicture`: a text blitted from its image at a screen scale of 1 leaves the image
    /// in `keptPicture` (for `TextImageStore`).
    private func show(_ shaped: OpaquePointer, in r: Rect, style: TextStyle, asImage: Bool = true, keepingPicture: Bool = false) {
        let height = visibleHeight(of: shaped, style: style)
        let top = r.minY + max(0, (r.height - height) / 2)
        let limitsLines = style.truncation == .none && style.numberOfLines > 0
            && Int(pango_layout_get_line_count(shaped)) > style.numberOfLines
        let clips = style.lineBreakMode == .byClipping || limitsLines
        if asImage, !clips {
            let origin = Point(x: r.minX, y: top), color = resolve(style.color)
            if blitText(shaped, at: origin, color: color, keepingPicture: keepingPicture ? height : nil)
                || paintTransformedText(shaped, at: origin, color: color) { return }
        }
        textDrawnByCairo += 1
        setColor(style.color)
        if clips {
            cairo_save(cairo)
            if style.lineBreakMode == .byClipping { cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height) } else {
                cairo_rectangle(cairo, r.minX - r.width, top, 3 * r.width, height)
            }
            cairo_clip(cairo)
            clipDidChange()
        }
        cairo_move_to(cairo, r.minX, top)
        pango_cairo_show_layout(cairo, shaped)
        if clips {
            cairo_restore(cairo)
            clipDidChange()
        }
    }

    /// Whether `m` is one of the screen's own matrices (a whole scale, a display rotated by
    /// quarter turns): axis-aligned, the same whole factor on both axes. (cairo_rotate's
    /// quarter turns leave ~1e-16 where 0 belongs: equal within 1e-9.)
    static func isScreenMatrix(_ m: cairo_matrix_t) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        func whole(_ a: Double) -> Bool { same(a, a.rounded()) }
        let straight = same(m.xy, 0) && same(m.yx, 0) && same(abs(m.xx), abs(m.yy)) && whole(m.xx)
        let quarterTurn = same(m.xx, 0) && same(m.yy, 0) && same(abs(m.xy), abs(m.yx)) && whole(m.xy)
        return straight || quarterTurn
    }

    /// Gives `layout` the context's matrix to choose its fonts by, as `pango_cairo_update_layout`,
    /// but under a view's rotation, shear or non-whole zoom a plain whole scale instead (the
    /// text image's raster scale): Pango makes a font, and cairo a scaled font with its glyph
    /// caches, for every matrix a layout is shaped under, and a layout first made while an
    /// alert scales in or a view is pinched would otherwise bring fonts for one more matrix
    /// each time (issue 37 item 14: heaptrack's diff of 24 and 96 busy virtual hours put
    /// ~1.2 MB of the growth in Pango's glyph-extents caches, cairo's glyphs and fontconfig
    /// patterns of fonts made from Button.draw's layouts). The screen's own matrices (whole
    /// scales, quarter turns) are kept: text is shaped for them exactly as before.
    private func updateLayoutMatrix(_ layout: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        if Self.isScreenMatrix(m) {
            pango_cairo_update_layout(cairo, layout)
            return
        }
        let scale = TextImageCache.rasterScale(forDeterminant: m.xx * m.yy - m.xy * m.yx)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_scale(cairo, scale, scale)
        pango_cairo_update_layout(cairo, layout)
        cairo_restore(cairo)
    }

    /// The scale Pango shapes `text` at in a layout made now (its context's matrix; 1 when it
    /// has none): what fonts that layout brings (tests).
    func layoutFontScale(_ text: String, style: TextStyle, width: Double?, height: Double?) -> Double {
        let layout = cachedLayout(text, style: style, width: width, height: height)
        guard let matrix = pango_context_get_matrix(pango_layout_get_context(layout)) else { return 1 }
        return (abs(matrix.pointee.xx * matrix.pointee.yy - matrix.pointee.xy * matrix.pointee.yx)).squareRoot()
    }

    /// Composites the cached image of `layout` at `origin` (user space): false (nothing
    /// drawn) when cairo must draw it (a scaled or rotated matrix, a group, a clip that is not
    /// whole-pixel rectangles, text too large to cache).
    /// `keepingPicture`: the text's visible height, to leave the image in `keptPicture`.
    private func blitText(_ layout: OpaquePointer, at origin: Point, color: Color, keepingPicture visibleHeight: Double? = nil) -> Bool {
        guard let (destination, offset) = translatedTarget() else { return false }
        let x = origin.x + offset.x, y = origin.y + offset.y
        let wholeX = x.rounded(.down), wholeY = y.rounded(.down)
        guard abs(wholeX) < 65536, abs(wholeY) < 65536, let clip = deviceClipBoxes(),
              let image = textImages.image(of: layout, color: color, fractionX: x - wholeX, fractionY: y - wholeY) else { return false }
        blend(image.pixels, into: destination, atX: Int32(wholeX) + image.offsetX, Int32(wholeY) + image.offsetY, within: clip)
        if let visibleHeight { keptPicture = (image, visibleHeight, x - wholeX, y - wholeY) }
        return true
    }

    /// Text under a rotation, a shear or a zoom other than a whole screen scale: painted from
    /// its image at a whole raster scale (TextImageCache.rasterScale), transformed by what is
    /// left of the matrix, with cairo's bilinear-or-better filter. False (nothing drawn) for a
    /// whole axis-aligned scale, where cairo draws the glyphs exactly, and for text too large
    /// to cache. UIKit does the same in effect: a transformed layer's contents are
    /// composited, not drawn again, so a label looks the same at every angle of a rotation.
    private func paintTransformedText(_ layout: OpaquePointer, at origin: Point, color: Color) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        if Self.isScreenMatrix(m) { return false }
        // Too large to cache at that scale (a label zoomed 4x): a lower one, down to 1, so that
        // only text too large even at 1 is left to cairo under the transform (a heaptrack diff
        // of 12 and 36 busy virtual hours found the zoomed playground label drawn that way,
        // cairo, Pango and fontconfig making a font for each new matrix: 1.7 MB in 24 h).
        var scale = TextImageCache.rasterScale(forDeterminant: m.xx * m.yy - m.xy * m.yx)
        var found = textImages.image(of: layout, color: color, fractionX: 0, fractionY: 0, scale: scale)
        while found == nil, scale > 1 {
            scale -= 1
            found = textImages.image(of: layout, color: color, fractionX: 0, fractionY: 0, scale: scale)
        }
        guard let image = found else { return false }
        let x = Double(image.offsetX), y = Double(image.offsetY)
        cairo_save(cairo)
        cairo_translate(cairo, origin.x, origin.y)
        cairo_scale(cairo, 1 / scale, 1 / scale)
        cairo_set_source_surface(cairo, image.pixels.surface, x, y)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_rectangle(cairo, x, y, Double(image.pixels.width), Double(image.pixels.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
        return true
    }

    /// The height of the lines shown: all of them, or the first `numberOfLines` when the mode
    /// does not truncate (a truncating layout is limited by Pango already).
    private func visibleHeight(of layout: OpaquePointer, style: TextStyle) -> Double {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        guard style.truncation == .none, style.numberOfLines > 0, Int(pango_layout_get_line_count(layout)) > style.numberOfLines else {
            return Double(height)
        }
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        for _ in 1..<style.numberOfLines { pango_layout_iter_next_line(iterator) }
        var top: Int32 = 0, bottom: Int32 = 0
        pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
        return (bezel_pango_units_to_double(bottom)).rounded(.up)
    }

    /// Pango attributes for each run, over the layout's whole text (the style's font and
    /// colour stay the defaults); dynamic colours resolved in the current style.
    private func applyAttributes(_ text: AttributedText, to layout: OpaquePointer) {
        let list = pango_attr_list_new()!
        defer { pango_attr_list_unref(list) }
        pango_attr_list_insert(list, pango_attr_insert_hyphens_new(0))
        var start: UInt32 = 0
        func units(_ points: Double) -> Int32 { bezel_pango_units_from_double(points) }
        func channel(_ value: Double) -> UInt16 { UInt16((value * 65535).rounded()) }
        for run in text.runs {
            let end = start + UInt32(Self.pangoText(run.text).utf8.count)
            let a = run.attributes
            var attributes: [UnsafeMutablePointer<PangoAttribute>?] = []
            if let family = a.family {
                if family != TextStyle.defaultFamily { FontRegistry.checkFamily(family) }
                attributes.append(pango_attr_family_new(family))
            }
            if let size = a.size { attributes.append(pango_attr_size_new_absolute(units(size))) }
            if let weight = a.weight { attributes.append(pango_attr_weight_new(Self.pangoWeight(weight.legible))) }
            if let color = a.foregroundColor.map(resolve) {
                attributes.append(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
                attributes.append(pango_attr_foreground_alpha_new(max(1, channel(color.alpha))))
            }
            if let color = a.backgroundColor.map(resolve) {
                attributes.append(pango_attr_background_new(channel(color.red), channel(color.green), channel(color.blue)))
                attributes.append(pango_attr_background_alpha_new(max(1, channel(color.alpha))))
            }
            if let underline = a.underlineStyle {
                attributes.append(pango_attr_underline_new(underline == .double ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
                if let color = a.underlineColor.map(resolve) {
                    attributes.append(pango_attr_underline_color_new(channel(color.red), channel(color.green), channel(color.blue)))
                }
            }
            if a.strikethroughStyle != nil {
                attributes.append(pango_attr_strikethrough_new(1))
                if let color = a.strikethroughColor.map(resolve) {
                    attributes.append(pango_attr_strikethrough_color_new(channel(color.red), channel(color.green), channel(color.blue)))
                }
            }
            if let offset = a.baselineOffset { attributes.append(pango_attr_rise_new(units(offset))) }
            if let kern = a.kern { attributes.append(pango_attr_letter_spacing_new(units(kern))) }
            for case let attribute? in attributes {
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
            start = end
        }
        pango_layout_set_attributes(layout, list)
    }

    /// The paragraph's direction from its first strong character (Unicode's rule P2, what
    /// the deprecated pango_find_base_dir did): right to left when the first letter is of a
    /// right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko..., their presentation forms
    /// and the supplementary planes' RTL blocks), left to right for any other letter.
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v) {
                if scalar.properties.isAlphabetic || scalar.properties.generalCategory == .otherLetter { return true }
                continue
            }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    static func pangoWeight(_ weight: TextStyle.Weight) -> PangoWeight {
        switch weight {
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .semibold: PANGO_WEIGHT_SEMIBOLD
        case .bold: PANGO_WEIGHT_BOLD
        }
    }

    // MARK: Caret geometry (Pango's index/position mapping: bidi-aware)

    /// The caret position nearest `point` (see `TextMeasuring.caretOffset`).
    public func caretOffset(at point: Point, in text: String, style: TextStyle, width: Double?) -> Int {
        guard !text.isEmpty else { return 0 }
        let layout = cachedLayout(text, style: style, width: width, height: nil)
        var index: Int32 = 0, trailing: Int32 = 0
        _ = pango_layout_xy_to_index(layout, bezel_pango_units_from_double(point.x), bezel_pango_units_from_double(point.y),
                                     &index, &trailing)
        // Pango answers with the byte index of the character under the point and, on its
        // trailing half, how many positions after it: a grapheme cluster is one position here.
        let offset = Self.characterOffset(ofByte: Int(index), in: Self.pangoText(text))
        return min(text.count, offset + (trailing > 0 ? 1 : 0))
    }

    /// The strong caret before the character at `offset` (see `TextMeasuring.caretRect`).
    public func caretRect(at offset: Int, in text: String, style: TextStyle, width: Double?) -> Rect {
        // From the layout cache: a field asks for its caret at each redraw of the same text
        // (M7: reshaping it each time was a fifth of a key tap's instructions).
        let layout = cachedLayout(text.isEmpty ? " " : text, style: style, width: width, height: nil)
        let clamped = max(0, min(offset, text.count))
        let shown = Self.pangoText(text)
        let byte = shown.utf8.distance(from: shown.startIndex, to: shown.index(shown.startIndex, offsetBy: clamped))
        var strong = PangoRectangle(), weak = PangoRectangle()
        pango_layout_get_cursor_pos(layout, Int32(text.isEmpty ? 0 : byte), &strong, &weak)
        let x = text.isEmpty ? 0 : bezel_pango_units_to_double(strong.x)
        return Rect(x: x, y: bezel_pango_units_to_double(strong.y), width: 0, height: bezel_pango_units_to_double(strong.height))
    }

    /// The offset one caret position right or left on screen (see
    /// `TextMeasuring.caretOffset(movingVisuallyFrom:)`): Pango's visual cursor motion, which
    /// follows the bidi runs as drawn.
    public func caretOffset(movingVisuallyFrom offset: Int, right: Bool, in text: String, style: TextStyle, width: Double?) -> Int {
        guard !text.isEmpty else { return 0 }
        let layout = cachedLayout(text, style: style, width: width, height: nil)
        let clamped = max(0, min(offset, text.count))
        let shown = Self.pangoText(text)
        let byte = shown.utf8.distance(from: shown.startIndex, to: shown.index(shown.startIndex, offsetBy: clamped))
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_move_cursor_visually(layout, 1, Int32(byte), 0, right ? 1 : -1, &index, &trailing)
        // Past either end of the text Pango answers -1 or G_MAXINT: the caret stays.
        guard index >= 0, index < Int32.max else { return clamped }
        return min(text.count, Self.characterOffset(ofByte: Int(index), in: shown) + (trailing > 0 ? 1 : 0))
    }

    /// The pieces of each line the characters in `range` are drawn in (see
    /// `TextMeasuring.selectionRects`): Pango's x ranges of the range's bytes, line by line.
    public func selectionRects(for range: Range<Int>, in text: String, style: TextStyle, width: Double?) -> [Rect]? {
        guard !text.isEmpty, !range.isEmpty else { return [] }
        let layout = cachedLayout(text, style: style, width: width, height: nil)
        let shown = Self.pangoText(text)
        func byte(_ offset: Int) -> Int32 {
            Int32(shown.utf8.distance(from: shown.startIndex, to: shown.index(shown.startIndex, offsetBy: max(0, min(offset, text.count)))))
        }
        let start = byte(range.lowerBound), end = byte(range.upperBound)
        var rects: [Rect] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            var ranges: UnsafeMutablePointer<Int32>?, count: Int32 = 0
            pango_layout_line_get_x_ranges(pango_layout_iter_get_line_readonly(iter), start, end, &ranges, &count)
            if let ranges {
                for i in 0..<Int(count) {
                    let x0 = bezel_pango_units_to_double(ranges[2 * i]), x1 = bezel_pango_units_to_double(ranges[2 * i + 1])
                    if x1 > x0 {
                        rects.append(Rect(x: x0, y: bezel_pango_units_to_double(top), width: x1 - x0,
                                          height: bezel_pango_units_to_double(bottom - top)))
                    }
                }
                g_free(ranges)
            }
        } while pango_layout_iter_next_line(iter) != 0
        return rects
    }

    /// The text as Pango gets it: a NUL (U+0000) becomes a zero-width space (U+200B). Pango
    /// ends its text at a NUL, whatever length it is given, so every caret position after one
    /// was 0 and each caret query printed a critical assertion (barcode scanners and serial
    /// lines send NULs; issue 37 item 12). Both are one character, a grapheme of their own (a
    /// control, for grapheme breaking), so character offsets are the same in both texts; byte
    /// offsets for Pango are taken in this one.
    static func pangoText(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{200B}" : $0 }))
    }

    /// The offset of the character (grapheme cluster) that UTF-8 byte `byte` falls in: the
    /// number of characters that end at or before it.
    static func characterOffset(ofByte byte: Int, in text: String) -> Int {
        var offset = 0
        var position = 0
        for character in text {
            position += character.utf8.count
            if position > byte { break }
            offset += 1
        }
        return offset
    }

    /// How many of `text`'s characters no installed font has a glyph for (each shows as a
    /// box): 0 when the fonts for its scripts are installed (see `ScriptCoverage`).
    public func missingGlyphCount(in text: String, style: TextStyle) -> Int {
        guard !text.isEmpty else { return 0 }
        return Int(pango_layout_get_unknown_glyphs_count(cachedLayout(text, style: style, width: nil, height: nil)))
    }

    public func measureText(_ text: String, style: TextStyle, width: Double?) -> Size {
        guard !text.isEmpty else { return .zero }
        if let store = textImageStore, store.isRecording { return measureText(text, style: style, width: width, keptIn: store) }
        return measure(cachedLayout(text, style: style, width: width, height: nil), style: style)
    }

    /// `measureText` answered from `store`, or measured and kept there (apart, so the path
    /// without a store stays as it was).
    @inline(never)
    private func measureText(_ text: String, style: TextStyle, width: Double?, keptIn store: TextImageStore) -> Size {
        let key = TextImageStore.measurementKey(text, style: style, width: width, legibility: LegibilityWeight.current)
        let kept = store.measurement(for: key)
        if let kept, let size = kept.size {
            store.noteAnswered(kept)
            return size
        }
        let size = measure(cachedLayout(text, style: style, width: width, height: nil), style: style)
        store.recordMeasurement(key, size: size)
        return size
    }

    public func measureText(_ text: AttributedText, style: TextStyle, width: Double?) -> Size {
        guard !text.isEmpty else { return .zero }
        return measure(cachedLayout(text.string, style: style, width: width, height: nil, attributed: text), style: style)
    }

    /// The first line's baseline and the last shown line's (all of them, or the first
    /// `numberOfLines`), from the layout's top, as Pango places them.
    public func baselines(of text: String, style: TextStyle, width: Double?) -> TextBaselines {
        guard !text.isEmpty else { return TextBaselines(first: 0, last: 0) }
        if let store = textImageStore, store.isRecording { return baselines(of: text, style: style, width: width, keptIn: store) }
        return layoutBaselines(of: text, style: style, width: width)
    }

    /// `baselines` answered from `store`, or found and kept there (out of line, as `measureText`'s).
    @inline(never)
    private func baselines(of text: String, style: TextStyle, width: Double?, keptIn store: TextImageStore) -> TextBaselines {
        let key = TextImageStore.measurementKey(text, style: style, width: width, legibility: LegibilityWeight.current)
        let kept = store.measurement(for: key)
        if let kept, let baselines = kept.baselines {
            store.noteAnswered(kept)
            return baselines
        }
        let baselines = layoutBaselines(of: text, style: style, width: width)
        store.recordMeasurement(key, baselines: baselines)
        return baselines
    }

    @inline(__always)
    private func layoutBaselines(of text: String, style: TextStyle, width: Double?) -> TextBaselines {
        let layout = cachedLayout(text, style: style, width: width, height: nil)
        let first = bezel_pango_units_to_double(pango_layout_get_baseline(layout))
        let lines = Int(pango_layout_get_line_count(layout))
        let shown = style.numberOfLines > 0 ? min(lines, style.numberOfLines) : lines
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        for _ in 1..<max(1, shown) { pango_layout_iter_next_line(iterator) }
        let last = bezel_pango_units_to_double(pango_layout_iter_get_baseline(iterator))
        return TextBaselines(first: first, last: last)
    }

    private func measure(_ layout: OpaquePointer, style: TextStyle) -> Size {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return Size(width: Double(w), height: visibleHeight(of: layout, style: style))
    }
}

/// A cairo pattern (a recorded layer), destroyed with its owner.
final class CairoPattern {
    let pattern: OpaquePointer

    init(_ pattern: OpaquePointer) {
        self.pattern = pattern
    }

    deinit {
        cairo_pattern_destroy(pattern)
    }
}
