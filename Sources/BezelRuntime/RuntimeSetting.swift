import Bezel
import BezelDRM

/// One setting: its key in the configuration file, its environment variable, what it means
/// and its default (for `--help`), and how its value applies (nil, or what was expected).
public struct RuntimeSetting: Sendable {
    public let key: String
    public let meaning: String
    public let defaultValue: String
    let apply: @Sendable (inout RuntimeConfiguration, String) -> String?

    public var environmentName: String { "BEZEL_" + key.uppercased() }

    /// The longest delay a setting takes: a year (31,536,000 s). Longer ones (`1e308`) are
    /// refused: they mean "never", which 0 says, and overflow the clock's arithmetic.
    static let longestDelay = 31_536_000.0
    /// The largest image limit a setting takes: 16384 x 16384 (1 GiB decoded).
    static let largestImagePixels = 16_384 * 16_384

    /// Every setting, in the order `--help` lists them.
    public static let all: [RuntimeSetting] = [
        .choice("backend", meaning: "auto, drm, sim (SDL2 window) or headless", default: "auto", expected: "auto, drm, sim or headless") { (c, v: RuntimeConfiguration.Backend) in c.backend = v },
        .text("drm_device", meaning: "the DRM card", default: "the first /dev/dri/card* with a connected output") { c, v in c.drm.devicePath = v },
        RuntimeSetting(key: "wait_for_display", meaning: "with backend auto and no usable display: wait for one (udev DRM events) instead of running headless", defaultValue: "auto (yes when systemd started the app)") { c, v in
            switch v.lowercased() {
            case "auto": c.waitForDisplay = nil
            case "on", "yes", "true", "1": c.waitForDisplay = true
            case "off", "no", "false", "0": c.waitForDisplay = false
            default: return "yes, no or auto"
            }
            return nil
        },
        RuntimeSetting(key: "output", meaning: "the connector (HDMI-A-1, DSI-1...); list prints the outputs and modes", defaultValue: "a touchscreen's (udev WL_OUTPUT), else a built-in panel (DSI, DPI, LVDS, eDP), else the first connected") { c, v in
            if v == "list" { c.listOutputs = true } else { c.drm.outputName = v }
            return nil
        },
        RuntimeSetting(key: "mode", meaning: "<W>x<H> or <W>x<H>@<Hz>; list as above", defaultValue: "the panel's preferred mode") { c, v in
            if v == "list" { c.listOutputs = true; return nil }
            guard let mode = DRMModeRequest(parsing: v) else { return "<width>x<height> or <width>x<height>@<Hz> (e.g. 800x480@60), or list" }
            c.drm.mode = mode
            return nil
        },
        .choice("drm_api", meaning: "auto, atomic or legacy KMS", default: "auto (atomic when the driver has it)", expected: "auto, atomic or legacy") { (c, v: DRMDisplayOptions.API) in c.drm.api = v },
        .choice("pixel_format", meaning: "xrgb8888 or rgb565 scanout", default: "what the primary plane takes, XRGB8888 first", expected: "xrgb8888 or rgb565") { (c, v: ScanoutPixelFormat) in c.drm.pixelFormat = v },
        .flag("overlay_planes", meaning: "on: a video with nothing drawn over it goes on one of the display's overlay planes (DRM atomic with spare planes)", default: "on") { c, on in c.usesOverlayPlanes = on },
        RuntimeSetting(key: "rotation", meaning: "how the panel is mounted: 0, 90, 180, 270 (touch follows)", defaultValue: "0") { c, v in
            guard let r = DisplayRotation(degrees: v) else { return "0, 90, 180 or 270" }
            c.rotation = r
            return nil
        },
        RuntimeSetting(key: "scale", meaning: "device pixels a point: 1, 1.5, 2, 3 or auto (layout and touches in points)",
                       defaultValue: "auto: from the panel's size in its EDID (ppi/163, nearest), else 1") { c, v in
            if v == "auto" { c.scale = nil; return nil }
            guard let s = Double(v), DisplayScale.supported.contains(s) else { return "1, 1.5, 2, 3 or auto" }
            c.scale = s
            return nil
        },
        RuntimeSetting(key: "shake", meaning: "shake events from an IIO accelerometer: off, on (the first found) or its /sys/bus/iio/devices/iio:deviceN folder (polls it 25 times a second)",
                       defaultValue: "off") { c, v in
            switch v {
            case "off": c.shakeSensor = nil
            case "on": c.shakeSensor = ""
            default:
                guard v.hasPrefix("/") else { return "off, on, or the accelerometer's sysfs folder" }
                c.shakeSensor = v
            }
            return nil
        },
        RuntimeSetting(key: "touch_rotation", meaning: "the touch panel's own mounting, when it differs from the display's", defaultValue: "the display's") { c, v in
            guard let r = DisplayRotation(degrees: v) else { return "0, 90, 180 or 270" }
            c.touchRotation = r
            return nil
        },
        RuntimeSetting(key: "touch_matrix", meaning: "calibration matrix \"a b c d e f\" (libinput's)", defaultValue: "the device's own (udev LIBINPUT_CALIBRATION_MATRIX)") { c, v in
            guard let m = parseMatrix(v) else { return "six numbers \"a b c d e f\" (e.g. \"0 1 0 -1 0 1\" turns touch by 90 degrees)" }
            c.touchMatrix = m
            return nil
        },
        RuntimeSetting(key: "input_devices", meaning: "input devices, comma-separated", defaultValue: "udev's seat0, with hotplug") { c, v in
            c.inputDevices = v.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            return nil
        },
        .choice("seat", meaning: "auto, libseat (seatd/logind) or direct device access", default: "auto (libseat when not root)", expected: "auto, libseat or direct") { (c, v: RuntimeConfiguration.SeatAccess) in c.seat = v },
        .text("keyboard_layout", meaning: "XKB layout of keyboards and keypads (us, de, fr:azerty...)", default: "us") { c, v in c.keyboardLayout = v },
        .flag("spoken_mode", meaning: "on: the spoken mode (speech, keypad focus) runs from the start", default: "off") { c, on in c.spokenMode = on },
        .flag("headset_speech", meaning: "on: plugging a headset (the jack's SW_HEADPHONE_INSERT switch) starts the spoken mode, unplugging it stops it", default: "on") { c, on in c.headsetStartsSpokenMode = on },
        .flag("high_contrast", meaning: "on: the system colours' high-contrast variants (Application.accessibilityContrast = .high)", default: "off") { c, on in c.highContrast = on },
        .flag("bold_text", meaning: "on: every text one weight heavier (Application.legibilityWeight = .bold)", default: "off") { c, on in c.boldText = on },
        .flag("reduce_motion", meaning: "on: transitions cross-fade instead of sliding (Application.isReduceMotionEnabled)", default: "off") { c, on in c.reduceMotion = on },
        RuntimeSetting(key: "text_size", meaning: "the content size category: extraSmall ... large ... accessibilityExtraExtraExtraLarge", defaultValue: "large") { c, v in
            guard let category = ContentSizeCategory.named(v) else { return "one of " + ContentSizeCategory.allCases.map(\.name).joined(separator: ", ") }
            c.textSize = category
            return nil
        },
        .text("speech_device", meaning: "the ALSA device the spoken mode speaks through (default, plughw:1,0...)", default: "default") { c, v in c.speechDevice = v },
        RuntimeSetting(key: "speech_rate", meaning: "the spoken mode's words a minute, 80 to 450", defaultValue: "175 (espeak-ng's)") { c, v in
            guard let rate = Double(v), (80...450).contains(rate) else { return "a number of words a minute from 80 to 450" }
            c.speechRate = rate
            return nil
        },
        RuntimeSetting(key: "speech_volume", meaning: "the spoken mode's volume, percent of the sound card's (the volume keys change it)", defaultValue: "100") { c, v in
            guard let percent = Double(v), (0...100).contains(percent) else { return "a percentage from 0 to 100" }
            c.speechVolume = percent / 100
            return nil
        },
        .text("backlight", meaning: "a /sys/class/backlight device name or path, or none", default: "the first in /sys/class/backlight") { c, v in c.idle.backlight = v },
        .delay("dim_after", meaning: "seconds without a touch before the backlight dims (0: never; at most a year; panels without a backlight do not dim)", default: "60") { c, s in c.idle.dimAfter = s },
        .delay("off_after", meaning: "seconds without a touch before the screen goes off: its backlight, else the output through KMS (0: never; at most a year)", default: "300") { c, s in c.idle.offAfter = s },
        RuntimeSetting(key: "screen_off", meaning: "daily off hours, local time, HH:MM-HH:MM (22:00-06:30); a touch lights the screen for a minute", defaultValue: "none") { c, v in
            if v == "none" { c.idle.offHours = nil; return nil }
            guard let hours = OffHours(parsing: v) else { return "HH:MM-HH:MM on a 24-hour clock with different ends (e.g. 22:00-06:30), or none" }
            c.idle.offHours = hours
            return nil
        },
        RuntimeSetting(key: "dim_level", meaning: "dimmed brightness, percent of the maximum", defaultValue: "20") { c, v in
            guard let p = Double(v), (0...100).contains(p) else { return "a percentage from 0 to 100" }
            c.idle.dimLevel = p / 100
            return nil
        },
        .flag("admin_gesture", meaning: "on: a three-finger long press (3 s) ends the app, back to the shell", default: "off") { c, on in c.adminGesture = on },
        RuntimeSetting(key: "image_pixel_limit", meaning: "the most pixels an image may decode to; larger ones are refused before decoding", defaultValue: "4 x the panel's pixels") { c, v in
            guard let n = Int(v), (1...RuntimeSetting.largestImagePixels).contains(n) else { return "a number of pixels from 1 to 268435456 (16384x16384)" }
            c.imagePixelLimit = n
            return nil
        },
        RuntimeSetting(key: "remote_socket", meaning: "the Unix socket bezel-remote (the remote service: live view, screenshots, trees, health) reaches the app through, or off", defaultValue: "off") { c, v in
            switch v {
            case "off", "": c.remoteSocket = nil
            default:
                guard v.hasPrefix("/"), v.utf8.count < 108 else { return "off, or an absolute path of under 108 bytes (e.g. /run/bezel/remote.sock)" }
                c.remoteSocket = v
            }
            return nil
        },
        .text("remote_user", meaning: "the user (name or uid) whose processes may connect to remote_socket", default: "bezel-remote") { c, v in c.remoteUser = v },
        .choice("log_level", meaning: "error, warning, info or debug (the runtime's messages on stderr)", default: "info", expected: "error, warning, info or debug") { (c, v: RuntimeConfiguration.LogLevel) in c.logLevel = v },
        .text("screenshot_dir", meaning: "where screenshots go (headless tour; the simulator's F12)", default: "./screenshots") { c, v in c.screenshotDirectory = v },
        RuntimeSetting(key: "text_image_cache", meaning: "a folder where the first screen's texts are kept for the next start (drawn then without Pango), or off",
                       defaultValue: "the service's cache folder (systemd's CACHE_DIRECTORY), else off") { c, v in
            guard v == "off" || v.hasPrefix("/") else { return "off, or an absolute path (e.g. /var/cache/bezel)" }
            c.textImageCache = v
            return nil
        },
    ]

    /// A setting whose value is one of an enumeration's raw values (case-insensitive).
    static func choice<T: RawRepresentable & Sendable>(_ key: String, meaning: String, default: String, expected: String,
                                            _ assign: @escaping @Sendable (inout RuntimeConfiguration, T) -> Void) -> RuntimeSetting where T.RawValue == String {
        RuntimeSetting(key: key, meaning: meaning, defaultValue: `default`) { c, v in
            guard let value = T(rawValue: v.lowercased()) else { return expected }
            assign(&c, value)
            return nil
        }
    }

    /// An on/off setting (also yes/no, true/false, 1/0; case-insensitive).
    static func flag(_ key: String, meaning: String, default: String,
                     _ assign: @escaping @Sendable (inout RuntimeConfiguration, Bool) -> Void) -> RuntimeSetting {
        RuntimeSetting(key: key, meaning: meaning, defaultValue: `default`) { c, v in
            switch v.lowercased() {
            case "on", "yes", "true", "1": assign(&c, true)
            case "off", "no", "false", "0": assign(&c, false)
            default: return "on or off"
            }
            return nil
        }
    }

    /// A number of seconds from 0 to `longestDelay`.
    static func delay(_ key: String, meaning: String, default: String,
                      _ assign: @escaping @Sendable (inout RuntimeConfiguration, Double) -> Void) -> RuntimeSetting {
        RuntimeSetting(key: key, meaning: meaning, defaultValue: `default`) { c, v in
            guard let seconds = Double(v), (0...longestDelay).contains(seconds) else { return "a number of seconds from 0 to 31536000 (a year)" }
            assign(&c, seconds)
            return nil
        }
    }

    /// A setting whose value is taken as written (a path, a name).
    static func text(_ key: String, meaning: String, default: String,
                     _ assign: @escaping @Sendable (inout RuntimeConfiguration, String) -> Void) -> RuntimeSetting {
        RuntimeSetting(key: key, meaning: meaning, defaultValue: `default`) { c, v in
            assign(&c, v)
            return nil
        }
    }

    /// The settings as `--help` prints them: key, variable, meaning, default.
    public static var helpText: String {
        var lines = ["Settings (file: /etc/bezel/bezel.conf or $BEZEL_CONFIG, \"key = value\" lines; the BEZEL_* variable wins):"]
        for s in all {
            lines.append("  \(s.key.padded(16)) \(s.environmentName.padded(22)) \(s.meaning)")
            lines.append("  \("".padded(16)) \("".padded(22)) default: \(s.defaultValue)")
        }
        lines.append("Also: BEZEL_TRACE (pipeline tracing: all, or hittest,touches,gestures,actions,presses,layout,speech),")
        lines.append("      BEZEL_ASSETS (where Assets/ is), BEZEL_CONFIG (the configuration file).")
        return lines.joined(separator: "\n")
    }
}

/// The backlight and idle behaviour: after `dimAfter` seconds without a touch the backlight
/// goes to `dimLevel`, after `offAfter` it goes off; the next touch brings it back and is
/// swallowed (it wakes the screen, it does not press what is under it).
public struct IdlePolicy: Sendable, Equatable {
    /// A device name in /sys/class/backlight, a path, "none", or nil for the first one there.
    public var backlight: String?
    public var dimAfter: Double = 60
    public var offAfter: Double = 300
    public var dimLevel: Double = 0.2
    /// The daily hours the screen is off (`screen_off`), local time; nil: none.
    public var offHours: OffHours?

    public init() {}
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
