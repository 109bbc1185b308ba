/// UIKit's `UIButton`: a built-in control whose default action is a single-finger single
/// tap, sent as touchUpInside and primaryActionTriggered. Its looks come with the rendering
/// layer; here it is the behaviour.
@MainActor
open class Button: Control {
    /// UIKit's (on its title label): the title takes its text style's size at each content
    /// size category (a `titleStyle` from `TextStyle.preferred(forTextStyle:)`).
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { contentSizeCategoryDidChange() } }
    }

    override func contentSizeCategoryDidChange() {
        guard adjustsFontForContentSizeCategory else { return }
        var resized = titleStyle
        if resized.followContentSizeCategory() { titleStyle = resized }
    }

    // Accessibility, UIKit's defaults: a button named by its title, else its image's label.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? {
        let configured = configurationBox?.value
        let title = configured?.title ?? title
        return (title?.isEmpty == false ? title : nil) ?? (configured?.image ?? image)?.accessibilityLabel
    }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.button) }

    /// The title. Setting it drops `localizedTitle`.
    public var title: String? {
        didSet {
            if !isResolvingLocalizedTitle { localizedTitle = nil }
            if title != oldValue { setNeedsDisplay(); invalidateIntrinsicContentSize() }
        }
    }
    /// The title as a localized resource: shown in the button's language and resolved again
    /// whenever that changes (see `Label.localizedText`). Setting `title` drops it.
    public var localizedTitle: LocalizedStringResource? {
        didSet { if localizedTitle != nil, localizedTitle != oldValue { localizedResourceWasSet() } }
    }
    private var isResolvingLocalizedTitle = false

    override func localizedContentDidChange() {
        guard let localizedTitle else { return }
        isResolvingLocalizedTitle = true
        title = Localization.string(for: localizedTitle, language: language)
        isResolvingLocalizedTitle = false
    }
    /// The title's font and layout; its colour is `titleColor(for:)` of the current state.
    public var titleStyle = TextStyle(size: 18, alignment: .center) {
        didSet { setNeedsDisplay() }
    }

    /// Shown left of the title (or alone, centred), 8 pt apart. A template image
    /// (`.alwaysTemplate`) takes the title colour of the button's state.
    public var image: Image? {
        didSet { setNeedsDisplay() }
    }
    /// Whether an `.automatic` image is drawn as a template (a bar-button item's button: the
    /// bars' rule, UIKit's).
    var drawsAutomaticImagesAsTemplates = false

    // MARK: Configuration (Controls/ButtonConfiguration.swift, Button+Configuration.swift)

    /// UIKit's `configuration` (iOS 15): when set, the button draws and sizes itself from it
    /// (its title, else `title`; its image, else `image` when it has no title of its own), and
    /// `titleStyle`, the colours set per state and `backgroundColor`'s pressed look are not
    /// used. Nil (the default): the classic button.
    public var configuration: Configuration? {
        get { configurationBox?.value }
        set {
            guard newValue != configurationBox?.value else { return }
            configurationBox = newValue.map(ConfigurationBox.init)
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    /// The configuration behind a reference: the classic button's draw, size and layout ask
    /// only whether there is one, a pointer's test; the optional value itself was copied out
    /// (with its strings retained) on every ask (M2: 114 of the 153 instructions
    /// configurations and menus added to a highlight's frame, callgrind per function).
    final class ConfigurationBox {
        let value: Configuration
        init(_ value: Configuration) { self.value = value }
    }
    @exclusivity(unchecked) var configurationBox: ConfigurationBox?
    /// Runs when the button's state changes (highlighted, selected, enabled) and on
    /// `setNeedsUpdateConfiguration()`, to set a `configuration` for the state (UIKit's).
    @exclusivity(unchecked) public var configurationUpdateHandler: (@MainActor (Button) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }
    var configuredActivityIndicator: ActivityIndicatorView?

    /// Asks for `updateConfiguration()` (at once: Bezel has no deferred update pass here).
    public func setNeedsUpdateConfiguration() { updateConfiguration() }

    /// Runs the `configurationUpdateHandler`; override to change the configuration yourself.
    open func updateConfiguration() { configurationUpdateHandler?(self) }

    /// UIKit's `init(configuration:primaryAction:)`: the action runs on the tap (as the
    /// button's `primaryActionTriggered`), its title the button's when the configuration has none.
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(frame: .zero)
        var configuration = configuration
        if let primaryAction {
            if configuration.title == nil, !primaryAction.title.isEmpty { configuration.title = primaryAction.title }
            if configuration.image == nil { configuration.image = primaryAction.image }
            addAction(for: .primaryActionTriggered) { sender, _ in
                primaryAction.sender = sender
                primaryAction.handler(primaryAction)
                primaryAction.sender = nil
            }
        }
        self.configuration = configuration
    }

    override func stateDidChange() {
        super.stateDidChange()
        if configurationUpdateHandler != nil { updateConfiguration() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if configurationBox != nil || configuredActivityIndicator != nil { layoutConfiguredIndicator(configurationBox?.value) }
    }

    /// Title (and image) plus UIKit-like padding: 12 pt each side, 8 pt above and below; a
    /// configured button's content plus its configuration's insets.
    open override var intrinsicContentSize: Size {
        if let box = configurationBox { return configuredLayout(box.value, in: nil).contentSize }
        var width = 24.0, height = 16.0
        var content = Size.zero
        if let title, !title.isEmpty, let measurer = TextMetrics.measurer {
            content = measurer.measureText(title, style: titleStyle, width: nil)
        }
        if let image {
            content.width += image.size.width + (content.width > 0 ? 8 : 0)
            content.height = max(content.height, image.size.height)
        }
        width += content.width
        height += content.height
        return Size(width: width, height: height)
    }

    /// The states a button's looks depend on.
    public enum State: Hashable, Sendable { case normal, highlighted, disabled, selected }

    private var titleColors: [State: Color] = [:]
    private var backgroundColors: [State: Color] = [:]

    /// The state the button is drawn in now.
    public var currentState: State {
        if !isEnabled { return .disabled }
        if isHighlighted { return .highlighted }
        if isSelected { return .selected }
        return .normal
    }

    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        setNeedsDisplay()
    }

    /// The title colour for `state`: as set, else derived from the normal one (UIKit's
    /// behaviour: dimmed when highlighted, faded when disabled), else the tint colour.
    public func titleColor(for state: State) -> Color {
        if let color = titleColors[state] { return color }
        let normal = titleColors[.normal] ?? tintColor
        switch state {
        case .normal, .selected: return normal
        case .highlighted: return normal.multiplyingAlpha(by: 0.6)
        case .disabled: return normal.multiplyingAlpha(by: 0.35)
        }
    }

    /// A background for `state`, drawn over `backgroundColor` (Bezel's addition; UIKit uses
    /// background images for this).
    public func setBackgroundColor(_ color: Color?, for state: State) {
        backgroundColors[state] = color
        setNeedsDisplay()
    }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        if let box = configurationBox {
            drawConfiguration(box.value, in: context)
            return
        }
        let state = currentState
        if let background = backgroundColors[state] {
            context.fillRoundedRect(bounds, radius: cornerRadius, color: background)
        }
        // (The pressed look when none is set, the background darkened, is the renderer's fill
        // of the background itself: backgroundColorToDraw.)
        var titleArea = bounds.insetBy(dx: 4, dy: 0)
        // An image leads its title: on the title's right in a right-to-left interface (UIKit's).
        let rightToLeft = image != nil && effectiveUserInterfaceLayoutDirection == .rightToLeft
        if let image {
            let hasTitle = !(title ?? "").isEmpty
            let size = Size(width: min(image.size.width, bounds.width), height: min(image.size.height, bounds.height))
            var x = bounds.midX - size.width / 2
            if hasTitle {
                var style = titleStyle
                style.numberOfLines = 1
                let textWidth = min(context.measureText(title ?? "", style: style, width: nil).width,
                                    max(0, bounds.width - size.width - 16))
                x = bounds.midX - (size.width + 8 + textWidth) / 2
                titleArea = Rect(x: x + size.width + 8, y: bounds.minY, width: textWidth, height: bounds.height)
                if rightToLeft {
                    titleArea.origin.x = x
                    x += textWidth + 8
                }
            }
            context.drawImage(image, in: Rect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height),
                              for: self, templateColor: titleColor(for: state), automaticIsTemplate: drawsAutomaticImagesAsTemplates)
        }
        if let title, !title.isEmpty {
            var style = titleStyle
            style.color = titleColor(for: state)
            if image != nil { style.alignment = rightToLeft ? .right : .left }
            if style.alignment == .natural { style.alignment = .natural.resolved(for: effectiveUserInterfaceLayoutDirection) }
            context.drawText(title, in: titleArea, style: style)
        }
    }

    /// Pressed, with no background set for the state: the background darkened by a quarter
    /// (black at 25 % over it), mixed into the background's own fill rather than filled again
    /// over it (issue 36: the second fill was 26 % of M2's instructions).
    override func backgroundColorToDraw(_ background: Color) -> Color {
        guard currentState == .highlighted, configurationBox == nil, backgroundColors[.highlighted] == nil else { return background }
        return background.darkened(by: 0.25)
    }

    override var eventsForTouchUpInside: Events { [.touchUpInside, .primaryActionTriggered] }

    // MARK: Menu (Menus/Button+Menu.swift)
    //
    // These and `configurationBox` are read on every press and release: unchecked, like
    // Control's state (M3: their exclusivity checks were 171 of the 236 instructions menus and
    // configurations added to a press and release, callgrind per function).

    /// UIKit's `menu`: shown by a touch when `showsMenuAsPrimaryAction`, else by a long press.
    @exclusivity(unchecked) public var menu: Menu? {
        didSet { menuDidChange() }
    }
    /// UIKit's: the touch opens the menu (on touch down) instead of sending the tap's actions.
    @exclusivity(unchecked) public var showsMenuAsPrimaryAction = false {
        didSet { menuDidChange() }
    }
    /// UIKit's pop-up button (iOS 15): the menu keeps one action chosen and the button shows
    /// its title. Together with `showsMenuAsPrimaryAction`.
    public var changesSelectionAsPrimaryAction = false {
        didSet { menuDidChange() }
    }
    /// The touch that opened the menu, followed across its rows until it lifts.
    @exclusivity(unchecked) var menuTouch: Touch?
    /// The long press that opens the menu when it is not the primary action.
    var menuLongPress: LongPressGestureRecognizer?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if showsMenuAsPrimaryAction, menu != nil, menuTouch == nil, openMenuOnTouch(touches, with: event) { return }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if let menuTouch, touches.contains(menuTouch) {
            window?.application?.presentedMenu?.trackFinger(at: menuTouch.location(in: nil))
            return
        }
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if let menuTouch, touches.contains(menuTouch) {
            self.menuTouch = nil
            window?.application?.presentedMenu?.releaseFinger(at: menuTouch.location(in: nil))
            return
        }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if let menuTouch, touches.contains(menuTouch) {
            self.menuTouch = nil
            window?.application?.presentedMenu?.setHighlighted(nil)
            return
        }
        super.touchesCancelled(touches, with: event)
    }

    /// The button's default action beats an ancestor's single-tap recognizer (spec §5, T13);
    /// a recognizer attached to the button itself still wins (T14).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }
}
