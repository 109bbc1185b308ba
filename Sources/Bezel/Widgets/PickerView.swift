#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's `UIPickerView`: one or more wheels (components) of rows, turned by a finger with
/// momentum and coming to rest on a row, the chosen rows read through the centre band.
///
/// A wheel is drawn as rows on a cylinder seen from the front (crowding and fading toward
/// the top and bottom), the middle one in the selection band, as iOS's wheels look. Only the wheel
/// that turns is redrawn each frame (its column's damage), and a picker at rest schedules
/// nothing. A drag follows the finger (a little past the ends with resistance); lifted, the
/// wheel glides on as far as a scroll view's normal deceleration would take it and eases to
/// the nearest row; a tap on a row above or below the band turns the wheel to it. The
/// spoken mode reads each wheel as adjustable (its row's title and "3 of 12") and turns it
/// one row per swipe.
@MainActor
open class PickerView: View {
    public weak var dataSource: PickerViewDataSource? { didSet { reloadAllComponents() } }
    public weak var delegate: PickerViewDelegate? { didSet { reloadAllComponents() } }

    /// UIKit's height (216 pt) at its width; a row 44 pt (UIKit's 32 pt grown to a fingertip).
    public static let defaultHeight = 216.0
    public static let defaultRowHeight = 44.0
    /// The space between wheels (UIKit's 5 pt).
    public static let componentSpacing = 5.0
    /// The deceleration of a flung wheel: a scroll view's `.normal` rate (0.998 a millisecond),
    /// so it goes `velocity x 0.499 s` further, as a table would.
    public static let decelerationRate = 0.998
    /// The snap to a row: 0.2 s at least, 0.6 s at most (the longer the way, the longer),
    /// ease-out (Bezel's, close to iOS's wheels).
    static let minimumSettleDuration: TimeInterval = 0.2
    static let maximumSettleDuration: TimeInterval = 0.6
    /// A drag past the first or last row moves the wheel half as far (a scroll view's rubber band).
    static let overscrollResistance = 0.5

    /// The titles' font and colour (17 pt in the band at `.large`, UIKit's wheel, grown for a kiosk to 20).
    public var textStyle = TextStyle(size: 20, color: .label, alignment: .center) { didSet { setNeedsDisplay() } }
    /// The band behind the chosen rows (iOS 14's: tertiarySystemFill, 8 pt corners).
    public var selectionBandColor = Color(light: Color(rgb: 0x767680).withAlpha(0.12), dark: Color(rgb: 0x767680).withAlpha(0.24)) {
        didSet { setNeedsDisplay() }
    }

    private var rowCounts: [Int] = []
    private var selectedRows: [Int] = []
    /// Where each wheel rests (a row index; between two while the finger drags).
    private var offsets: [Double] = []
    /// The wheel a finger turns, and where it started.
    private var dragged: (component: Int, startOffset: Double)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        let pan = PanGestureRecognizer()
        pan.name = "pickerPan"
        pan.addAction { [unowned self] recognizer in self.handlePan(recognizer as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        tap.name = "pickerTap"
        tap.addAction { [unowned self] recognizer in self.handleTap(recognizer.location(in: self)) }
        addGestureRecognizer(tap)
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Self.defaultHeight) }

    // MARK: Data

    public var numberOfComponents: Int { rowCounts.count }

    public func numberOfRows(inComponent component: Int) -> Int {
        rowCounts.indices.contains(component) ? rowCounts[component] : 0
    }

    /// The row chosen in `component`; -1 for an empty wheel or a component that is not there.
    public func selectedRow(inComponent component: Int) -> Int {
        selectedRows.indices.contains(component) ? selectedRows[component] : -1
    }

    /// Asks the data source again for every wheel; chosen rows are kept where they still exist.
    public func reloadAllComponents() {
        let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        rowCounts = (0..<count).map { max(0, dataSource?.pickerView(self, numberOfRowsInComponent: $0) ?? 0) }
        selectedRows = (0..<count).map { component in
            let rows = rowCounts[component]
            guard rows > 0 else { return -1 }
            return min(max(0, selectedRows.indices.contains(component) ? selectedRows[component] : 0), rows - 1)
        }
        offsets = selectedRows.map { Double(max(0, $0)) }
        for component in 0..<count { stopDrawnValueAnimation(component) }
        setNeedsDisplay()
    }

    /// Asks the data source again for one wheel.
    public func reloadComponent(_ component: Int) {
        guard rowCounts.indices.contains(component) else {
            Diagnostics.report(.apiMisuse, "PickerView.reloadComponent(\(component)): \(rowCounts.count) components; ignored")
            return
        }
        reloadAllComponents()
    }

    /// Turns `component` to `row` (the delegate is not told, as in UIKit). Out of range:
    /// reported and ignored.
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard rowCounts.indices.contains(component), (0..<rowCounts[component]).contains(row) else {
            Diagnostics.report(.apiMisuse, "PickerView.selectRow(\(row), inComponent: \(component)): no such row; ignored")
            return
        }
        selectedRows[component] = row
        settle(component, at: row, animated: animated, tellsDelegate: false)
    }

    // MARK: Geometry

    func rowHeight(_ component: Int) -> Double {
        let height = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
        return height.isFinite && height > 0 ? height : Self.defaultRowHeight
    }

    /// Each wheel's column: the delegate's widths, else equal shares, centred as a group.
    func columns() -> [Rect] {
        let count = rowCounts.count
        guard count > 0 else { return [] }
        let spacing = Self.componentSpacing
        let share = max(0, (bounds.width - spacing * Double(count - 1)) / Double(count))
        let widths = (0..<count).map { component -> Double in
            let width = delegate?.pickerView(self, widthForComponent: component) ?? share
            return width.isFinite && width > 0 ? width : share
        }
        var x = bounds.midX - (widths.reduce(0, +) + spacing * Double(count - 1)) / 2
        var result: [Rect] = []
        for width in widths {
            result.append(Rect(x: x, y: bounds.minY, width: width, height: bounds.height))
            x += width + spacing
        }
        // Right to left: the first wheel at the right (UIKit mirrors the components).
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            result = result.map { Rect(x: bounds.minX + bounds.maxX - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
        }
        return result
    }

    /// The wheel's radius: half the picker's height (the top and bottom edges are its horizon).
    private var radius: Double { max(1, bounds.height / 2) }

    /// Where a wheel is shown now (its animation's value while it settles).
    func shownOffset(_ component: Int) -> Double {
        presentedDrawnValue(component, model: offsets.indices.contains(component) ? offsets[component] : 0)
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        let columns = columns()
        guard !columns.isEmpty else { return }
        let band = Rect(x: bounds.minX + 8, y: bounds.midY - rowHeight(0) / 2, width: max(0, bounds.width - 16), height: rowHeight(0))
        context.fillRoundedRect(band, radius: 8, color: selectionBandColor)
        for (component, column) in columns.enumerated() where column.intersects(rect) {
            drawWheel(component, in: column, context: context)
        }
    }

    /// The rows of one wheel on the cylinder: row `i` at angle (i - offset) x rowHeight / R,
    /// drawn at height R sin(angle) from the middle, so rows crowd toward the top and bottom,
    /// fading as they turn away. Drawn cheaply: each title at a whole device pixel and in one
    /// of eight fades, so the text images the context caches are reused frame after frame
    /// (an exact position or fade, or a squeezed transform, made every title a new image:
    /// M14_picker cost 2.1 M instructions a frame that way, 93 % of it in pixman).
    private func drawWheel(_ component: Int, in column: Rect, context: any DrawingContext) {
        let rows = rowCounts[component]
        guard rows > 0 else { return }
        let height = rowHeight(component), r = radius
        let offset = shownOffset(component)
        let pixel = hairlineWidth
        // Rows within a quarter turn either way.
        let reach = Int((Double.pi / 2 * r / height).rounded(.up))
        let centre = Int(offset.rounded())
        context.saveState()
        // Clipped to whole device pixels (a fractional clip would send every title through
        // cairo's glyph path instead of the cached images).
        let left = (column.minX / pixel).rounded() * pixel, right = (column.maxX / pixel).rounded() * pixel
        context.clip(to: Rect(x: left, y: (column.minY / pixel).rounded(.down) * pixel, width: right - left,
                              height: (column.height / pixel).rounded(.up) * pixel))
        for row in max(0, centre - reach)...min(rows - 1, centre + reach) {
            let angle = (Double(row) - offset) * height / r
            guard abs(angle) < Double.pi / 2 else { continue }
            guard let title = delegate?.pickerView(self, titleForRow: row, forComponent: component), !title.isEmpty else { continue }
            let facing = cos(angle)
            var style = textStyle
            // In the band: the full colour; turned away, fading to 30 % at the horizon.
            let fade = ((0.3 + 0.7 * facing * facing) * 8).rounded() / 8
            style.color = style.color.multiplyingAlpha(by: fade)
            let y = ((bounds.midY + r * sin(angle) - height / 2) / pixel).rounded() * pixel
            context.drawText(title, in: Rect(x: column.minX + 4, y: y, width: max(0, column.width - 8), height: height), style: style)
        }
        context.restoreState()
    }

    /// A settling wheel's animation frames redraw its column only.
    override func drawnValueDamage(for keys: Dictionary<Int, Double>.Keys) -> Rect? {
        let columns = columns()
        var area: Rect?
        for key in keys where columns.indices.contains(key) { area = area.map { $0.union(columns[key]) } ?? columns[key] }
        return area
    }

    /// Redraws one wheel's column (a turning wheel damages only itself).
    private func setNeedsDisplay(component: Int) {
        let columns = columns()
        guard columns.indices.contains(component) else { return setNeedsDisplay() }
        setNeedsDisplay(columns[component])
    }

    // MARK: Turning

    private func component(at x: Double) -> Int? {
        let columns = columns()
        if let inside = columns.firstIndex(where: { $0.minX <= x && x < $0.maxX }) { return inside }
        return columns.indices.min { abs(columns[$0].midX - x) < abs(columns[$1].midX - x) }
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard let component = component(at: pan.location(in: self).x), rowCounts[component] > 0 else { return }
            let shown = shownOffset(component)
            stopDrawnValueAnimation(component)
            offsets[component] = shown
            dragged = (component, shown)
        case .changed:
            guard let (component, start) = dragged else { return }
            var offset = start - pan.translation(in: self).y / rowHeight(component)
            let last = Double(rowCounts[component] - 1)
            if offset < 0 { offset *= Self.overscrollResistance } else if offset > last { offset = last + (offset - last) * Self.overscrollResistance }
            offsets[component] = offset
            setNeedsDisplay(component: component)
        case .ended:
            guard let (component, _) = dragged else { return }
            dragged = nil
            // A fling goes on as a scroll view's would: velocity x rate / (1 - rate) / 1000.
            let velocity = pan.velocity(in: self).y
            let rate = Self.decelerationRate
            let glide = -velocity * rate / (1 - rate) / 1000 / rowHeight(component)
            let target = Int((offsets[component] + glide).rounded())
            turn(component, to: target)
        case .cancelled, .failed:
            guard let (component, _) = dragged else { return }
            dragged = nil
            turn(component, to: Int(offsets[component].rounded()))
        case .possible:
            break
        }
    }

    private func handleTap(_ point: Point) {
        guard let component = component(at: point.x), rowCounts[component] > 0 else { return }
        // The row under the finger: back through the cylinder's sine.
        let sine = min(1, max(-1, (point.y - bounds.midY) / radius))
        let rows = asin(sine) * radius / rowHeight(component)
        turn(component, to: Int((shownOffset(component) + rows).rounded()))
    }

    /// The user turned `component` toward `row` (clamped): it settles there and the delegate
    /// hears of it if the row is new.
    private func turn(_ component: Int, to row: Int) {
        let target = min(max(0, row), rowCounts[component] - 1)
        settle(component, at: target, animated: true, tellsDelegate: true)
    }

    private func settle(_ component: Int, at row: Int, animated: Bool, tellsDelegate: Bool) {
        let shown = shownOffset(component)
        offsets[component] = Double(row)
        let distance = abs(Double(row) - shown)
        let duration = min(Self.maximumSettleDuration, Self.minimumSettleDuration + 0.05 * distance)
        let finished: (Bool) -> Void = { [weak self] completed in
            guard let self, completed, tellsDelegate, self.selectedRows.indices.contains(component) else { return }
            guard self.selectedRows[component] != row else { return }
            self.selectedRows[component] = row
            self.delegate?.pickerView(self, didSelectRow: row, inComponent: component)
            self.postAccessibilityValueChange()
        }
        if animated, window?.application?.isReduceMotionEnabled != true {
            animateDrawnValue(component, to: Double(row), from: shown, duration: duration,
                              curve: .cubic(Point(x: 0.25, y: 0.46), Point(x: 0.45, y: 0.94)), completion: finished)
        } else {
            stopDrawnValueAnimation(component)
            setNeedsDisplay(component: component)
            finished(true)
        }
    }

    private func postAccessibilityValueChange() {
        Accessibility.post(notification: .layoutChanged, argument: nil)
    }

    // MARK: Accessibility

    override var defaultAccessibilityElements: [any AccessibilityNode]? {
        let columns = columns()
        return rowCounts.indices.map { component in
            let element = AccessibilityElement(accessibilityContainer: self)
            // Named by the picker's label ("Cups"), a wheel of several by its number too.
            let name = accessibilityLabel
            element.accessibilityLabel = rowCounts.count > 1
                ? [name, Localization.bezelString("%lld of %lld", filling: [component + 1, rowCounts.count], language: language)].compactMap { $0 }.joined(separator: ", ")
                : name
            let row = selectedRows[component]
            let count = rowCounts[component]
            element.accessibilityValue = row >= 0
                ? [delegate?.pickerView(self, titleForRow: row, forComponent: component),
                   Localization.bezelString("%lld of %lld", filling: [row + 1, count], language: language)].compactMap { $0 }.joined(separator: ", ")
                : nil
            element.accessibilityTraits = .adjustable
            if columns.indices.contains(component) { element.accessibilityFrameInContainerSpace = columns[component] }
            element.onIncrement = { [weak self] in self?.step(component, by: 1) }
            element.onDecrement = { [weak self] in self?.step(component, by: -1) }
            return element
        }
    }

    private func step(_ component: Int, by rows: Int) {
        guard selectedRows.indices.contains(component), rowCounts[component] > 0 else { return }
        turn(component, to: selectedRows[component] + rows)
    }
}
