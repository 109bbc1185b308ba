import Bezel
import BezelDRM

/// How an app runs: one place for every setting, read from a configuration file
/// (`/etc/bezel/bezel.conf`, or the file `BEZEL_CONFIG` names) and from `BEZEL_*` environment
/// variables, the environment winning. `RuntimeSetting.all` lists them (names, meaning,
/// default); `bezel-demo --help` prints that list. Invalid values are clear errors naming
/// where they came from (the file and line, or the variable).
public struct RuntimeConfiguration: Sendable {
    public enum Backend: String, Sendable {
        /// DRM + libinput when a usable card exists, else the SDL2 simulator when a desktop
        /// display is there, else headless.
        case auto
        case drm
        case headless
        case sim
    }

    public var backend: Backend = .auto
    /// With `auto` and no usable display: wait for one (true), run headless (false), or
    /// nil: wait when systemd started the app (it sets INVOCATION_ID for every service), as a
    /// kiosk's service may start before its GPU driver or screen.
    public var waitForDisplay: Bool?
    /// Whether the runtime waits for a display: `waitForDisplay`, else whether systemd started it.
    public var waitsForDisplay: Bool { waitForDisplay ?? (Environment.value("INVOCATION_ID") != nil) }
    public var rotation: DisplayRotation = .none
    /// Whether videos go on overlay planes where the display has them (`overlay_planes`).
    public var usesOverlayPlanes = true
    /// Device pixels a point (1, 1.5, 2 or 3); nil: chosen from the panel's physical size
    /// (`DisplayScale`), 1 where it is unknown (headless, the simulator).
    public var scale: Double?
    /// Shake events from an IIO accelerometer: nil (off, the default: reading one takes 25
    /// wake-ups a second), "" (the first one found), or an `iio:deviceN` folder.
    public var shakeSensor: String?
    public var touchRotation: DisplayRotation?
    public var touchMatrix: [Float]?
    public var inputDevices: [String]?
    public var screenshotDirectory: String?
    /// Where the first screen's texts are kept between starts (`TextImageStore`): a folder,
    /// "off", or nil for the service's cache folder (systemd's `CACHE_DIRECTORY`), if any.
    public var textImageCache: String?
    public var drm = DRMDisplayOptions()
    public enum SeatAccess: String, Sendable { case auto, libseat, direct }
    public var seat: SeatAccess = .auto
    public var keyboardLayout: String?
    /// The spoken mode runs from the start (`spoken_mode=on`).
    public var spokenMode = false
    /// Plugging a headset starts the spoken mode and unplugging stops it (`headset_speech`;
    /// EN 301 549 5.1.3.14: speech output through a personal headset).
    public var headsetStartsSpokenMode = true
    /// High-contrast colours (`high_contrast=on`).
    public var highContrast = false
    /// Bold text (`bold_text=on`).
    public var boldText = false
    /// Transitions cross-fade (`reduce_motion=on`).
    public var reduceMotion = false
    /// The content size category at start (`text_size`).
    public var textSize = ContentSizeCategory.large
    /// The ALSA device the spoken mode speaks through (`speech_device`).
    public var speechDevice = "default"
    /// Words a minute (`speech_rate`; espeak-ng's 175 by default).
    public var speechRate = 175.0
    /// 0...1 (`speech_volume`, in percent).
    public var speechVolume = 1.0
    /// BEZEL_OUTPUT=list or BEZEL_MODE=list: print the outputs and modes instead of running.
    public var listOutputs = false
    /// Backlight and idle behaviour (dim, off, the waking touch swallowed).
    public var idle = IdlePolicy()
    /// What the runtime logs on standard error.
    public var logLevel: LogLevel = .info
    /// The hidden admin gesture (three-finger long press) that ends the app, if the app allows it.
    public var adminGesture = false
    /// The most pixels an image may decode to (`ImageLoader.maximumPixels`); nil: four times
    /// the panel's pixels once the display is open.
    public var imagePixelLimit: Int?
    /// The remote service's socket (RemoteEndpoint); nil: no remote service (the default).
    public var remoteSocket: String?
    /// The user allowed on `remoteSocket`: a name or a uid.
    public var remoteUser = "bezel-remote"

    public enum LogLevel: String, Sendable, Comparable {
        case error, warning, info, debug
        var rank: Int { [.error: 0, .warning: 1, .info: 2, .debug: 3][self]! }
        public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }
    }

    public init() {}

    public struct InvalidSetting: Error, CustomStringConvertible {
        public let description: String
    }

    /// What was set but is not a setting (a misspelt `BEZEL_ROTATON`), one line each, with
    /// the closest known name: the runtime logs them as warnings when it starts.
    public var warnings: [String] = []

    /// `BEZEL_*` variables Bezel reads besides the settings.
    public static let otherVariables = ["BEZEL_CONFIG", "BEZEL_TRACE", "BEZEL_ASSETS", "BEZEL_RESOURCES",
                                        "BEZEL_RECORD_SNAPSHOTS", "BEZEL_SOAK"]

    /// Warnings for `BEZEL_*` variables that are neither a setting nor one of
    /// `otherVariables` (ignored, as before; a misspelt file key is an error instead).
    static func unknownVariableWarnings() -> [String] {
        let known = RuntimeSetting.all.map(\.environmentName) + otherVariables
        return Environment.names(withPrefix: "BEZEL_").filter { !known.contains($0) }.map { name in
            let closest = known.min { editDistance(name, $0) < editDistance(name, $1) }!
            let hint = editDistance(name, closest) <= 3 ? " (did you mean \(closest)?)" : ""
            return "\(name) is not a Bezel setting\(hint); ignored"
        }
    }

    /// Levenshtein distance: the fewest one-character edits from `a` to `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// The default configuration file.
    public static let defaultFile = "/etc/bezel/bezel.conf"

    /// The environment's settings only.
    public static func fromEnvironment() throws(InvalidSetting) -> RuntimeConfiguration {
        try load(file: nil)
    }

    /// The file's settings (`file`; default `BEZEL_CONFIG`, else /etc/bezel/bezel.conf when it
    /// exists), then the environment's over them. A file named explicitly must exist.
    public static func load(file: String? = Environment.value("BEZEL_CONFIG") ?? RuntimeConfiguration.defaultFile,
                            requireFile: Bool = Environment.value("BEZEL_CONFIG") != nil) throws(InvalidSetting) -> RuntimeConfiguration {
        var values: [String: (value: String, origin: String)] = [:]
        if let file {
            let entries = try ConfigurationFile.read(file, required: requireFile)
            for entry in entries { values[entry.key] = (entry.value, "\(file):\(entry.line): \(entry.key) = \(entry.value)") }
        }
        for setting in RuntimeSetting.all {
            if let value = Environment.value(setting.environmentName), !value.isEmpty {
                values[setting.key] = (value, "\(setting.environmentName)=\(value)")
            }
        }
        var configuration = RuntimeConfiguration()
        configuration.warnings = unknownVariableWarnings()
        // In the table's order, so errors come in a stable order.
        for setting in RuntimeSetting.all {
            guard let (value, origin) = values[setting.key] else { continue }
            if let expected = setting.apply(&configuration, value.trimmingSpaces) {
                throw InvalidSetting(description: "\(origin): expected \(expected)")
            }
        }
        return configuration
    }
}

/// Six finite numbers separated by spaces (or commas), libinput's calibration matrix.
func parseMatrix(_ text: String) -> [Float]? {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    let numbers = parts.compactMap { Float($0) }
    guard parts.count == 6, numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
    return numbers
}

extension String {
    var trimmingCharacters: String {
        String(self.filter { !$0.isWhitespace }).lowercased()
    }
}
