import Bezel
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// Where plane assignment lives: which overlay plane shows which layer, and how. The display
/// asks it each frame with the layers views want (`DRMDisplay.placeOverlays`); a layer gets the
/// next free overlay plane that takes XRGB8888 and the panel's rotation, and the driver is
/// asked with a test-only commit whether it can show it: first scaled by the plane (the
/// buffer the picture's size: a copy without scaling, the Pi's HVS does this), then at the
/// destination's size (the picture scaled by the CPU: vkms, which cannot scale). A layer no
/// plane takes is drawn in software by the caller, in the same frame. Decisions are kept
/// while the layer's geometry stays, so steady frames make no test commits; a layer that only
/// moved (a scroll indicator following its content) keeps its plane and buffer, and goes to
/// the next commit at its new position untested (the driver checked its size, format and
/// scaling; a plane that can be positioned takes any position on the CRTC).
/// Layers stack in the order asked: each gets a plane above those of the layers before it
/// (the kernel's plane order, which is the stacking order of drivers without `zpos`: vkms;
/// a plane below is given up and the layer placed anew).
/// Users: videos, scroll views' content and their indicators (a cursor plane for the pointer
/// would be one more layer).
@MainActor
final class PlaneAssignment {
    private struct Placement {
        var layer: OverlayLayer
        var plane: DisplayPlane
        var surface: OverlaySurface
        /// Whether the plane's properties must go in the next commit.
        var needsCommit = true
    }

    private let fd: Int32
    private let crtcID: UInt32
    private let overlayPlanes: [DisplayPlane]
    private var placements: [Int: Placement] = [:]
    /// Layers the driver refused, by geometry: not tried again until they change.
    private var refused: [Int: OverlayLayer] = [:]
    /// Planes to turn off in the next commit.
    private var released: [DisplayPlane] = []
    /// Test commits made (each is a round trip to the driver; steady frames make none).
    private(set) var testCommits = 0

    init(fd: Int32, crtcID: UInt32, planes: [DisplayPlane]) {
        self.fd = fd
        self.crtcID = crtcID
        if let resources = drmModeGetResources(fd) {
            minimumBufferSize = (Int(resources.pointee.min_width), Int(resources.pointee.min_height))
            drmModeFreeResources(resources)
        } else {
            minimumBufferSize = (1, 1)
        }
        overlayPlanes = planes.filter { plane in
            guard plane.kind == .overlay, plane.formats.contains(ScanoutPixelFormat.xrgb8888.fourcc) else { return false }
            if case .success = plane.properties.require(DisplayPlane.atomicPropertyNames) { return true }
            return false
        }
    }

    /// Overlay planes this CRTC could give layers (0: every layer is drawn in software).
    var overlayPlaneCount: Int { overlayPlanes.count }

    /// The smallest framebuffer the driver registers (its mode_config minimum: vkms's is
    /// 20x20): a smaller picture (a scroll indicator's) must be shown in a buffer this big.
    let minimumBufferSize: (width: Int, height: Int)

    /// The keys of `layers` shown on planes from the next commit; the others are the
    /// caller's to draw. Planes of layers no longer asked for are released.
    func place(_ layers: [OverlayLayer]) -> Set<Int> {
        let asked = Set(layers.map(\.key))
        for (key, placement) in placements where !asked.contains(key) {
            released.append(placement.plane)
            placements[key] = nil
        }
        refused = refused.filter { asked.contains($0.key) }
        var shown = Set<Int>()
        // The lowest plane (index in `overlayPlanes`) the next layer may have: above the last placed.
        var lowest = 0
        for layer in layers {
            if var placement = placements[layer.key], let index = stackIndex(of: placement.plane), index >= lowest {
                if placement.layer == layer {
                    shown.insert(layer.key)
                    lowest = index + 1
                    continue
                }
                if layer.isMoved(from: placement.layer) {
                    placement.layer = layer
                    placement.needsCommit = true
                    placements[layer.key] = placement
                    shown.insert(layer.key)
                    lowest = index + 1
                    continue
                }
            }
            // Refused: not tried again until it changes (a blended picture until it changes
            // more than its position: an indicator refused is not tried at every move).
            if let refusal = refused[layer.key], refusal == layer || (layer.hasAlpha && layer.isMoved(from: refusal)) { continue }
            // A layer that changed otherwise (or is under one before it) gives its plane back
            // and is placed anew.
            if let old = placements.removeValue(forKey: layer.key) { released.append(old.plane) }
            if let placement = tryPlacing(layer, lowest: lowest) {
                placements[layer.key] = placement
                released.removeAll { $0.id == placement.plane.id }
                shown.insert(layer.key)
                lowest = (stackIndex(of: placement.plane) ?? lowest) + 1
            } else {
                refused[layer.key] = layer
            }
        }
        return shown
    }

    private func stackIndex(of plane: DisplayPlane) -> Int? { overlayPlanes.firstIndex { $0.id == plane.id } }

    private func tryPlacing(_ layer: OverlayLayer, lowest: Int) -> Placement? {
        let busy = Set(placements.values.map(\.plane.id))
        let argb = bezel_drm_format_argb8888()
        guard let plane = overlayPlanes.dropFirst(lowest).first(where: { !busy.contains($0.id) && (!layer.hasAlpha || $0.formats.contains(argb)) })
        else { return nil }
        let rotationBit = Self.rotationBit(layer.rotation)
        if layer.rotation != .none, plane.rotations & rotationBit == 0 { return nil }
        // Scrolled content and blended pictures are shown 1:1 from buffers drawn upright.
        if layer.scrollBuffer != nil || layer.hasAlpha, layer.rotation != .none { return nil }
        let sizes = layer.scrollBuffer.map { [(width: $0.width, height: $0.height)] }
            ?? (layer.hasAlpha ? [(Int(layer.destination.width), Int(layer.destination.height))] : Self.bufferSizes(for: layer))
        for size in sizes {
            guard let surface = try? OverlaySurface(fd: fd, width: size.width, height: size.height, hasAlpha: layer.hasAlpha) else { continue }
            let placement = Placement(layer: layer, plane: plane, surface: surface)
            if test(placement) { return placement }
        }
        return nil
    }

    /// A picture's buffer as the plane reads it, in the order tried: the picture's pixels (the
    /// plane scales), then the destination's (unturned) size (the CPU scales).
    private static func bufferSizes(for layer: OverlayLayer) -> [(width: Int, height: Int)] {
        let width = Int(layer.destination.width), height = Int(layer.destination.height)
        let turned = layer.rotation == .clockwise90 || layer.rotation == .clockwise270
        var sizes: [(width: Int, height: Int)] = []
        if layer.sourceWidth > 0, layer.sourceHeight > 0,
           (turned ? (layer.sourceHeight, layer.sourceWidth) != (width, height) : (layer.sourceWidth, layer.sourceHeight) != (width, height)) {
            sizes.append((layer.sourceWidth, layer.sourceHeight))
        }
        sizes.append(turned ? (height, width) : (width, height))
        return sizes
    }

    /// A test-only commit of the placement over the current state (the UI's plane as it is).
    private func test(_ placement: Placement) -> Bool {
        let request = drmModeAtomicAlloc()
        defer { drmModeAtomicFree(request) }
        add(placement, framebuffer: placement.surface.framebufferToCommit, to: request)
        testCommits += 1
        return drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_TEST_ONLY), nil) == 0
    }

    /// Draws each frame into its layer's hidden buffer (when its revision is new). False for
    /// a picture that could not be drawn (its layer is released: the caller draws it).
    func draw(_ frames: [OverlayFrame]) -> Set<Int> {
        var failed = Set<Int>()
        for frame in frames {
            guard var placement = placements[frame.key] else { continue }
            let before = placement.surface.pendingRevision
            var drawn = placement.surface.draw(frame.content, revision: frame.revision, dmaBuf: frame.dmaBuf)
            // The first imported picture is tried in a test commit: a driver may import a
            // buffer it cannot scan out (its layout, its memory), and a refused commit would
            // lose the whole frame. Refused: drawn, from then on.
            if drawn, placement.surface.importNeedsTest {
                if test(placement) {
                    placement.surface.importPassedTest()
                } else {
                    placement.surface.refuseImports("a test commit with the imported buffer failed: \(String(cString: strerror(errno)))")
                    drawn = placement.surface.draw(frame.content, revision: frame.revision)
                }
            }
            if !placement.surface.importRefusal.isEmpty { importRefusal = placement.surface.importRefusal }
            if drawn {
                if placement.surface.pendingRevision != before { placement.needsCommit = true }
                placements[frame.key] = placement
            } else {
                released.append(placement.plane)
                placements[frame.key] = nil
                failed.insert(frame.key)
            }
        }
        return failed
    }

    /// Pictures shown by importing their DMA-BUFs (committed so far, every plane), and why
    /// the last plane that stopped importing stopped (empty: none did).
    private(set) var importedFrames = 0
    private(set) var importRefusal = ""

    /// The picture revision last committed for layer `key`.
    func committedRevision(forKey key: Int) -> Int? { placements[key]?.surface.shownRevision }

    /// Whether the next commit has anything of the planes to say.
    var hasChanges: Bool { !released.isEmpty || placements.values.contains { $0.needsCommit } }

    /// Adds the planes' changes to a commit: placed layers with new pictures or geometry,
    /// released planes turned off.
    func addChanges(to request: drmModeAtomicReqPtr?) {
        for plane in released {
            drmModeAtomicAddProperty(request, plane.id, plane.properties.ids["FB_ID"]!, 0)
            drmModeAtomicAddProperty(request, plane.id, plane.properties.ids["CRTC_ID"]!, 0)
        }
        for placement in placements.values where placement.needsCommit {
            add(placement, framebuffer: placement.surface.framebufferToCommit, to: request)
        }
    }

    /// The commit with `addChanges` was made.
    func committed() {
        released.removeAll()
        for key in placements.keys {
            if placements[key]!.surface.committedPending() { importedFrames += 1 }
            placements[key]!.needsCommit = false
        }
    }

    /// Every plane off from the next commit (the output was set up again).
    func releaseAll() {
        released += placements.values.map(\.plane)
        placements.removeAll()
        refused.removeAll()
    }

    private func add(_ placement: Placement, framebuffer: UInt32, to request: drmModeAtomicReqPtr?) {
        let ids = placement.plane.properties.ids
        let d = placement.layer.destination
        let surface = placement.surface
        // A scrolled layer shows a destination-sized window of its buffer, where the content is.
        let (source, sourceWidth, sourceHeight) = placement.layer.scrollBuffer != nil
            ? (surface.sourceToCommit, Int(d.width), Int(d.height)) : ((x: 0, y: 0), surface.width, surface.height)
        let values: [(String, UInt64)] = [
            ("FB_ID", UInt64(framebuffer)), ("CRTC_ID", UInt64(crtcID)),
            ("SRC_X", UInt64(source.x) << 16), ("SRC_Y", UInt64(source.y) << 16),
            ("SRC_W", UInt64(sourceWidth) << 16), ("SRC_H", UInt64(sourceHeight) << 16),
            ("CRTC_X", UInt64(bitPattern: Int64(d.minX))), ("CRTC_Y", UInt64(bitPattern: Int64(d.minY))),
            ("CRTC_W", UInt64(d.width)), ("CRTC_H", UInt64(d.height)),
        ]
        for (name, value) in values { drmModeAtomicAddProperty(request, placement.plane.id, ids[name]!, value) }
        if let rotation = ids["rotation"] {
            drmModeAtomicAddProperty(request, placement.plane.id, rotation, Self.rotationBit(placement.layer.rotation))
        }
    }

    /// DRM turns a plane's picture counter-clockwise; the panel's mounting names the turn the
    /// UI is drawn with, clockwise.
    static func rotationBit(_ rotation: DisplayRotation) -> UInt64 {
        switch rotation {
        case .none: UInt64(DRM_MODE_ROTATE_0)
        case .clockwise90: UInt64(DRM_MODE_ROTATE_270)
        case .upsideDown: UInt64(DRM_MODE_ROTATE_180)
        case .clockwise270: UInt64(DRM_MODE_ROTATE_90)
        }
    }
}
