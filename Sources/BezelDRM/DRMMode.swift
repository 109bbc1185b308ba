import CDRM

/// One display mode of a connector (a copy of the kernel's `drm_mode_modeinfo`).
public struct DRMMode: CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Refresh rate in Hz (rounded, as the kernel reports it).
    public let refreshHz: Int
    /// The panel's own preferred mode (its EDID says so).
    public let isPreferred: Bool
    let info: drmModeModeInfo

    init(_ info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        refreshHz = Int(info.vrefresh)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    public var description: String { "\(width)x\(height)@\(refreshHz)\(isPreferred ? " (preferred)" : "")" }
}

/// What `BEZEL_MODE` asks for: `<W>x<H>` or `<W>x<H>@<Hz>`.
public struct DRMModeRequest: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let refreshHz: Int?

    public init(width: Int, height: Int, refreshHz: Int? = nil) {
        self.width = width
        self.height = height
        self.refreshHz = refreshHz
    }

    /// Parses "800x480" or "1920x1080@60"; nil for anything else (sizes 1...16384, rates 1...1000).
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        var rate: Int?
        if parts.count == 2 {
            guard let r = Int(parts[1]), (1...1000).contains(r) else { return nil }
            rate = r
        }
        self.init(width: w, height: h, refreshHz: rate)
    }

    public var description: String { "\(width)x\(height)" + (refreshHz.map { "@\($0)" } ?? "") }

    /// The first of `modes` this request matches (preferred modes first among equals).
    public func match(in modes: [DRMMode]) -> DRMMode? {
        let candidates = modes.filter { $0.width == width && $0.height == height && (refreshHz == nil || $0.refreshHz == refreshHz) }
        return candidates.first(where: \.isPreferred) ?? candidates.first
    }
}
