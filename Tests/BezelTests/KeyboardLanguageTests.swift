import Testing
@testable import Bezel
@testable import BezelCairo
import BezelInput

/// Keyboards per language (issue 31 item 5): the on-screen letters follow the language of the
/// field being typed into, when the keyboard appears (Arabic's `ara`, German's `de` from
/// xkeyboard-config), the space and return keys are in that language, a globe key goes
/// through the app's input languages, and a hardware keyboard keeps the configured layout.
@MainActor
@Suite(.serialized, .fontsRegistered) struct KeyboardLanguageTests {
    /// A stage on the US layout whose app has the test fixtures' strings (en, de, ar,
    /// pt-BR) and xkbcommon's keymaps.
    func stage() throws -> TypingStage {
        let stage = try TypingStage()
        stage.app.keyboardKeyMap = try KeyboardLayout("us").onScreenKeyMap()
        stage.app.keyboardKeyMapLoader = { try? KeyboardLayout($0).onScreenKeyMap() }
        return stage
    }

    func withFixtures(_ body: () throws -> Void) rethrows {
        let saved = (Localization.source, Localization.preferredLanguages)
        defer { Localization.source = saved.0; Localization.preferredLanguages = saved.1 }
        Localization.source = LocalizedStringTests.fixtures
        Localization.preferredLanguages = ["en"]
        try body()
    }

    func topRow(_ keyboard: KeyboardView) -> String { keyboard.keyMap.rows[0].map { $0.levels[0].text }.joined() }

    @Test func aFieldInArabicGetsArabicLettersAndLabelsAndTheNextFieldItsOwn() throws {
        try withFixtures {
            let stage = try stage()
            let arabic = stage.field(), english = stage.field(Rect(x: 20, y: 80, width: 400, height: 40))
            arabic.overridePreferredLanguages = ["ar"]
            arabic.returnKeyType = .search
            arabic.autocapitalizationType = .words
            english.autocapitalizationType = .words
            arabic.becomeFirstResponder()
            stage.settle()
            let keyboard = try #require(stage.keyboard)
            #expect(keyboard.inputLanguage == "ar" && keyboard.keyMap.name == "ara")
            #expect(keyboard.shiftState == .off, "Arabic has no capitals: no automatic shift (its shift level is marks)")
            #expect(topRow(keyboard) == "ضصثقفغعهخحجد", "XKB's Arabic top row: \(topRow(keyboard))")
            #expect(stage.keyPoint("مسافة") != nil && stage.keyPoint("بحث") != nil, "space and Search in Arabic")
            #expect(stage.tapKey("ش") && stage.tapKey("ا") && stage.tapKey("ي"))
            #expect(arabic.text == "شاي")
            // The English field: the same keyboard, US letters, English labels.
            english.becomeFirstResponder()
            stage.settle()
            #expect(stage.keyboard === keyboard, "one keyboard, relabelled")
            #expect(keyboard.keyMap.name == "us" && keyboard.shiftState == .on, "a capital to start a word")
            #expect(stage.keyPoint("space") != nil)
            // A hardware key still types the configured layout (US: the key by L is ;).
            let hardware = try KeyboardLayout("us")
            stage.app.handleKey(hardware.key(code: 30, isDown: true), isDown: true)
            stage.app.handleKey(hardware.key(code: 30, isDown: false), isDown: false)
            #expect(english.text == "a")
            english.resignFirstResponder()
        }
    }

    @Test func theGlobeGoesThroughTheAppsLanguagesAndHebrewTypes() throws {
        try withFixtures {
            let stage = try stage()
            // The app's own languages by default: en (development) first, then the rest
            // (Austrian German on XKB's at, Brazilian Portuguese on br).
            #expect(stage.app.inputLanguages == ["en", "ar", "de", "de-AT", "pt-BR", "ru"], "\(stage.app.inputLanguages)")
            #expect(stage.app.keyboardKeyMap(forLanguage: "pt-BR").name == "br")
            stage.app.keyboardLanguages = ["en", "de", "he"]
            let field = stage.field()
            field.becomeFirstResponder()
            stage.settle()
            let keyboard = try #require(stage.keyboard)
            #expect(topRow(keyboard) == "qwertyuiop")
            #expect(stage.tapKey("🌐"))
            #expect(keyboard.inputLanguage == "de" && topRow(keyboard) == "qwertzuiopü" && stage.keyPoint("Leerzeichen") != nil)
            #expect(stage.tapKey("🌐"))
            #expect(keyboard.inputLanguage == "he" && keyboard.keyMap.name == "il")
            #expect(keyboard.keyMap.rows[1].map { $0.levels[0].text }.joined().hasPrefix("שדגכעיחלך"), "XKB's Hebrew middle row")
            #expect(stage.keyPoint("רווח") != nil)
            #expect(stage.tapKey("ש") && stage.tapKey("ל") && stage.tapKey("ו") && stage.tapKey("ם"))
            #expect(field.text == "שלום")
            #expect(stage.tapKey("🌐"))
            #expect(keyboard.inputLanguage == "en" && topRow(keyboard) == "qwertyuiop", "after the last, the first")
            field.resignFirstResponder()
        }
    }

    @Test func theConfiguredLayoutServesItsLanguageAndOnlyOneLanguageHasNoGlobe() throws {
        let stage = try stage()
        stage.app.keyboardKeyMap = try KeyboardLayout("ch").onScreenKeyMap()
        #expect(stage.app.keyboardKeyMap(forLanguage: "de-CH").name == "ch", "a Swiss kiosk's German is typed on ch")
        #expect(stage.app.keyboardKeyMap(forLanguage: "de").name == "ch")
        #expect(stage.app.keyboardKeyMap(forLanguage: "ja").name == "ch", "no input method: the configured layout")
        #expect(stage.app.keyboardKeyMap(forLanguage: "ru").name == "ru")
        #expect(stage.app.keyboardKeyMap(forLanguage: "fr-CH").name == "ch", "a Swiss layout already")
        #expect(KeyboardKeyMap.layouts(forLanguage: "fr-CA")?.first == "ca" && KeyboardKeyMap.layouts(forLanguage: "es-419")?.first == "latam")
        #expect(KeyboardKeyMap.layouts(forLanguage: "zh-Hans") == nil)
        // Without strings in other languages there is nothing to switch to: no globe.
        let saved = Localization.source
        defer { Localization.source = saved }
        Localization.source = nil
        let field = stage.field()
        field.becomeFirstResponder()
        stage.settle()
        #expect(stage.keyPoint("🌐") == nil)
        field.resignFirstResponder()
    }

    @Test func aLayoutThatCannotLoadFallsBackAndIsReportedOnce() throws {
        let stage = try stage()
        var asked: [String] = []
        stage.app.keyboardKeyMapLoader = { asked.append($0); return nil }
        let reports = capturingDiagnostics {
            #expect(stage.app.keyboardKeyMap(forLanguage: "ar").name == "us")
            #expect(stage.app.keyboardKeyMap(forLanguage: "ar-EG").name == "us")
        }
        #expect(asked == ["ara"], "asked once")
        #expect(reports.count == 1 && reports.first?.message.contains("ara") == true, "\(reports)")
    }

    @Test func theKeyboardInArabicAndHebrewMatchesItsGolden() throws {
        try withFixtures {
            for language in ["ar", "he"] {
                let stage = try stage()
                stage.app.keyboardLanguages = ["en", language]
                let field = stage.field()
                field.becomeFirstResponder()
                stage.settle()
                #expect(stage.tapKey("🌐"))
                field.engine.endEditing()
                try Snapshot.check(stage.window, named: "keyboard-\(language)-letters")
            }
        }
    }
}
