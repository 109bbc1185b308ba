/// UIKit's `UIAlertController`: a title, a message and actions, presented modally as a
/// centred alert or as an action sheet rising from the bottom, over a dimming view. Tapping
/// outside an alert does nothing; outside an action sheet it runs the sheet's cancel action,
/// as on an iPhone. A tapped action dismisses the alert, then its handler runs. On a
/// hardware keyboard Return runs the preferred action and Escape the cancel action.
///
/// Sizes are UIKit's grown for a kiosk panel seen from arm's length: an alert is 400 pt wide
/// (UIKit's 270 pt phone alert scaled by the panel's larger type), buttons 56 pt tall
/// (UIKit's 44 pt plus room for 20 pt type), corners 14 pt (UIKit's 13-14 pt).
///
/// An alert can hold text fields (`addTextField`): the first is focused when it appears and
/// the alert stays above the on-screen keyboard.
@MainActor
open class AlertController: ViewController {
    public enum Style: Sendable { case actionSheet, alert }

    /// An alert zooms and fades in over 0.25 s and fades out over 0.2 s (UIKit does not
    /// document them; these are close to what iOS shows).
    public static let presentationDuration: TimeInterval = 0.25
    public static let dismissalDuration: TimeInterval = 0.2
    public static let alertWidth = 400.0
    public static let actionSheetWidth = 480.0
    public static let buttonHeight = 56.0
    public static let cornerRadius = 14.0
    /// UIKit's spacing: 20 pt around the title and message, 8 pt between an action sheet's
    /// groups and from the screen's edge.
    static let padding = 20.0
    static let sheetMargin = 8.0

    /// The message under the title. Setting it drops `localizedMessage`.
    public var message: String? {
        get { localizedMessage.map { Localization.string(for: $0, language: viewIfLoaded?.language) } ?? ownMessage }
        set {
            ownMessage = newValue
            localizedMessage = nil
            if isViewLoaded { build() }
        }
    }
    private var ownMessage: String?
    /// The message as a localized resource: with `localizedTitle` and actions made with
    /// localized titles, an alert that is up follows a language switch (it is built again).
    public var localizedMessage: LocalizedStringResource? { didSet { if isViewLoaded { build() } } }
    public let preferredStyle: Style
    public private(set) var actions: [AlertAction] = []
    /// Drawn bold and run by Return; must be one of `actions`.
    public var preferredAction: AlertAction? {
        didSet {
            if let action = preferredAction, !actions.contains(where: { $0 === action }) {
                Diagnostics.report(.apiMisuse, "AlertController.preferredAction: \(action.title ?? "?") is not one of the alert's actions; ignored")
                preferredAction = oldValue
            }
            if isViewLoaded { build() }
        }
    }

    /// Looks (UIKit's light alert: a near-white card, black text, tinted buttons).
    /// The card and separators in light and dark (UIKit's alert materials, flattened: a
    /// panel has no blur behind; the dark values from iOS 17's alert on black).
    public static let cardColor = Color(light: Color(rgb: 0xF2F2F2), dark: Color(rgb: 0x2C2C2E))
    public static let separatorColor = Color(light: Color(rgb: 0xC6C6C8), dark: Color(rgb: 0x48484A))
    public static let cancelCardColor = Color(light: .white, dark: Color(rgb: 0x2C2C2E))
    public static let destructiveColor = Color.systemRed
    static let highlightColor = Color(light: Color.black.withAlpha(0.08), dark: Color.white.withAlpha(0.1))

    private var tappedAction: AlertAction?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.ownMessage = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    /// An alert whose title and message are localized resources (resolved in the alert's
    /// language, again when it changes).
    public convenience init(localizedTitle: LocalizedStringResource?, localizedMessage: LocalizedStringResource?, preferredStyle: Style) {
        self.init(title: nil, message: nil, preferredStyle: preferredStyle)
        self.localizedTitle = localizedTitle
        self.localizedMessage = localizedMessage
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // Its texts' heights change with the language and the text size: built again.
        if isViewLoaded, previousTraitCollection?.language != traitCollection.language
            || previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory { build() }
    }

    /// Adds a button. A second `.cancel` action is refused with a report (UIKit raises).
    public func addAction(_ action: AlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            Diagnostics.report(.apiMisuse, "AlertController.addAction: an alert can have only one cancel action; \(action.title ?? "?") ignored")
            return
        }
        actions.append(action)
        if isViewLoaded { build() }
    }

    /// UIKit's `textFields`: the alert's text fields in order, nil when it has none.
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    private var fields: [TextField] = []
    /// A text field's height in the alert: 44 pt, the touch target (UIKit's alert fields are
    /// smaller: a kiosk is touched, not clicked), 8 pt apart, 12 pt under the message.
    static let textFieldHeight = 44.0
    static let textFieldSpacing = 8.0

    /// UIKit's `addTextField(configurationHandler:)`: a text field under the message, given to
    /// `configurationHandler` to set up (placeholder, secure entry, keyboard type...). The
    /// first field is focused when the alert appears, and the alert stays above the on-screen
    /// keyboard; Return in a field runs the preferred action (the only action when there is
    /// one). Alerts only: an action sheet refuses it with a report, as UIKit raises.
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            Diagnostics.report(.apiMisuse, "AlertController.addTextField: only an .alert has text fields; ignored")
            return
        }
        let field = TextField()
        field.name = "alertTextField\(fields.count)"
        field.borderStyle = .roundedRect
        field.addAction(for: .primaryActionTriggered) { [weak self] _, _ in
            guard let self, let action = self.returnAction, action.isEnabled else { return }
            self.tapped(action)
        }
        fields.append(field)
        configurationHandler?(field)
        if isViewLoaded { build() }
    }

    /// What Return runs: the preferred action, else the only one.
    private var returnAction: AlertAction? { preferredAction ?? (actions.count == 1 ? actions[0] : nil) }

    override var presentationAvoidsKeyboard: Bool { !fields.isEmpty }

    /// The first text field takes the keys once the alert is up (UIKit's).
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fields.first?.becomeFirstResponder()
    }

    open override func loadView() {
        let root = View()
        root.name = "alert"
        // Everything it draws is inside its frame: its fade is a layer of that size only.
        root.clipsToBounds = true
        view = root
    }

    open override func viewDidLoad() {
        build()
    }

    /// The spoken mode's escape runs the cancel action, as a tap on it would; an alert with
    /// none cannot be escaped (UIKit's).
    open override func accessibilityPerformEscape() -> Bool {
        guard let cancel = actions.first(where: { $0.style == .cancel }), cancel.isEnabled else { return false }
        tapped(cancel)
        return true
    }

    /// UIKit's keys for an alert on a hardware keyboard: Return runs the preferred action (an
    /// alert of one action: that one), Escape the cancel action. Taken before a text field in
    /// the alert sees them.
    open override var keyCommands: [KeyCommand]? {
        var commands: [KeyCommand] = []
        if let action = returnAction {
            let command = KeyCommand(title: action.title ?? "", input: KeyCommand.inputReturn) { [weak self, weak action] _ in
                guard let self, let action, action.isEnabled else { return }
                self.tapped(action)
            }
            command.wantsPriorityOverSystemBehavior = true
            commands.append(command)
        }
        if let cancel = actions.first(where: { $0.style == .cancel }) {
            let command = KeyCommand(title: cancel.title ?? "", input: KeyCommand.inputEscape) { [weak self, weak cancel] _ in
                guard let self, let cancel, cancel.isEnabled else { return }
                self.tapped(cancel)
            }
            command.wantsPriorityOverSystemBehavior = true
            commands.append(command)
        }
        return commands
    }

    /// A tap outside an action sheet runs its cancel action (iPhone's); outside an alert, or a
    /// sheet without a cancel action, it does nothing.
    override func presentationBackgroundTapped() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }), cancel.isEnabled else { return }
        tapped(cancel)
    }

    override var presentationMotion: PresentationMotion {
        preferredStyle == .alert ? .alert : .coverVertical
    }

    override func preferredPresentationFrame(in bounds: Rect) -> Rect? {
        let size = contentSize(in: bounds)
        switch preferredStyle {
        case .alert:
            return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        case .actionSheet:
            return Rect(x: bounds.midX - size.width / 2, y: bounds.maxY - Self.sheetMargin - size.height, width: size.width, height: size.height)
        }
    }

    // MARK: Layout

    private var width: Double = alertWidth
    private var builtHeight = 0.0

    /// Actions in display order: for two side by side, cancel first (left); in a column or a
    /// sheet, cancel last.
    private var orderedActions: [AlertAction] {
        let cancel = actions.filter { $0.style == .cancel }
        let others = actions.filter { $0.style != .cancel }
        if preferredStyle == .alert, actions.count == 2 { return cancel + others }
        return others + cancel
    }

    /// Two actions side by side, unless the text is at an accessibility size (UIKit stacks
    /// them there: each title gets the card's width).
    private var sideBySide: Bool { preferredStyle == .alert && actions.count == 2 && !ContentSizeCategory.current.isAccessibilityCategory }

    // The texts grow with the content size category as UIKit's alert's do (its title is
    // headline, its message footnote, its buttons body); Bezel's sizes at `.large` are a
    // kiosk's (20, 16 and 20 pt, read at arm's length).
    private var titleStyle: TextStyle { TextStyle(size: FontMetrics(forTextStyle: .headline).scaledValue(for: 20), weight: .bold, color: .label, alignment: .center, numberOfLines: 0) }
    private var messageStyle: TextStyle { TextStyle(size: FontMetrics(forTextStyle: .footnote).scaledValue(for: 16), color: .label, alignment: .center, numberOfLines: 0) }
    private var buttonTitleSize: Double { FontMetrics.default.scaledValue(for: 20) }
    /// A button's height: 56 pt, or taller for a larger title (its line and 18 pt above and
    /// below, as at the default size).
    private var buttonHeight: Double { max(Self.buttonHeight, (buttonTitleSize * 1.25 + 31).rounded(.up)) }
    /// Wider at the accessibility sizes (UIKit's alert widens too), within the screen.
    private var preferredWidth: Double { ContentSizeCategory.current.isAccessibilityCategory ? Self.alertWidth * 1.5 : Self.alertWidth }

    private func textHeight(_ text: String?, _ style: TextStyle, width: Double) -> Double {
        guard let text, !text.isEmpty else { return 0 }
        if let measurer = TextMetrics.measurer { return measurer.measureText(text, style: style, width: width).height }
        // No text backend (core-only tests): one line per 40 characters at 1.2 x the size.
        return Double((text.count + 39) / 40) * style.size * 1.2
    }

    private func headerHeight(width: Double) -> Double {
        let textWidth = width - 2 * Self.padding
        let t = textHeight(title, titleStyle, width: textWidth), m = textHeight(message, messageStyle, width: textWidth)
        guard t + m + fieldsHeight > 0 else { return 0 }
        return Self.padding + t + (t > 0 && m > 0 ? 4 : 0) + m + fieldsHeight + Self.padding
    }

    /// The text fields' block: 12 pt under the text, the fields 8 pt apart.
    private var fieldsHeight: Double {
        guard !fields.isEmpty else { return 0 }
        return 12 + Double(fields.count) * Self.textFieldHeight + Double(fields.count - 1) * Self.textFieldSpacing
    }

    private func contentSize(in bounds: Rect) -> Size {
        switch preferredStyle {
        case .alert:
            let w = min(preferredWidth, max(0, bounds.width - 2 * Self.padding))
            let rows = sideBySide ? 1 : actions.count
            let h = headerHeight(width: w) + Double(rows) * buttonHeight
            return Size(width: w, height: min(h, max(0, bounds.height - 2 * Self.padding)))
        case .actionSheet:
            let w = min(Self.actionSheetWidth, max(0, bounds.width - 2 * Self.sheetMargin))
            let main = actions.filter { $0.style != .cancel }.count
            let hasCancel = actions.contains { $0.style == .cancel }
            let h = headerHeight(width: w) + Double(main) * buttonHeight + (hasCancel ? Self.sheetMargin + buttonHeight : 0)
            return Size(width: w, height: min(h, max(0, bounds.height - 2 * Self.sheetMargin)))
        }
    }

    /// The card views and buttons, rebuilt when the content changes.
    private func build() {
        let root = view
        for subview in root.subviews { subview.removeFromSuperview() }
        width = root.bounds.width > 0 ? root.bounds.width : Self.alertWidth
        builtHeight = root.bounds.height
        let header = headerHeight(width: width)
        let card = View(name: "alertCard")
        card.backgroundColor = Self.cardColor
        card.cornerRadius = Self.cornerRadius
        card.clipsToBounds = true
        root.addSubview(card)
        let ordered = orderedActions
        let inCard = preferredStyle == .alert ? ordered : ordered.filter { $0.style != .cancel }
        let hasCancelCard = preferredStyle == .actionSheet && ordered.last?.style == .cancel
        let buttonsHeight = (sideBySide ? buttonHeight : Double(inCard.count) * buttonHeight) + (hasCancelCard ? Self.sheetMargin + buttonHeight : 0)
        // Text taller than the room the buttons leave scrolls (UIKit's alert at large text
        // sizes): the buttons stay where a finger finds them.
        let room = root.bounds.height > 0 ? max(0, root.bounds.height - buttonsHeight) : header
        let shownHeader = min(header, room)
        var y = 0.0
        let textWidth = width - 2 * Self.padding
        if header > 0 {
            let textHolder: View
            if shownHeader < header {
                let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: width, height: shownHeader))
                scroller.name = "alertText"
                scroller.clipsToBounds = true
                scroller.contentSize = Size(width: width, height: header)
                card.addSubview(scroller)
                textHolder = scroller
            } else {
                textHolder = card
            }
            y = Self.padding
            if let title, !title.isEmpty {
                let h = textHeight(title, titleStyle, width: textWidth)
                textHolder.addSubview(Label(frame: Rect(x: Self.padding, y: y, width: textWidth, height: h), text: title, style: titleStyle))
                y += h + 4
            }
            if let message, !message.isEmpty {
                let h = textHeight(message, messageStyle, width: textWidth)
                textHolder.addSubview(Label(frame: Rect(x: Self.padding, y: y, width: textWidth, height: h), text: message, style: messageStyle))
                y += h
            }
            if !fields.isEmpty {
                y = header - Self.padding - fieldsHeight + 12
                for field in fields {
                    field.frame = Rect(x: Self.padding, y: y, width: textWidth, height: Self.textFieldHeight)
                    textHolder.addSubview(field)
                    y += Self.textFieldHeight + Self.textFieldSpacing
                }
            }
            y = shownHeader
        }
        for (i, action) in inCard.enumerated() {
            let frame: Rect
            if sideBySide {
                // Cancel (first) at the left, or at the right in a right-to-left language.
                let w = width / 2
                let column = view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? 1 - i : i
                frame = Rect(x: Double(column) * w, y: y, width: w, height: buttonHeight)
            } else {
                frame = Rect(x: 0, y: y + Double(i) * buttonHeight, width: width, height: buttonHeight)
            }
            // Hairlines: one device pixel (the presenter's window's scale; the alert is built
            // when presented).
            let hairline = presentingViewController?.view.hairlineWidth ?? 1
            card.addSubview(separator(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: hairline)))
            if sideBySide, i == 1 { card.addSubview(separator(Rect(x: width / 2, y: frame.minY, width: hairline, height: frame.height))) }
            card.addSubview(button(for: action, frame: frame))
        }
        let cardHeight = sideBySide ? y + buttonHeight : y + Double(inCard.count) * buttonHeight
        card.frame = Rect(x: 0, y: 0, width: width, height: cardHeight)
        if preferredStyle == .actionSheet, let cancel = ordered.last, cancel.style == .cancel {
            let group = View(name: "alertCancelCard")
            group.backgroundColor = Self.cancelCardColor
            group.cornerRadius = Self.cornerRadius
            group.clipsToBounds = true
            group.frame = Rect(x: 0, y: cardHeight + Self.sheetMargin, width: width, height: buttonHeight)
            group.addSubview(button(for: cancel, frame: group.bounds))
            root.addSubview(group)
        }
        if header == 0, inCard.isEmpty { card.isHidden = true }
    }

    private func separator(_ frame: Rect) -> View {
        let line = View(frame: frame)
        line.backgroundColor = Self.separatorColor
        line.isUserInteractionEnabled = false
        return line
    }

    private func button(for action: AlertAction, frame: Rect) -> Button {
        let button = Button(frame: frame)
        button.name = action.title ?? "action"
        button.title = action.title
        let isBold = preferredAction.map { $0 === action } ?? (action.style == .cancel)
        button.titleStyle = TextStyle(size: buttonTitleSize, weight: isBold ? .bold : .regular, alignment: .center)
        // The tint as drawn, not as built: the alert's own `tintColor`, else its window's
        // (UIKit's). Destructive actions keep red.
        if action.style == .destructive { button.setTitleColor(Self.destructiveColor, for: .normal) }
        button.setBackgroundColor(Self.highlightColor, for: .highlighted)
        button.isEnabled = action.isEnabled
        action.button = button
        button.addAction(for: .touchUpInside) { [weak self, weak action] _, _ in
            guard let self, let action else { return }
            self.tapped(action)
        }
        return button
    }

    /// Dismisses the alert, then runs the action's handler (once: further taps while it
    /// leaves are ignored).
    private func tapped(_ action: AlertAction) {
        guard tappedAction == nil else { return }
        tappedAction = action
        for field in fields where field.isFirstResponder { field.resignFirstResponder() }
        dismiss(animated: true) { [weak self] in
            self?.tappedAction = nil
            action.handler?(action)
        }
    }

    open override func viewWillLayoutSubviews() {
        if view.bounds.width != width || view.bounds.height != builtHeight { build() }
    }
}
