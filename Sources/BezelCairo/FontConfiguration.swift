import Bezel
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// The fontconfig configuration Bezel's text is laid out with, made before the first text
/// (issue 36 item 1: start-up).
///
/// fontconfig's own start (`FcInitLoadConfigAndFonts`, what the first `FcConfigGetCurrent`
/// does) parses the system's configuration, ~50 files in `/etc/fonts/conf.d`, and then, since
/// fontconfig 2.13.91, every file in `conf.avail` too, only to list their descriptions
/// (`fc-conflist`): 29.4 M of the 64.1 M instructions from process start to the standard
/// scene's first frame (callgrind, the static release bench, Debian 12). Bezel makes the
/// configuration itself and makes it current, so Pango and cairo use it: by default its own
/// (`bezelConfiguration`, 0.45 M instructions to parse; 32.4 M to the first frame), or the
/// system's when the app asks for it (53.5 M: its rules without `conf.avail`).
///
/// Bezel's own starts with Bezel's and the app's fonts only, and adds the system's font folders
/// (`loadSystemFonts`) the first time a text has a character those fonts lack, or names a family
/// they lack: sorting the fallback list over the 155 fonts of a desktop's `/usr/share/fonts`
/// took 2.0 M instructions of the first frame's 26.4 M, and reading their caches 1.0 M
/// (callgrind), for a kiosk whose text is all in its own fonts.
@MainActor
public enum FontConfiguration {
    /// Which configuration to load.
    public enum Source: String, Sendable, CaseIterable {
        /// Bezel's own (`bezelConfiguration`): Bezel's and the app's fonts, the system's font
        /// files for the scripts those lack (CJK, Thai, emoji...), and the few of Debian's
        /// rules that change how they are drawn; none of the system's XML files: no alias or
        /// preference an administrator or a font package added. Which system font draws a
        /// script Bezel's fonts lack is fontconfig's plain choice (the best coverage of the
        /// text's language), which can differ from the system's preference (Japanese here:
        /// Droid Sans Fallback, where Debian's rules prefer WenQuanYi Micro Hei). A kiosk
        /// that must look the same everywhere ships its fonts in its `Fonts/` folder.
        case bezel
        /// The system's configuration (`/etc/fonts/fonts.conf`, or `FONTCONFIG_FILE`'s), its
        /// rules and fonts, without the `conf.avail` descriptions nobody reads at run time.
        case system
    }

    /// The configuration the first text uses: `.bezel`, or `.system` when `FONTCONFIG_FILE`
    /// names a file (someone chose one). Set it before the first text or font registration;
    /// later it is reported and left as it was (Pango keeps the fonts it found).
    public static var source: Source = Environment.value("FONTCONFIG_FILE").map { $0.isEmpty ? .bezel : .system } ?? .bezel {
        didSet {
            if installed, source != oldValue {
                Diagnostics.report(.apiMisuse, "FontConfiguration.source set to \(source) after the first text or font; still \(oldValue)")
                source = oldValue
            }
        }
    }

    /// Whether the configuration was made current (once per process, before the first text).
    public private(set) static var installed = false

    /// Bezel's `Assets/Fonts` when the current configuration lists it (`.bezel`): its fonts
    /// come from fontconfig's cache instead of being read at every start, and they, not the
    /// system's copies of the same files, draw the text.
    public private(set) static var bundledFontsDirectory: String?

    /// Whether the system's font folders are in the configuration: from the start with
    /// `.system` (or when Bezel's fonts were not found), else once `loadSystemFonts` ran.
    public private(set) static var systemFontsLoaded = false

    /// The system's font folders (Debian's fonts.conf lists these two, and the user's).
    static let systemFontDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// Adds the system's fonts (CJK, Thai, emoji, other families...) to Bezel's configuration,
    /// once, from fontconfig's caches; layouts made before are shaped again (their text may
    /// now find glyphs it showed as boxes). Called by the text system at the first character
    /// or family Bezel's and the app's fonts lack; an app that knows it wants them (a family
    /// picker, a browser of system fonts) may call it first. Returns whether they came now.
    @discardableResult
    public static func loadSystemFonts() -> Bool {
        install()
        guard !systemFontsLoaded else { return false }
        systemFontsLoaded = true
        guard let config = FcConfigGetCurrent() else { return false }
        addSystemFonts(to: config)
        FontRegistry.fontsChanged()
        return true
    }

    /// The system's font folders added to `config` (after the fonts it has: Bezel's copies of
    /// DejaVu Sans still win, and its reject rule keeps the system's copies out).
    static func addSystemFonts(to config: OpaquePointer) {
        for directory in systemFontDirectories where ResourceBundle.isDirectory(directory) {
            _ = FcConfigAppFontAddDir(config, directory)
        }
    }

    /// The current configuration, made first if it was not yet.
    static var current: OpaquePointer? {
        install()
        return FcConfigGetCurrent()
    }

    /// Makes `source`'s configuration current, once. When it cannot be made (reported),
    /// fontconfig's own start takes over at the first use, as before.
    static func install() {
        guard !installed else { return }
        installed = true
        // fontconfig lists a folder's fonts under its canonical path (the installed demo's
        // assets were found as /usr/local/bin/../share/bezel/Fonts, and the accept rule
        // written with that path matched none of them: the text fell to another font).
        let bundled = source == .bezel ? AssetLocator.directory(named: "Fonts").flatMap(canonicalPath) : nil
        // systemd's CacheDirectory= (the demo's unit: /var/cache/bezel), writable by the
        // service's user where /var/cache/fontconfig is not.
        let cache = Environment.value("CACHE_DIRECTORY")?.split(separator: ":").first.map { String($0) + "/fontconfig" }
        // Without Bezel's fonts (not found) the system's are all the text has: listed at once.
        let systemFonts = source == .system || bundled == nil
        systemFontsLoaded = true   // until Bezel's own configuration is current without them
        guard let config = makeConfiguration(source, bundledFonts: bundled, cacheDirectory: cache, systemFonts: systemFonts) else {
            Diagnostics.report(.malformedInput, "fontconfig: the \(source) configuration could not be loaded; fontconfig's own start is used")
            return
        }
        defer { FcConfigDestroy(config) }   // FcConfigSetCurrent keeps a reference of its own
        if FcConfigSetCurrent(config) == 0 {
            Diagnostics.report(.malformedInput, "fontconfig: the \(source) configuration could not be made current; fontconfig's own start is used")
        } else {
            bundledFontsDirectory = bundled
            systemFontsLoaded = systemFonts
        }
    }

    /// A new configuration for `source`, its fonts listed (from fontconfig's caches); the
    /// caller destroys it. Nil when fontconfig refuses it. `systemFonts: false` (`.bezel`
    /// only): without the system's font folders, until `addSystemFonts(to:)`.
    static func makeConfiguration(_ source: Source, bundledFonts: String? = nil, cacheDirectory: String? = nil,
                                  systemFonts: Bool = true) -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        let loaded = switch source {
        case .bezel:
            FcConfigParseAndLoadFromMemory(config, bezelConfiguration(bundledFonts: bundledFonts, cacheDirectory: cacheDirectory,
                                                                      systemFonts: systemFonts), FcTrue) != 0
        // nil: FONTCONFIG_FILE's file, or fonts.conf, as fontconfig's own start reads it.
        case .system: FcConfigParseAndLoad(config, nil, FcTrue) != 0
        }
        guard loaded, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// Bezel's configuration: a few rules instead of fontconfig's ~50 files. Each rule is one
    /// of Debian 12's defaults (`/etc/fonts/conf.d`), kept because it changes what is drawn.
    /// `bundledFonts` (Bezel's `Assets/Fonts`) comes first, and its files are preferred to
    /// the system's copies of them (`/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf` drew
    /// Bezel's text before, when installed: fontconfig takes the first of equal matches, and
    /// fonts added by `FcConfigAppFontAddFile` come after the system's).
    /// fontconfig writes a folder's cache to the first `cachedir` it may write to:
    /// `cacheDirectory` when given, else `/var/cache/fontconfig` (root) or the user's.
    static func bezelConfiguration(bundledFonts: String?, cacheDirectory: String? = nil, systemFonts: Bool = true) -> String {
        let cache = cacheDirectory.map { "  <cachedir>\(xmlEscaped($0))</cachedir>\n" } ?? ""
        let system = systemFonts ? systemFontDirectories.map { "  <dir>\($0)</dir>\n" }.joined() : ""
        let bundled = bundledFonts.map { directory in
            let escaped = xmlEscaped(directory)
            return """
              <dir>\(escaped)</dir>
              <selectfont>
                <acceptfont><glob>\(escaped)/*</glob></acceptfont>
                <rejectfont><glob>*/DejaVuSans.ttf</glob><glob>*/DejaVuSans-Bold.ttf</glob></rejectfont>
              </selectfont>

            """
        } ?? ""
        return """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>

        """ + cache + bundled + system + rules
    }

    /// `path` with symbolic links, `.` and `..` resolved (realpath); nil when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the current configuration lists the font file at `path` (canonical).
    static func lists(_ path: String) -> Bool {
        guard let fonts = FcConfigGetFonts(FcConfigGetCurrent(), FcSetSystem) else { return false }
        for index in 0..<Int(fonts.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if let font = fonts.pointee.fonts[index], FcPatternGetString(font, "file", 0, &file) == FcResultMatch,
               let file, String(cString: file) == path { return true }
        }
        return false
    }

    /// `text` with XML's special characters as entities (a folder's name may hold them).
    static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The rules after the fonts: fontconfig's cache folders and Debian's defaults.
    private static let rules = """
      <cachedir>/var/cache/fontconfig</cachedir>
      <cachedir prefix="xdg">fontconfig</cachedir>
      <!-- 10-hinting-slight, 10-yes-antialias, 11-lcdfilter-default -->
      <match target="pattern">
        <edit name="hintstyle" mode="append"><const>hintslight</const></edit>
        <edit name="antialias" mode="append"><bool>true</bool></edit>
        <edit name="lcdfilter" mode="append"><const>lcddefault</const></edit>
      </match>
      <!-- 20-unhint-small-dejavu-sans: its hints are wrong below 8 ppem -->
      <match target="font">
        <test name="family"><string>DejaVu Sans</string></test>
        <test compare="less" name="pixelsize"><double>7.5</double></test>
        <edit name="hinting"><bool>false</bool></edit>
      </match>
      <!-- 49-sansserif: a family that is not generic falls back to sans-serif -->
      <match target="pattern">
        <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>
        <test qual="all" name="family" compare="not_eq"><string>serif</string></test>
        <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>
        <edit name="family" mode="append_last"><string>sans-serif</string></edit>
      </match>
      <!-- 60-latin: the generic families' first choices -->
      <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
      <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
      <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
      <!-- 70-no-bitmaps -->
      <selectfont><rejectfont><pattern><patelt name="scalable"><bool>false</bool></patelt></pattern></rejectfont></selectfont>
      <!-- 90-synthetic: oblique and bold made for a family without them -->
      <match target="font">
        <test name="slant"><const>roman</const></test>
        <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
        <edit name="matrix" mode="assign"><times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times></edit>
        <edit name="slant" mode="assign"><const>oblique</const></edit>
        <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
      </match>
      <match target="font">
        <test name="weight" compare="less_eq"><const>medium</const></test>
        <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
        <edit name="embolden" mode="assign"><bool>true</bool></edit>
        <edit name="weight" mode="assign"><const>bold</const></edit>
      </match>
    </fontconfig>
    """
}
