/// How deep a view tree is drawn and hit-tested.
///
/// Drawing and hit-testing follow the tree one stack frame per level (UIKit's recursive
/// algorithms: a view draws or hit-tests its subviews inside its own call). A tree deeper
/// than the thread's stack allows crashed the renderer (a 10,000-deep chain, issue 13); so
/// views deeper than `View.maximumDepth` below their window are neither drawn nor hit, and
/// a `Diagnostics` report (`.limit`) says so. Building, laying out, moving and releasing a
/// tree of any depth use loops with their own stacks and are not limited.
extension View {
    /// The deepest level below the window (a window's subviews are level 1) that is drawn
    /// and hit-tested: 256. Bezel's choice: far beyond what screens use (the demo kiosk's
    /// deepest view is at level 7, measured on each of its screens), and well inside what the
    /// main thread's 8 MiB stack takes (256 levels are drawn and hit-tested in a debug build
    /// by ViewTreeLimitTests).
    public static let maximumDepth = 256

    /// Reports that the view, deeper than `maximumDepth`, is left out of `doing` (the default
    /// handler prints a repeated report once, then every 1,000th time).
    func reportTooDeep(_ doing: StaticString) {
        Diagnostics.report(.limit, "\(doing): views nested more than \(View.maximumDepth) levels deep are left out (this one is at level \(depth))")
    }
}
