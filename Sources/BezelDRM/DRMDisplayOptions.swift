import Bezel

/// What to drive, from `BEZEL_DRM_DEVICE`, `BEZEL_OUTPUT`, `BEZEL_MODE`, `BEZEL_DRM_API` and
/// `BEZEL_PIXEL_FORMAT` (or set by code). Unset: the first card with a connected output, that
/// output's preferred mode, atomic modesetting when the driver has it, XRGB8888 when the
/// plane takes it.
public struct DRMDisplayOptions: Sendable {
    public enum API: String, Sendable {
        case auto, atomic, legacy
    }

    public var devicePath: String?
    /// A connector name as `BEZEL_OUTPUT=list` prints it (HDMI-A-1, DSI-1, Virtual-1).
    public var outputName: String?
    public var mode: DRMModeRequest?
    public var api: API = .auto
    public var pixelFormat: ScanoutPixelFormat?

    public init() {}
}
