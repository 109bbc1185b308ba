#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's `UIImageView`: shows an image, fitted to its bounds by `contentMode`. Without an
/// image (nil, or one that failed to load) it shows a visible placeholder when
/// `showsPlaceholder` is on: a grey box with a cross, so a missing asset is noticed, not hidden.
@MainActor
open class ImageView: View {
    // Accessibility: not an element by default (UIKit's: decoration); made one, it is an image
    // named by its image's label.
    override var defaultAccessibilityLabel: String? { image?.accessibilityLabel }
    override var defaultAccessibilityTraits: AccessibilityTraits { .image }

    public enum ContentMode: Sendable { case scaleToFill, scaleAspectFit, scaleAspectFill, center }

    public var image: Image? { didSet { setNeedsDisplay() } }
    public var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }
    public var showsPlaceholder = true { didSet { setNeedsDisplay() } }

    public init(frame: Rect = .zero, image: Image? = nil) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Where the image is drawn inside the bounds for the content mode.
    public var imageRect: Rect {
        guard let image, image.size.width > 0, image.size.height > 0 else { return bounds }
        let b = bounds
        switch contentMode {
        case .scaleToFill:
            return b
        case .scaleAspectFit, .scaleAspectFill:
            let sx = b.width / image.size.width, sy = b.height / image.size.height
            let scale = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = image.size.width * scale, h = image.size.height * scale
            return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .center:
            return Rect(x: b.midX - image.size.width / 2, y: b.midY - image.size.height / 2,
                        width: image.size.width, height: image.size.height)
        }
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        if let image {
            context.saveState()
            if contentMode == .scaleAspectFill || contentMode == .center { context.clip(to: bounds) }
            context.drawImage(image, in: imageRect, for: self)
            context.restoreState()
        } else if showsPlaceholder, !bounds.isEmpty {
            let grey = Color(rgb: 0x808080)
            context.fill(bounds, color: grey.withAlpha(0.3))
            context.strokeRoundedRect(bounds, radius: 0, lineWidth: 2, color: grey)
            // The cross: two thin rotated bars through the centre.
            let length = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot()
            let angle = atan2(bounds.height, bounds.width)
            for a in [angle, -angle] {
                context.saveState()
                context.translate(by: Point(x: bounds.midX, y: bounds.midY))
                context.rotate(by: a)
                context.fill(Rect(x: -length / 2, y: -1, width: length, height: 2), color: grey)
                context.restoreState()
            }
        }
    }
}
