import Bezel
import BezelCairo

/// Random editing of a one-line field (with a delegate that limits it to 24 characters) and
/// a text view (issue 37 U1): typing any text (combining marks, emoji sequences, right-to-left
/// scripts, NUL, line breaks, long pastes), deleting, selecting by code and by finger, setting
/// the text, focus moving and the edit menu, drawn every step. Invariants: the selection lies
/// inside the text; no user edit puts a line break into the field or takes it past what its
/// delegate allows (the app's own `text =` may: UIKit applies neither to it); every
/// caret position has a finite rectangle inside the view's height; no finger left live.
@MainActor
public final class TextSuite: RandomOperationSuite, TextFieldDelegate {
    public static let name = "text"
    static let fieldLimit = 24

    var random: SplitMix64
    let application: Application
    let window: Window
    let fingers: TouchScript
    let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
    let textView = TextView(frame: Rect(x: 10, y: 70, width: 300, height: 200))
    let display: HeadlessDisplay
    /// The field's text before the step, and whether the step set it by code.
    var fieldBefore = ""
    var setByCode = false

    /// What is typed: every kind of text a kiosk's users, scanners and serial lines send.
    static let pieces = ["a", "Z", " ", "é", "e\u{301}", "ß", "👩‍👩‍👧", "🇩🇪", "שלום", "مرحبا", "日本語", "\u{0}", "\n", "\r\n", "\t",
                         "\u{200B}", "\u{FEFF}", "ﬁ", "ǅ", "\u{1F600}", String(repeating: "long ", count: 200), ""]

    /// The general pasteboard's text before the suite (its edit menus cut and copy to it),
    /// put back at the end.
    let pasteboardBefore = Pasteboard.general.string

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        application = Application(clock: VirtualClock(), tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), application: application)
        window.makeKeyAndVisible()
        fingers = TouchScript(application)
        display = try! HeadlessDisplay(window: window)
        field.borderStyle = .roundedRect
        field.delegate = self
        window.addSubview(field)
        window.addSubview(textView)
    }

    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool {
        let current = textField.text ?? ""
        return current.count - current[range].count + string.count <= Self.fieldLimit
    }

    private var target: any TextInput { Bool.random(using: &random) ? field : textView }

    private func textLength(_ input: any TextInput) -> Int {
        input === field ? (field.text ?? "").count : textView.text.count
    }

    public func step() -> String {
        fieldBefore = field.text ?? ""
        setByCode = false
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30:
            let input = target, piece = Self.pieces.randomElement(using: &random)!
            input.insertText(piece)
            return "type \(String(reflecting: piece.prefix(12))) into \(input === field ? "field" : "view")"
        case 30..<42:
            let input = target
            for _ in 0..<Int.random(in: 1...3, using: &random) { input.deleteBackward() }
            return "delete in \(input === field ? "field" : "view")"
        case 42..<52:
            let lower = Int.random(in: -2...40, using: &random), upper = lower + Int.random(in: -1...10, using: &random)
            let range = min(lower, upper)..<max(lower, upper)
            if Bool.random(using: &random) { field.selectedRange = range } else { textView.selectedRange = range }
            return "select \(range)"
        case 52..<56:
            let text = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            if Bool.random(using: &random) { field.text = text; setByCode = true } else { textView.text = text }
            return "set text \(String(reflecting: text.prefix(20)))"
        case 56..<64:
            let view: View = Bool.random(using: &random) ? field : textView
            if Bool.random(using: &random) { _ = view.becomeFirstResponder() } else { _ = view.resignFirstResponder() }
            return "focus \(view === field ? "field" : "view")"
        case 64..<80:
            let point = Point(x: .random(in: 0...320, using: &random), y: .random(in: 0...300, using: &random))
            if Bool.random(using: &random) {
                fingers.tap(at: point, hold: [0.05, 0.6].randomElement(using: &random)!)
                return "tap \(point)"
            }
            let end = Point(x: .random(in: 0...320, using: &random), y: .random(in: 0...300, using: &random))
            fingers.down(at: point)
            fingers.wait(0.6)
            fingers.drag(from: point, to: end, steps: 5)
            return "press and drag \(point) to \(end)"
        case 80..<84:
            if Bool.random(using: &random) { field.showEditMenu() } else { textView.showEditMenu() }
            return "edit menu"
        case 84..<88:
            target.returnKeyPressed()
            return "return"
        default:
            let seconds = [0.016, 0.1, 0.5].randomElement(using: &random)!
            fingers.wait(seconds)
            return "wait \(seconds) s"
        }
    }

    public func violations() -> [String] {
        var found: [String] = []
        display.renderFrame()
        let fieldText = field.text ?? ""
        if !setByCode {
            let breaks = { (text: String) in text.filter(\.isNewline).count }
            if breaks(fieldText) > breaks(fieldBefore) { found.append("an edit put a line break into the one-line field: \(String(reflecting: fieldText))") }
            if fieldText.count > Self.fieldLimit, fieldText.count > fieldBefore.count {
                found.append("an edit took the field to \(fieldText.count) characters, its delegate allows \(Self.fieldLimit)")
            }
        }
        for (name, selection, length) in [("field", field.selectedRange, fieldText.count), ("view", textView.selectedRange, textView.text.count)] {
            if selection.lowerBound < 0 || selection.upperBound > length {
                found.append("the \(name)'s selection \(selection) is outside its \(length) characters")
            }
        }
        for offset in Set([0, field.selectedRange.lowerBound, field.selectedRange.upperBound, fieldText.count]) {
            let rect = field.caretRect(at: offset)
            if !(rect.origin.x.isFinite && rect.origin.y.isFinite && rect.height.isFinite) || rect.height <= 0 {
                found.append("the field's caret at \(offset) is at \(rect) (text \(String(reflecting: fieldText)), secure \(field.isSecureTextEntry))")
            }
        }
        for offset in Set([0, textView.selectedRange.lowerBound, textView.text.count]) {
            let rect = textView.caretRect(at: offset)
            if !(rect.origin.x.isFinite && rect.origin.y.isFinite && rect.height.isFinite) || rect.height <= 0 {
                found.append("the view's caret at \(offset) is at \(rect)")
            }
        }
        if let live = SuiteChecks.liveTouches(application, window) { found.append(live) }
        return found
    }

    public func finish() -> [String] {
        for _ in 0..<8 { fingers.wait(0.25) }
        defer { Pasteboard.general.string = pasteboardBefore }
        return violations()
    }
}
