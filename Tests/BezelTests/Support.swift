@testable import Bezel

/// An ordered log that test views, recognizers and actions write to.
@MainActor
final class Log {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// A view that logs its touches methods and calls super (unless told not to).
@MainActor
class LoggingView: View {
    let log: Log
    var callsSuper = true

    required init(_ name: String, frame: Rect, log: Log) {
        self.log = log
        super.init(frame: frame)
        self.name = name
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesBegan")
        if callsSuper { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesMoved")
        if callsSuper { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesEnded")
        if callsSuper { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name!) touchesCancelled")
        if callsSuper { super.touchesCancelled(touches, with: event) }
    }
}

/// A tap recognizer that logs its touches methods and calls super (seed 001's JKRTapGestureRecognizer).
@MainActor
final class LoggingTap: TapGestureRecognizer {
    var log: Log?
    var label = "rec"

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log?.add("\(label) touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log?.add("\(label) touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log?.add("\(label) touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log?.add("\(label) touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A pan recognizer that logs its touches methods and calls super (seed 003's ZZPanGestureRecognizer).
@MainActor
final class LoggingPan: PanGestureRecognizer {
    var log: Log?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log?.add("rec touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log?.add("rec touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log?.add("rec touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log?.add("rec touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A delegate with switchable answers that logs shouldBegin.
@MainActor
final class TestDelegate: GestureRecognizerDelegate {
    var log: Log?
    var shouldBegin = true
    var simultaneous = false
    var receives = true
    var requireFailureOf: [ObjectIdentifier] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        log?.add("shouldBegin")
        return shouldBegin
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneous
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requireFailureOf.contains(ObjectIdentifier(other))
    }
}

/// An application on a virtual clock with one visible 400x800 window, and a touch script.
@MainActor
struct Stage {
    let clock = VirtualClock()
    let app: Application
    let window: Window
    let fingers: TouchScript
    var lines: TraceLines

    init(trace: TraceCategory = []) {
        let lines = TraceLines()
        self.lines = lines
        app = Application(clock: clock, tracer: Tracer(categories: trace, sink: { category, message in lines.add(category, message) }))
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800), application: app)
        window.name = "window"
        window.makeKeyAndVisible()
        fingers = TouchScript(app)
    }

    /// Adds `view` to the window.
    func add(_ view: View) -> Self {
        window.addSubview(view)
        return self
    }
}

@MainActor
final class TraceLines {
    var lines: [(TraceCategory, String)] = []
    func add(_ category: TraceCategory, _ message: String) { lines.append((category, message)) }
    func messages(_ category: TraceCategory) -> [String] { lines.filter { $0.0 == category }.map(\.1) }
}

/// Captures Diagnostics reports for the duration of `body`.
@MainActor
func capturingDiagnostics(_ body: () -> Void) -> [Diagnostics.Report] {
    var reports: [Diagnostics.Report] = []
    let previous = Diagnostics.handler
    Diagnostics.handler = { reports.append($0) }
    body()
    Diagnostics.handler = previous
    return reports
}

/// A responder that implements actions by name and logs them.
@MainActor
final class ActionLogger: Responder {
    let log: Log
    init(log: Log, actions: [Selector]) {
        self.log = log
        super.init()
        for action in actions {
            handle(action) { [log] _, _ in log.add(action.name) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Runs a shell command, returning its output (stdout and stderr) and exit status.
func runCommand(_ command: String) -> (output: String, status: Int32) {
    guard let pipe = popen(command + " 2>&1", "r") else { return ("could not start: \(command)", -1) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, pipe)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    // pclose returns the wait status: the exit code is its second byte (WEXITSTATUS).
    let status = pclose(pipe)
    return (String(decoding: bytes, as: UTF8.self), status == -1 ? -1 : (status >> 8) & 0xFF)
}

/// The package's root folder (tests run from anywhere).
var packageRoot: String {
    var root = #filePath
    for _ in 0..<3 { if let slash = root.lastIndex(of: "/") { root = String(root[..<slash]) } }
    return root
}
