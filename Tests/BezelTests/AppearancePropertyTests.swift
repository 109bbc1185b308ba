import Testing
@testable import Bezel
import BezelCairo

/// Every appearance property of every built-in view redraws it when set, and only it. The
/// walk is kept complete by reflection: each stored property of a built-in view whose type
/// is a colour, a text style, an image, a shadow or a path must have a case here (or be named
/// in `notSetDirectly` with the reason), so a property added later without one fails.
@MainActor
@Suite struct AppearancePropertyTests {
    typealias Change = (name: String, apply: (View) -> Void)

    struct Case {
        let make: () -> View
        let changes: [Change]
    }

    static let image = ImageLoader.asset(named: "touch-target")

    /// `name` set through `body` on the view cast to `T`.
    static func change<T: View>(_ name: String, _ type: T.Type, _ body: @escaping (T) -> Void) -> Change {
        (name, { view in body(view as! T) })
    }

    static let viewChanges: [Change] = [
        change("backgroundColor", View.self) { $0.backgroundColor = .red },
        change("cornerRadius", View.self) { $0.cornerRadius = 9 },
        change("borderWidth", View.self) { $0.borderWidth = 3 },
        change("borderColor", View.self) { $0.borderColor = .green },
        change("ownTintColor", View.self) { $0.tintColor = .red },
    ]

    static let cases: [Case] = [
        Case(make: { View() }, changes: viewChanges),
        Case(make: { Label(text: "Label", style: TextStyle(color: .white)) }, changes: [
            change("text", Label.self) { $0.text = "Changed" },
            change("style", Label.self) { $0.style.color = .red },
            change("attributedText", Label.self) { $0.attributedText = AttributedText("Rich", attributes: TextAttributes(underlineStyle: .single)) },
            change("adjustsFontSizeToFitWidth", Label.self) { $0.text = "A label far too long for its box"; $0.adjustsFontSizeToFitWidth = true },
            change("minimumScaleFactor", Label.self) { $0.minimumScaleFactor = 0.9 },
        ]),
        Case(make: { let b = Button(); b.title = "Button"; return b }, changes: [
            change("title", Button.self) { $0.title = "Other" },
            change("titleStyle", Button.self) { $0.titleStyle.size = 24 },
            change("image", Button.self) { $0.image = image },
            change("titleColors", Button.self) { $0.setTitleColor(.red, for: .normal) },
            change("backgroundColors", Button.self) { $0.setBackgroundColor(.blue, for: .normal) },
        ]),
        Case(make: { ImageView() }, changes: [
            change("image", ImageView.self) { $0.image = image },
        ]),
        Case(make: { let s = Slider(); s.value = 0.5; return s }, changes: [
            change("value", Slider.self) { $0.value = 0.8 },
            change("minimumTrackTintColor", Slider.self) { $0.minimumTrackTintColor = .red },
            change("maximumTrackTintColor", Slider.self) { $0.maximumTrackTintColor = .green },
            change("thumbTintColor", Slider.self) { $0.thumbTintColor = .blue },
        ]),
        Case(make: { Switch() }, changes: [
            change("isOn", Switch.self) { $0.isOn = true },
            change("onTintColor", Switch.self) { $0.onTintColor = .red },
            change("offTintColor", Switch.self) { $0.isOn = false; $0.offTintColor = .blue },
            change("thumbTintColor", Switch.self) { $0.thumbTintColor = .green },
        ]),
        Case(make: { Stepper() }, changes: [
            change("value", Stepper.self) { $0.value = 5 },
        ]),
        Case(make: { SegmentedControl(items: ["One", "Two"]) }, changes: [
            change("selectedSegmentIndex", SegmentedControl.self) { $0.selectedSegmentIndex = 1 },
            change("titles", SegmentedControl.self) { $0.setTitle("Uno", forSegmentAt: 0) },
            change("titleStyle", SegmentedControl.self) { $0.titleStyle.size = 20 },
            change("selectedSegmentTintColor", SegmentedControl.self) { $0.selectedSegmentTintColor = .red },
        ]),
        Case(make: { let p = PageControl(); p.numberOfPages = 4; return p }, changes: [
            change("currentPage", PageControl.self) { $0.currentPage = 2 },
            change("pageIndicatorTintColor", PageControl.self) { $0.pageIndicatorTintColor = .red },
            change("currentPageIndicatorTintColor", PageControl.self) { $0.currentPageIndicatorTintColor = .green },
            change("hidesForSinglePage", PageControl.self) { $0.numberOfPages = 1; $0.hidesForSinglePage = true },
        ]),
        Case(make: { let p = ProgressView(); p.progress = 0.3; return p }, changes: [
            change("progress", ProgressView.self) { $0.progress = 0.6 },
            change("trackTintColor", ProgressView.self) { $0.trackTintColor = .red },
            change("progressTintColor", ProgressView.self) { $0.progressTintColor = .green },
        ]),
        Case(make: { ActivityIndicatorView() }, changes: [
            change("color", ActivityIndicatorView.self) { $0.color = .red },
        ]),
        Case(make: { let s = ShapeView(); var p = Path(); p.addEllipse(in: Rect(x: 10, y: 10, width: 40, height: 40)); s.path = p; return s }, changes: [
            change("path", ShapeView.self) { var p = Path(); p.addRect(Rect(x: 5, y: 5, width: 30, height: 30)); $0.path = p },
            change("fillColor", ShapeView.self) { $0.fillColor = .red },
            change("strokeColor", ShapeView.self) { $0.strokeColor = .white },
            change("shadow", ShapeView.self) { $0.shadow = Shadow() },
        ]),
        Case(make: { let f = TextField(); f.borderStyle = .roundedRect; return f }, changes: [
            change("text", TextField.self) { $0.text = "typed" },
            change("placeholder", TextField.self) { $0.placeholder = "hint" },
            change("style", TextField.self) { $0.style.size = 22 },
            change("placeholderColor", TextField.self) { $0.text = nil; $0.placeholderColor = .red },
        ]),
        Case(make: { TextView() }, changes: [
            change("text", TextView.self) { $0.text = "a note" },
            change("style", TextView.self) { $0.style.color = .red },
        ]),
        Case(make: { ScrollView() }, changes: [
            change("indicatorColor", ScrollView.self) { $0.indicatorColor = .red },
        ]),
    ]

    /// Stored properties of those types that are not an app's to set, each with why (none
    /// today: every one found is covered).
    static let notSetDirectly: Set<String> = []

    static let appearanceTypes: [Any.Type] = [Color.self, Color?.self, TextStyle.self, TextStyle?.self, Image?.self, Image.self,
                                             Shadow?.self, Shadow.self, Path?.self, Path.self, [String].self,
                                             AttributedText?.self, AttributedText.self]

    @Test func everyAppearancePropertyRedrawsItsViewAndOnlyIt() throws {
        for testCase in Self.cases {
            let app = Application(clock: VirtualClock(), tracer: Tracer())
            let window = Window(frame: Rect(x: 0, y: 0, width: 480, height: 320), application: app)
            window.makeKeyAndVisible()
            let view = testCase.make()
            view.frame = Rect(x: 120, y: 110, width: 240, height: 60)
            window.addSubview(view)
            let display = try HeadlessDisplay(window: window)
            display.renderFrame()
            let kind = String(describing: type(of: view))
            for (name, apply) in testCase.changes {
                apply(view)
                let damage = display.renderFrame()
                let reach = view.frame.insetBy(dx: -view.drawingOverflow - 1, dy: -view.drawingOverflow - 1)
                #expect(!damage.isEmpty, "\(kind).\(name): setting it drew nothing")
                #expect(damage.allSatisfy { reach.contains($0) }, "\(kind).\(name): redrew \(damage), beyond the view's \(reach)")
            }
            // The walk is complete: every stored appearance property of the class has a case.
            // A property is covered by its own class's case or by a superclass's.
            var lineage: Set<ObjectIdentifier> = []
            var level: Mirror? = Mirror(reflecting: view)
            while let m = level {
                lineage.insert(ObjectIdentifier(m.subjectType))
                level = m.superclassMirror
            }
            let covered = Set(Self.cases.filter { lineage.contains(ObjectIdentifier(type(of: $0.make()))) }.flatMap { $0.changes.map(\.name) })
            var mirror: Mirror? = Mirror(reflecting: view)
            while let m = mirror, m.subjectType != Responder.self {
                for child in m.children {
                    guard let label = child.label else { continue }
                    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                    let valueType = type(of: child.value)
                    guard Self.appearanceTypes.contains(where: { $0 == valueType }), !Self.notSetDirectly.contains(name) else { continue }
                    #expect(covered.contains(name), "\(kind) (\(m.subjectType)).\(name): an appearance property with no case in the walk")
                }
                mirror = m.superclassMirror
            }
        }
    }
}
