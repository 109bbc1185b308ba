/// Text measurement for layout (`Label.intrinsicContentSize`, `sizeThatFits`): the core
/// cannot lay out text itself, so the drawing backend installs a measurer when it starts
/// (BezelCairo does it when its first drawing context is created). Without one, labels have
/// no intrinsic size, as views without content.
@MainActor
public enum TextMetrics {
    public static var measurer: (any TextMeasuring)?
}

@MainActor
public protocol TextMeasuring: AnyObject {
    /// The size `text` needs, wrapped at `width` when given.
    func measureText(_ text: String, style: TextStyle, width: Double?) -> Size
}
