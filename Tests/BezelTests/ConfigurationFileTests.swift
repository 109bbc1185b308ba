import Testing
@testable import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The configuration file and the environment: one place for every setting, env winning,
/// malformed files refused with the file and line.
extension RuntimeConfigurationTests {
    func write(_ text: String) -> String {
        let path = "/tmp/bezel-config-\(getpid())-\(Int.random(in: 0..<1_000_000)).conf"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        return path
    }

    func error(loading path: String) -> String {
        do {
            _ = try RuntimeConfiguration.load(file: path, requireFile: true)
            return "(no error)"
        } catch {
            return error.description
        }
    }

    @Test func theFileSetsEverythingAndTheEnvironmentWins() throws {
        let path = write("""
            # Bezel on the lobby panel
            backend = drm
            rotation = 90          # mounted on its side
            touch_matrix = 0 1 0 -1 0 1
            mode = 800x480@60
            input_devices = /dev/input/event2, /dev/input/event5
            dim_after = 30
            off_after = 0
            dim_level = 15
            backlight = rpi_backlight
            admin_gesture = on
            log_level = debug
            spoken_mode = yes
            headset_speech = off
            high_contrast = ON
            bold_text = 1
            reduce_motion = true
            text_size = accessibilityLarge
            speech_rate = 140
            speech_volume = 80

            """)
        defer { unlink(path) }
        defer { unsetenv("BEZEL_ROTATION") }
        var c = try RuntimeConfiguration.load(file: path, requireFile: true)
        #expect(c.backend == .drm && c.rotation == .clockwise90 && c.touchMatrix == [0, 1, 0, -1, 0, 1])
        #expect(c.drm.mode?.refreshHz == 60 && c.inputDevices == ["/dev/input/event2", "/dev/input/event5"])
        #expect(c.idle.dimAfter == 30 && c.idle.offAfter == 0 && abs(c.idle.dimLevel - 0.15) < 1e-9 && c.idle.backlight == "rpi_backlight")
        #expect(c.adminGesture && c.logLevel == .debug)
        #expect(c.spokenMode && !c.headsetStartsSpokenMode && c.highContrast && c.boldText && c.reduceMotion && c.textSize == .accessibilityLarge)
        #expect(c.speechRate == 140 && abs(c.speechVolume - 0.8) < 1e-9)
        setenv("BEZEL_ROTATION", "180", 1)
        c = try RuntimeConfiguration.load(file: path, requireFile: true)
        #expect(c.rotation == .upsideDown, "the environment wins over the file")
        // No file at the default place is fine; a file named explicitly must exist.
        #expect(try RuntimeConfiguration.load(file: "/nonexistent/bezel.conf", requireFile: false).backend == .auto)
        #expect(error(loading: "/nonexistent/bezel.conf").contains("/nonexistent/bezel.conf: cannot be read (No such file or directory)"))
    }

    @Test func malformedFilesAreRefusedWithTheLine() {
        let cases: [(String, String)] = [
            ("backend = drm\nrotation 90\n", ":2: expected key = value, found \"rotation 90\""),
            ("\n\nrotaton = 90\n", ":3: unknown setting \"rotaton\" (known: backend, drm_device"),
            ("rotation = 45\n", ":1: rotation = 45: expected 0, 90, 180 or 270"),
            ("mode = big\n", ":1: mode = big: expected <width>x<height>"),
            ("dim_after = -5\n", ":1: dim_after = -5: expected a number of seconds from 0 to 31536000 (a year)"),
            ("off_after = 1e308\n", ":1: off_after = 1e308: expected a number of seconds from 0 to 31536000 (a year)"),
            ("image_pixel_limit = 0\n", ":1: image_pixel_limit = 0: expected a number of pixels from 1 to 268435456"),
            ("image_pixel_limit = 1e9\n", ":1: image_pixel_limit = 1e9: expected a number of pixels from 1 to 268435456"),
            ("dim_level = 150\n", ":1: dim_level = 150: expected a percentage from 0 to 100"),
            ("remote_socket = remote.sock\n", ":1: remote_socket = remote.sock: expected off, or an absolute path of under 108 bytes"),
            ("remote_socket = /\(String(repeating: "x", count: 120))\n", ": expected off, or an absolute path of under 108 bytes"),
            ("admin_gesture = maybe\n", ":1: admin_gesture = maybe: expected on or off"),
            ("high_contrast = dark\n", ":1: high_contrast = dark: expected on or off"),
            ("overlay_planes = sometimes\n", ":1: overlay_planes = sometimes: expected on or off"),
            ("text_size = huge\n", ":1: text_size = huge: expected one of extraSmall, small"),
            ("speech_rate = 1000\n", ":1: speech_rate = 1000: expected a number of words a minute from 80 to 450"),
            ("speech_volume = -1\n", ":1: speech_volume = -1: expected a percentage from 0 to 100"),
            ("rotation = 90\nrotation = 180\n", ":2: rotation is already set on line 1"),
            ("touch_matrix = 1 0 nan 0 1 0\n", ":1: touch_matrix = 1 0 nan 0 1 0: expected six numbers"),
            ("\u{FF}\u{FE}garbage\u{0}\n", ":1: expected key = value"),
        ]
        for (text, expected) in cases {
            let path = write(text)
            defer { unlink(path) }
            let message = error(loading: path)
            #expect(message.hasPrefix(path) && message.contains(expected), "\(text.debugDescription): \(message)")
        }
    }

    @Test func quotedValuesKeepTheirHashAndLineEndsAndMarksAreRead() throws {
        let quoted = write("screenshot_dir = \"/srv/shots #1 \\\"best\\\"\" # where they go\nkeyboard_layout = de # plain, comment after\n")
        defer { unlink(quoted) }
        let configuration = try RuntimeConfiguration.load(file: quoted, requireFile: true)
        #expect(configuration.screenshotDirectory == "/srv/shots #1 \"best\"")
        #expect(configuration.keyboardLayout == "de")
        for (text, expected) in [("keyboard_layout = \"de\" us\n", ":1: unexpected \"us\" after the quoted value"),
                                 ("keyboard_layout = \"de\n", ":1: the quoted value has no closing quote")] {
            let path = write(text)
            defer { unlink(path) }
            #expect(error(loading: path).contains(expected), "\(text.debugDescription)")
        }
        // The shipped file's shape saved by a Windows editor: a byte-order mark, CRLF line ends.
        let windows = write("\u{FEFF}# Bezel's settings\r\nrotation = 180\r\n\r\ndim_after = 5\r\n")
        defer { unlink(windows) }
        let fromWindows = try RuntimeConfiguration.load(file: windows, requireFile: true)
        #expect(fromWindows.rotation == .upsideDown && fromWindows.idle.dimAfter == 5)
        let oldMac = write("rotation = 90\rdim_after = 7\r")
        defer { unlink(oldMac) }
        let fromMac = try RuntimeConfiguration.load(file: oldMac, requireFile: true)
        #expect(fromMac.rotation == .clockwise90 && fromMac.idle.dimAfter == 7)
    }

    /// Issue 37 item 13: values padded with long runs of white space (a file written by a
    /// tool that pads columns, or damaged) are read as their text. Trimming used to drop one
    /// Character at a time, quadratic in the run: 80,000 trailing spaces took more than 30 s
    /// of the kiosk's start.
    @Test func longRunsOfWhiteSpaceAroundValuesAreTrimmed() throws {
        let run = String(repeating: " ", count: 80_000)
        let path = write("rotation = 90" + run + "\n" + run + "dim_after = 7\t" + run + "\u{A0}\n" + run + "\n")
        defer { unlink(path) }
        let configuration = try RuntimeConfiguration.load(file: path, requireFile: true)
        #expect(configuration.rotation == .clockwise90 && configuration.idle.dimAfter == 7)
        #expect("\u{A0} \t a b \r\n".trimmingSpaces == "a b")
        #expect(" \t\n".trimmingSpaces == "" && "".trimmingSpaces == "" && "x".trimmingSpaces == "x")
    }

    /// The lines are cut on scalars (fast) exactly where a cut on characters puts them: 5,000
    /// random texts of line ends, combining marks, emoji, ZWJ sequences and ASCII.
    @Test func linesAreCutWhereCharactersWouldCutThem() {
        let pieces = ["\n", "\r", "\r\n", "\n\r", "a", " ", "=", "\u{301}", "e\u{301}", "👩‍👩‍👧", "\u{200D}", "\u{FEFF}", "ß", "\t", "#"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let byCharacters = Substring(text).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            #expect(ConfigurationFile.lines(of: Substring(text)).map(String.init) == byCharacters.map(String.init),
                    "\(Array(text.unicodeScalars).map { String($0.value, radix: 16) })")
        }
        #expect("\u{2003}x\u{85}".trimmingSpaces == "x", "Unicode's White_Space beyond ASCII")
    }

    @Test func misspeltVariablesAreWarnedAboutByName() throws {
        setenv("BEZEL_ROTATON", "90", 1)
        setenv("BEZEL_QQQQQQQQQQQQ", "1", 1)
        defer { unsetenv("BEZEL_ROTATON"); unsetenv("BEZEL_QQQQQQQQQQQQ") }
        let configuration = try RuntimeConfiguration.load(file: nil)
        // Only the warnings about this test's variables: the process may inherit others
        // (a developer's shell, CI), each rightly warned about too.
        let ours = configuration.warnings.filter { $0.hasPrefix("BEZEL_QQQQQQQQQQQQ ") || $0.hasPrefix("BEZEL_ROTATON ") }
        #expect(ours == ["BEZEL_QQQQQQQQQQQQ is not a Bezel setting; ignored",
                                           "BEZEL_ROTATON is not a Bezel setting (did you mean BEZEL_ROTATION?); ignored"])
        #expect(configuration.rotation == .none)
        #expect(RuntimeConfiguration.editDistance("kitten", "sitting") == 3 && RuntimeConfiguration.editDistance("", "ab") == 2)
    }

    @Test func helpListsEverySettingWithItsVariableAndDefault() {
        let help = RuntimeSetting.helpText
        for setting in RuntimeSetting.all {
            #expect(help.contains(setting.key) && help.contains(setting.environmentName) && help.contains("default: \(setting.defaultValue)"))
        }
    }
}
