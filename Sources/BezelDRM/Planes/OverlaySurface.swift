import Bezel
import BezelCairo

/// The two buffers an overlay plane shows in turn: the picture is drawn into the hidden one,
/// which a commit then puts on the plane (the shown one is never written: no tearing). Drawn
/// with the same cairo path as the software composition (`drawPicture`), scaled to the buffer
/// when the plane cannot scale (then the buffer has the destination's size).
@MainActor
final class OverlaySurface {
    let width: Int
    let height: Int
    private var shown: DumbBuffer
    private var hidden: DumbBuffer
    private var hiddenContext: CairoDrawingContext?
    private var shownContext: CairoDrawingContext?
    /// The picture revision in the hidden buffer, waiting for a commit (nil: nothing new).
    private(set) var pendingRevision: Int?
    /// The revision on screen (or committed).
    private(set) var shownRevision: Int?
    /// A scrolled layer's source rectangle origin in the hidden buffer and in the shown one.
    private var pendingSource: (x: Int, y: Int)?
    private(set) var shownSource = (x: 0, y: 0)

    /// The source origin a commit should use, with `framebufferToCommit`.
    var sourceToCommit: (x: Int, y: Int) { pendingRevision != nil ? pendingSource ?? (0, 0) : shownSource }

    init(fd: Int32, width: Int, height: Int) throws(DRMError) {
        self.width = width
        self.height = height
        shown = try DumbBuffer(fd: fd, width: width, height: height)
        hidden = try DumbBuffer(fd: fd, width: width, height: height)
    }

    /// The framebuffer a commit should put on the plane: the hidden one once drawn, else the
    /// shown one (for a test commit, or a plane placed again).
    var framebufferToCommit: UInt32 { pendingRevision != nil ? hidden.framebufferID : shown.framebufferID }

    /// Draws the frame's content into the hidden buffer unless that revision is already there
    /// or shown. False when the buffer cannot be drawn into.
    func draw(_ content: OverlayFrame.Content, revision: Int) -> Bool {
        if revision == pendingRevision || (pendingRevision == nil && revision == shownRevision) { return true }
        switch content {
        case .picture(let image): return draw(image, revision: revision)
        case .scrolled(let update):
            guard let target = hidden.mappedImage else { return false }
            pendingSource = update(target)
            pendingRevision = revision
            return true
        }
    }

    private func draw(_ image: Image, revision: Int) -> Bool {
        if hiddenContext == nil {
            guard let target = hidden.mappedImage, let context = try? CairoDrawingContext(target: target) else { return false }
            hiddenContext = context
        }
        guard let context = hiddenContext else { return false }
        // At 1:1 pixman copies (its identity fast path): as fast as a row copy (M15).
        context.drawPicture(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        pendingRevision = revision
        return true
    }

    /// The commit holding the hidden buffer was made: it is the one on screen at the flip.
    func committedPending() {
        guard let revision = pendingRevision else { return }
        swap(&shown, &hidden)
        swap(&shownContext, &hiddenContext)
        shownRevision = revision
        if let source = pendingSource { shownSource = source }
        pendingSource = nil
        pendingRevision = nil
    }
}
