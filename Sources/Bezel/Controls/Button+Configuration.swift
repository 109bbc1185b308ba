/// How a button with a `configuration` lays out, sizes and draws its content (UIKit's iOS 15
/// buttons): the content (image or activity indicator, title over subtitle, a pop-up's
/// chevron) centred inside the configuration's insets, on the style's background.
extension Button {
    /// Where each part of a configured button goes, in its bounds.
    struct ConfiguredLayout {
        var image: Rect?
        var title: Rect?
        var subtitle: Rect?
        var indicator: Rect?
        var contentSize: Size
        /// How the title and subtitle line up in their frames, resolved for the direction.
        var textAlignment = TextStyle.Alignment.center
    }

    /// The activity indicator's size in the image's place (UIKit's medium style: 20 pt).
    static let configuredIndicatorSize = 20.0
    /// A pop-up's chevron: 8 pt wide, 6 pt after the title.
    static let popupIndicatorWidth = 8.0, popupIndicatorGap = 6.0

    var configuredTitle: String? { configuration?.title ?? title }

    func configuredTitleStyle(_ configuration: Configuration) -> TextStyle {
        TextStyle(size: configuration.titleSize, weight: configuration.buttonSize == .large ? .semibold : .regular, numberOfLines: 1)
    }

    func configuredSubtitleStyle(_ configuration: Configuration) -> TextStyle {
        TextStyle(size: configuration.subtitleSize, numberOfLines: 1)
    }

    var showsPopupIndicator: Bool {
        guard let configuration else { return false }
        switch configuration.indicator {
        case .popup: return true
        case .none: return false
        case .automatic: return changesSelectionAsPrimaryAction && menu != nil
        }
    }

    /// The parts' frames in `bounds` (the whole button; nil measures only).
    func configuredLayout(_ configuration: Configuration, in bounds: Rect?) -> ConfiguredLayout {
        let measure: (String, TextStyle) -> Size = { text, style in
            text.isEmpty ? .zero : (TextMetrics.measurer?.measureText(text, style: style, width: nil) ?? .zero)
        }
        let insets = configuration.resolvedInsets
        let title = configuredTitle ?? "", subtitle = configuration.subtitle ?? ""
        var titleSize = measure(title, configuredTitleStyle(configuration))
        var subtitleSize = measure(subtitle, configuredSubtitleStyle(configuration))
        let popup = showsPopupIndicator ? Self.popupIndicatorGap + Self.popupIndicatorWidth : 0
        var imageSize = Size.zero
        if configuration.showsActivityIndicator {
            imageSize = Size(width: Self.configuredIndicatorSize, height: Self.configuredIndicatorSize)
        } else if let image = configuration.image ?? (configuration.title == nil ? self.image : nil) {
            imageSize = image.size
        }
        let hasImage = imageSize.width > 0 && imageSize.height > 0
        let hasText = titleSize.width > 0 || subtitleSize.width > 0
        let padding = hasImage && hasText ? configuration.imagePadding : 0
        let sideBySide = configuration.imagePlacement == .leading || configuration.imagePlacement == .trailing
        // The text block's room: what the insets, the image and the chevron leave.
        if let bounds {
            let room = max(0, bounds.width - insets.leading - insets.trailing - popup - (sideBySide ? imageSize.width + padding : 0))
            titleSize.width = min(titleSize.width, room)
            subtitleSize.width = min(subtitleSize.width, room)
        }
        let between = titleSize.height > 0 && subtitleSize.height > 0 ? configuration.titlePadding : 0
        let text = Size(width: max(titleSize.width, subtitleSize.width) + (titleSize.width > 0 ? popup : 0),
                        height: titleSize.height + between + subtitleSize.height)
        let content = sideBySide
            ? Size(width: imageSize.width + padding + text.width, height: max(imageSize.height, text.height))
            : Size(width: max(imageSize.width, text.width), height: imageSize.height + padding + text.height)
        var layout = ConfiguredLayout(contentSize: Size(width: content.width + insets.leading + insets.trailing,
                                                        height: content.height + insets.top + insets.bottom))
        guard let bounds else { return layout }
        // Centred in the inset area, mirrored right to left (leading is the right side there).
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let left = rightToLeft ? insets.trailing : insets.leading, right = rightToLeft ? insets.leading : insets.trailing
        let area = Rect(x: bounds.minX + left, y: bounds.minY + insets.top,
                        width: max(0, bounds.width - left - right), height: max(0, bounds.height - insets.top - insets.bottom))
        let origin = Point(x: area.midX - content.width / 2, y: area.midY - content.height / 2)
        var textOrigin = origin
        if hasImage {
            var imageOrigin = origin
            let imageFirst: Bool
            switch configuration.imagePlacement {
            case .leading: imageFirst = !rightToLeft
            case .trailing: imageFirst = rightToLeft
            case .top, .bottom: imageFirst = configuration.imagePlacement == .top
            }
            if sideBySide {
                imageOrigin.y = origin.y + (content.height - imageSize.height) / 2
                textOrigin.y = origin.y + (content.height - text.height) / 2
                if imageFirst { textOrigin.x += imageSize.width + padding } else { imageOrigin.x += text.width + padding }
            } else {
                imageOrigin.x = origin.x + (content.width - imageSize.width) / 2
                textOrigin.x = origin.x + (content.width - text.width) / 2
                if imageFirst { textOrigin.y += imageSize.height + padding } else { imageOrigin.y += text.height + padding }
            }
            let frame = Rect(origin: imageOrigin, size: imageSize)
            if configuration.showsActivityIndicator { layout.indicator = frame } else { layout.image = frame }
        } else {
            textOrigin.y = origin.y + (content.height - text.height) / 2
        }
        // Title over subtitle, each placed by the title alignment within the text block.
        let alignment: Configuration.TitleAlignment = configuration.titleAlignment == .automatic
            ? (hasImage && sideBySide && subtitleSize.width > 0 ? .leading : .center) : configuration.titleAlignment
        func x(for width: Double) -> Double {
            let block = text.width - (titleSize.width > 0 ? popup : 0)
            switch alignment {
            case .leading: return rightToLeft ? textOrigin.x + block - width : textOrigin.x
            case .trailing: return rightToLeft ? textOrigin.x : textOrigin.x + block - width
            case .center, .automatic: return textOrigin.x + (block - width) / 2
            }
        }
        switch alignment {
        case .leading: layout.textAlignment = rightToLeft ? .right : .left
        case .trailing: layout.textAlignment = rightToLeft ? .left : .right
        case .center, .automatic: layout.textAlignment = .center
        }
        if titleSize.width > 0 {
            layout.title = Rect(x: x(for: titleSize.width) + (rightToLeft ? popup : 0), y: textOrigin.y, width: titleSize.width, height: titleSize.height)
        }
        if subtitleSize.width > 0 {
            layout.subtitle = Rect(x: x(for: subtitleSize.width) + (rightToLeft ? popup : 0), y: textOrigin.y + titleSize.height + between,
                                   width: subtitleSize.width, height: subtitleSize.height)
        }
        return layout
    }

    func drawConfiguration(_ configuration: Configuration, in context: any DrawingContext) {
        let state = currentState
        let tint = tintColor
        if let fill = configuration.background(for: state, tint: tint) {
            context.fillRoundedRect(bounds, radius: min(configuration.resolvedCornerRadius(height: bounds.height), bounds.height / 2), color: fill)
        }
        let foreground = configuration.foreground(for: state, tint: tint)
        let layout = configuredLayout(configuration, in: bounds)
        if let frame = layout.image, let image = configuration.image ?? self.image {
            context.drawImage(image, in: frame, for: self, templateColor: foreground, automaticIsTemplate: true)
        }
        if let frame = layout.title, let title = configuredTitle {
            var style = configuredTitleStyle(configuration)
            style.color = foreground
            style.alignment = layout.textAlignment
            context.drawText(title, in: textRect(frame, alignment: layout.textAlignment), style: style)
            if showsPopupIndicator { drawPopupIndicator(after: frame, color: foreground, in: context) }
        }
        if let frame = layout.subtitle, let subtitle = configuration.subtitle {
            var style = configuredSubtitleStyle(configuration)
            style.color = foreground.multiplyingAlpha(by: 0.85)
            style.alignment = layout.textAlignment
            context.drawText(subtitle, in: textRect(frame, alignment: layout.textAlignment), style: style)
        }
    }

    /// A text frame with room to spare on the sides its alignment leaves free: the frames
    /// are measured at 1x, and hinted text at 2x can come out a pixel wider (it would be cut
    /// to an ellipsis in a frame of its exact 1x width).
    private func textRect(_ frame: Rect, alignment: TextStyle.Alignment) -> Rect {
        let slack = 6.0
        switch alignment {
        case .left: return Rect(x: frame.minX, y: frame.minY, width: frame.width + slack, height: frame.height)
        case .right: return Rect(x: frame.minX - slack, y: frame.minY, width: frame.width + slack, height: frame.height)
        default: return frame.insetBy(dx: -slack, dy: 0)
        }
    }

    /// UIKit's pop-up chevron (`chevron.up.chevron.down`): two small chevrons after the title.
    private func drawPopupIndicator(after title: Rect, color: Color, in context: any DrawingContext) {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let x = rightToLeft ? title.minX - Self.popupIndicatorGap - Self.popupIndicatorWidth : title.maxX + Self.popupIndicatorGap
        let y = title.midY, w = Self.popupIndicatorWidth
        var path = Path()
        path.move(to: Point(x: x, y: y - 2))
        path.addLine(to: Point(x: x + w / 2, y: y - 6))
        path.addLine(to: Point(x: x + w, y: y - 2))
        path.move(to: Point(x: x, y: y + 2))
        path.addLine(to: Point(x: x + w / 2, y: y + 6))
        path.addLine(to: Point(x: x + w, y: y + 2))
        context.stroke(path, color: color, style: StrokeStyle(lineWidth: 1.5, lineCap: .round, lineJoin: .round))
    }

    /// Puts the activity indicator in the image's place, or takes it away.
    func layoutConfiguredIndicator(_ configuration: Configuration?) {
        guard let configuration, configuration.showsActivityIndicator else {
            if let indicator = configuredActivityIndicator {
                indicator.stopAnimating()
                indicator.removeFromSuperview()
                configuredActivityIndicator = nil
            }
            return
        }
        let indicator = configuredActivityIndicator ?? ActivityIndicatorView()
        if configuredActivityIndicator == nil {
            indicator.name = "\(name ?? "button").activityIndicator"
            indicator.isUserInteractionEnabled = false
            configuredActivityIndicator = indicator
            addSubview(indicator)
        }
        indicator.color = configuration.foreground(for: currentState, tint: tintColor)
        if let frame = configuredLayout(configuration, in: bounds).indicator { indicator.frame = frame }
        if !indicator.isAnimating { indicator.startAnimating() }
    }
}
