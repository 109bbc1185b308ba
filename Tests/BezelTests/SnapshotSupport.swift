import Testing
@testable import Bezel
import BezelCairo
import BezelTesting
#if canImport(Glibc)
import Glibc
#endif

/// Golden-image comparison for rendering tests: BezelTesting's `GoldenImage` (tolerance,
/// recording with `BEZEL_RECORD_SNAPSHOTS=1`, actual and difference images in
/// `.build/snapshot-failures/`), with goldens in `Tests/BezelTests/Snapshots/<name>.png`.
@MainActor
enum Snapshot {
    static var directory: String {
        var path = #filePath
        if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        return path + "/Snapshots"
    }

    static var failureDirectory: String {
        var path = #filePath
        for _ in 0..<3 { if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } }
        return path + "/.build/snapshot-failures"
    }

    static var isRecording: Bool { GoldenImage.isRecording }

    /// Renders `window` headless and compares it with the golden `name`.
    @discardableResult
    static func check(_ window: Window, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        return try check(display.framebuffer, named: name, sourceLocation: sourceLocation)
    }

    /// Compares `image` with the golden `name` (BezelTesting's `GoldenImage`, the same
    /// machinery apps use); false (and an issue recorded) when they differ.
    @discardableResult
    static func check(_ image: ImageBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        do {
            try GoldenImage.check(image, named: name, in: directory)
            return true
        } catch let mismatch as SnapshotMismatch {
            Issue.record("\(mismatch)", sourceLocation: sourceLocation)
            return false
        }
    }

    /// A visible window of `size` on its own application, with `views` added.
    static func window(_ size: Size, background: Color = Color(rgb: 0x202830), _ views: [View]) -> (Application, Window) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(origin: .zero, size: size), application: app)
        window.backgroundColor = background
        for view in views { window.addSubview(view) }
        window.makeKeyAndVisible()
        return (app, window)
    }
}

/// `@Suite(.fontsRegistered)`: the bundled fonts registered, and with them the text measurer,
/// before the suite's first test. An app's display does this before its first layout; a test
/// that lays views out before it draws would otherwise measure text with nothing (a table
/// cell's detail text gets no width, a swipe action the 0.6 em estimate), and its snapshot
/// would depend on whether an earlier test in the process had drawn.
struct FontsRegistered: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        await MainActor.run { FontRegistry.registerBundledFonts() }
        try await function()
    }
}

extension Trait where Self == FontsRegistered {
    static var fontsRegistered: Self { Self() }
}
