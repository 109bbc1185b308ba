import Testing
@testable import Bezel
@testable import BezelCairo

/// Issue 33's `Button.Configuration` (UIKit's iOS 15 buttons): sizes from the content and the
/// size's insets, image placement on every side and mirrored right to left, the styles'
/// colours per state, the update handler on state changes, the activity indicator, a pop-up's
/// chevron, `init(configuration:primaryAction:)`, and the looks in light and dark at 1x and 2x.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ButtonConfigurationTests {
    func width(_ text: String, _ size: Double, _ weight: TextStyle.Weight = .regular) -> Double {
        TextMetrics.layout.measureText(text, style: TextStyle(size: size, weight: weight, numberOfLines: 1), width: nil).width
    }
    func height(_ size: Double) -> Double {
        TextMetrics.layout.measureText("Buy", style: TextStyle(size: size, numberOfLines: 1), width: nil).height
    }

    static func square(_ side: Int = 20) throws -> Image {
        let buffer = try ImageBuffer(width: side, height: side, format: .argb8888)
        for y in 3..<(side - 3) { for x in 3..<(side - 3) { buffer.setPixelForTesting(x: x, y: y, value: 0xFF00_0000) } }
        return buffer.image()
    }

    @Test func theSizeIsTheContentPlusTheSizesInsets() throws {
        var configuration = Button.Configuration.filled()
        configuration.title = "Buy"
        let button = Button(configuration: configuration)
        #expect(button.intrinsicContentSize == Size(width: width("Buy", 17) + 24, height: height(17) + 14), "medium: 7/12")
        configuration.buttonSize = .large
        button.configuration = configuration
        #expect(button.intrinsicContentSize == Size(width: width("Buy", 17, .semibold) + 40, height: height(17) + 28), "large: 14/20")
        configuration.buttonSize = .small
        configuration.subtitle = "Two cups"
        configuration.titlePadding = 2
        configuration.image = try Self.square()
        configuration.imagePadding = 8
        button.configuration = configuration
        let text = max(width("Buy", 15), width("Two cups", 13))
        #expect(button.intrinsicContentSize == Size(width: 20 + 8 + text + 20, height: max(20, height(15) + 2 + height(13)) + 10))
        configuration.imagePlacement = .top
        configuration.contentInsets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        button.configuration = configuration
        #expect(button.intrinsicContentSize == Size(width: max(20, text) + 6, height: 20 + 8 + height(15) + 2 + height(13) + 4))
    }

    @Test func theImageGoesWhereItIsPlacedAndLeadsOnTheRightInRightToLeft() throws {
        var configuration = Button.Configuration.plain()
        configuration.title = "Buy"
        configuration.image = try Self.square()
        configuration.imagePadding = 8
        let button = Button(configuration: configuration)
        button.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        let title = width("Buy", 17)
        let x0 = 100 - (20 + 8 + title) / 2
        var layout = button.configuredLayout(configuration, in: button.bounds)
        #expect(layout.image?.minX == x0 && layout.title?.minX == x0 + 28 && layout.image?.midY == 30)
        button.semanticContentAttribute = .forceRightToLeft
        layout = button.configuredLayout(configuration, in: button.bounds)
        #expect(layout.title?.minX == x0 && layout.image?.minX == x0 + title + 8, "leading is the right side")
        configuration.imagePlacement = .trailing
        layout = button.configuredLayout(configuration, in: button.bounds)
        #expect(layout.image?.minX == x0, "trailing: the left side, right to left")
        configuration.imagePlacement = .bottom
        layout = button.configuredLayout(configuration, in: button.bounds)
        let top = 30 - (height(17) + 8 + 20) / 2
        #expect(layout.title?.minY == top && layout.image?.minY == top + height(17) + 8 && layout.image?.midX == 100)
    }

    @Test func stylesColourEachStateAndTheHandlerRunsOnStateChanges() throws {
        let stage = Stage()
        let tint = Color(rgb: 0x007AFF)
        let filled = Button.Configuration.filled(), tinted = Button.Configuration.tinted(), plain = Button.Configuration.plain()
        #expect(filled.background(for: .normal, tint: tint) == tint && filled.foreground(for: .normal, tint: tint) == .white)
        #expect(filled.background(for: .highlighted, tint: tint) == tint.multiplyingAlpha(by: 0.75))
        #expect(tinted.background(for: .normal, tint: tint) == tint.multiplyingAlpha(by: 0.15) && tinted.foreground(for: .normal, tint: tint) == tint)
        #expect(plain.background(for: .normal, tint: tint) == nil && plain.foreground(for: .highlighted, tint: tint) == tint.multiplyingAlpha(by: 0.6))
        for style in [filled, tinted, Button.Configuration.gray()] {
            #expect(style.background(for: .disabled, tint: tint) == .tertiarySystemFill && style.foreground(for: .disabled, tint: tint) == .tertiaryLabel)
        }
        // The handler sets a configuration per state, as UIKit apps do.
        var log: [String] = []
        let button = Button(configuration: .filled())
        button.frame = Rect(x: 0, y: 0, width: 200, height: 50)
        button.configurationUpdateHandler = { button in
            log.append(button.isHighlighted ? "highlighted" : "normal")
            var configuration = button.configuration ?? .filled()
            configuration.title = button.isHighlighted ? "Pressed" : "Buy"
            button.configuration = configuration
        }
        _ = stage.add(button)
        #expect(log == ["normal"] && button.configuration?.title == "Buy")
        stage.fingers.down(at: Point(x: 100, y: 25))
        #expect(log == ["normal", "highlighted"] && button.configuration?.title == "Pressed" && button.accessibilityLabel == "Pressed")
        stage.fingers.wait(0.05)
        stage.fingers.up()
        #expect(log == ["normal", "highlighted", "normal"] && button.configuration?.title == "Buy")
    }

    @Test func theActivityIndicatorSpinsInTheImagesPlace() throws {
        let stage = Stage()
        var configuration = Button.Configuration.filled()
        configuration.title = "Paying"
        configuration.imagePadding = 8
        configuration.showsActivityIndicator = true
        let button = Button(configuration: configuration)
        button.frame = Rect(x: 0, y: 0, width: 200, height: 50)
        _ = stage.add(button)
        stage.window.layoutIfNeeded()
        let indicator = try #require(button.subviews.first as? ActivityIndicatorView)
        let layout = button.configuredLayout(configuration, in: button.bounds)
        #expect(indicator.isAnimating && indicator.frame == layout.indicator && indicator.frame.width == 20)
        #expect(layout.title.map { $0.minX == indicator.frame.maxX + 8 } == true)
        configuration.showsActivityIndicator = false
        button.configuration = configuration
        stage.window.layoutIfNeeded()
        #expect(button.subviews.isEmpty && !indicator.isAnimating)
    }

    @Test func thePrimaryActionRunsOnATapAndNamesTheButton() {
        let stage = Stage()
        var log: [String] = []
        let button = Button(configuration: .tinted(), primaryAction: Action(title: "Order") { action in
            log.append("\(action.title) from \((action.sender as? Button)?.configuration?.title ?? "-")")
        })
        button.frame = Rect(x: 0, y: 0, width: 200, height: 50)
        _ = stage.add(button)
        #expect(button.accessibilityLabel == "Order")
        stage.fingers.tap(at: Point(x: 100, y: 25))
        #expect(log == ["Order from Order"])
    }

    @Test func aPopUpButtonShowsItsChevron() {
        var configuration = Button.Configuration.gray()
        configuration.title = "Oat"
        let button = Button(configuration: configuration)
        #expect(!button.showsPopupIndicator)
        let plainWidth = button.intrinsicContentSize.width
        button.menu = Menu(children: [Action(title: "Oat") { _ in }, Action(title: "Soy") { _ in }])
        button.showsMenuAsPrimaryAction = true
        button.changesSelectionAsPrimaryAction = true
        #expect(button.showsPopupIndicator)
        // The configuration's own title wins over the chosen action's, so the width is the
        // same title's plus the chevron.
        #expect(button.intrinsicContentSize.width == plainWidth + 14)
    }

    @Test(arguments: [(UserInterfaceStyle.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func theConfigurationsLook(style: UserInterfaceStyle, scale: Double) throws {
        let stage = Stage()
        stage.window.overrideUserInterfaceStyle = style
        stage.window.backgroundColor = .systemBackground
        let image = try Self.square()
        let styles: [(String, Button.Configuration)] = [("Plain", .plain()), ("Tinted", .tinted()), ("Gray", .gray()), ("Filled", .filled())]
        var y = 20.0
        for (name, base) in styles {
            var configuration = base
            configuration.title = name
            let classic = Button(configuration: configuration)
            classic.frame = Rect(origin: Point(x: 20, y: y), size: classic.intrinsicContentSize)
            stage.window.addSubview(classic)
            configuration.image = image
            configuration.imagePadding = 8
            configuration.subtitle = "Subtitle"
            configuration.buttonSize = .large
            configuration.cornerStyle = .capsule
            let large = Button(configuration: configuration)
            large.frame = Rect(origin: Point(x: 160, y: y), size: large.intrinsicContentSize)
            stage.window.addSubview(large)
            y += 80
        }
        var disabled = Button.Configuration.filled()
        disabled.title = "Disabled"
        let off = Button(configuration: disabled)
        off.isEnabled = false
        off.frame = Rect(origin: Point(x: 20, y: y), size: off.intrinsicContentSize)
        var top = Button.Configuration.tinted()
        top.title = "Top"
        top.image = image
        top.imagePlacement = .top
        top.imagePadding = 4
        let above = Button(configuration: top)
        above.frame = Rect(origin: Point(x: 160, y: y), size: above.intrinsicContentSize)
        var busy = Button.Configuration.borderedProminent()
        busy.title = "Paying"
        busy.showsActivityIndicator = true
        busy.imagePadding = 8
        let paying = Button(configuration: busy)
        paying.frame = Rect(origin: Point(x: 20, y: y + 80), size: paying.intrinsicContentSize)
        for button in [off, above, paying] { stage.window.addSubview(button) }
        let display = try HeadlessDisplay(window: stage.window, scale: scale)
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "button-configurations-\(style == .dark ? "dark" : "light")\(scale == 2 ? "@2x" : "")")
    }
}
