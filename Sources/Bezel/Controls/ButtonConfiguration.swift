extension Button {
    /// UIKit's `UIButton.Configuration` (iOS 15): a button's looks described as a value, in
    /// one of UIKit's styles (`filled()`, `tinted()`, `gray()`, `plain()`, the bordered
    /// ones), with a title and subtitle, an image placed on any side, an activity indicator,
    /// a size and a corner style. Set it as `Button.configuration`; the button draws and
    /// sizes itself from it, state by state (highlighted, disabled, selected).
    public struct Configuration: Equatable {
        /// Which of UIKit's styles: what the background and foreground default to.
        public enum Style: Hashable, Sendable { case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent }
        public private(set) var style: Style

        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// The tint at 15 % behind a title in the tint.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey fill behind a title in the tint.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// The tint behind a white title: the prominent action.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        public var title: String?
        public var subtitle: String?
        public var image: Image?
        /// UIKit's `NSDirectionalRectEdge` for the image: where it sits beside the title.
        public enum ImagePlacement: Hashable, Sendable { case leading, trailing, top, bottom }
        public var imagePlacement = ImagePlacement.leading
        /// Between the image and the text (UIKit's default: 0).
        public var imagePadding = 0.0
        /// Between the title and the subtitle (UIKit's default: 0).
        public var titlePadding = 0.0
        /// A spinning indicator in the image's place (UIKit's, iOS 15).
        public var showsActivityIndicator = false
        /// How the title and subtitle line up with each other.
        public enum TitleAlignment: Hashable, Sendable { case automatic, leading, center, trailing }
        public var titleAlignment = TitleAlignment.automatic

        /// UIKit's `UIButton.Configuration.Size`: the text size and the insets around the content.
        public enum Size: Hashable, Sendable { case mini, small, medium, large }
        public var buttonSize = Size.medium
        /// UIKit's `CornerStyle`; `.dynamic` follows `buttonSize`.
        public enum CornerStyle: Hashable, Sendable { case fixed, dynamic, small, medium, large, capsule }
        public var cornerStyle = CornerStyle.dynamic
        /// The radius `.fixed` uses (UIKit's `background.cornerRadius`).
        public var cornerRadius = 8.0
        /// Around the content; nil: the size's (UIKit's defaults for `buttonSize`).
        public var contentInsets: DirectionalEdgeInsets?

        /// The style's colours replaced: the fill (the tint by default) and the text and image.
        public var baseBackgroundColor: Color?
        public var baseForegroundColor: Color?
        /// A pop-up button's up-and-down chevron after the title (UIKit's `indicator`).
        public enum Indicator: Hashable, Sendable { case automatic, none, popup }
        public var indicator = Indicator.automatic

        init(style: Style) { self.style = style }

        /// Equal when every field is, images by identity (they are shared, not compared by pixel).
        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding && a.titlePadding == b.titlePadding
                && a.showsActivityIndicator == b.showsActivityIndicator && a.titleAlignment == b.titleAlignment
                && a.buttonSize == b.buttonSize && a.cornerStyle == b.cornerStyle && a.cornerRadius == b.cornerRadius
                && a.contentInsets == b.contentInsets && a.baseBackgroundColor == b.baseBackgroundColor
                && a.baseForegroundColor == b.baseForegroundColor && a.indicator == b.indicator
        }

        // MARK: What the style and size give

        /// UIKit's sizes as measured on iOS 16 at 1x: the text 12, 15, 17 and 17 pt; the
        /// insets 3/8, 5/10, 7/12 and 14/20 pt (top and bottom / leading and trailing), a
        /// medium button 34 pt tall and a large one 50.
        var resolvedInsets: DirectionalEdgeInsets {
            if let contentInsets { return contentInsets }
            switch buttonSize {
            case .mini: return DirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: return DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: return DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: return DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        var titleSize: Double {
            switch buttonSize {
            case .mini: 12
            case .small: 15
            case .medium, .large: 17
            }
        }

        /// The subtitle: two points under UIKit's `.subheadline` for a medium button (15 pt).
        var subtitleSize: Double { max(10, titleSize - 2) }

        /// The corner radius for a button `height` tall: Bezel's, close to iOS 16's (small 4,
        /// medium 8, large 12; dynamic: mini and small 6, medium 8, large 12).
        func resolvedCornerRadius(height: Double) -> Double {
            switch cornerStyle {
            case .fixed: return max(0, cornerRadius)
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return height / 2
            case .dynamic:
                switch buttonSize {
                case .mini, .small: return 6
                case .medium: return 8
                case .large: return 12
                }
            }
        }

        /// The fill behind the content in `state`, with `tint` the button's tint colour.
        func background(for state: Button.State, tint: Color) -> Color? {
            let base = baseBackgroundColor ?? tint
            switch style {
            case .plain, .borderless: return nil
            case .tinted, .borderedTinted:
                if state == .disabled { return .tertiarySystemFill }
                return base.multiplyingAlpha(by: state == .highlighted ? 0.3 : 0.15)
            case .gray, .bordered:
                if state == .disabled { return .tertiarySystemFill }
                return state == .highlighted ? .systemFill : .secondarySystemFill
            case .filled, .borderedProminent:
                if state == .disabled { return .tertiarySystemFill }
                return state == .highlighted ? base.multiplyingAlpha(by: 0.75) : base
            }
        }

        /// The title's, subtitle's and image's colour in `state`.
        func foreground(for state: Button.State, tint: Color) -> Color {
            if state == .disabled { return .tertiaryLabel }
            let filled = style == .filled || style == .borderedProminent
            let base = baseForegroundColor ?? (filled ? Color.white : baseBackgroundColor ?? tint)
            // Pressed: a plain title dims as a classic button's does; on a fill it fades less.
            guard state == .highlighted, !filled else { return base }
            return base.multiplyingAlpha(by: style == .plain || style == .borderless ? 0.6 : 0.8)
        }
    }
}
