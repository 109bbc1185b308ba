import Testing
@testable import Bezel
import BezelCairo

/// Issue 13 item 4: trees of any depth are built, laid out, drawn, hit-tested and released
/// without a crash; views deeper than `View.maximumDepth` are left out with a report.
@MainActor
@Suite(.serialized) struct ViewTreeLimitTests {
    /// A window holding a chain of `depth` views, each inside the one above, every one the
    /// window's size (so every one contains any point), each a shade lighter than its
    /// superview's so the deepest drawn one shows.
    private func shade(_ level: Int) -> UInt32 { UInt32(level % 200 + 40) << 16 }

    private func chain(depth: Int) -> (Window, [View]) {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48), application: app)
        window.backgroundColor = .black
        var views: [View] = []
        var parent: View = window
        for level in 1...depth {
            let view = View(frame: window.bounds)
            view.backgroundColor = Color(rgb: shade(level))
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        window.makeKeyAndVisible()
        return (window, views)
    }

    @Test func aChainTwentyThousandDeepIsDrawnToTheLimitHitAtTheLimitAndReleased() throws {
        let depth = 20_000
        var reports: [Diagnostics.Report] = []
        try {
            let (window, views) = chain(depth: depth)
            #expect(views.last?.window === window)
            #expect(views.last?.isDescendant(of: window) == true)
            #expect(views.last?.isDescendant(of: views[0]) == true)
            #expect(views[0].isDescendant(of: views[1]) == false)
            window.layoutIfNeeded()
            let display = try HeadlessDisplay(window: window)
            reports = capturingDiagnostics {
                display.renderFrame()
                #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === views[View.maximumDepth - 1])
            }
            // The deepest drawn view is at level maximumDepth: its shade fills the window.
            #expect(display.framebuffer.pixel(x: 10, y: 10) == 0xFF00_0000 | shade(View.maximumDepth))
        }()
        // The chain has been released (a recursive release of 20,000 levels overflowed).
        #expect(reports.contains { $0.kind == .limit && $0.message.hasPrefix("drawing: views nested more than 256 levels deep") })
        #expect(reports.contains { $0.kind == .limit && $0.message.hasPrefix("hit-testing: views nested more than 256 levels deep") })
    }

    @Test func depthsFollowSubtreesThatMove() {
        let (window, views) = chain(depth: 6)
        let subtree = views[3]
        #expect(subtree.depth == 4)
        #expect(views[5].depth == 6)
        subtree.removeFromSuperview()
        #expect(subtree.depth == 0)
        #expect(views[5].depth == 2)
        #expect(views[5].window == nil)
        #expect(!views[5].isDescendant(of: window))
        window.addSubview(subtree)
        #expect(views[5].depth == 3)
        #expect(views[5].window === window)
        #expect(views[5].isDescendant(of: window))
        #expect(!views[5].isDescendant(of: views[0]))
        // A cycle is still refused, whichever depth the two are at.
        let reports = capturingDiagnostics { views[5].addSubview(subtree) }
        #expect(reports.map(\.kind) == [.apiMisuse])
        #expect(subtree.superview === window)
    }

    @Test func aViewMovedBelowTheLimitIsLeftOutAndDrawnAgainWhenMovedBack() throws {
        let (window, views) = chain(depth: View.maximumDepth)
        let marker = View(frame: Rect(x: 0, y: 0, width: 8, height: 8))
        marker.backgroundColor = .white
        window.addSubview(marker)
        let display = try HeadlessDisplay(window: window)
        display.renderFrame()
        let white: UInt32 = 0xFFFF_FFFF
        #expect(display.framebuffer.pixel(x: 2, y: 2) == white)
        let reports = capturingDiagnostics {
            views.last!.addSubview(marker)
            #expect(marker.depth == View.maximumDepth + 1)
            window.setNeedsFullRedraw()
            display.renderFrame()
            #expect(display.framebuffer.pixel(x: 2, y: 2) != white)
            #expect(window.hitTest(Point(x: 2, y: 2), with: nil) === views.last)
        }
        #expect(reports.filter { $0.kind == .limit }.count == 2)
        window.addSubview(marker)
        display.renderFrame()
        #expect(display.framebuffer.pixel(x: 2, y: 2) == white)
        #expect(window.hitTest(Point(x: 2, y: 2), with: nil) === marker)
    }
}
