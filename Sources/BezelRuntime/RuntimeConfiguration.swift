import Bezel

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
    /// Where screenshots go (BEZEL_SCREENSHOT_DIR); the headless backend writes one on exit.
    public var screenshotDirectory: String?

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
        configuration.screenshotDirectory = Environment.value("BEZEL_SCREENSHOT_DIR")
        return configuration
    }
}

extension String {
    var trimmingCharacters: String {
        String(self.filter { !$0.isWhitespace }).lowercased()
    }
}
