import Bezel
import BezelDRM

/// How an app runs, from the environment (BEZEL_*); invalid values are clear errors.
public struct RuntimeConfiguration: Sendable {
    public enum Backend: String, Sendable {
        /// DRM + libinput when a usable card exists, headless otherwise.
        case auto
        case drm
        case headless
    }

    public var backend: Backend = .auto
    /// How the panel is mounted (BEZEL_ROTATION: 0, 90, 180, 270).
    public var rotation: DisplayRotation = .none
    /// How the touch panel is mounted, if not as the display (BEZEL_TOUCH_ROTATION).
    public var touchRotation: DisplayRotation?
    /// A touch calibration matrix (BEZEL_TOUCH_MATRIX="a b c d e f", libinput's convention).
    public var touchMatrix: [Float]?
    /// Where screenshots go (BEZEL_SCREENSHOT_DIR); the headless backend writes one on exit.
    public var screenshotDirectory: String?
    /// The card, output, mode, API and pixel format (BEZEL_DRM_DEVICE, BEZEL_OUTPUT,
    /// BEZEL_MODE, BEZEL_DRM_API, BEZEL_PIXEL_FORMAT).
    public var drm = DRMDisplayOptions()
    /// How devices are opened (BEZEL_SEAT): `auto` uses a seat manager (seatd, logind) through
    /// libseat when the process is not root and one answers, else opens directly; `libseat`
    /// requires one; `direct` never asks.
    public enum SeatAccess: String, Sendable { case auto, libseat, direct }
    public var seat: SeatAccess = .auto
    /// The XKB layout of keyboards and keypads (BEZEL_KEYBOARD_LAYOUT: "us", "de:nodeadkeys").
    public var keyboardLayout: String?
    /// BEZEL_OUTPUT=list or BEZEL_MODE=list: print the outputs and modes instead of running.
    public var listOutputs = false

    public init() {}

    public struct InvalidSetting: Error, CustomStringConvertible {
        public let description: String
    }

    public static func fromEnvironment() throws(InvalidSetting) -> RuntimeConfiguration {
        var configuration = RuntimeConfiguration()
        if let value = Environment.value("BEZEL_BACKEND"), !value.isEmpty {
            guard let backend = Backend(rawValue: value.trimmingCharacters) else {
                throw InvalidSetting(description: "BEZEL_BACKEND=\(value): expected auto, drm or headless")
            }
            configuration.backend = backend
        }
        if let value = Environment.value("BEZEL_ROTATION"), !value.isEmpty {
            guard let rotation = DisplayRotation(degrees: value) else {
                throw InvalidSetting(description: "BEZEL_ROTATION=\(value): expected 0, 90, 180 or 270")
            }
            configuration.rotation = rotation
        }
        if let value = Environment.value("BEZEL_TOUCH_ROTATION"), !value.isEmpty {
            guard let rotation = DisplayRotation(degrees: value) else {
                throw InvalidSetting(description: "BEZEL_TOUCH_ROTATION=\(value): expected 0, 90, 180 or 270")
            }
            configuration.touchRotation = rotation
        }
        if let value = Environment.value("BEZEL_TOUCH_MATRIX"), !value.isEmpty {
            configuration.touchMatrix = try parseMatrix(value)
        }
        configuration.screenshotDirectory = Environment.value("BEZEL_SCREENSHOT_DIR")
        if let value = Environment.value("BEZEL_SEAT"), !value.isEmpty {
            guard let seat = SeatAccess(rawValue: value.trimmingCharacters) else {
                throw InvalidSetting(description: "BEZEL_SEAT=\(value): expected auto, libseat or direct")
            }
            configuration.seat = seat
        }
        configuration.keyboardLayout = Environment.value("BEZEL_KEYBOARD_LAYOUT").flatMap { $0.isEmpty ? nil : $0 }
        configuration.drm.devicePath = Environment.value("BEZEL_DRM_DEVICE").flatMap { $0.isEmpty ? nil : $0 }
        if let value = Environment.value("BEZEL_OUTPUT"), !value.isEmpty {
            if value == "list" { configuration.listOutputs = true } else { configuration.drm.outputName = value }
        }
        if let value = Environment.value("BEZEL_MODE"), !value.isEmpty {
            if value == "list" {
                configuration.listOutputs = true
            } else {
                guard let mode = DRMModeRequest(parsing: value) else {
                    throw InvalidSetting(description: "BEZEL_MODE=\(value): expected <width>x<height> or <width>x<height>@<Hz> (e.g. 800x480@60), or list")
                }
                configuration.drm.mode = mode
            }
        }
        if let value = Environment.value("BEZEL_DRM_API"), !value.isEmpty {
            guard let api = DRMDisplayOptions.API(rawValue: value.trimmingCharacters) else {
                throw InvalidSetting(description: "BEZEL_DRM_API=\(value): expected auto, atomic or legacy")
            }
            configuration.drm.api = api
        }
        if let value = Environment.value("BEZEL_PIXEL_FORMAT"), !value.isEmpty {
            guard let format = ScanoutPixelFormat(rawValue: value.trimmingCharacters) else {
                throw InvalidSetting(description: "BEZEL_PIXEL_FORMAT=\(value): expected xrgb8888 or rgb565")
            }
            configuration.drm.pixelFormat = format
        }
        return configuration
    }
}

/// Six finite numbers separated by spaces (or commas), libinput's calibration matrix.
func parseMatrix(_ text: String) throws(RuntimeConfiguration.InvalidSetting) -> [Float] {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    let numbers = parts.compactMap { Float($0) }
    guard parts.count == 6, numbers.count == 6, numbers.allSatisfy(\.isFinite) else {
        throw RuntimeConfiguration.InvalidSetting(description: "BEZEL_TOUCH_MATRIX=\(text): expected six numbers \"a b c d e f\" (e.g. \"0 1 0 -1 0 1\" turns touch by 90 degrees)")
    }
    return numbers
}

extension String {
    var trimmingCharacters: String {
        String(self.filter { !$0.isWhitespace }).lowercased()
    }
}
