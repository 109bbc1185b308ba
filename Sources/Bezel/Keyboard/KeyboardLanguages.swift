/// Keyboards per language (issue 31 item 5): the on-screen keyboard's letters follow the
/// language of the text input it types into, at the moment it appears, from the XKB layout
/// for that language; a globe key switches among the app's languages. A hardware keyboard
/// keeps the configured layout (`BEZEL_KEYBOARD_LAYOUT`) whatever the language.
extension KeyboardKeyMap {
    /// The XKB layouts that type `language` (a BCP 47 identifier; its language subtag is
    /// what counts), the usual one first: "de" is typed with `de`, or Swiss `ch` or Austrian
    /// `at`; "ar" with `ara`; "he" with `il`. nil for a language typed through an input
    /// method Bezel does not have (Japanese, Chinese, Korean): those keep the configured
    /// layout. From xkeyboard-config's layout list (Debian's xkb-data, /usr/share/X11/xkb).
    /// A region picks its own first: "pt-BR" is typed on `br`, "de-CH" on `ch`, "en-GB" on
    /// `gb`, Spanish outside Spain on `latam`. Names with a variant are "layout:variant".
    public static func layouts(forLanguage language: String) -> [String]? {
        let subtags = language.split(separator: "-").map(String.init)
        let code = (subtags.first ?? "").lowercased()
        let region = subtags.dropFirst().first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }?.uppercased()
        guard var layouts = commonLayouts(code) else { return nil }
        let regional: String?
        switch (code, region) {
        case ("en", "GB"): regional = "gb"
        case ("en", "IE"): regional = "ie"
        case ("de", "CH"), ("fr", "CH"), ("it", "CH"): regional = code == "de" ? "ch" : "ch:\(code)"
        case ("de", "AT"): regional = "at"
        case ("fr", "BE"), ("nl", "BE"): regional = "be"
        case ("fr", "CA"): regional = "ca"
        case ("pt", "BR"): regional = "br"
        case ("es", let region?) where region != "ES": regional = "latam"
        default: regional = nil
        }
        if let regional {
            layouts.removeAll { $0 == regional }
            layouts.insert(regional, at: 0)
        }
        return layouts
    }

    private static func commonLayouts(_ code: String) -> [String]? {
        switch code {
        case "en": return ["us", "gb", "ie", "au", "ca:eng"]
        case "de": return ["de", "ch", "at"]
        case "fr": return ["fr", "be", "ch:fr", "ca"]
        case "es": return ["es", "latam"]
        case "it": return ["it", "ch:it"]
        case "pt": return ["pt", "br"]
        case "nl": return ["nl", "be", "us"]
        case "sv": return ["se"]
        case "da": return ["dk"]
        case "nb", "nn", "no": return ["no"]
        case "fi": return ["fi"]
        case "is": return ["is"]
        case "pl": return ["pl"]
        case "cs": return ["cz"]
        case "sk": return ["sk"]
        case "hu": return ["hu"]
        case "ro": return ["ro"]
        case "hr": return ["hr"]
        case "sl": return ["si"]
        case "sr": return ["rs"]
        case "bg": return ["bg"]
        case "ru": return ["ru"]
        case "uk": return ["ua"]
        case "el": return ["gr"]
        case "tr": return ["tr"]
        case "lt": return ["lt"]
        case "lv": return ["lv"]
        case "et": return ["ee"]
        case "ar": return ["ara"]
        case "he", "iw": return ["il"]
        case "fa": return ["ir"]
        case "ur": return ["pk"]
        case "hi": return ["in"]
        case "th": return ["th"]
        case "vi": return ["vn"]
        case "ka": return ["ge"]
        case "hy": return ["am"]
        default: return nil
        }
    }

    /// Whether the letter keys' shift level gives their capitals (Latin, Greek, Cyrillic...),
    /// not other characters (Arabic's marks, Hebrew's punctuation).
    var hasCapitals: Bool {
        let letters = rows.joined().compactMap { key -> (String, String)? in
            guard key.levels.count > 1, let lower = key.levels[0].text.first, lower.isLetter else { return nil }
            return (key.levels[0].text, key.levels[1].text)
        }
        return letters.filter { $0.0.uppercased() == $0.1 && $0.0 != $0.1 }.count * 2 > letters.count
    }

    /// The XKB layout part of `name` ("de" of "de:nodeadkeys").
    var layoutName: String { String(name.split(separator: ":").first ?? "") }
}

extension Application {
    /// The on-screen keyboard's letters for `language`: the configured layout
    /// (`keyboardKeyMap`) when it types that language (a Swiss kiosk's `ch` for German),
    /// else the language's usual XKB layout, loaded once by `keyboardKeyMapLoader`; the
    /// configured layout when the language has none or it cannot be loaded (reported once).
    public func keyboardKeyMap(forLanguage language: String) -> KeyboardKeyMap {
        guard let layouts = KeyboardKeyMap.layouts(forLanguage: language), let layout = layouts.first,
              !layouts.contains(where: { $0.split(separator: ":").first.map(String.init) == keyboardKeyMap.layoutName })
        else { return keyboardKeyMap }
        if let cached = keyMapsByLayout[layout] { return cached ?? keyboardKeyMap }
        let loaded = keyboardKeyMapLoader?(layout)
        if loaded == nil {
            Diagnostics.report(.platform, "no on-screen keyboard for \(language): the XKB layout \"\(layout)\" could not be loaded "
                               + (keyboardKeyMapLoader == nil ? "(no keymap loader: BezelRuntime installs one)" : "(is xkb-data installed?)")
                               + "; the configured layout \"\(keyboardKeyMap.name)\" is shown")
        }
        keyMapsByLayout[layout] = .some(loaded)
        return loaded ?? keyboardKeyMap
    }

    /// The languages the keyboard's globe key goes through, in order: `keyboardLanguages`
    /// when the app sets it, else the app's own (`Localization.availableLanguages`, the
    /// development language first), one per distinct keyboard (English and Japanese both
    /// type on `us`: one of them). With fewer than two there is no globe key.
    public var inputLanguages: [String] {
        let languages = keyboardLanguages ?? {
            let available = Localization.availableLanguages
            let development = Localization.developmentLanguage
            return [development] + available.subtracting([development]).sorted()
        }()
        var seen: Set<String> = []
        return languages.filter { seen.insert(keyboardKeyMap(forLanguage: $0).name).inserted }
    }
}
