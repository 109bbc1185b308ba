import Bezel
import CDRM

/// How frames reach the screen: atomic modesetting when the driver has it, the legacy
/// SetCrtc + PageFlip API otherwise. Both deliver a page-flip event per shown frame.
@MainActor
protocol Scanout: AnyObject {
    /// "atomic" or "legacy", for the log.
    var apiName: String { get }
    /// Sets the mode and shows `framebuffer` (blocking; the first frame).
    func setMode(showing framebuffer: UInt32) throws(DRMError)
    /// Queues `framebuffer` (nil: the one shown stays) and the overlay planes' changes for the
    /// next vblank with a flip event carrying `userData`; `written` is what changed in it (a
    /// hint for drivers that copy). False: it could not. Only atomic scanouts have planes.
    func flip(to framebuffer: UInt32?, written: [Rect], planes: PlaneAssignment?, userData: UnsafeMutableRawPointer) -> Bool
    /// Shows `framebuffer` at once when flips are unavailable (then tells the driver what changed).
    func showImmediately(_ framebuffer: UInt32, written: [Rect])
    /// Turns the output off (blocking): no signal, the monitor sleeps. `turnOn` lights it again.
    func turnOff() throws(DRMError)
    /// Turns the output back on showing `framebuffer`, in the mode it had.
    func turnOn(showing framebuffer: UInt32) throws(DRMError)
}

/// The rectangles as `drm_clip_rect`s clipped to the screen (DirtyFB's unit).
func clipRects(_ rects: [Rect], width: Int, height: Int) -> [drm_clip_rect] {
    rects.compactMap { r in
        let i = r.integral.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard !i.isEmpty else { return nil }
        return drm_clip_rect(x1: UInt16(i.minX), y1: UInt16(i.minY), x2: UInt16(i.maxX), y2: UInt16(i.maxY))
    }
}
