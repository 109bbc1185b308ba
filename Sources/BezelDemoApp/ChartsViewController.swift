import Bezel
import Observation

/// The brew counter behind the charts screen, an `@Observable` model: the order line
/// follows it through `observe`, with no code telling the label.
@Observable @MainActor public final class BrewModel {
    public var orderNumber = 42
    public var price = 3.20
}

/// The charts screen, drawn with paths: a brew-progress gauge (a ShapeView ring whose
/// `strokeEnd` animates to the value; a tap starts the next brew), and a week of sales as a
/// line chart (dashed grid, a gradient under the line, round joins) on a shadowed card.
@MainActor
public final class ChartsViewController: ViewController {
    public let gauge = GaugeView(frame: Rect(x: 24, y: 24, width: 220, height: 220))
    public let chart = LineChartView(frame: Rect(x: 272, y: 24, width: 504, height: 300))
    /// The brews the gauge steps through on each tap (fractions of a full brew).
    static let brewSteps = [0.72, 0.35, 1.0, 0.5]
    private var step = 0
    public let brews = BrewModel()
    var onReport: ((String) -> Void)?

    public override init() {
        super.init()
        localizedTitle = "Charts"
    }

    private weak var orderLine: Label?

    /// "Order #0042  3.20", the words in the screen's language.
    static func orderLine(_ brews: BrewModel) -> String {
        let number = String(brews.orderNumber)
        let cents = Int((brews.price * 100).rounded())
        let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
        return String(localized: "Order #\(padded)") + "  \(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
    }

    /// The chart draws its own title and day names: set again when the language changes.
    private func localizeChart() {
        chart.title = String(localized: "Cups sold this week")
        chart.labels = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map { String(localized: String.LocalizationValue($0)) }
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard previousTraitCollection?.language != traitCollection.language else { return }
        localizeChart()
        orderLine?.text = Self.orderLine(brews)
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "charts"
        gauge.name = "gauge"
        gauge.setValue(Self.brewSteps[0], animated: false)
        gauge.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.nextBrew() })
        view.addSubview(gauge)
        chart.name = "sales"
        localizeChart()
        chart.values = [42, 55, 48, 71, 66, 94, 80]
        view.addSubview(chart)
        let caption = DemoTheme.localizedLabel("Tap the gauge to start the next brew", frame: Rect(x: 24, y: 260, width: 230, height: 60),
                                      size: 15, color: DemoTheme.secondaryText, alignment: .center)
        caption.style.numberOfLines = 2
        view.addSubview(caption)
        let special = addSpecial()
        // Laid out with constraints (issue 30): the gauge keeps its 220-point square at the
        // top left, the chart takes the rest of the width (504 points on an 800-point panel),
        // today's special sits under the chart, its icon at the chart's right.
        for subview in [chart, caption, special.photo, special.name, special.line, special.icon] {
            subview.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            chart.leadingAnchor.constraint(equalTo: gauge.trailingAnchor, constant: 28),
            chart.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -24),
            chart.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
            chart.heightAnchor.constraint(equalToConstant: 300),
            caption.leadingAnchor.constraint(equalTo: gauge.leadingAnchor),
            caption.topAnchor.constraint(equalTo: gauge.bottomAnchor, constant: 16),
            caption.widthAnchor.constraint(equalToConstant: 230),
            caption.heightAnchor.constraint(equalToConstant: 60),
            special.photo.leadingAnchor.constraint(equalTo: chart.leadingAnchor),
            special.photo.topAnchor.constraint(equalTo: chart.bottomAnchor, constant: 16),
            special.photo.widthAnchor.constraint(equalToConstant: 96),
            special.photo.heightAnchor.constraint(equalToConstant: 64),
            special.name.leadingAnchor.constraint(equalTo: special.photo.trailingAnchor, constant: 16),
            special.name.topAnchor.constraint(equalTo: special.photo.topAnchor),
            special.name.widthAnchor.constraint(equalToConstant: 300),
            special.name.heightAnchor.constraint(equalToConstant: 32),
            special.line.leadingAnchor.constraint(equalTo: special.name.leadingAnchor),
            special.line.topAnchor.constraint(equalTo: special.name.bottomAnchor, constant: 2),
            special.line.widthAnchor.constraint(equalToConstant: 300),
            special.line.heightAnchor.constraint(equalToConstant: 28),
            special.icon.trailingAnchor.constraint(equalTo: chart.trailingAnchor, constant: -16),
            special.icon.topAnchor.constraint(equalTo: special.photo.topAnchor, constant: 8),
            special.icon.widthAnchor.constraint(equalToConstant: 48),
            special.icon.heightAnchor.constraint(equalToConstant: 48),
        ])
    }

    /// Today's special under the chart: a JPEG photo, an SVG icon and the app's own fonts
    /// (serif for the name, mono for the order line), all from the demo's resource folder.
    private func addSpecial() -> (photo: ImageView, name: Label, line: Label, icon: ImageView) {
        let photo = ImageView(frame: Rect(x: 272, y: 340, width: 96, height: 64), image: DemoResources.image("latte"))
        photo.name = "special photo"
        photo.contentMode = .scaleAspectFill
        photo.cornerRadius = 8
        photo.clipsToBounds = true
        view.addSubview(photo)
        let name = DemoTheme.localizedLabel("Today: flat white", frame: Rect(x: 384, y: 340, width: 300, height: 32), size: 24)
        name.style.family = DemoResources.serif
        name.style.weight = .bold
        view.addSubview(name)
        let line = DemoTheme.label("", frame: Rect(x: 384, y: 374, width: 300, height: 28), size: 18, color: DemoTheme.secondaryText)
        line.name = "order line"
        line.style.family = DemoResources.mono
        let brews = self.brews
        line.observe { line in line.text = Self.orderLine(brews) }
        orderLine = line
        view.addSubview(line)
        let icon = ImageView(frame: Rect(x: 712, y: 348, width: 48, height: 48), image: DemoResources.image("cup"))
        icon.name = "special icon"
        view.addSubview(icon)
        return (photo, name, line, icon)
    }

    /// The gauge animates to the next brew's value (0.6 s, ease in and out).
    public func nextBrew() {
        step = (step + 1) % Self.brewSteps.count
        let value = Self.brewSteps[step]
        gauge.setValue(value, animated: true)
        brews.orderNumber += 1
        onReport?("brew at \(Int((value * 100).rounded())) %")
    }
}

/// A progress ring: a faint track, the value as a round-capped arc from the top clockwise,
/// and the percentage in the middle. The arc is a ShapeView: its `strokeEnd` animates.
@MainActor
public final class GaugeView: View {
    public let track = ShapeView()
    public let arc = ShapeView()
    public let valueLabel = Label()
    public private(set) var value = 0.0

    public override init(frame: Rect) {
        super.init(frame: frame)
        let ring = Self.ring(in: Rect(origin: .zero, size: frame.size), inset: 18)
        for shape in [track, arc] {
            shape.frame = bounds
            shape.path = ring
            shape.fillColor = nil
            shape.lineWidth = 22
            shape.lineCap = .round
            shape.lineJoin = .round
            addSubview(shape)
        }
        track.strokeColor = DemoTheme.text.withAlpha(0.12)
        arc.strokeColor = DemoTheme.accent
        arc.shadow = Shadow(color: DemoTheme.accent.withAlpha(0.6), offset: .zero, blurRadius: 10)
        valueLabel.frame = bounds
        valueLabel.style = TextStyle(size: 44, weight: .bold, color: DemoTheme.text, alignment: .center)
        addSubview(valueLabel)
    }

    /// A circle from the top, clockwise, inset from `rect`.
    static func ring(in rect: Rect, inset: Double) -> Path {
        var path = Path()
        let radius = min(rect.width, rect.height) / 2 - inset
        path.addArc(center: Point(x: rect.midX, y: rect.midY), radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        return path
    }

    public func setValue(_ newValue: Double, animated: Bool) {
        value = min(1, max(0, newValue.isFinite ? newValue : 0))
        valueLabel.text = "\(Int((value * 100).rounded())) %"
        if animated {
            View.animate(withDuration: 0.6, options: .curveEaseInOut) { self.arc.strokeEnd = self.value }
        } else {
            arc.strokeEnd = value
        }
    }
}

/// A line chart on a card: dashed horizontal grid lines, the values joined by a line with
/// round joins, a gradient from the line down to the base, a dot on each value, day labels.
@MainActor
public final class LineChartView: View {
    public var title = "" { didSet { setNeedsDisplay() } }
    public var labels: [String] = [] { didSet { setNeedsDisplay() } }
    public var values: [Double] = [] { didSet { setNeedsDisplay() } }
    /// The plot inside the card.
    var plot: Rect { Rect(x: 48, y: 56, width: bounds.width - 72, height: bounds.height - 100) }

    public override var drawingOverflow: Double { 24 }

    /// Deep on the dark background, soft on the light one.
    static let cardShadow = Shadow(color: Color(light: Color.black.withAlpha(0.15), dark: Color.black.withAlpha(0.45)),
                                   offset: Size(width: 0, height: 6), blurRadius: 18)

    private var card: Path {
        var card = Path()
        card.addRoundedRect(bounds, cornerRadius: 16)
        return card
    }

    public override func draw(_ rect: Rect, in context: any DrawingContext) {
        context.drawShadow(of: card, shadow: Self.cardShadow)
        context.fill(card, color: DemoTheme.tile, rule: .winding)
        context.drawText(title, in: Rect(x: 20, y: 12, width: bounds.width - 40, height: 30), style: TextStyle(size: 18, weight: .bold, color: DemoTheme.text))
        let top = (values.max() ?? 1).rounded(.up) > 0 ? ((values.max() ?? 1) / 25).rounded(.up) * 25 : 1
        let plot = self.plot
        // Grid: four dashed lines with their values.
        for i in 0...4 {
            let y = plot.maxY - plot.height * Double(i) / 4
            var line = Path()
            line.move(to: Point(x: plot.minX, y: y))
            line.addLine(to: Point(x: plot.maxX, y: y))
            context.stroke(line, color: DemoTheme.text.withAlpha(i == 0 ? 0.4 : 0.15), style: StrokeStyle(lineWidth: 1, dashPattern: i == 0 ? [] : [4, 4]))
            context.drawText("\(Int(top * Double(i) / 4))", in: Rect(x: 0, y: y - 10, width: plot.minX - 8, height: 20),
                             style: TextStyle(size: 12, color: DemoTheme.secondaryText, alignment: .right))
        }
        guard values.count > 1 else { return }
        let points = values.enumerated().map { i, v in
            Point(x: plot.minX + plot.width * Double(i) / Double(values.count - 1), y: plot.maxY - plot.height * min(1, max(0, v / top)))
        }
        var line = Path()
        line.move(to: points[0])
        for p in points.dropFirst() { line.addLine(to: p) }
        // The area under the line, filled with the accent fading to nothing at the base.
        var area = line
        area.addLine(to: Point(x: plot.maxX, y: plot.maxY))
        area.addLine(to: Point(x: plot.minX, y: plot.maxY))
        area.closeSubpath()
        context.saveState()
        context.clip(to: area, rule: .winding)
        context.drawLinearGradient(Gradient(colors: [DemoTheme.accent.withAlpha(0.55), DemoTheme.accent.withAlpha(0)]),
                                   start: Point(x: 0, y: plot.minY), end: Point(x: 0, y: plot.maxY), options: [])
        context.restoreState()
        context.stroke(line, color: DemoTheme.accent, style: StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round))
        for (i, p) in points.enumerated() {
            var dot = Path()
            dot.addEllipse(in: Rect(x: p.x - 5, y: p.y - 5, width: 10, height: 10))
            context.fill(dot, color: .white, rule: .winding)
            if i < labels.count {
                context.drawText(labels[i], in: Rect(x: p.x - 30, y: plot.maxY + 8, width: 60, height: 20),
                                 style: TextStyle(size: 13, color: DemoTheme.secondaryText, alignment: .center))
            }
        }
    }
}
