import Bezel
import BezelCairo

/// The two buffers an overlay plane shows in turn: the picture is drawn into the hidden one,
/// which a commit then puts on the plane (the shown one is never written where the display
/// reads it: no tearing; a scrolled layer writes newly exposed rows into the shown one,
/// outside its source rectangle, and commits the new source rectangle alone). Drawn
/// with the same cairo path as the software composition (`drawPicture`), scaled to the buffer
/// when the plane cannot scale (then the buffer has the destination's size).
/// A picture that comes as a DMA-BUF of the buffer's size is not drawn: it is imported
/// (`ImportedFramebuffers`) and that framebuffer goes on the plane, the decoder's buffer held
/// until the commit after the next (by then the flip has taken it off the screen).
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
    /// A scrolled layer's source rectangle origin in the pending picture and in the shown one.
    private var pendingSource: (x: Int, y: Int)?
    private(set) var shownSource = (x: 0, y: 0)
    /// Whether the pending picture is in the shown buffer (a scrolled layer brought up to
    /// date outside the source rectangle on screen): its commit changes the source rectangle
    /// alone, and the buffers are not swapped.
    private var pendingInShownBuffer = false
    /// Imported pictures: waiting for a commit, on screen, and the one before (still scanned
    /// out until the flip after the commit that replaced it).
    private typealias Imported = (framebuffer: UInt32, owner: AnyObject)
    private var pendingImport: Imported?
    private var shownImport: Imported?
    private var previousImport: Imported?
    private let imports: ImportedFramebuffers
    /// False once the driver refused an imported picture (or could not import one): drawn
    /// from then on.
    private(set) var importsPictures = true
    /// Whether an imported picture passed a test commit on this plane (later ones are not tried).
    private var importTested = false
    /// Whether the pending picture is imported and no imported one was tried by a test commit yet.
    var importNeedsTest: Bool { pendingImport != nil && !importTested }
    /// Why importing stopped (empty while it goes on).
    private(set) var importRefusal = ""

    /// The source origin a commit should use, with `framebufferToCommit`.
    var sourceToCommit: (x: Int, y: Int) { pendingRevision != nil ? pendingSource ?? (0, 0) : shownSource }

    /// `hasAlpha`: ARGB8888 buffers, for a blended layer.
    init(fd: Int32, width: Int, height: Int, hasAlpha: Bool = false) throws(DRMError) {
        self.width = width
        self.height = height
        shown = try DumbBuffer(fd: fd, width: width, height: height, hasAlpha: hasAlpha)
        hidden = try DumbBuffer(fd: fd, width: width, height: height, hasAlpha: hasAlpha)
        imports = ImportedFramebuffers(fd: fd)
    }

    /// The framebuffer a commit should put on the plane: the hidden one once drawn (or the
    /// pending imported one), else the shown one (a picture brought up to date in it, a test
    /// commit, or a plane placed again).
    var framebufferToCommit: UInt32 {
        guard pendingRevision != nil, !pendingInShownBuffer else { return shownImport?.framebuffer ?? shown.framebufferID }
        return pendingImport?.framebuffer ?? hidden.framebufferID
    }

    /// Draws the frame's content into the hidden buffer (or imports its DMA-BUF) unless that
    /// revision is already there or shown. False when the buffer cannot be drawn into.
    func draw(_ content: OverlayFrame.Content, revision: Int, dmaBuf: DMABuf? = nil) -> Bool {
        if revision == pendingRevision || (pendingRevision == nil && revision == shownRevision) { return true }
        switch content {
        case .picture(let image):
            if let dmaBuf, importsPictures, let imported = importedFramebuffer(dmaBuf) {
                pendingImport = (imported, dmaBuf.owner)
                pendingRevision = revision
                return true
            }
            pendingImport = nil
            pendingInShownBuffer = false
            return draw(image, revision: revision)
        case .scrolled(let update):
            guard let target = hidden.mappedImage else { return false }
            // The shown buffer only when the display reads no more of it than its last source
            // rectangle: with a picture drawn but not committed (a commit refused), it may
            // still read the one before.
            let written = update(pendingRevision == nil ? shown.mappedImage : nil, target)
            pendingSource = (written.x, written.y)
            pendingInShownBuffer = written.inShownBuffer
            pendingRevision = revision
            return true
        case .drawn(let draw):
            guard let target = hidden.mappedImage else { return false }
            draw(target)
            pendingImport = nil
            pendingInShownBuffer = false
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

    /// `buffer`'s framebuffer when it fits the plane as the buffers do; nil (the picture is
    /// drawn) when it does not, or when the driver cannot import it (then never tried again).
    private func importedFramebuffer(_ buffer: DMABuf) -> UInt32? {
        guard buffer.width == width, buffer.height == height, buffer.fourcc == DMABuf.xrgb8888 else { return nil }
        let inUse = Set([pendingImport, shownImport, previousImport].compactMap { $0?.framebuffer })
        guard let framebuffer = imports.framebuffer(for: buffer, keeping: inUse) else {
            refuseImports(imports.lastError)
            return nil
        }
        return framebuffer
    }

    /// The driver took the pending imported picture in a test commit: later ones are not tried.
    func importPassedTest() { importTested = true }

    /// Importing stops (the driver refused a test commit of an imported picture, or the
    /// import itself): the pending picture is dropped, to be drawn by a `draw` again.
    func refuseImports(_ why: String) {
        importsPictures = false
        importRefusal = why
        if pendingImport != nil {
            pendingImport = nil
            pendingRevision = nil
        }
    }

    /// The commit holding the hidden buffer was made: it is the one on screen at the flip.
    /// Returns whether that picture was an imported one.
    @discardableResult
    func committedPending() -> Bool {
        guard let revision = pendingRevision else { return false }
        let imported = pendingImport != nil
        previousImport = shownImport
        if let pendingImport {
            shownImport = pendingImport
        } else if pendingInShownBuffer {
            pendingInShownBuffer = false
        } else {
            swap(&shown, &hidden)
            swap(&shownContext, &hiddenContext)
            shownImport = nil
        }
        pendingImport = nil
        shownRevision = revision
        if let source = pendingSource { shownSource = source }
        pendingSource = nil
        pendingRevision = nil
        return imported
    }
}
